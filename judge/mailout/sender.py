"""The sender: outbox rows to a Maildir or an SMTP relay, each marked sent only once
delivered, with retries and backoff for a relay that fails.

Delivery to a Maildir is exactly once: the file is named after the outbox row, so a row
delivered just before a crash is found there after the restart and not written again. A
relay cannot be asked whether it already has a mail, so after a crash between its "250" and
our commit a mail may go twice; it keeps its Message-ID, by which a mail client drops the
copy.
"""

from __future__ import annotations

import email
import hashlib
import logging
import os
import smtplib
from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from ..config import Settings, host_port
from ..store.db import Store
from ..store.models import Outbox
from .compose import compose
from .outbox import queue_mail

log = logging.getLogger("judge.sender")

MAX_ATTEMPTS = 40  # with the backoff below, about a day and a half of trying


class Maildir:
    """Delivers into a Maildir (new/), named after the outbox row."""

    def __init__(self, path: Path) -> None:
        self.path = path
        for sub in ("tmp", "new", "cur"):
            (path / sub).mkdir(parents=True, exist_ok=True)

    def stem(self, row: Outbox) -> str:
        # The row id and its Message-ID: ids may be handed out again after a restore from
        # a backup, Message-IDs never are.
        tag = hashlib.sha1(row.message_id.encode()).hexdigest()[:10]
        return f"judge-{row.id:012d}-{tag}"

    def has(self, row: Outbox) -> bool:
        stem = self.stem(row)
        if (self.path / "new" / stem).exists():
            return True
        return any((self.path / "cur").glob(stem + "*"))

    def names(self) -> list[str]:
        return [f"{sub}/{p.name}" for sub in ("new", "cur") for p in (self.path / sub).iterdir()]

    def since(self, seen: set[str]) -> list[tuple[str, EmailMessage]]:
        """The mails delivered whose names are not in `seen`, oldest first."""
        out = []
        for name in sorted(set(self.names()) - seen):
            try:
                data = (self.path / name).read_bytes()
            except FileNotFoundError:  # moved from new/ to cur/ by a reader meanwhile
                continue
            message = email.message_from_bytes(data, policy=policy.default)
            assert isinstance(message, EmailMessage)
            out.append((name, message))
        return out

    def deliver(self, row: Outbox, data: bytes) -> None:
        if self.has(row):
            return
        stem = self.stem(row)
        tmp = self.path / "tmp" / f"{stem}.{os.getpid()}"
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path / "new" / stem)


class Relay:
    """Delivers to an SMTP relay (`smtp://host:port`)."""

    def __init__(self, host: str, port: int, sender: str = "", timeout: float = 60) -> None:
        self.host, self.port, self.sender, self.timeout = host, port, sender, timeout

    def deliver(self, row: Outbox, data: bytes) -> None:
        # SMTP wants CRLF line ends; bounces come back to the judge's address (and are
        # recognised as bounces there, not answered).
        data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as smtp:
            smtp.sendmail(self.sender, [row.to_address], data)


def transport(settings: Settings) -> Maildir | Relay:
    target = settings.outbound_target
    if target.startswith("maildir:"):
        return Maildir(Path(target[len("maildir:") :]))
    if target.startswith("smtp://"):
        host, port = host_port(target[len("smtp://") :].rstrip("/"), 25)
        return Relay(host, port, settings.address)
    raise ValueError(f"outbound must be maildir:PATH or smtp://host:port, not {target!r}")


def backoff(attempts: int) -> timedelta:
    """30 s, 1 min, 2 min, ... up to an hour between tries."""
    return timedelta(seconds=min(30 * 2 ** max(attempts - 1, 0), 3600))


def has_due(store: Store, now: datetime) -> bool:
    """Whether any outbox row is due; a look that never blocks a writer."""
    with store.transaction(readonly=True) as session:
        return session.execute(_due(now).with_only_columns(Outbox.id)).first() is not None


def _due(now: datetime) -> Select[tuple[Outbox]]:
    return (
        select(Outbox)
        .where(Outbox.status == "pending")
        .where(Outbox.next_attempt_at <= now)
        .order_by(Outbox.id)
        .limit(1)
    )


def send_pending(
    store: Store, settings: Settings, now: datetime, sink: Maildir | Relay, limit: int = 100
) -> int:
    """Deliver up to `limit` due outbox rows; how many were sent.

    On PostgreSQL a row is claimed with SKIP LOCKED and its lock held while it is delivered,
    so that several senders share the outbox. SQLite has one writer for the whole database,
    and one sender: the row is read, delivered with no transaction open, and then marked,
    so that a slow relay never keeps incoming mail from being stored.
    """
    sent = 0
    for _ in range(limit):
        outcome = (_send_unlocked if store.is_sqlite else _send_locked)(store, settings, now, sink)
        if outcome is None:
            break
        sent += outcome
    return sent


def _send_locked(
    store: Store, settings: Settings, now: datetime, sink: Maildir | Relay
) -> int | None:
    with store.transaction() as session:
        row = session.execute(_due(now).with_for_update(skip_locked=True)).scalar_one_or_none()
        if row is None:
            return None
        return _record(session, settings, now, row, _deliver(sink, row, settings))


def _send_unlocked(
    store: Store, settings: Settings, now: datetime, sink: Maildir | Relay
) -> int | None:
    with store.transaction(readonly=True) as session:
        row = session.execute(_due(now)).scalar_one_or_none()
    if row is None:
        return None
    error = _deliver(sink, row, settings)
    with store.transaction() as session:
        fresh = session.get(Outbox, row.id)
        if fresh is None or fresh.status != "pending":
            return 0
        return _record(session, settings, now, fresh, error)


def _deliver(sink: Maildir | Relay, row: Outbox, settings: Settings) -> Exception | None:
    try:
        sink.deliver(row, compose(row, settings))
    except (OSError, smtplib.SMTPException) as exc:
        return exc
    return None


def _permanent(error: Exception) -> bool:
    """A 5xx from the relay: trying again will not help."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in error.recipients.values()]
        return bool(codes) and all(code >= 500 for code in codes)
    return isinstance(error, smtplib.SMTPResponseException) and error.smtp_code >= 500


def _record(
    session: Session, settings: Settings, now: datetime, row: Outbox, error: Exception | None
) -> int:
    row.attempts += 1
    if error is None:
        row.status = "sent"
        row.sent_at = now
        return 1
    row.last_error = f"{type(error).__name__}: {error}"[:1000]
    if row.attempts < MAX_ATTEMPTS and not _permanent(error):
        row.next_attempt_at = now + backoff(row.attempts)
        log.warning("outbox %s to %s: %s; trying again", row.id, row.to_address, error)
        return 0
    row.status = "failed"
    log.error("outbox %s to %s given up: %s", row.id, row.to_address, error)
    if row.to_address.lower() != settings.keeper.lower():
        queue_mail(
            session,
            settings,
            now,
            settings.keeper,
            f"{settings.code}: mail to {row.to_address} given up",
            f"The judge could not deliver outbox mail {row.id} to {row.to_address}\n"
            f"(subject: {row.subject}) after {row.attempts} attempts.\n\n"
            f"Last error: {row.last_error}\n",
        )
    return 0
