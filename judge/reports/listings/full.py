"""LIST name (njudge-formats 2.11): enough to see who is late and how the board stands
without signing on, in the layout map makers read. The deadline (or why there is none)
first, then the parameters, the master's comment, the players and the board."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

import variants

from ...config import Settings
from ...store.models import Game, Participant
from ..counts import counted
from ..frame import njudge_time
from ..play.machiavelli import MASTER, treasury_lines
from ..punctuality import excuses_left_line
from .board import status_of_phase
from .parameters import Rules, parameters
from .people import player_lines
from .record import ENDED, on, setting, year

NO_GAMES = "No games are listed on this judge."


@dataclass(frozen=True)
class Listing:
    """A game as its full listing shows it to one asker, as the engine found it."""

    game: Game
    variant: variants.Variant | None
    viewer: Participant | None  # the asker, if signed on to this game
    players: Sequence[Participant]  # those playing it (not resigned), as they joined
    people: Sequence[Participant]  # masters, the powers in order, observers (not resigned)
    owing: Collection[str]  # the powers still played that have orders to give in this phase
    won: bool  # it finished with a winner
    rules: Rules
    seen: set[str] | None  # a blind game: the only powers whose units the asker sees
    # The people whose address is marked undeliverable: found for a master only.
    unreachable: Collection[int] = ()
    # SET EXCUSES: the excuses each power has left, as the asker may see them.
    excuses: Sequence[tuple[str, int]] = ()


def full_listing(listing: Listing, settings: Settings, now: datetime) -> str:
    game, variant, viewer = listing.game, listing.variant, listing.viewer
    people = player_lines(
        game,
        variant,
        listing.people,
        viewer,
        listing.owing,
        listing.rules.counted,
        now,
        listing.unreachable,
    )
    state = _state_lines(listing, settings, now)
    if listing.excuses and game.status == "active":
        state.append(excuses_left_line(listing.excuses))
    parts = [
        "\n".join(state),
        f"The parameters for '{game.name}' are as follows:\n"
        + parameters(game, variant, viewer, listing.rules),
        (game.full_comment or "").strip(),
        people,
    ]
    if variant is not None and game.phase and game.status != "forming":
        parts.append(status_of_phase(game, variant, listing.players, listing.seen))
        parts.append(_treasuries(game, variant, listing.viewer))
    return "\n\n".join(part for part in parts if part)


def _treasuries(game: Game, variant: variants.Variant, viewer: Participant | None) -> str:
    """Machiavelli with money: the asker's own treasury, loans and chits (a master's: every
    power's); nobody else's, and nothing for an observer or a stranger."""
    state = (game.position or {}).get("machiavelli") or {}
    if not variant.is_machiavelli or not state.get("treasury") or viewer is None:
        return ""
    if viewer.role == "master":
        reader: str | None = MASTER
    else:
        reader = viewer.power if viewer.role == "player" else None
    lines = treasury_lines(variant, state, reader) if reader else []
    return "Treasury:\n\n" + "\n".join(lines) if lines else ""


def _state_lines(listing: Listing, settings: Settings, now: datetime) -> list[str]:
    """The first lines of a full listing: the deadline, or why there is none."""
    game, variant = listing.game, listing.variant
    name = game.name
    if game.status == "forming":
        if on(game, "quiet", False):
            return []
        wanted = int(setting(game, "players", len(variant.powers) if variant else 0))
        more = wanted - len(listing.players)
        if more <= 0:
            return [f"Game '{name}' is formed and waiting to be started."]
        needed = counted(more, "player" if more == wanted else "more player")
        return [f"Game '{name}' is waiting for {needed} to sign on."]
    if game.status in ENDED and not game.phase:
        return [f"Game '{name}' was terminated before starting."]
    if game.status in ENDED:
        ended = year(game.phase) or 0
        if listing.won:
            return [f"Game '{name}' completed in {ended}."]
        season = {"F": "fall", "U": "summer"}.get((game.phase or "S")[0], "spring")
        if game.status == "finished":
            return [f"Game '{name}' ended in a draw in {season} of {ended}."]
        return [f"Game '{name}' was terminated in {season} of {ended}."]
    order = f"Game '{name}' order #{game.turn:03d} ({game.phase})"
    if game.status == "paused":
        return [f"{order} is paused."]
    if game.deadline is None:
        lines = [f"{order} has no deadline."]
    else:
        lines = [f"{order} has a deadline of {njudge_time(game.deadline, settings)}."]
    if game.earliest is not None and now < game.earliest:
        when = njudge_time(game.earliest, settings)
        lines.append(f"The earliest orders will be processed is {when}.")
    if game.deadline is None or now < game.deadline:
        playing = [x for x in listing.players if x.power and x.status not in ("cd", "abandoned")]
        if any(x.power in listing.owing and x.orders_status != "complete" for x in playing):
            lines.append("One or more players have not gotten their orders in.")
        if any(x.wait for x in playing):
            lines.append(
                "One or more players have requested that orders not be processed\n"
                "until the deadline."
            )
    if game.grace is not None:
        fate = "CD" if on(game, "nmr", False) else "abandoned"
        lines.append(
            f"Those who haven't gotten their orders in will be {fate} if nothing\n"
            f"is received by {njudge_time(game.grace, settings)}."
        )
    return lines
