"""The database: SQLite (one file, WAL) by default, PostgreSQL by URL, and one way to
open a transaction.

Every unit of work (storing a mail, answering it, sending a reply) is one `transaction()`:
it commits when the block ends and rolls back if anything in it fails, so a crash never
leaves half of a mail's effects behind.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker


class Store:
    """An engine and its sessions for one database URL."""

    def __init__(self, url: str, connections: int = 5) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.engine = _engine(url, connections)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._write_lock = threading.Lock()
        self._waiting = 0  # threads waiting for the write lock (SQLite)
        self._readers = sessionmaker(
            self.engine.execution_options(judge_readonly=True), expire_on_commit=False
        )

    @contextmanager
    def transaction(self, readonly: bool = False) -> Iterator[Session]:
        """One transaction: committed at the end of the block, rolled back on error.

        `readonly` is for looking only (a worker asking whether there is mail): on SQLite
        it does not take the write lock, so it never keeps a writer waiting.
        """
        session = (self._readers if readonly else self._sessions)()
        # SQLite has one writer at a time. Threads of this process queue on a lock of
        # ours, handed over at once, rather than on SQLite's busy handler, which sleeps
        # for up to 100 ms between looks. Other processes still meet the busy handler.
        lock = self._queue() if self.is_sqlite and not readonly else nullcontext()
        try:
            with lock, session.begin():
                yield session
        finally:
            session.close()

    @contextmanager
    def _queue(self) -> Iterator[None]:
        self._waiting += 1
        try:
            self._write_lock.acquire()
        finally:
            self._waiting -= 1
        try:
            yield
        finally:
            self._write_lock.release()

    def others_waiting(self) -> bool:
        """Whether another thread of this process waits to write (SQLite): a long
        transaction, such as a worker's batch, ends early to let it go first."""
        return self._waiting > 0

    @property
    def display_url(self) -> str:
        """The URL for logs and messages: without its password."""
        head, at, tail = self.url.rpartition("@")
        if not at:
            return self.url
        scheme, _, credentials = head.partition("://")
        return f"{scheme}://{credentials.split(':', 1)[0]}@{tail}"

    def dispose(self) -> None:
        self.engine.dispose()


def _engine(url: str, connections: int) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 60, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _configure(dbapi_connection: Any, _record: Any) -> None:
            # We open transactions ourselves (BEGIN IMMEDIATE below), not the driver.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit is on disk before we say 250, even across a power cut.
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(connection: Any) -> None:
            # Take the write lock at the start: two writers then wait for each other
            # instead of failing when a reader turns writer.
            readonly = connection.get_execution_options().get("judge_readonly")
            connection.exec_driver_sql("BEGIN" if readonly else "BEGIN IMMEDIATE")

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    # One connection for each thread that may hold one at once; a few spare for peeks.
    return create_engine(url, pool_pre_ping=True, pool_size=connections, max_overflow=5)
