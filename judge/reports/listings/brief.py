"""LIST's one-line-a-game table (njudge-formats 2.11): what tells games apart at a glance,
a note under a game still forming or with powers open, and the legend of the press letters."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import variants

from ...store.models import Game, Participant
from ..counts import counted
from ..frame import variant_title
from .record import ENDED, address, blind, counts, on, setting

LEGEND = """\
Use 'list name' or 'list full' for more information on these games.
Press options are: WGPF
    where: W = White press allowed
           G = Grey press allowed
           P = Partial press allowed
           F = Fake press allowed
           - = Option not allowed"""


@dataclass(frozen=True)
class Listed:
    """A game as its line in the table shows it: its record, and what the engine found."""

    game: Game
    variant: variants.Variant | None
    players: Sequence[Participant]  # those playing it (not resigned), as they joined
    master: Participant | None  # its first master, named in a moderated game's line
    short_hours: float | None  # its move deadline, when shorter than the usual 71 hours
    rated: bool


def brief_listing(games: Sequence[Listed]) -> str:
    """The one-line-a-game table, ending with the legend of the press letters."""
    if not games:
        return LEGEND
    lines = [
        "Name              Phase    Variant/Options",
        "---------------   ------   ---------------",
    ]
    for listed in games:
        game, variant = listed.game, listed.variant
        phase = game.phase or (variant.start if variant else "")
        lines.append(f"{game.name:<15}   {phase:<6}   {_options(listed)}.")
        comment = (game.comment or "").strip()
        if comment:
            n = len(comment)
            indent = 20 if n < 60 else 11 if n < 69 else max(0, 79 - n)
            lines.append(" " * indent + comment)
        note = _note(listed)
        if note:
            lines.append(" " * 21 + note)
    return "\n".join(lines) + "\n\n" + LEGEND


def _options(listed: Listed) -> str:
    """What tells games apart at a glance: variant, NMR, short deadlines, the master, press."""
    game = listed.game
    words = [variant_title(game)]
    if on(game, "nmr", False):
        words.append("NMR")
    if listed.short_hours is not None:
        words.append(f"{int(listed.short_hours)} hrs")
    access = str(setting(game, "access", "any"))
    if access in ("different", "same"):
        words.append(f"{access.capitalize()}-site")
    if on(game, "moderated", False):
        who = address(listed.master).split("@")[0] if listed.master is not None else ""
        words.append(f"Moderated ({who[:1].upper() + who[1:]})" if who else "Moderated")
    words.append("Press:" + _press_letters(game))
    if not listed.rated:
        words.append("Unrated")
    if game.status == "finished":
        words.append("Completed")
    elif game.status == "terminated":
        words.append("Terminated")
    elif game.status == "paused":
        words.append("Paused")
    return ", ".join(words)


def _note(listed: Listed) -> str:
    """`Forming: 2 more players needed.` under a forming game, the open powers under a game
    that has lost players."""
    game, variant = listed.game, listed.variant
    if game.status == "forming":
        wanted = int(setting(game, "players", len(variant.powers) if variant else 0))
        more = wanted - len(listed.players)
        if more <= 0:
            return "Formed: waiting to be started."
        if on(game, "secret", False):
            return "Forming: more players needed."
        return f"Forming: {counted(more, 'player' if more == wanted else 'more player')} needed."
    if game.status in ENDED:
        return ""
    position = game.position or {}
    openings = []
    for x in listed.players:
        units, centers = counts(position, x.power)
        if x.status in ("cd", "abandoned") and (units or centers):
            shown = "" if blind(game) else f" ({units}/{centers})"
            openings.append(f"{x.power}{shown}")
    return "Openings: " + ", ".join(openings) if openings else ""


def _press_letters(game: Game) -> str:
    press = str(setting(game, "press", "white"))
    white = press in ("white", "white/grey", "grey/white")
    grey = press in ("grey", "white/grey", "grey/white")
    partial = press != "none" and on(game, "partial", True)
    fake = str(setting(game, "fake", "none")) in ("may", "broadcast", "broadcast_default")
    allowed = (white, grey, partial, fake)
    return "".join(c if ok else "-" for c, ok in zip("WGPF", allowed, strict=True))
