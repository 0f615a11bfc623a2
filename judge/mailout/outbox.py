"""Outbox rows: the one way any part of the judge asks for a mail to be sent.

A row is written in the caller's transaction, so it is committed (or not) together with
the change that made it necessary. `outbox_row` makes the row's values; the worker that
answers a batch of mails inserts all of the batch's rows in one statement.
"""

from __future__ import annotations

import base64
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session

from ..config import Settings
from ..store.fields import HEADER_LIMIT, bounded_address, clean_references, clean_text
from ..store.models import Outbox

log = logging.getLogger("judge.outbox")

OutboxRow = dict[str, Any]


@dataclass(frozen=True)
class Attachment:
    """A file a mail carries after its text: the board's pictures. `inline`: shown in the
    mail where the reader's program shows pictures (Content-Disposition: inline)."""

    name: str
    content_type: str
    data: bytes
    inline: bool = False

    def stored(self) -> dict[str, Any]:
        """As the outbox row keeps it (a JSON column)."""
        return {
            "name": self.name,
            "type": self.content_type,
            "inline": self.inline,
            "data": base64.b64encode(self.data).decode("ascii"),
        }

    @classmethod
    def from_stored(cls, value: dict[str, Any]) -> Attachment:
        return cls(value["name"], value["type"], base64.b64decode(value["data"]), value["inline"])


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
    attachments: Sequence[Attachment] = (),
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
        "attachments": [a.stored() for a in attachments],
        "attempts": 0,
        "next_attempt_at": now,
        "sent_at": None,
        "last_error": "",
    }


def insert_outbox(session: Session, rows: Sequence[OutboxRow]) -> None:
    """Write outbox rows, each cleaned for its columns (`fit`): a hostile Subject or
    Message-ID echoed into an answer must not fail the transaction it is written in."""
    fitting = [row for row in map(fit, rows) if row is not None]
    if fitting:
        session.execute(insert(Outbox.__table__), fitting)


def fit(row: OutboxRow) -> OutboxRow | None:
    """The row with NUL-free text within its columns' lengths; None (and logged) when its
    address can receive no mail at all."""
    to = bounded_address(row["to_address"])
    if to is None:
        log.warning(
            "not sent to an impossible address %r: %r", row["to_address"][:80], row["subject"][:80]
        )
        return None
    return {
        **row,
        "to_address": to,
        "subject": clean_text(row["subject"], HEADER_LIMIT),
        "body": clean_text(row["body"]),
        "in_reply_to": clean_text(row["in_reply_to"], HEADER_LIMIT),
        "refs": clean_references(row["refs"]),
        "headers": {k: clean_text(str(v), HEADER_LIMIT) for k, v in row["headers"].items()},
    }


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
