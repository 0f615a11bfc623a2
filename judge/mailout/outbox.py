"""Outbox rows: the one way any part of the judge asks for a mail to be sent.

A row is written in the caller's transaction, so it is committed (or not) together with
the change that made it necessary. `outbox_row` makes the row's values; the worker that
answers a batch of mails inserts all of the batch's rows in one statement.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session

from ..config import Settings
from ..store.models import Outbox

OutboxRow = dict[str, Any]


def outbox_row(
    settings: Settings,
    now: datetime,
    to: str,
    subject: str,
    body: str,
    *,
    inbound_id: int | None = None,
    game_id: int | None = None,
    in_reply_to: str = "",
    references: str = "",
) -> OutboxRow:
    return {
        "created_at": now,
        "status": "pending",
        "inbound_id": inbound_id,
        "game_id": game_id,
        "to_address": to,
        "subject": subject,
        "body": body,
        "message_id": f"<{uuid.uuid4().hex}@{settings.domain}>",
        "in_reply_to": in_reply_to,
        "refs": references,
        # RFC 3834: an answer to a person's mail, or a mail of the judge's own accord.
        "headers": {"Auto-Submitted": "auto-replied" if in_reply_to else "auto-generated"},
        "attempts": 0,
        "next_attempt_at": now,
        "sent_at": None,
        "last_error": "",
    }


def insert_outbox(session: Session, rows: Sequence[OutboxRow]) -> None:
    if rows:
        session.execute(insert(Outbox.__table__), list(rows))


def queue_mail(
    session: Session,
    settings: Settings,
    now: datetime,
    to: str,
    subject: str,
    body: str,
    **where: Any,
) -> None:
    """One mail, now, in the session's transaction."""
    insert_outbox(session, [outbox_row(settings, now, to, subject, body, **where)])
