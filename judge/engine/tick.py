"""The scheduler's entry point: everything that is due as of `now`, each in its own
transaction, exactly like a mail.

That is each game whose clock has come (deadlines, grace periods, late notices), each
game in a transaction of its own; held mail of a judge from before the rate limit dropped
instead; and letting go of old mail's bulk.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from weakref import WeakKeyDictionary

from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from ..config import Settings
from ..mailout.outbox import queue_mail
from ..reports.counts import counted
from ..shutdown import never
from ..store.db import Store
from ..store.models import Game, Outbox
from ..store.retention import prune
from .mail import ANY_HELD_DUE, release_held
from .play.deadline import due_game_ids, process_due

# A game whose processing failed is looked at again this much later, not at every tick.
RETRY_FAILED_GAME = timedelta(minutes=10)
# The judgekeeper is told of a failing game at most once in this time.
TELL_KEEPER_EVERY = timedelta(days=1)

log = logging.getLogger("judge.tick")


@dataclass(frozen=True)
class TickReport:
    released: int  # held mails put back in the queue
    pruned: int = 0  # old mails whose bulk was let go
    processed: int = 0  # phases processed

    def __str__(self) -> str:
        return (
            f"{self.released} held mails released; {self.processed} phases processed; "
            f"{self.pruned} old mails pruned"
        )


def tick(
    store: Store,
    now: datetime,
    keep_days: int = 60,
    settings: Settings | None = None,
    clock: Callable[[], datetime] | None = None,
    stopping: Callable[[], bool] = never,
) -> TickReport:
    """`clock`, when given, is read again for each game: a game is processed at the time
    it is, and games that fall due while others are processed are processed by this same
    tick, not the next one. Once `stopping` says so (the judge is told to stop), the game
    in hand is the last: the others are the first tick's after the restart."""
    clock = clock or (lambda: now)
    with store.transaction(readonly=True) as session:
        held = session.execute(ANY_HELD_DUE, {"now": now}).first() is not None
        due = due_game_ids(session, now) if settings is not None else []
    released = 0
    if held:
        with store.transaction() as session:
            released = release_held(session, now)
    processed = _process_games(store, settings, clock, due, stopping) if settings is not None else 0
    pruned = 0
    if not stopping() and _prune_due(store, now):
        with store.transaction() as session:
            pruned = prune(session, now, keep_days)
    if released or pruned:
        log.info("tick %s: %s held mails released, %s pruned", now.isoformat(), released, pruned)
    return TickReport(released=released, pruned=pruned, processed=processed)


# Old mail is pruned by the first tick, then once in PRUNE_EVERY: its age is counted in days.
PRUNE_EVERY = timedelta(hours=1)
_pruned_at: WeakKeyDictionary[Store, datetime] = WeakKeyDictionary()


def _prune_due(store: Store, now: datetime) -> bool:
    last = _pruned_at.get(store)
    if last is not None and last <= now < last + PRUNE_EVERY:
        return False
    _pruned_at[store] = now
    return True


def _process_games(
    store: Store,
    settings: Settings,
    clock: Callable[[], datetime],
    due: list[int],
    stopping: Callable[[], bool],
) -> int:
    """Each due game in a transaction of its own: a game whose processing fails (a bug, a
    corrupt position) is rolled back alone, logged, looked at again RETRY_FAILED_GAME
    later, and the judgekeeper told; the other games' clocks go on. Once the games due
    at the start are done, the games that fell due meanwhile, until there are none; each
    game once a tick (one held by a mail right now is the next tick's)."""
    processed = 0
    tried: set[int] = set()
    while due:
        for game_id in due:
            if stopping():
                return processed
            tried.add(game_id)
            now = clock()
            try:
                processed += _process_one(store, settings, now, game_id)
            except Exception:
                log.exception("tick %s: game %s could not be processed", now.isoformat(), game_id)
                try:
                    _set_back(store, settings, now, game_id)
                except Exception:
                    log.exception("game %s could not even be set back", game_id)
        with store.transaction(readonly=True) as session:
            due = [g for g in due_game_ids(session, clock()) if g not in tried]
    return processed


def _process_one(store: Store, settings: Settings, now: datetime, game_id: int) -> bool:
    """One game in a transaction. One that PostgreSQL undid to break a deadlock or a
    serialization conflict with another transaction is no fault of the game's: it is
    still due, and the next tick takes it, not RETRY_FAILED_GAME later."""
    try:
        with store.transaction() as session:
            return process_due(session, settings, now, game_id)
    except OperationalError as exc:
        if getattr(exc.orig, "sqlstate", "") not in ("40P01", "40001"):
            raise
        log.warning("tick %s: game %s met another transaction; next tick", now.isoformat(), game_id)
        return False


def _set_back(store: Store, settings: Settings, now: datetime, game_id: int) -> None:
    with store.transaction() as session:
        game = session.get(Game, game_id)
        if game is None:
            return
        game.next_event_at = now + RETRY_FAILED_GAME
        subject = f"{settings.code}: game '{game.name}' cannot be processed"
        told = session.execute(
            select(Outbox.id)
            .where(Outbox.to_address == settings.keeper)
            .where(Outbox.subject == subject)
            .where(Outbox.created_at > now - TELL_KEEPER_EVERY)
            .limit(1)
        ).first()
        if told is None:
            queue_mail(
                session,
                settings,
                now,
                settings.keeper,
                subject,
                f"Processing game '{game.name}' ({game.phase}) failed at {now:%Y-%m-%d %H:%M} "
                f"UTC; the log says why.\nThe judge tries again every "
                f"{counted(RETRY_FAILED_GAME.seconds // 60, 'minute')} and tells you again in a "
                f"day if it still fails.  The other games go on.\n",
                game_id=game_id,
            )
