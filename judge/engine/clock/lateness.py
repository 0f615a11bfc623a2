"""What the clock does to a game (users' manual 5.1; njudge-formats 2.10 and 6.1): a new
phase's deadline, grace and earliest processing set, and from the deadline on the notices
of who is late, abandonment, and in NMR games civil disorder. Whether the phase is then
processed is decided by `play/deadline.py`, which calls these (processing is a higher room).

Each game carries the moment its clock next needs looking at (`next_event_at`); the
tick looks at the games whose moment has come, and nothing else, so its cost does not
grow with the games that are waiting.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from ...config import Settings
from ...reports import clock as texts
from ...reports.frame import njudge_time
from ...store.models import Game, Participant
from ..game.moderation import hearers
from ..game.owing import owed
from ..game.record import players, variant_of
from ..reply.notices import Notices, deliver, everyone
from . import dedication, reliability
from .absences import windows
from .deadlines import deadline_after, earliest_after, grace_after, timing_of
from .remind import BEGAN, next_reminder

DAY = timedelta(hours=24)
ABANDON_BEFORE_GRACE = timedelta(hours=24)  # NMR games: abandoned a day before grace ends
WAITING_REMINDER = timedelta(hours=48)  # NoNMR: how often to ask for a replacement
PAUSED_REMINDER = timedelta(hours=72)  # how often a paused game says so


def nmr(game: Game) -> bool:
    return bool((game.settings or {}).get("nmr"))


def owing_orders(game: Game) -> list[Participant]:
    """The powers that had orders to give this phase (units to move, retreats, builds or
    removals), late or not: the turns the dedication systems count."""

    return [
        x
        for x in players(game)
        if x.power and x.status not in ("cd", "resigned") and owed(game, x.power)
    ]


def owing(game: Game) -> list[Participant]:
    """The powers whose orders the phase still needs: not complete, not in CD."""
    return [
        x
        for x in players(game)
        if x.power and x.status not in ("cd", "resigned") and x.orders_status != "complete"
    ]


def set_phase_clock(game: Game, settings: Settings, processed: datetime, first: bool) -> bool:
    """The new phase's deadline, grace expiry and earliest processing (MIN), from the
    game's timing for that kind of phase; the first phase of a game gets twice NEXT.
    Whether an absence moved the deadline ('Requested absence(s) activated.')."""
    assert game.phase is not None
    timing = timing_of(game.settings or {}, game.phase)
    zone = settings.zone
    previous = None if first else game.deadline
    factor = 2.0 if first else 1.0
    away = windows(game, processed)
    game.deadline = deadline_after(processed, previous, timing, zone, away, factor=factor)
    moved = bool(away) and game.deadline != deadline_after(
        processed, previous, timing, zone, (), factor=factor
    )
    strict = bool((game.settings or {}).get("strict_grace"))
    game.grace = grace_after(game.deadline, None if first else game.grace, timing, zone, strict)
    game.earliest = earliest_after(processed, timing)  # MIN, the first phase's too
    game.late_notice_at = None
    game.settings = {**(game.settings or {}), BEGAN: processed.isoformat()}  # reminders
    return moved


def next_event(game: Game, now: datetime, ready: bool) -> datetime | None:
    """When the clock next needs to look at this game."""
    if game.status != "active" or not game.phase:
        return None
    if ready and not auto_process(game):
        return None  # all is in: the master processes
    if ready:
        timing = timing_of(game.settings or {}, game.phase)
        at = now + timedelta(hours=timing.delay)
        return max(at, game.earliest) if game.earliest else at
    if game.deadline is None:
        return None
    if not owing(game):  # all in, somebody waits: the deadline ends the wait
        return game.deadline if auto_process(game) else None
    reminder = next_reminder(game, now)  # SET REMINDER(S): before the deadline
    if reminder is not None and reminder <= now:
        return now
    last = game.late_notice_at
    candidates = [game.deadline] if last is None else [last + DAY]
    if game.grace is not None:
        if nmr(game) and any(x.status != "abandoned" for x in owing(game)):
            candidates.append(game.grace - ABANDON_BEFORE_GRACE)
        candidates.append(game.grace)
    if reminder is not None:
        candidates.append(reminder)
    future = [c for c in candidates if c > now]
    return min(future) if future else max(now, min(candidates))


def auto_process(game: Game) -> bool:
    """SET MANUAL PROCESS: the master's PROCESS alone plays a phase (manual 8.3)."""
    return (game.settings or {}).get("auto_process", True) is not False


def remind_paused(mailer: Notices, game: Game, now: datetime) -> None:
    """A paused game reminds everyone of it now and then (manual 8.2, PAUSE)."""
    deliver(mailer, game, everyone(game), "Game Paused", texts.still_paused(game.name))
    game.next_event_at = now + PAUSED_REMINDER


def late_notice(
    mailer: Notices,
    game: Game,
    late: list[Participant],
    first: bool,
    excused: list[Participant] | None = None,
) -> None:
    """At the deadline everyone is told who is late; then daily, the late alone. The
    powers `excused` at this deadline (excuses.py) are neither late nor on time."""
    for x in late:
        x.late_count += 1
        if x.status == "active":
            x.status = "late"
    reliability.record(mailer.session, game, late, "late", mailer.now)
    if first:
        waiting = {x.id for x in [*late, *(excused or [])]}
        in_time = [x for x in owing_orders(game) if x.id not in waiting]
        dedication.turn_counted(game, late, in_time)
        reliability.record(mailer.session, game, in_time, "ontime", mailer.now)
    else:
        dedication.reminded(game, late)
    counted = (game.settings or {}).get("late_count") and len(late) == 1
    times = late[0].late_count if counted else None
    when = njudge_time(game.grace, mailer.settings) if game.grace else "the grace period's end"
    powers = [x.power or "" for x in late]

    def text(named: bool) -> str:
        hidden = bool((game.settings or {}).get("quiet")) and not named
        who = texts.late_powers(powers, hidden)
        return texts.late_notice(game.name, who, times, nmr(game), when)

    # The subject names the late powers by letter (`Late Notice: AE`), except to the
    # players of a quiet game; a master's copy always names them (the njudge's dip.mlate).
    variant = variant_of(game)
    letters = "".join(sorted(variant.power(x.power or "").letter for x in late))
    quiet = bool((game.settings or {}).get("quiet"))
    ids = {x.id for x in late}
    subject = f"Late Notice: {letters}"
    deliver(mailer, game, late, subject, text(True), tag="[You are late!] ")
    if first:
        others = [x for x in everyone(game) if x.id not in ids and x.role != "master"]
        deliver(mailer, game, others, "Late Notice" if quiet else subject, text(False))
        masters = [x for x in everyone(game) if x.role == "master"]
        deliver(mailer, game, masters, subject, text(True))


def abandon(mailer: Notices, game: Game, late: list[Participant]) -> None:
    if not late:
        return
    for x in late:
        x.status = "abandoned"
    dedication.abandoned(game, late)
    reliability.record(mailer.session, game, late, "missed", mailer.now)
    disorder_at = None
    if nmr(game) and game.grace is not None:
        disorder_at = njudge_time(game.grace, mailer.settings)
    text = texts.abandoned([x.power or "" for x in late], game.name, disorder_at)
    deliver(mailer, game, hearers(game, late), "Abandoned", text)


def civil_disorder(mailer: Notices, game: Game, late: list[Participant]) -> None:
    for x in late:
        x.status = "cd"
    dedication.grace_missed(game, late, disorder=True)
    reliability.record(mailer.session, game, late, "missed", mailer.now)
    text = texts.civil_disorder([x.power or "" for x in late], game.name)
    deliver(mailer, game, hearers(game, late), "Civil Disorder", text)


def ask_for_replacements(
    mailer: Notices, game: Game, late: list[Participant], now: datetime
) -> None:
    """NoNMR: nothing is processed until the abandoned return or are taken over."""
    if game.late_notice_at is None or now >= game.late_notice_at + WAITING_REMINDER:
        for x in late:
            text = texts.waiting_for_replacement(game.name, str(x.power))
            deliver(mailer, game, hearers(game), "Waiting for Replacement", text)
        game.late_notice_at = now
    game.next_event_at = game.late_notice_at + WAITING_REMINDER
