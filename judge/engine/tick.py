"""The scheduler's entry point: everything that is due as of `now`, each in its own
transaction, exactly like a mail.

Today that is held mail whose rate-limit window has passed, and letting go of old mail's
bulk; deadlines, grace periods and late notices join it with the games.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from ..config import Settings
from ..store.db import Store
from ..store.retention import prune
from .mail import release_held
from .play import process_due

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
    store: Store, now: datetime, keep_days: int = 60, settings: Settings | None = None
) -> TickReport:
    with store.transaction() as session:
        released = release_held(session, now)
    with store.transaction() as session:
        processed = process_due(session, settings, now) if settings is not None else 0
    with store.transaction() as session:
        pruned = prune(session, now, keep_days)
    if released or pruned:
        log.info("tick %s: %s held mails released, %s pruned", now.isoformat(), released, pruned)
    return TickReport(released=released, pruned=pruned, processed=processed)
