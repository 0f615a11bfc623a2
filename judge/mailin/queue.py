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
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from contextlib import nullcontext
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import Session

import parser as p

from ..clock import Clock
from ..config import Settings
from ..engine.conversation import Conversation
from ..engine.mail import Arrived, Batch, Outcome, Prepared, answer, prepare
from ..engine.play import vocabulary_for
from ..mailin.message import IncomingMail, read_mail
from ..mailout.outbox import insert_outbox
from ..store import queries as q
from ..store.db import Store
from ..store.models import Inbound
from .budget import OverBudget, read_budget
from .masking import mask_passwords

log = logging.getLogger("judge.queue")


MAX_ATTEMPTS = 3
BATCH = 50  # mails answered in one transaction, at most
CHUNK = 5  # mails read and looked up together; a batch may end after any chunk

_INBOUND = Inbound.__table__
_STORE = insert(_INBOUND).returning(_INBOUND.c.id, sort_by_parameter_order=True)
_ARRIVED = select(
    Inbound.id,
    Inbound.raw,
    Inbound.received_at,
    Inbound.envelope_from,
    Inbound.via,
    Inbound.hold_until,
)
_PENDING = _ARRIVED.where(Inbound.status == "pending").order_by(Inbound.id).limit(bindparam("n"))
_PENDING_LOCKED = _PENDING.with_for_update(skip_locked=True)
_FINISH = (
    update(_INBOUND)
    .where(_INBOUND.c.id == bindparam("row_id"))
    .values(
        status=bindparam("b_status"),
        outcome=bindparam("b_outcome"),
        sender=bindparam("b_sender"),
        message_key=bindparam("b_key"),
        hold_until=bindparam("b_hold"),
        done_at=bindparam("b_done"),
        worker=bindparam("b_worker"),
    )
)
# An answered mail's stored copy, its passwords masked
_MASK = update(_INBOUND).where(_INBOUND.c.id == bindparam("row_id")).values(raw=bindparam("b_raw"))


# -- storing -------------------------------------------------------------------------------


def _values(
    raw: bytes, now: datetime, via: str, envelope_from: str, envelope_to: str
) -> dict[str, Any]:
    return {
        "received_at": now,
        "status": "pending",
        "raw": raw,
        "envelope_from": envelope_from[:320],
        "envelope_to": envelope_to[:2000],
        "via": via,
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
) -> int:
    """Commit a raw mail to the inbound table; only then may the caller say 250."""
    with store.transaction() as session:
        values = [_values(raw, now, via, envelope_from, envelope_to)]
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

    def submit(self, raw: bytes, via: str, envelope_from: str, envelope_to: str) -> Future[int]:
        done: Future[int] = Future()
        self.waiting.put(((raw, via, envelope_from, envelope_to), done))
        return done

    def stop(self) -> None:
        self.waiting.put(None)
        self.thread.join()

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
                    done.set_exception(exc)
            else:
                for (_, done), row_id in zip(items, ids, strict=True):
                    done.set_result(row_id)
            if stopping:
                return


# -- answering -----------------------------------------------------------------------------


def answer_next(store: Store, settings: Settings, now: Callable[[], datetime]) -> int | None:
    """Answer the oldest pending mail; its id, or None when there was none."""
    answered = answer_pending(store, settings, now, limit=1)
    return answered[0] if answered else None


def answer_pending(
    store: Store, settings: Settings, now: Callable[[], datetime], limit: int = BATCH
) -> list[int]:
    """Answer up to `limit` of the oldest pending mails in one transaction; their ids.

    One commit for many mails is what lets a judge on one SQLite file keep up with its
    SMTP listener. Should any mail make the judge fail, the whole batch is rolled back and
    done again with each mail in a savepoint of its own: the failing mail is rolled back
    alone and counted (after three failures it is set aside), the others are answered.
    """
    try:
        return _answer_batch(store, settings, now, limit, alone=False)[0]
    except Exception:  # a mail of the batch, or the commit of its changes, failed
        ids, failed = _answer_batch(store, settings, now, limit, alone=True)
    for row_id in failed:
        _count_failure(store, settings, now(), row_id)
    return ids


def _prepare_pending(
    store: Store, now: datetime, limit: int
) -> dict[int, Prepared | BaseException]:
    """SQLite: the pending mails read and parsed before the write lock is taken, so that
    the lock is held for the store's part of answering only. (PostgreSQL locks rows, not
    the database: there each worker reads what it has claimed.) Games are looked up here
    too, so that a mail is parsed under the lock only if its game changed meanwhile."""
    with store.transaction(readonly=True) as session:
        rows = session.execute(_PENDING, {"n": limit}).all()
        look_up = vocabulary_for(session)
        return {row.id: _prepare(row.id, row.raw, now, look_up) for row in rows}


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
    store: Store, settings: Settings, now: Callable[[], datetime], limit: int, alone: bool
) -> tuple[list[int], list[int]]:
    failed: list[int] = []
    prepared = _prepare_pending(store, now(), limit) if store.is_sqlite else {}
    # host:pid:thread, read now: a worker process forked from a preloaded server
    # must not name the server's pid
    worker = f"{socket.gethostname()[:40]}:{os.getpid()}:{threading.current_thread().name[:40]}"
    # Deferred: the sender makes answers durable before their replies leave.
    with store.transaction(deferred=True) as session:
        query = _PENDING if store.is_sqlite else _PENDING_LOCKED
        rows = [Arrived(*row) for row in session.execute(query, {"n": limit})]
        batch = Batch()
        finished: list[dict[str, Any]] = []
        look_up = vocabulary_for(session)
        for start in range(0, len(rows), CHUNK):
            if start and store.others_waiting():
                break  # mail waits to be stored: its 250 goes before the rest of the batch
            chunk = rows[start : start + CHUNK]
            made = [
                prepared[a.id] if a.id in prepared else _prepare(a.id, a.raw, now(), look_up)
                for a in chunk
            ]
            mails = [(a, _mail_of(a, m)) for a, m in zip(chunk, made, strict=True)]
            batch.look_up(session, mails, settings.rate_window)
            for (arrived, mail), ready in zip(mails, made, strict=True):
                try:
                    with session.begin_nested() if alone else nullcontext():
                        at = now()
                        if isinstance(ready, Exception):
                            raise ready  # reading it failed: this mail's failure, counted
                        if isinstance(ready, OverBudget):
                            parsed: p.ParsedMail | None = p.ParsedMail((), (), "time")
                        else:
                            parsed = ready.parsed_for(session, at)
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
        "b_outcome": outcome.outcome[:1000],
        "b_sender": outcome.sender,
        "b_key": outcome.message_key,
        "b_hold": outcome.hold_until,
        "b_done": now if outcome.status in ("done", "failed") else None,
        "b_worker": worker,
    }
    if outcome.secrets and outcome.status != "held":
        finish["b_raw"] = mask_passwords(arrived.raw, outcome.secrets)
    return finish


def _write(session: Session, batch: Batch, finished: Sequence[dict[str, Any]]) -> None:
    insert_outbox(session, batch.outbox)
    batch.outbox.clear()
    if finished:
        session.execute(_FINISH, [{k: v for k, v in f.items() if k != "b_raw"} for f in finished])
        masked = [{"row_id": f["row_id"], "b_raw": f["b_raw"]} for f in finished if "b_raw" in f]
        if masked:
            session.execute(_MASK, masked)


def _count_failure(store: Store, settings: Settings, now: datetime, row_id: int) -> None:
    """The mail that made the worker fail is tried again, up to MAX_ATTEMPTS; then its
    sender is told and the judgekeeper too, and the mail is kept, marked failed."""
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
        mail = read_mail(row.raw)
        ctx = Conversation(session, settings, now, mail, row.id)
        ctx.fault(
            "The judge could not process your mail because of an error of its own.  The "
            "judge keeper has been told; your mail is kept and will be looked at."
        )
        ctx.send(
            settings.keeper,
            f"{settings.code}: inbound mail {row.id} failed",
            f"Inbound mail {row.id} from {mail.reply_to} failed {row.attempts} times.\n",
        )
        ctx.write_outbox()


def has_pending(store: Store) -> bool:
    """Whether any mail waits to be answered; a look that never blocks a writer."""
    with store.transaction(readonly=True) as session:
        return session.execute(q.ANY_PENDING).first() is not None
