"""What frames every mail about a game: its header lines, its times, its subject tags."""

from __future__ import annotations

from datetime import UTC, datetime

import variants

from ..config import Settings
from ..modifiers import titles
from ..store.models import Game
from .replies import header


def njudge_time(at: datetime, settings: Settings) -> str:
    """`Tue Jan 06 2004 23:30:00 +0000`, in the judge's zone (times are stored in UTC)."""
    return at.replace(tzinfo=UTC).astimezone(settings.zone).strftime("%a %b %d %Y %H:%M:%S %z")


def variant_title(game: Game, separator: str = ", ") -> str:
    """`Standard, Gunboat` as LIST shows it; with a space, `Standard Gunboat` as the header
    does (njudge-formats 2.1): the variant's title and its modifiers."""
    try:
        title = variants.load(game.variant).title
    except Exception:
        title = game.variant.capitalize()
    return separator.join([title, *titles(game.options or [])])


def deadline_line(settings: Settings, game: Game) -> str | None:
    """`S1901M Tue Jan 06 2004 23:30:00 +0000` for the `:: Deadline:` line, or None for a
    game that has no deadline: forming, paused (no deadline passes until it is resumed),
    terminated or finished, whatever date its row still keeps."""
    if game.status != "active" or game.deadline is None or not game.phase:
        return None
    return f"{game.phase} {njudge_time(game.deadline, settings)}"


def game_header(settings: Settings, game: Game, deadline: str | None = None) -> str:
    """The game's header; `deadline` the `:: Deadline:` line as it was (a reply to orders
    that played the phase names that phase)."""
    variant = variant_title(game, " ")
    line = deadline if deadline is not None else deadline_line(settings, game)
    return header(settings.code, game.name, variant, line)


def shown_phase(game: Game) -> str:
    """The phase a game's mail names: before the start, the first one (as the njudge)."""
    if game.phase:
        return game.phase
    try:
        return variants.load(game.variant).start
    except Exception:
        return ""


def game_subject(settings: Settings, game: Game, event: str, phase: str | None = None) -> str:
    """`USXX:mygame - S1901M Results`."""
    return f"{settings.code}:{game.name} - {phase or shown_phase(game)} {event}".rstrip()
