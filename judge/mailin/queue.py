"""The inbound queue: store a mail (before the 250), and claim and answer the oldest one.

Storing is one small transaction. Answering is another: the worker takes the oldest pending
row (on PostgreSQL `FOR UPDATE SKIP LOCKED`, so workers on several hosts never take the
same one), and the row, the changes its commands make and the outbox rows for its answers
are committed together. A crash before that commit leaves the row pending: it is answered
again from scratch, never twice.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import select

from ..config import Settings
from ..engine.conversation import Conversation
from ..engine.mail import answer
from ..mailin.message import read_mail
from ..store.db import Store
from ..store.models import Inbound

log = logging.getLogger("judge.queue")

WORKER_PREFIX = f"{socket.gethostname()[:40]}:{os.getpid()}:"

MAX_ATTEMPTS = 3


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
        row = Inbound(
            received_at=now,
            status="pending",
            raw=raw,
            envelope_from=envelope_from[:320],
            envelope_to=envelope_to[:2000],
            via=via,
        )
        session.add(row)
        session.flush()
        return row.id


def answer_next(store: Store, settings: Settings, now: Callable[[], datetime]) -> int | None:
    """Answer the oldest pending mail; its id, or None when there was none."""
    row_id = None
    try:
        with store.transaction() as session:
            query = select(Inbound).where(Inbound.status == "pending").order_by(Inbound.id)
            if not store.is_sqlite:
                query = query.with_for_update(skip_locked=True)
            row = session.execute(query.limit(1)).scalar_one_or_none()
            if row is None:
                return None
            row_id = row.id
            row.worker = WORKER_PREFIX + threading.current_thread().name[:40]
            outcome = answer(session, row, settings, now())
            log.info("inbound %s: %s", row_id, outcome)
            return row_id
    except Exception:
        log.exception("answering inbound mail %s failed", row_id)
        if row_id is None:
            raise  # the database itself failed: the caller waits and tries again
        _count_failure(store, settings, now(), row_id)
        return row_id


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
        ctx.fail(
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
        query = select(Inbound.id).where(Inbound.status == "pending").limit(1)
        return session.execute(query).first() is not None
