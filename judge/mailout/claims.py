"""Who owns an outbox row while it is delivered: a claim, taken and committed before any
delivery, so that exactly one sender (thread, process or node) delivers a reply at a time.

A claim is `claimed_until` and `claimed_by` on the row. A sender takes due rows that are
not claimed, or whose claim has run out (its sender was killed: nothing is lost, the row
is due again once the claim expires), in one short transaction; on PostgreSQL with
`SKIP LOCKED`, so that senders never wait for each other's claim. Each delivery is then
recorded on its own, with no transaction open while the relay talks.
"""

from __future__ import annotations

import os
import socket
import threading
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import Select, or_, select, update
from sqlalchemy.orm import Session

from ..store.db import Store
from ..store.models import Outbox

# How long a claim keeps other senders off a row. A sender renews its claim on the rows it
# has yet to deliver when half of it has gone (a slow relay); a killed sender's rows are
# due again this long after its last claim.
CLAIM = timedelta(minutes=5)


def owner() -> str:
    """A name for this sender, unique across hosts, processes and threads."""
    host = socket.gethostname()[:40]
    return f"{host}:{os.getpid()}:{threading.get_ident()}:{uuid.uuid4().hex[:8]}"[:100]


def _due(now: datetime, size: int, pg: bool) -> Select[tuple[Outbox]]:
    statement = (
        select(Outbox)
        .where(Outbox.status == "pending")
        .where(Outbox.next_attempt_at <= now)
        .where(or_(Outbox.claimed_until.is_(None), Outbox.claimed_until <= now))
        .order_by(Outbox.id)
        .limit(size)
    )
    return statement.with_for_update(skip_locked=True) if pg else statement


def any_due(store: Store, now: datetime) -> bool:
    """Whether any row is due and free; a look that never blocks a writer."""
    with store.transaction(readonly=True) as session:
        found = session.execute(_due(now, 1, False).with_only_columns(Outbox.id)).first()
        return found is not None


def claim(session: Session, now: datetime, by: str, size: int) -> list[Outbox]:
    """Take up to `size` due rows for `by`: one statement, which marks the rows it picks
    and returns them, oldest first. The caller commits before delivering any of them (the
    sender reads the rows' files in the same transaction)."""
    pg = session.get_bind().dialect.name != "sqlite"
    due = _due(now, size, pg).with_only_columns(Outbox.id).scalar_subquery()
    rows = session.execute(
        update(Outbox)
        .where(Outbox.id.in_(due))
        .values(claimed_until=now + CLAIM, claimed_by=by)
        .returning(Outbox)
        .execution_options(synchronize_session=False)
    ).scalars()
    return sorted(rows, key=lambda row: row.id)


def renew(store: Store, now: datetime, by: str, ids: Sequence[int]) -> None:
    """Keep the rows still to be delivered for another CLAIM (a slow relay)."""
    if ids:
        with store.transaction(deferred=True) as session:
            session.execute(
                update(Outbox)
                .where(Outbox.id.in_(list(ids)))
                .where(Outbox.claimed_by == by)
                .where(Outbox.status == "pending")
                .values(claimed_until=now + CLAIM)
                .execution_options(synchronize_session=False)
            )


def release(session: Session, by: str, ids: Sequence[int]) -> None:
    """Give back rows claimed and not delivered: due again at once (or at their retry)."""
    if ids:
        session.execute(
            update(Outbox)
            .where(Outbox.id.in_(list(ids)))
            .where(Outbox.claimed_by == by)
            .values(claimed_until=None, claimed_by="")
            .execution_options(synchronize_session=False)
        )


def mark_sent(session: Session, now: datetime, ids: Sequence[int]) -> int:
    """Delivered: sent, and the claim let go. Whoever delivered it marks it."""
    if not ids:
        return 0
    return session.execute(
        update(Outbox)
        .where(Outbox.id.in_(list(ids)))
        .where(Outbox.status == "pending")
        .values(
            status="sent",
            sent_at=now,
            attempts=Outbox.attempts + 1,
            claimed_until=None,
            claimed_by="",
        )
        .execution_options(synchronize_session=False)
    ).rowcount
