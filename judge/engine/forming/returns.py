"""A power back in play, because its player returned or someone took it over (users'
manual 5.1; the njudge's `ml_signon.c`, transcripts Bug91-14 and -16), and the places one
player holds in a duplex game, which leave, return and are taken over together.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ...config import Settings
from ...reports.forming import WAIT_PLACED, clock_moved
from ...reports.frame import njudge_time
from ...store.models import Game, Participant
from ..clock.absences import windows
from ..clock.deadlines import deadline_after, grace_after, timing_of
from ..clock.lateness import next_event
from ..game.record import players, variant_of


def places_of(game: Game, row: Participant) -> list[Participant]:
    """Every power the player of `row` holds in the game, in the variant's order: one in
    most games, several in a duplex game (SET PLAYERS), where a player's powers are one
    seat at the table (the njudge's info.duplex: all of them resign, return and are taken
    over at once)."""
    order = {x.name: i for i, x in enumerate(variant_of(game).powers)}
    mine = [x for x in players(game) if x.user_id == row.user_id and x.power]
    return sorted(mine, key=lambda x: order.get(x.power or "", len(order)))


@dataclass(frozen=True)
class Comeback:
    """What a power back in play did to the game: the lines that say where its deadline
    and grace period are now, moved or not, and whether every player was set to wait
    (both, or neither when another power is still out of play)."""

    clock: str = ""

    def notice(self, before: str = "") -> str:
        """What the others are told: `before` (who came back), the clock, and the wait."""
        if not self.clock:
            return before
        return "\n".join(filter(None, [before, self.clock, WAIT_PLACED]))


def back_in_play(
    game: Game, settings: Settings, now: datetime, returning: list[Participant]
) -> Comeback:
    """The deadline moved to a fresh NEXT from now, if that is later (the grace period
    with it), and every player with a power set to wait, so that the others may talk with
    the newcomer before the phase is played. Nothing moves, and nobody waits, while another
    power is still out of play (abandoned or in civil disorder, with centres or in the
    first turn): the game waits for it anyway."""
    if game.status != "active" or not game.phase or game.deadline is None:
        return Comeback()
    centers = (game.position or {}).get("centers") or {}
    still_out = [
        x
        for x in players(game)
        if x not in returning
        and x.power
        and x.status in ("abandoned", "cd")
        and ((game.turn or 0) <= 1 or centers.get(x.power))
    ]
    if still_out:
        return Comeback()

    timing = timing_of(game.settings or {}, game.phase)
    fresh = deadline_after(now, game.deadline, timing, settings.zone, windows(game, now))
    deadline_moved = fresh != game.deadline
    if deadline_moved:
        game.deadline = fresh
        game.late_notice_at = None
    strict = bool((game.settings or {}).get("strict_grace"))
    grace = grace_after(game.deadline, game.grace, timing, settings.zone, strict)
    grace_moved = grace != game.grace
    game.grace = grace
    for x in players(game):
        if x.power and x.status in ("active", "late"):
            x.wait = True
    game.next_event_at = next_event(game, now, False)
    deadline, grace_shown = njudge_time(game.deadline, settings), njudge_time(grace, settings)
    return Comeback(clock_moved(game.name, deadline, deadline_moved, grace_shown, grace_moved))
