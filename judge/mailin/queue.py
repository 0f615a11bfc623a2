"""The inbound queue: store mail (before the 250), and claim and answer the oldest.

Storing is one small transaction (for the listener, several mails arriving together share
one). Answering is another: a worker claims the oldest pending rows (on PostgreSQL with
`FOR UPDATE SKIP LOCKED`, so workers on several hosts never take the same one), and the
rows, the changes their commands make and the outbox rows for their answers are committed
together. A crash before that commit leaves the rows pending: they are answered again from
scratch, never twice.
"""

from __future__ import annotations

import logging
import os
import queue
import socket
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, InvalidStateError
from contextlib import nullcontext, suppress
from datetime import datetime
from typing import Any

from sqlalchemy import LargeBinary, bindparam, func, insert, select, update
from sqlalchemy.orm import Session

import parser as p

from ..clock import Clock
from ..config import Settings
from ..engine.mail import Arrived, Batch, Outcome, Prepared, answer, prepare
from ..engine.play.orders import vocabulary_for
from ..engine.reply.conversation import Conversation
from ..mailin.message import IncomingMail, read_mail
from ..mailout.outbox import insert_outbox, queue_mail
from ..shutdown import never
from ..store import queries as q
from ..store.db import Store
from ..store.fields import ADDRESS_LIMIT, clean_text
from ..store.models import Inbound
from .budget import OverBudget, read_budget
from .masking import mask_passwords

log = logging.getLogger("judge.queue")


MAX_ATTEMPTS = 3
BATCH = 50  # mails answered in one transaction, at most
CHUNK = 5  # mails read and looked up together; a batch may end after any chunk
# On PostgreSQL a batch is one chunk: a commit costs little there, and a worker that
# claimed fifty mails would keep the other nodes' workers from them, and every one of
# their answers until the last was done.
PG_BATCH = CHUNK

_INBOUND = Inbound.__table__
_STORE = insert(_INBOUND).returning(_INBOUND.c.id, sort_by_parameter_order=True)
_ARRIVED = select(
    Inbound.id,
    Inbound.raw,
    Inbound.received_at,
    Inbound.envelope_from,
    Inbound.via,
    Inbound.hold_until,
    Inbound.peer,
    Inbound.envelope_to,
)
_PENDING = (
    _ARRIVED.where(Inbound.status == "pending")
    .where(Inbound.id.not_in(bindparam("skip", expanding=True)))
    .order_by(Inbound.id)
    .limit(bindparam("n"))
)
_ANY_PENDING = q.ANY_PENDING.where(Inbound.id.not_in(bindparam("skip", expanding=True)))
_PENDING_LOCKED = _PENDING.with_for_update(skip_locked=True)
_FINISH = (
    update(_INBOUND)
    .where(_INBOUND.c.id == bindparam("row_id"))
    .values(
        status=bindparam("b_status"),
        outcome=bindparam("b_outcome"),
        sender=bindparam("b_sender"),
        message_key=bindparam("b_key"),
        done_at=bindparam("b_done"),
        worker=bindparam("b_worker"),
        # its stored copy, with the passwords it gave masked (None: kept as it came)
        raw=func.coalesce(bindparam("b_raw", type_=LargeBinary), _INBOUND.c.raw),
    )
)


# -- storing -------------------------------------------------------------------------------


def _values(
    raw: bytes, now: datetime, via: str, envelope_from: str, envelope_to: str, peer: str = ""
) -> dict[str, Any]:
    """An inbound row's values, each fit for its column (fields.py): a mail is stored
    before its 250 whatever its envelope says."""
    return {
        "received_at": now,
        "status": "pending",
        "raw": raw,
        # Lower case: the rate limit counts an envelope sender on its index, whatever
        # the case it was written in (a sender rotating it gains nothing).
        "envelope_from": clean_text(envelope_from, ADDRESS_LIMIT).lower(),
        "envelope_to": clean_text(envelope_to, 2000),
        "via": via,
        "peer": clean_text(peer, 100),
        "sender": "",
        "attempts": 0,
        "outcome": "",
        "worker": "",
    }


def store_inbound(
    store: Store,
    raw: bytes,
    now: datetime,
    via: str = "smtp",
    envelope_from: str = "",
    envelope_to: str = "",
    peer: str = "",
) -> int:
    """Commit a raw mail to the inbound table; only then may the caller say 250."""
    with store.transaction() as session:
        values = [_values(raw, now, via, envelope_from, envelope_to, peer)]
        return session.execute(_STORE, values).scalar_one()


class Intake:
    """Group commit for a listener: the mails that arrive while one commit is on its way
    to the disk are committed together in the next, each caller waiting for its own."""

    def __init__(self, store: Store, clock: Clock, limit: int = 100) -> None:
        self.store = store
        self.clock = clock
        self.limit = limit
        self.waiting: queue.SimpleQueue[tuple[tuple[Any, ...], Future[int]] | None] = (
            queue.SimpleQueue()
        )
        self.thread = threading.Thread(target=self._run, name="intake", daemon=True)
        self.thread.start()

    def submit(
        self, raw: bytes, via: str, envelope_from: str, envelope_to: str, peer: str = ""
    ) -> Future[int]:
        """`peer`: the connecting host's IP address, counted by the rate limit."""
        done: Future[int] = Future()
        self.waiting.put(((raw, via, envelope_from, envelope_to, peer), done))
        return done

    def stop(self, timeout: float | None = None) -> None:
        """Store what was handed in, waiting `timeout` at most (a stop's bound)."""
        self.waiting.put(None)
        self.thread.join(timeout)

    def _run(self) -> None:
        while True:
            first = self.waiting.get()
            if first is None:
                return
            items = [first]
            stopping = False
            try:
                with self.store.transaction() as session:
                    # Mail that arrived while we waited for the write lock goes in the
                    # same commit: the busier the judge, the larger the group.
                    while len(items) < self.limit:
                        try:
                            item = self.waiting.get_nowait()
                        except queue.Empty:
                            break
                        if item is None:
                            stopping = True  # stop after this group
                            break
                        items.append(item)
                    now = self.clock.now()
                    rows = [_values(raw, now, *rest) for (raw, *rest), _ in items]
                    ids = session.execute(_STORE, rows).scalars().all()
            except Exception as exc:
                for _, done in items:
                    _settle(done, done.set_exception, exc)
            else:
                for (_, done), row_id in zip(items, ids, strict=True):
                    _settle(done, done.set_result, row_id)
            if stopping:
                return


def _settle(done: Future[int], how: Callable[[Any], None], value: Any) -> None:
    """Tell the caller, unless he is gone: a client that hung up before its 250 (a relay
    restarted) cancelled his wait. His mail is stored all the same; he sends it again, and
    the copy is known by its Message-ID and not answered twice."""
    with suppress(InvalidStateError):
        how(value)


# -- answering -----------------------------------------------------------------------------


def answer_next(store: Store, settings: Settings, now: Callable[[], datetime]) -> int | None:
    """Answer the oldest pending mail; its id, or None when there was none."""
    answered = answer_pending(store, settings, now, limit=1)
    return answered[0] if answered else None


def answer_pending(
    store: Store,
    settings: Settings,
    now: Callable[[], datetime],
    limit: int = BATCH,
    stopping: Callable[[], bool] = never,
) -> list[int]:
    """Answer up to `limit` of the oldest pending mails in one transaction; their ids.

    One commit for many mails is what lets a judge on one SQLite file keep up with its
    SMTP listener. Should any mail make the judge fail, the whole batch is rolled back and
    done again with each mail in a savepoint of its own: the failing mail is rolled back
    alone and counted (after three failures it is set aside), the others are answered.
    Once `stopping` says so (the judge is told to stop), the batch ends after the mail in
    hand and commits what it answered: the rest is answered after the restart.
    """
    try:
        return _answer_batch(store, settings, now, limit, False, stopping)[0]
    except Exception:  # a mail of the batch, or the commit of its changes, failed
        ids, failed = _answer_batch(store, settings, now, limit, True, stopping)
    for row_id in failed:
        _count_failure(store, settings, now(), row_id)
    return ids


def _prepare_pending(
    store: Store, now: datetime, limit: int, stopping: Callable[[], bool]
) -> dict[int, Prepared | BaseException]:
    """SQLite: the pending mails read and parsed before the write lock is taken, so that
    the lock is held for the store's part of answering only. (PostgreSQL locks rows, not
    the database: there each worker reads what it has claimed.) Games are looked up here
    too, so that a mail is parsed under the lock only if its game changed meanwhile."""
    with store.transaction(readonly=True) as session:
        rows = session.execute(_PENDING, {"n": limit, "skip": _skipped(store)}).all()
        look_up = vocabulary_for(session)
        prepared: dict[int, Prepared | BaseException] = {}
        for row in rows:
            if stopping():
                break
            prepared[row.id] = _prepare(row.id, row.raw, now, look_up)
        return prepared


def _prepare(
    row_id: int, raw: bytes, now: datetime, look_up: Callable[[p.Command], p.Vocabulary | None]
) -> Prepared | BaseException:
    """One mail read and parsed within its time budget; what went wrong, if anything did,
    to be that mail's failure and no other's."""
    try:
        with read_budget() as deadline:
            return prepare(raw, now, look_up, deadline)
    except OverBudget as exc:
        log.warning("inbound %s: %s", row_id, exc)
        return exc
    except Exception as exc:
        log.exception("reading inbound mail %s failed", row_id)
        return exc


def _answer_batch(
    store: Store,
    settings: Settings,
    now: Callable[[], datetime],
    limit: int,
    alone: bool,
    stopping: Callable[[], bool],
) -> tuple[list[int], list[int]]:
    failed: list[int] = []
    prepared = _prepare_pending(store, now(), limit, stopping) if store.is_sqlite else {}
    if stopping():
        return [], []  # not even the write lock waited for
    # host:pid:thread, read now: a worker process forked from a preloaded server
    # must not name the server's pid
    worker = f"{socket.gethostname()[:40]}:{os.getpid()}:{threading.current_thread().name[:40]}"
    # Deferred: the sender makes answers durable before their replies leave.
    with store.transaction(deferred=True) as session:
        query = _PENDING if store.is_sqlite else _PENDING_LOCKED
        n = limit if store.is_sqlite else min(limit, PG_BATCH)
        pending = session.execute(query, {"n": n, "skip": _skipped(store)})
        rows = [Arrived(*row) for row in pending]
        batch = Batch()
        finished: list[dict[str, Any]] = []
        look_up = vocabulary_for(session)
        for start in range(0, len(rows), CHUNK):
            if start and store.others_waiting():
                break  # mail waits to be stored: its 250 goes before the rest of the batch
            if stopping():
                break
            chunk = rows[start : start + CHUNK]
            made = [
                prepared[a.id] if a.id in prepared else _prepare(a.id, a.raw, now(), look_up)
                for a in chunk
            ]
            mails = [(a, _mail_of(a, m)) for a, m in zip(chunk, made, strict=True)]
            batch.look_up(session, mails, settings.rate_window, settings.relays)
            for n, ((arrived, mail), ready) in enumerate(zip(mails, made, strict=True)):
                if stopping():
                    break  # told to stop: what is answered is committed, the rest waits
                # Parsed in this transaction before any mail was answered in it: the games
                # it looked up are as they were
                fresh = n == 0 and start == 0 and arrived.id not in prepared
                try:
                    with session.begin_nested() if alone else nullcontext():
                        at = now()
                        if isinstance(ready, Exception):
                            raise ready  # reading it failed: this mail's failure, counted
                        if isinstance(ready, OverBudget):
                            parsed: p.ParsedMail | None = p.ParsedMail((), (), "time")
                        else:
                            parsed = ready.parsed_for(session, at, recheck=not fresh)
                        outcome = answer(session, arrived, settings, at, batch, mail, parsed)
                        if alone:  # written inside the savepoint, to go with it if it fails
                            _write(session, batch, [_finish(arrived, outcome, now(), worker)])
                except Exception:
                    if not alone:
                        raise
                    log.exception("answering inbound mail %s failed", arrived.id)
                    failed.append(arrived.id)
                    batch.outbox.clear()
                    continue
                log.info("inbound %s: %s", arrived.id, outcome.outcome)
                finished.append(_finish(arrived, outcome, now(), worker))
        if not alone:
            _write(session, batch, finished)
    return [row["row_id"] for row in finished] + failed, failed


def _mail_of(arrived: Arrived, ready: Prepared | BaseException) -> IncomingMail:
    """The mail as read; for one that could not be read, its first 64 kB (bounded, and
    enough for the headers that say who to answer)."""
    if isinstance(ready, Prepared):
        return ready.mail
    return read_mail(arrived.raw[:65536])


def _finish(arrived: Arrived, outcome: Outcome, now: datetime, worker: str) -> dict[str, Any]:
    finish = {
        "row_id": arrived.id,
        "b_status": outcome.status,
        "b_outcome": clean_text(outcome.outcome, 1000),
        "b_sender": clean_text(outcome.sender, ADDRESS_LIMIT),
        "b_key": outcome.message_key,
        "b_done": now,
        "b_worker": worker,
    }
    if outcome.secrets:
        finish["b_raw"] = mask_passwords(arrived.raw, outcome.secrets)
    return finish


def _write(session: Session, batch: Batch, finished: Sequence[dict[str, Any]]) -> None:
    insert_outbox(session, batch.outbox)
    batch.outbox.clear()
    if finished:
        session.execute(_FINISH, [{"b_raw": None, **f} for f in finished])


def _count_failure(store: Store, settings: Settings, now: datetime, row_id: int) -> None:
    """The mail that made the worker fail is tried again, up to MAX_ATTEMPTS; then its
    sender is told and the judgekeeper too, and the mail is kept, marked failed.

    Recording the failure must not fail with the mail: should telling them fail (the mail
    cannot be read, an answer cannot be written), the mail is still marked failed in a
    transaction of its own; should even that fail, this worker leaves the mail alone for
    SKIP_SECONDS instead of failing on it again and again."""
    try:
        _record_failure(store, settings, now, row_id)
        return
    except Exception:
        log.exception("recording the failure of inbound mail %s failed", row_id)
    try:
        with store.transaction() as session:
            session.execute(
                update(_INBOUND)
                .where(_INBOUND.c.id == row_id)
                .where(_INBOUND.c.status == "pending")
                .values(status="failed", done_at=now, outcome="failed: not even recorded")
            )
        return
    except Exception:
        log.exception("inbound mail %s could not be set aside; skipped for a while", row_id)
    with _SKIPPED_LOCK:
        _SKIPPED[(store.url, row_id)] = time.monotonic() + SKIP_SECONDS


def _record_failure(store: Store, settings: Settings, now: datetime, row_id: int) -> None:
    with store.transaction() as session:
        query = select(Inbound).where(Inbound.id == row_id)
        if not store.is_sqlite:
            query = query.with_for_update()
        row = session.execute(query).scalar_one_or_none()
        if row is None or row.status != "pending":
            return
        row.attempts += 1
        if row.attempts < MAX_ATTEMPTS:
            return
        row.status = "failed"
        row.done_at = now
        row.outcome = "failed: the judge could not read it"
        attempts, envelope_from = row.attempts, row.envelope_from
        try:
            mail = read_mail(row.raw)
        except Exception:  # unreadable: only the keeper is told, below
            log.exception("inbound mail %s cannot be read to say it failed", row_id)
            mail = None
        if mail is not None:
            ctx = Conversation(session, settings, now, mail, row.id)
            ctx.fault(
                "The judge could not process your mail because of an error of its own.  The "
                "judge keeper has been told; your mail is kept and will be looked at."
            )
            ctx.write_outbox()
        who = mail.reply_to if mail is not None else f"envelope sender {envelope_from!r}"
        queue_mail(
            session,
            settings,
            now,
            settings.keeper,
            f"{settings.code}: inbound mail {row_id} failed",
            f"Inbound mail {row_id} from {who} failed {attempts} times.\n",
            inbound_id=row_id,
        )


# Mails this process could not even set aside, and until when it leaves them alone (a
# worker that failed on a mail and could not record it would otherwise take it again at
# once, for ever).
SKIP_SECONDS = 600.0
_SKIPPED: dict[tuple[str, int], float] = {}  # (database, inbound id): until when
_SKIPPED_LOCK = threading.Lock()


def _skipped(store: Store) -> list[int]:
    """The ids of `store`'s mails to leave alone now."""
    with _SKIPPED_LOCK:
        moment = time.monotonic()
        for done in [k for k, until in _SKIPPED.items() if until <= moment]:
            del _SKIPPED[done]
        return sorted(row_id for url, row_id in _SKIPPED if url == store.url)


def has_pending(store: Store) -> bool:
    """Whether any mail waits to be answered; a look that never blocks a writer."""
    with store.transaction(readonly=True) as session:
        return session.execute(_ANY_PENDING, {"skip": _skipped(store)}).first() is not None
