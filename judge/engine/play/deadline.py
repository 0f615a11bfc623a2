"""What happens when a game's moment comes (users' manual 5.1; njudge-formats 2.10 and 6.1):
the phase is processed if every power is in or the deadline has ended the waiting; else the
late are told, abandoned, or put in civil disorder, as the game's NMR setting says."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from ...config import Settings
from ...store.models import Game
from ..clock import dedication
from ..clock.excuses import excuse
from ..clock.lateness import (
    ABANDON_BEFORE_GRACE,
    DAY,
    abandon,
    ask_for_replacements,
    auto_process,
    civil_disorder,
    late_notice,
    next_event,
    nmr,
    owing,
    remind_paused,
)
from ..game.owing import ready
from ..reply.notices import Notices
from .processing import PHASE_BEGUN, process, schedule
from .reminders import send_reminders
from .standing import refresh


def look(session: Session, mailer: Notices, game: Game, now: datetime) -> bool:
    """The tick's look at a game whose moment has come; whether a phase was processed."""
    if game.status == "paused":
        remind_paused(mailer, game, now)
        return False
    judged = refresh(session, game)  # the phase as it would be processed now
    auto = auto_process(game)
    if auto and ready(game):
        if game.earliest is None or game.earliest <= now:
            process(mailer, game, judged=judged)
            schedule(mailer, game)
            return True
        game.next_event_at = game.earliest
        return False
    send_reminders(mailer, game, judged)  # SET REMINDER(S): before the deadline
    late = owing(game)
    if not late:  # everyone is in, and somebody waits: the deadline ends the wait
        if auto and game.deadline is not None and now >= game.deadline:
            process(mailer, game, judged=judged)
            schedule(mailer, game)
            return True
        game.next_event_at = game.deadline if auto else None
        return False
    # SET EXCUSES: a late power with an excuse left uses it, and the phase waits a period.
    passed = game.deadline is not None and now >= game.deadline
    excused = excuse(mailer, game, late) if passed else []
    late = [x for x in late if x not in excused]
    if not late:
        game.next_event_at = next_event(game, now, False)
        return False
    if game.grace is not None and now >= game.grace:
        if nmr(game):
            civil_disorder(mailer, game, late)
            if auto:
                process(mailer, game)
                schedule(mailer, game)
                return True
            game.next_event_at = None  # the master processes (MANUAL PROCESS)
            return False
        newly = [x for x in late if x.status != "abandoned"]
        abandon(mailer, game, newly)
        dedication.grace_missed(game, newly, disorder=False)
        ask_for_replacements(mailer, game, late, now)
        for begun in PHASE_BEGUN:  # SET ROBOTS: robots order for the abandoned powers
            begun(mailer, game)
        if auto and game.status == "active" and ready(game):
            process(mailer, game)
            schedule(mailer, game)
            return True
        return False
    if nmr(game) and game.grace is not None and now >= game.grace - ABANDON_BEFORE_GRACE:
        abandon(mailer, game, [x for x in late if x.status != "abandoned"])
    if passed:
        due = game.late_notice_at is None or now >= game.late_notice_at + DAY
        if due:
            first = game.late_notice_at is None
            late_notice(mailer, game, late, first=first, excused=excused)
            game.late_notice_at = now
    game.next_event_at = next_event(game, now, False)
    return False


# The games whose clock has come, oldest event first (on the index of next_event_at).
DUE_GAMES = (
    select(Game.id)
    .where(Game.next_event_at <= bindparam("now"))
    .where(Game.status.in_(("active", "paused")))
    .order_by(Game.next_event_at, Game.id)
)


def due_game_ids(session: Session, now: datetime) -> list[int]:
    """The games whose clock has come (their delay run out, a deadline, grace or a late
    notice due), oldest event first."""
    return list(session.execute(DUE_GAMES, {"now": now}).scalars())


def process_due(session: Session, settings: Settings, now: datetime, game_id: int) -> bool:
    """The scheduler's part for one game, in the caller's transaction (one for each game,
    so that a game that fails stops no other's clock): whether a phase was processed. A
    game no longer due (another tick was first), or held by another transaction right now
    (PostgreSQL), is left alone."""
    query = select(Game).where(Game.id == game_id)
    if session.get_bind().dialect.name != "sqlite":
        # Several nodes tick at once and list the same due games in the same order: a game
        # another node (or a mail) holds is skipped, not waited for, so that the nodes
        # share the due games instead of walking the list in step. A game skipped because
        # a mail held it is still due at the next tick.
        query = query.with_for_update(skip_locked=True)
    game = session.execute(query).scalar_one_or_none()
    if game is None or game.status not in ("active", "paused"):
        return False
    if game.next_event_at is None or game.next_event_at > now:
        return False
    # Processing counts every player's dedication, robot users' in nearly every game: the
    # counts are written as increments at the commit (store/counters.py), so that games
    # processed at once do not wait for each other's users.
    mailer = Notices(session, settings, now)
    done = look(session, mailer, game, now)
    mailer.write_outbox()
    return bool(done)
