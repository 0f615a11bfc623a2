"""The sender: outbox rows to a Maildir or an SMTP relay, each marked sent only once
delivered, with retries and backoff for a relay that fails.

Exactly one sender owns a row at a time (claims.py). Delivery to a Maildir is exactly
once: the file is named after the outbox row, so a row delivered just before a crash is
found there after the restart and not written again. A relay cannot be asked whether it
already has a mail, so each delivery is recorded the moment the relay took it: only a
sender killed between the relay's "250" and that commit sends the one mail again, once its
claim expires; it keeps its Message-ID, by which a mail client drops the copy.
"""

from __future__ import annotations

import email
import hashlib
import logging
import os
import smtplib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from .. import outbound
from ..config import Settings
from ..shutdown import never
from ..store.db import Store
from ..store.models import Outbox
from . import claims, undeliverable, verp
from .compose import compose
from .outbox import Attachment, attachments_of, queue_mail
from .relay import Relay, RelayUnusable, Resting, backoff, relay_for
from .signing import Signer, signer_for

__all__ = ["MAX_ATTEMPTS", "Maildir", "Relay", "backoff", "has_due", "send_pending", "transport"]

log = logging.getLogger("judge.sender")

MAX_ATTEMPTS = 40  # with the backoff below, about a day and a half of trying


class Maildir(Resting):
    """Delivers into a Maildir (new/), named after the outbox row."""

    exactly_once = True  # a mail already here is not written again

    def __init__(self, path: Path) -> None:
        self.path = path
        for sub in ("tmp", "new", "cur"):
            (path / sub).mkdir(parents=True, exist_ok=True)
        self._read: set[str] | None = None

    def stem(self, row: Outbox) -> str:
        # The row id and its Message-ID: ids may be handed out again after a restore from
        # a backup, Message-IDs never are.
        tag = hashlib.sha1(row.message_id.encode()).hexdigest()[:10]
        return f"judge-{row.id:012d}-{tag}"

    def has(self, row: Outbox) -> bool:
        """Whether the row's mail is here already: in new/, or read and moved to cur/
        (where a mail client adds ":2,flags" to the name)."""
        stem = self.stem(row)
        if os.path.exists(os.path.join(self.path, "new", stem)):
            return True
        return stem in (self._read if self._read is not None else self._read_stems())

    def _read_stems(self) -> set[str]:
        return {name.split(":", 1)[0] for name in os.listdir(self.path / "cur")}

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

    @contextmanager
    def session(self) -> Iterator[None]:
        """A batch: cur/ listed once; at the end the new names are made durable, before
        any row of the batch is marked sent."""
        self._read = self._read_stems()
        try:
            yield
        finally:
            self._read = None
            directory = os.open(self.path / "new", os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)

    def reset(self) -> None:
        pass

    def deliver(self, row: Outbox, data: bytes, envelope_from: str = "") -> None:
        """The envelope sender goes where a delivery agent puts it: a Return-Path line
        before the mail (outside its DKIM signature, as at any final delivery)."""
        if self.has(row):
            return
        stem = self.stem(row)
        tmp = self.path / "tmp" / f"{stem}.{os.getpid()}"
        with open(tmp, "wb") as f:
            if envelope_from:
                f.write(f"Return-Path: <{envelope_from}>\n".encode())
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path / "new" / stem)


def transport(settings: Settings) -> Maildir | Relay:
    """Where `outbound` says mail goes (its form checked when the settings were loaded)."""
    target = outbound.read(settings.outbound_target)
    return Maildir(target) if isinstance(target, Path) else relay_for(settings, target)


def has_due(store: Store, now: datetime) -> bool:
    """Whether any outbox row is due and unclaimed; a look that never blocks a writer."""
    return claims.any_due(store, now)


BATCH = 50  # rows claimed at a time


def send_pending(
    store: Store,
    settings: Settings,
    now: datetime,
    sink: Maildir | Relay,
    limit: int = 1000,
    stopping: Callable[[], bool] = never,
) -> int:
    """Deliver up to `limit` due outbox rows, a batch at a time; how many were sent.

    Each batch is claimed first (claims.py), in a short committed transaction, so that
    exactly one sender owns a reply, however many senders run (threads, `judge tick`,
    `judge process`, nodes), on SQLite and PostgreSQL alike. The batch is delivered with
    no transaction open, so that a slow relay never keeps incoming mail from being stored.
    Through a relay each delivery is recorded as soon as the relay took it, so that a
    sender killed mid-batch leaves at most the mail in flight to be sent again; a Maildir
    batch is recorded at its end, since a mail already in the Maildir is not written
    twice. Once `stopping` says so, the delivery in hand is the last: the rest of the
    batch is let go at once, for the next sender. A relay (or disk) that failed is left
    alone until its rest is over (Resting).
    """
    if sink.resting(now):
        return 0
    signer = signer_for(settings)  # read once per process; a bad key fails here, not mid-batch
    by = claims.owner()
    sent = 0
    while sent < limit and not stopping():
        size = min(BATCH, limit - sent)
        batch = _send_batch(store, settings, now, sink, size, by, signer, stopping)
        if batch is None:
            break
        count, reached, claimed = batch
        sent += count
        if not reached:  # the relay or the disk failed: it rests, and the mail waits
            sink.rest(now, settings.retry_seconds)
            break
        sink.woke()
        if claimed < size and count == claimed:
            break  # all that was due went, and none failed (a failure may tell the keeper)
    return sent


def _send_batch(
    store: Store,
    settings: Settings,
    now: datetime,
    sink: Maildir | Relay,
    size: int,
    by: str,
    signer: Signer | None,
    stopping: Callable[[], bool],
) -> tuple[int, bool, int] | None:
    """Claim and deliver one batch: how many were sent, whether the relay or disk was
    reached, how many were claimed; None when none was due."""
    # The claim, and the files of the rows claimed, in one transaction (committed here);
    # the rows to addresses marked undeliverable are withheld in it, not sent.
    with store.transaction(deferred=True) as session:
        claimed = claims.claim(session, now, by, size)
        rows = undeliverable.withhold(session, claimed)
        files = attachments_of(session, [row.id for row in rows])
        key = verp.secret_of(session) if rows else b""
    if not claimed:
        return None
    if not rows:
        return 0, True, len(claimed)
    started = time.monotonic()
    renewed = started

    def clock() -> datetime:
        return now + timedelta(seconds=time.monotonic() - started)

    store.make_durable()  # the answers these rows carry, and the claim, on disk first
    tried = 0
    sent = 0
    reached = True
    results: list[tuple[Outbox, Exception | None]] = []
    try:
        with sink.session():
            for row in rows:
                if stopping():
                    break
                if time.monotonic() - renewed > claims.CLAIM.total_seconds() / 2:
                    claims.renew(store, clock(), by, [r.id for r in rows[tried:]])
                    renewed = time.monotonic()
                tried += 1
                error = _deliver(sink, row, settings, files.get(row.id, ()), signer, key)
                results.append((row, error))
                if error is not None and not _refused(error):
                    reached = False
                if not sink.exactly_once:
                    sent += _record_all(store, settings, now, results)
                    results = []
                if not reached:
                    break
        # A Maildir's batch is durable (new/ synced) only now, when its session ends.
        sent += _record_all(store, settings, now, results)
    finally:
        if tried < len(rows):  # not tried: free for the next round at once
            with store.transaction(deferred=True) as session:
                claims.release(session, by, [r.id for r in rows[tried:]])
    return sent, reached, len(claimed)


def _deliver(
    sink: Maildir | Relay,
    row: Outbox,
    settings: Settings,
    files: tuple[Attachment, ...],
    signer: Signer | None,
    key: bytes,
) -> Exception | None:
    """`key`: the VERP secret, which makes the row's own envelope sender (verp.py)."""
    data = compose(row, settings, files)
    if signer is not None:  # at each delivery: see signing.py
        data = signer.sign(data)
    try:
        sink.deliver(row, data, verp.bounce_address(settings, key, row.id))
    except (smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused) as exc:
        # This mail refused; the relay takes the others.
        sink.reset()
        return exc
    except (OSError, smtplib.SMTPException) as exc:
        return exc
    return None


def _refused(error: Exception) -> bool:
    """The relay answered and refused this one mail (not: could not be reached)."""
    return isinstance(error, smtplib.SMTPResponseException | smtplib.SMTPRecipientsRefused)


def _record_all(
    store: Store,
    settings: Settings,
    now: datetime,
    results: list[tuple[Outbox, Exception | None]],
) -> int:
    """Mark what was delivered as sent (one statement), and record each failure, which
    lets go of its claim: the row waits for its retry time, or is given up."""
    if not results:
        return 0
    with store.transaction(deferred=True) as session:
        sent = claims.mark_sent(session, now, [row.id for row, error in results if error is None])
        for row, error in results:
            if error is not None:
                fresh = session.get(Outbox, row.id)
                if fresh is not None and fresh.status == "pending":
                    fresh.claimed_until, fresh.claimed_by = None, ""
                    _record_failure(session, settings, now, fresh, error)
    return sent


def _permanent(error: Exception) -> bool:
    """A 5xx from the relay: trying again will not help."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in error.recipients.values()]
        return bool(codes) and all(code >= 500 for code in codes)
    return isinstance(error, smtplib.SMTPResponseException) and error.smtp_code >= 500


def _record_failure(
    session: Session, settings: Settings, now: datetime, row: Outbox, error: Exception
) -> None:
    row.attempts += 1
    row.last_error = f"{type(error).__name__}: {error}"[:1000]
    if isinstance(error, RelayUnusable):
        _tell_keeper_once(session, settings, now, error)
    if row.attempts < MAX_ATTEMPTS and not _permanent(error):
        row.next_attempt_at = now + backoff(row.attempts, settings.retry_seconds)
        log.warning("outbox %s to %s: %s; trying again", row.id, row.to_address, error)
        return
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


def _tell_keeper_once(
    session: Session, settings: Settings, now: datetime, error: RelayUnusable
) -> None:
    """A notice to the judgekeeper that the relay cannot be used, unless one waits
    already: it goes out behind the mail it explains, once the relay takes mail again, and
    the log says it now. So the keeper hears once an outage, not once a try."""
    subject = f"{settings.code}: mail held: the relay cannot be used"
    waiting = session.execute(
        select(Outbox.id)
        .where(Outbox.to_address == settings.keeper, Outbox.subject == subject)
        .where(Outbox.status == "pending")
        .limit(1)
    ).first()
    if waiting is not None:
        return
    shown = outbound.shown(settings.outbound_target)
    log.error("%s: %s; mail waits; the judgekeeper is told (%s)", shown, error, error.fix)
    queue_mail(
        session,
        settings,
        now,
        settings.keeper,
        subject,
        f"Since {now:%Y-%m-%d %H:%M} UTC the judge cannot hand its mail to the relay\n"
        f"{shown}: {error}.\n\nWhat to do: {error.fix}.\n\n"
        "The mail waits in the outbox and is tried again, one mail at a time, at growing\n"
        "intervals (at most an hour apart); a mail not taken after 40 tries (about a day and\n"
        "a half) is given up. This notice leaves when the relay takes mail again; the log\n"
        "said it at once, and `judge doctor` checks the relay's certificate and login.\n",
    )
