"""The scheduler's entry point: everything that is due as of `now`, each in its own
transaction, exactly like a mail.

Today that is held mail whose rate-limit window has passed; deadlines, grace periods and
late notices join it with the games.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from ..store.db import Store
from .mail import release_held

log = logging.getLogger("judge.tick")


@dataclass(frozen=True)
class TickReport:
    released: int  # held mails put back in the queue

    def __str__(self) -> str:
        return f"{self.released} held mails released"


def tick(store: Store, now: datetime) -> TickReport:
    with store.transaction() as session:
        released = release_held(session, now)
    if released:
        log.info("tick %s: %s held mails released", now.isoformat(), released)
    return TickReport(released=released)
