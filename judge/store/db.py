"""The database: SQLite (one file, WAL) by default, PostgreSQL by URL, and one way to
open a transaction.

Every unit of work (storing a mail, answering it, sending a reply) is one `transaction()`:
it commits when the block ends and rolls back if anything in it fails, so a crash never
leaves half of a mail's effects behind.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from . import counters
from .fields import clean_parameters

try:
    import fcntl
except ImportError:  # not POSIX: the lock covers this process only
    fcntl = None  # type: ignore[assignment]


class StoreBusy(RuntimeError):
    """SQLite's write lock was not had within its time: the caller says "try again later"
    (451 to an SMTP client, 75 to a mail system's pipe) rather than keep it waiting."""


class Store:
    """An engine and its sessions for one database URL."""

    def __init__(self, url: str, connections: int = 5, lock_timeout: float = 30.0) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.engine = _engine(url, connections)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._write_lock = WriteLock(url, lock_timeout) if self.is_sqlite else None
        self._readers = sessionmaker(
            self.engine.execution_options(judge_readonly=True), expire_on_commit=False
        )
        self._deferred = sessionmaker(
            self.engine.execution_options(judge_deferred=True), expire_on_commit=False
        )
        for maker in (self._sessions, self._deferred):
            counters.install(maker)  # the dedication counters: increments at the commit

    @contextmanager
    def transaction(self, readonly: bool = False, deferred: bool = False) -> Iterator[Session]:
        """One transaction: committed at the end of the block, rolled back on error.

        `readonly` is for looking only (a worker asking whether there is mail): on SQLite
        it does not take the write lock, so it never keeps a writer waiting.

        `deferred` (SQLite) commits without waiting for the disk: the commit is durable
        at the next durable commit or `make_durable()`, whichever comes first. Answering
        mail uses it; the sender calls `make_durable()` before any reply leaves, so a
        power cut can only undo answers nobody has seen, and their mails, stored durably
        before their 250, are pending again and answered anew.
        """
        maker = self._readers if readonly else self._deferred if deferred else self._sessions
        session = maker()
        lock = self._write_lock if self._write_lock is not None and not readonly else None
        try:
            with lock.held() if lock is not None else nullcontext(), session.begin():
                yield session
        finally:
            session.close()

    @contextmanager
    def peek(self) -> Iterator[Session]:
        """A look that never writes (the web window): it takes no write lock, nothing is
        flushed before a query, and whatever the code run in it touched (a reply's tail
        refreshes the orders' flags) is rolled back at the end."""
        session = self._readers(autoflush=False)
        try:
            yield session
        finally:
            session.rollback()
            session.close()

    def make_durable(self) -> None:
        """Every commit so far on disk, deferred ones included (SQLite: the write-ahead
        log is synced, as a durable commit would; checkpoints sync what they copy out)."""
        if self._write_lock is None or not self._write_lock.path:
            return
        try:
            log = os.open(self._write_lock.path + "-wal", os.O_RDONLY)
        except FileNotFoundError:  # no log: everything is in the database file
            return
        try:
            os.fsync(log)
        finally:
            os.close(log)

    def others_waiting(self) -> bool:
        """Whether another thread or process waits to write (SQLite): a long
        transaction, such as a worker's batch, ends early to let it go first."""
        return self._write_lock is not None and self._write_lock.others_waiting()

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


class WriteLock:
    """SQLite's one writer, queued on a lock of ours instead of SQLite's busy handler.

    The busy handler sleeps for up to 100 ms between looks; a lock handed over by the
    kernel wakes the next writer at once. Threads and processes (the listener's process,
    worker processes, `judge process` from a pipe, `judge tick`) queue on two lock files
    beside the database: `-writer`, held for the length of a write transaction, and
    `-waiting`, held shared by whoever waits for it, so that the holder can tell that
    someone waits and end a long batch early. Each transaction opens its own file
    descriptions (flock belongs to them, not to the process). A database without a
    file (`:memory:`) or a system without flock has only the threads of this process.

    A writer waits `timeout` seconds at most, then raises StoreBusy: a lock held for ever
    (a process stopped under a debugger, a stuck disk) must turn into "try again later"
    for the SMTP client, not a connection that hangs. The kernel has no flock with a
    timeout, so the wait looks again and again, at first every fraction of a millisecond
    and at most every 10 ms.
    """

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        database = make_url(url).database or ""
        self.path = database if database and database != ":memory:" else ""
        self.timeout = timeout
        self._threads = threading.Lock()  # without flock: this process only
        self._waiting = 0

    @contextmanager
    def held(self) -> Iterator[None]:
        if fcntl is None or not self.path:
            self._waiting += 1
            try:
                got = self._threads.acquire(timeout=self.timeout)
            finally:
                self._waiting -= 1
            if not got:
                raise StoreBusy(f"the database was busy for {self.timeout:g} s")
            try:
                yield
            finally:
                self._threads.release()
            return
        writer = os.open(self.path + "-writer", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            waiting = os.open(self.path + "-waiting", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(waiting, fcntl.LOCK_SH)
                self._take(writer)
            finally:
                os.close(waiting)  # no longer waiting, whether we got the lock or not
            yield  # closing the descriptor below lets the next writer in
        finally:
            os.close(writer)

    def _take(self, writer: int) -> None:
        deadline = time.monotonic() + self.timeout
        pause = 0.0002
        while True:
            try:
                fcntl.flock(writer, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise StoreBusy(
                        f"the database's write lock was held for {self.timeout:g} s"
                    ) from None
                time.sleep(pause)
                pause = min(pause * 1.5, 0.01)

    def others_waiting(self) -> bool:
        if fcntl is None or not self.path:
            return self._waiting > 0
        try:
            probe = os.open(self.path + "-waiting", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return False
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(probe)  # releases the probe's lock, if it got one
        return False


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
            options = connection.get_execution_options()
            if options.get("judge_readonly"):
                connection.exec_driver_sql("BEGIN")
                return
            deferred = options.get("judge_deferred")
            connection.exec_driver_sql(f"PRAGMA synchronous={'NORMAL' if deferred else 'FULL'}")
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    # One connection for each thread that may hold one at once; a few spare for peeks.
    engine = create_engine(url, pool_pre_ping=True, pool_size=connections, max_overflow=5)

    @event.listens_for(engine, "before_cursor_execute", retval=True)
    def _no_nuls(
        _conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool
    ) -> tuple[str, Any]:
        # PostgreSQL refuses a NUL in text; SQLite keeps it. A NUL that no boundary
        # cleaned (see fields.py) is made visible instead of failing the transaction.
        return statement, clean_parameters(parameters)

    return engine
