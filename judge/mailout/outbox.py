"""Outbox rows: the one way any part of the judge asks for a mail to be sent.

A row is written in the caller's transaction, so it is committed (or not) together with
the change that made it necessary. `outbox_row` makes the row's values; the worker that
answers a batch of mails inserts all of the batch's rows in one statement.

The files a mail carries (the board's pictures) are kept once each, by the SHA-256 of
their bytes (`mail_files`), and each mail says which it carries (`outbox_files`): the
results of a phase go to every player with the same pictures, stored once.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from ..config import Settings
from ..store.fields import HEADER_LIMIT, bounded_address, clean_references, clean_text
from ..store.models import MailFile, Outbox, OutboxFile

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

    @cached_property
    def sha256(self) -> str:
        """What the file is kept by (`mail_files`)."""
        return hashlib.sha256(self.data).hexdigest()


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
    stream: str = "",
) -> OutboxRow:
    """`stream`: the kind of mail the reader may stop (unsubscribe.py), for which the
    mail carries List-Unsubscribe; "" for mail he must get."""
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
        "attachments": tuple(attachments),  # not a column: insert_outbox keeps them
        "stream": stream,  # not a column: unsubscribe.mark makes it List-Unsubscribe
        "attempts": 0,
        "next_attempt_at": now,
        "sent_at": None,
        "last_error": "",
    }


def insert_outbox(session: Session, rows: Sequence[OutboxRow]) -> None:
    """Write outbox rows, each cleaned for its columns (`fit`): a hostile Subject or
    Message-ID echoed into an answer must not fail the transaction it is written in. The
    files they carry are kept once each, however many rows carry them."""
    fitting = [row for row in map(fit, rows) if row is not None]
    if not fitting:
        return
    for row in fitting:
        row.pop("stream", None)  # made List-Unsubscribe by unsubscribe.mark, or none
    carried = [tuple(row.pop("attachments", ()) or ()) for row in fitting]
    table = Outbox.__table__
    if not any(carried):
        session.execute(insert(table), fitting)
        return
    ids = (
        session.execute(insert(table).returning(table.c.id, sort_by_parameter_order=True), fitting)
        .scalars()
        .all()
    )
    keep_files(session, fitting[0]["created_at"], (a for files in carried for a in files))
    session.execute(
        insert(OutboxFile.__table__),
        [
            {"outbox_id": row_id, "position": k, "sha256": a.sha256, "name": a.name,
             "content_type": a.content_type, "inline": a.inline}
            for row_id, files in zip(ids, carried, strict=True)
            for k, a in enumerate(files)
        ],
    )  # fmt: skip


def keep_files(session: Session, now: datetime, files: Iterable[Attachment]) -> None:
    """Each file's bytes in `mail_files`, unless they are there already (kept by another
    mail, or by another transaction at the same moment)."""
    distinct = {a.sha256: a.data for a in files}
    if not distinct:
        return
    # Here, not at the top: the dialects' modules cost every judge command's start.
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql as dialect
    else:
        from sqlalchemy.dialects import sqlite as dialect
    values = [{"sha256": k, "data": v, "created_at": now} for k, v in distinct.items()]
    session.execute(
        dialect.insert(MailFile.__table__).on_conflict_do_nothing(index_elements=["sha256"]),
        values,
    )


def attachments_of(session: Session, ids: Sequence[int]) -> dict[int, tuple[Attachment, ...]]:
    """The files each of the outbox rows `ids` carries, in their order (each file's bytes
    read once however many of the rows carry it)."""
    if not ids:
        return {}
    links = list(
        session.execute(
            select(OutboxFile)
            .where(OutboxFile.outbox_id.in_(list(ids)))
            .order_by(OutboxFile.outbox_id, OutboxFile.position)
        ).scalars()
    )
    if not links:
        return {}
    wanted = {link.sha256 for link in links}
    found = select(MailFile.sha256, MailFile.data).where(MailFile.sha256.in_(wanted))
    data: Mapping[str, bytes] = {digest: bytes(blob) for digest, blob in session.execute(found)}
    out: dict[int, list[Attachment]] = {}
    for link in links:
        out.setdefault(link.outbox_id, []).append(
            Attachment(link.name, link.content_type, data[link.sha256], link.inline)
        )
    return {row_id: tuple(files) for row_id, files in out.items()}


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
