"""Answering one inbound mail, in one transaction: read it, screen it, parse it, carry
out its commands, write the answers to the outbox, and mark it done.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

import parser as p

from ..config import Settings
from ..mailin.message import IncomingMail, read_mail
from ..mailin.screening import refusal
from ..store.models import Inbound, Outbox
from .conversation import Conversation
from .dispatch import carry_out

log = logging.getLogger("judge.mail")


def answer(session: Session, inbound: Inbound, settings: Settings, now: datetime) -> str:
    """Carry out one inbound mail; returns what was done (also kept on the row)."""
    mail = read_mail(inbound.raw)
    inbound.sender = (mail.reply_to or "").lower()[:320]
    why_not = refusal(mail, _return_path(inbound, mail), settings.address)
    if why_not:
        log.info("inbound %s from %r not answered: %s", inbound.id, mail.reply_to, why_not)
        return _done(inbound, now, f"not answered: {why_not}")
    if mail.message_id:
        key = hashlib.sha256(f"{inbound.sender}\n{mail.message_id}".encode()).hexdigest()
        first = session.execute(
            select(Inbound.id).where(Inbound.message_key == key).where(Inbound.id != inbound.id)
        ).scalar_one_or_none()
        if first is not None:
            log.info("inbound %s is inbound %s again (same Message-ID)", inbound.id, first)
            return _done(inbound, now, f"not answered: the same mail as inbound {first}")
        inbound.message_key = key
    if inbound.hold_until is None and _over_rate(session, inbound, settings):
        return _hold(session, inbound, settings, now, mail)
    ctx = Conversation(session, settings, now, mail, inbound.id)
    parsed = p.parse_mail(mail.body, now)
    replied_to = [c for c in parsed.commands if isinstance(c, p.ReplyTo)]
    if replied_to:
        ctx.reply_to = replied_to[-1].address
    if mail.notes:
        log.info("inbound %s: %s", inbound.id, "; ".join(mail.notes))
    for command in parsed.commands:
        if isinstance(command, p.ReplyTo):
            continue
        carry_out(ctx, command)
    for error in parsed.errors:
        ctx.fail(f"Line {error.line}: {error.text}\n  {error.reason}")
    ctx.write_outbox()
    return _done(inbound, now, f"answered {len(parsed.commands)} commands")


def _return_path(inbound: Inbound, mail: IncomingMail) -> str:
    """The envelope sender: given by SMTP, LMTP and Postfix's pipe; for a pipe that did not
    say, the Return-Path header the delivery agent wrote, else the From address."""
    if inbound.via != "pipe" or inbound.envelope_from:
        return inbound.envelope_from
    if mail.return_path is not None:
        return mail.return_path
    return mail.from_address or mail.reply_to


def _done(inbound: Inbound, now: datetime, outcome: str) -> str:
    inbound.status = "done"
    inbound.done_at = now
    inbound.outcome = outcome[:1000]
    return outcome


def _over_rate(session: Session, inbound: Inbound, settings: Settings) -> bool:
    since = inbound.received_at - timedelta(seconds=settings.rate_window)
    count = session.execute(
        select(func.count())
        .select_from(Inbound)
        .where(Inbound.sender == inbound.sender)
        .where(Inbound.received_at > since)
        .where(Inbound.id <= inbound.id)
    ).scalar_one()
    return count > settings.rate_limit


def _hold(
    session: Session, inbound: Inbound, settings: Settings, now: datetime, mail: IncomingMail
) -> str:
    """Over the rate: the first such mail is told, the rest are held quietly; all are read
    once the window has passed."""
    inbound.status = "held"
    inbound.hold_until = now + timedelta(seconds=settings.rate_window)
    inbound.outcome = "held: over the rate limit"
    told = session.execute(
        select(func.count())
        .select_from(Inbound)
        .where(Inbound.sender == inbound.sender)
        .where(Inbound.status == "held")
        .where(Inbound.id < inbound.id)
        .where(Inbound.hold_until > now)
    ).scalar_one()
    log.warning(
        "inbound %s from %s held: over %s mails", inbound.id, inbound.sender, settings.rate_limit
    )
    if told:
        return "held"
    ctx = Conversation(session, settings, now, mail, inbound.id)
    minutes = settings.rate_window // 60
    ctx.say(
        f"You have sent more than {settings.rate_limit} mails to this judge in {minutes} "
        f"minutes.  This mail and any more you send will be read after "
        f"{inbound.hold_until:%a %b %d %Y %H:%M} UTC."
    )
    ctx.write_outbox()
    return "held, told"


def release_held(session: Session, now: datetime) -> int:
    """Held mail whose time has come goes back in the queue (the scheduler's tick)."""
    rows = (
        session.execute(
            select(Inbound).where(Inbound.status == "held").where(Inbound.hold_until <= now)
        )
        .scalars()
        .all()
    )
    for row in rows:
        row.status = "pending"
    return len(rows)


def outbox_pending(session: Session) -> int:
    return session.execute(
        select(func.count()).select_from(Outbox).where(Outbox.status == "pending")
    ).scalar_one()
