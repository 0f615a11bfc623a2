"""Excused missed turns (not in the njudge; issue 35): SET EXCUSES n gives each power of a
game n excuses (the judge's `excuses` setting when the game sets none). A power that
misses a deadline with an excuse left uses one instead of going late: no late notice, no
late mark on its player's record, and so no abandonment or civil disorder at this
deadline. The phase waits one more deadline period: the deadline moves NEXT hours (the
game's timing for this kind of phase, SET MOVE / RETREAT / ADJUST NEXT) past the one
missed, fitted to CLOCK, DAYS and the absences as any new deadline is, and the grace
period runs from the new deadline (never ending sooner than it did). The deadline and
grace are the whole phase's: a power without an excuse that missed the same deadline is
late as usual, and waits with the others.

Everyone is told, in an `Excuse` notice, which power used an excuse and how many it has
left (in a QUIET game the players are not told which power); LIST shows each power's
excuses left. What each power has used is kept in the game's settings (`excuses_used`):
the turns it used them in, so that a ROLLBACK gives back those of the turns played again
(a count, as games started before kept it, is kept as it is).
"""

from __future__ import annotations

from datetime import datetime

from ...config import Settings
from ...reports import punctuality as texts
from ...reports.frame import njudge_time
from ...store.models import Game, Participant
from ..game.record import variant_of
from ..reply.notices import Notices, deliver, everyone
from . import reliability
from .absences import windows
from .deadlines import deadline_after, grace_after, timing_of
from .remind import judge_played

USED = "excuses_used"  # game settings: power -> the turns it used an excuse in


def _used(value: object) -> int:
    return len(value) if isinstance(value, list) else int(value or 0)


def allowed(game: Game, settings: Settings) -> int:
    """The excuses each power of the game has in all."""
    value = (game.settings or {}).get("excuses")
    return int(settings.excuses if value is None else value)


def left(game: Game, settings: Settings, power: str) -> int:
    used = _used(((game.settings or {}).get(USED) or {}).get(power))
    return max(allowed(game, settings) - used, 0)


def forget(game: Game, turn: int) -> None:
    """A ROLLBACK to `turn`: the excuses used in it and after are given back."""
    used = (game.settings or {}).get(USED) or {}
    kept = {
        power: [t for t in value if t is None or t < turn] if isinstance(value, list) else value
        for power, value in used.items()
    }
    if kept != used:
        game.settings = {**(game.settings or {}), USED: kept}


def excuse(mailer: Notices, game: Game, late: list[Participant]) -> list[Participant]:
    """At or after the deadline: the late powers with an excuse left use one, and the
    phase's deadline moves on a period. The powers excused (none: nothing changes)."""
    settings, now = mailer.settings, mailer.now
    excused = [
        x
        for x in late
        if x.power
        and x.status in ("active", "late")
        and not judge_played(x)
        and left(game, settings, x.power) > 0
    ]
    if not excused or game.deadline is None or game.phase is None:
        return []
    used = dict((game.settings or {}).get(USED) or {})
    for x in excused:
        before = used.get(x.power)
        turns = list(before) if isinstance(before, list) else [None] * _used(before)
        used[x.power] = [*turns, game.turn]
        if x.status == "late":
            x.status = "active"
    game.settings = {**(game.settings or {}), USED: used}
    _move_deadline(game, settings, now)
    reliability.record(mailer.session, game, excused, "excused", now)
    _tell(mailer, game, excused)
    return excused


def _move_deadline(game: Game, settings: Settings, now: datetime) -> None:
    """One more deadline period: NEXT hours past the deadline missed (past now, if the
    judge looks only after that), fitted as any deadline; the grace from there."""
    assert game.deadline is not None and game.phase is not None
    timing = timing_of(game.settings or {}, game.phase)
    zone, away = settings.zone, windows(game, now)
    start = game.deadline
    moved = deadline_after(start, start, timing, zone, away)
    if moved <= now:
        moved = deadline_after(now, None, timing, zone, away)
    game.deadline = moved
    strict = bool((game.settings or {}).get("strict_grace"))
    game.grace = grace_after(moved, game.grace, timing, zone, strict)


def _tell(mailer: Notices, game: Game, excused: list[Participant]) -> None:
    settings = mailer.settings
    assert game.deadline is not None
    variant = variant_of(game)
    uses = [(x.power or "", left(game, settings, x.power or "")) for x in excused]
    deadline = njudge_time(game.deadline, settings)
    grace = njudge_time(game.grace, settings) if game.grace else None
    letters = "".join(sorted(variant.power(x.power or "").letter for x in excused))
    quiet = bool((game.settings or {}).get("quiet"))
    ids = {x.id for x in excused}
    named = texts.excuse_used(game.name, uses, deadline, grace)
    deliver(mailer, game, excused, f"Excuse: {letters}", named)
    others = [x for x in everyone(game) if x.id not in ids]
    if quiet:
        masters = [x for x in others if x.role == "master"]
        deliver(mailer, game, masters, f"Excuse: {letters}", named)
        hidden = texts.excuse_used(game.name, [], deadline, grace)
        deliver(mailer, game, [x for x in others if x.role != "master"], "Excuse", hidden)
    else:
        deliver(mailer, game, others, f"Excuse: {letters}", named)


def excuses_left(game: Game, settings: Settings, powers: list[str]) -> list[tuple[str, int]]:
    """Each power's excuses left, for LIST (the game gives any)."""
    if allowed(game, settings) <= 0:
        return []
    return [(power, left(game, settings, power)) for power in powers]
