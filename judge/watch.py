"""The judge's one look for work it was not told of: mail stored by another process or
node, answers written by another node, deliveries due again after a failure.

Mail that comes in through the judge's own listeners wakes its workers at once (the
doorbells), and answers wake its sender; what others store does not. Instead of every
worker and the sender each opening a transaction to look, `poll_seconds` after
`poll_seconds`, one thread asks both questions in a single statement on a connection of
its own and rings the doorbell of whoever has work. An idle judge then costs one small
query a look (on PostgreSQL outside any transaction), not a transaction for each loop.
On PostgreSQL a node leaves what another node has just stored to that node (HANDOFF).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime, timedelta
from typing import Protocol

from sqlalchemy import Connection, bindparam, exists, or_, select

from .store.db import Store
from .store.models import Inbound, Outbox

log = logging.getLogger("judge.watch")

# Is any mail waiting to be answered; is any outbox row due and not claimed? Each stored
# or written before `before`.
LOOK = select(
    exists().where(Inbound.status == "pending").where(Inbound.received_at <= bindparam("before")),
    exists()
    .where(Outbox.status == "pending")
    .where(Outbox.next_attempt_at <= bindparam("now"))
    .where(or_(Outbox.claimed_until.is_(None), Outbox.claimed_until <= bindparam("now")))
    .where(Outbox.created_at <= bindparam("before")),
)

# On PostgreSQL several nodes share the queues, and the node that stores a mail (or writes
# an answer) rings its own workers (its sender) at once: the others leave it to that node
# for this long, and take it after that (the node was killed, or is far behind). Else
# every node would wake for every mail, and all but one find it taken.
HANDOFF = timedelta(seconds=1)


class Bell(Protocol):
    def set(self) -> None: ...


class Watcher:
    """Looks every `every` seconds until `stop()`, ringing `mail` and `outbox`."""

    def __init__(
        self,
        store: Store,
        now: Callable[[], datetime],
        every: float,
        mail: Bell,
        outbox: Bell,
    ) -> None:
        self.store, self.now, self.every = store, now, every
        self.mail, self.outbox = mail, outbox
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="watch", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self, timeout: float | None = None) -> None:
        self.stopping.set()
        if self.thread.is_alive():
            self.thread.join(timeout)

    def look(self, connection: Connection) -> None:
        """One look, and the doorbells rung for what it found."""
        now = self.now()
        before = datetime.max if self.store.is_sqlite else now - HANDOFF
        pending, due = connection.execute(LOOK, {"now": now, "before": before}).one()
        connection.commit()  # SQLite: the read transaction ends; PostgreSQL: none was open
        if pending:
            self.mail.set()
        if due:
            self.outbox.set()

    def _connect(self) -> Connection:
        options = (
            {"judge_readonly": True} if self.store.is_sqlite else {"isolation_level": "AUTOCOMMIT"}
        )
        return self.store.engine.connect().execution_options(**options)

    def _run(self) -> None:
        connection: Connection | None = None
        while not self.stopping.wait(self.every):
            try:
                if connection is None:
                    connection = self._connect()
                self.look(connection)
            except Exception:
                log.exception("cannot look for waiting mail; trying again shortly")
                if connection is not None:
                    with suppress(Exception):
                        connection.invalidate()
                        connection.close()
                    connection = None
                self.stopping.wait(5)
        if connection is not None:
            connection.close()
