"""Answering one inbound mail, in one transaction: read it, screen it, parse it, carry
out its commands, write the answers to the outbox, and mark it done.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

import parser as p

from ..config import Settings
from ..mailin.budget import READ_SECONDS
from ..mailin.message import IncomingMail, read_mail
from ..mailin.screening import refusal
from ..mailout import reply_cap
from ..mailout.outbox import OutboxRow
from ..store import queries as q
from ..store.models import Inbound, Outbox
from .conversation import Conversation
from .dispatch import carry_out
from .play import vocabulary_for
from .reply_addresses import direct

log = logging.getLogger("judge.mail")


@dataclass(frozen=True)
class Arrived:
    """An inbound mail as the engine reads it (a row of the inbound table)."""

    id: int
    raw: bytes
    received_at: datetime
    envelope_from: str
    via: str
    hold_until: datetime | None = None


@dataclass(frozen=True)
class Outcome:
    """What became of a mail, for its inbound row."""

    status: str  # done, held
    outcome: str  # for the log and the judgekeeper
    sender: str = ""
    message_key: str | None = None
    hold_until: datetime | None = None
    secrets: tuple[str, ...] = ()  # the passwords the mail gave, to mask in its stored copy


@dataclass
class Batch:
    """The mails answered in one transaction: the outbox rows they want written, and what
    the worker must know of other mail to answer them: which Message-IDs were answered
    already, and how many mails each sender sent in the rate window. Both are looked up
    once for the whole batch (`look_up`), then kept up to date as its mails are answered,
    since their own rows are written together at the end."""

    outbox: list[OutboxRow] = field(default_factory=list)
    keys: dict[str, int] = field(default_factory=dict)
    senders: Counter[str] = field(default_factory=Counter)
    told: set[str] = field(default_factory=set)  # senders told they are held

    def look_up(
        self, session: Session, arrived: list[tuple[Arrived, IncomingMail]], window: int
    ) -> None:
        keys = [_key(mail) for _, mail in arrived]
        senders = {_sender(mail) for _, mail in arrived}
        if not arrived:
            return
        connection = session.connection()
        wanted = [k for k in keys if k]
        if wanted:
            for row_id, key in connection.execute(q.ANSWERED_KEYS, {"keys": wanted}):
                self.keys.setdefault(key, row_id)
        first = min(a.id for a, _ in arrived)
        since = min(a.received_at for a, _ in arrived) - timedelta(seconds=window)
        counts = connection.execute(
            q.MAILS_FROM_SENDERS, {"senders": sorted(senders), "since": since, "first": first}
        )
        for sender, count in counts:
            self.senders[sender] += count


# After the lines the judge could not read: where the way to write them is told.
HOW_TO_WRITE = (
    "The lines above were not carried out; the rest of the mail was.  Send 'HELP' for the\n"
    "commands, 'GET syntax' for how to write orders, 'GET index' for every command."
)


def _sender(mail: IncomingMail) -> str:
    return (mail.reply_to or "").lower()[:320]


def _key(mail: IncomingMail) -> str | None:
    """A mail's sender and Message-ID, hashed: the same mail sent twice has the same key."""
    if not mail.message_id:
        return None
    return hashlib.sha256(f"{_sender(mail)}\n{mail.message_id}".encode()).hexdigest()


@dataclass(frozen=True)
class Prepared:
    """A mail read, and its commands parsed: the part of answering that a worker does
    before it takes SQLite's one write lock."""

    mail: IncomingMail
    parsed: p.ParsedMail | None  # None: it names a game and no store was asked
    day: object  # the date it was parsed on (dates in commands are read against it)
    # The games' vocabularies the parse read its orders with: if a game has changed by the
    # time the mail is answered (its phase processed meanwhile), the mail is parsed again.
    looked_up: tuple[tuple[p.Command, p.Vocabulary | None], ...] = ()

    def parsed_for(self, session: Session, now: datetime) -> p.ParsedMail | None:
        """The parse, if it still holds now; else None (parse again)."""
        if self.parsed is None or self.day != now.date():
            return None
        look_up = vocabulary_for(session)
        if any(look_up(command) != found for command, found in self.looked_up):
            return None
        return self.parsed


def prepare(
    raw: bytes,
    now: datetime,
    vocabulary: Callable[[p.Command], p.Vocabulary | None] | None = None,
    deadline: float | None = None,
) -> Prepared:
    """Read a mail and parse it; with no `vocabulary` (no store to ask), a mail that names
    a game is left unparsed. `deadline`: see parser.parse_mail."""
    mail = read_mail(raw)
    asked: list[p.Command] = []
    looked_up: list[tuple[p.Command, p.Vocabulary | None]] = []

    def look_up(command: p.Command) -> p.Vocabulary | None:
        if vocabulary is None:
            asked.append(command)
            return None
        found = vocabulary(command)
        looked_up.append((command, found))
        return found

    parsed = p.parse_mail(mail.body, now, look_up, deadline)
    return Prepared(mail, None if asked else parsed, now.date(), tuple(looked_up))


def answer(
    session: Session,
    arrived: Arrived,
    settings: Settings,
    now: datetime,
    batch: Batch | None = None,
    mail: IncomingMail | None = None,
    parsed: p.ParsedMail | None = None,
) -> Outcome:
    """Carry out one inbound mail; what became of it. `mail` and `parsed`, when given,
    are what `prepare` made of it."""
    mail = read_mail(arrived.raw) if mail is None else mail
    if batch is None:
        batch = Batch()
        batch.look_up(session, [(arrived, mail)], settings.rate_window)
    sender = _sender(mail)
    why_not = refusal(mail, _return_path(arrived, mail), settings.address)
    if why_not:
        log.info("inbound %s from %r not answered: %s", arrived.id, mail.reply_to, why_not)
        return Outcome("done", f"not answered: {why_not}", sender)
    replies = reply_cap.replies_today(session, mail.reply_to, now, batch.outbox)
    if replies >= settings.replies_per_day:
        log.warning("inbound %s from %r not answered: reply cap", arrived.id, mail.reply_to)
        cap = settings.replies_per_day
        return Outcome("done", f"not answered: {cap} replies to it in 24 hours", sender)
    key = _key(mail)
    if key is not None:
        first = batch.keys.get(key)
        if first is not None and first != arrived.id:
            log.info("inbound %s is inbound %s again (same Message-ID)", arrived.id, first)
            return Outcome("done", f"not answered: the same mail as inbound {first}", sender)
        batch.keys[key] = arrived.id
    batch.senders[sender] += 1
    if arrived.hold_until is None and batch.senders[sender] > settings.rate_limit:
        return _hold(session, arrived, sender, key, settings, now, mail, batch)
    ctx = Conversation(session, settings, now, mail, arrived.id, outbox=batch.outbox)
    if parsed is None:
        deadline = time.monotonic() + READ_SECONDS
        parsed = p.parse_mail(mail.body, now, vocabulary_for(session), deadline)
    secrets = _secrets(parsed)
    if mail.unread:
        ctx.say(
            "Part of your mail was not read:\n" + "\n".join(f"  {line}" for line in mail.unread)
        )
    if parsed.ended == "time":
        return _too_long(ctx, arrived, sender, key, secrets)
    replied_to = [c.address for c in parsed.commands if isinstance(c, p.ReplyTo)]
    direct(ctx, replied_to[-1] if replied_to else None)  # screened; never who wrote
    if mail.notes:
        log.info("inbound %s: %s", arrived.id, "; ".join(mail.notes))
    for command in parsed.commands:
        if isinstance(command, p.ReplyTo):
            continue
        carry_out(ctx, command)
    _echo_errors(ctx, parsed.errors, settings.echoed_errors)
    if parsed.errors:
        ctx.fail(HOW_TO_WRITE)
    if replies == settings.replies_per_day - 1:
        notice = reply_cap.last_reply_notice(settings)
        if ctx.whole is not None:
            ctx.whole += "\n" + notice + "\n"
        else:
            ctx.say(notice)
    ctx.finish()
    ctx.write_outbox()
    return Outcome(
        "done", f"answered {len(parsed.commands)} commands", sender, key, secrets=secrets
    )


def _secrets(parsed: p.ParsedMail) -> tuple[str, ...]:
    """The passwords of SIGN ON, CREATE, OBSERVE and SET PASSWORD."""
    found = (getattr(command, "password", None) for command in parsed.commands)
    return tuple(dict.fromkeys(s for s in found if isinstance(s, str) and s))


def _too_long(
    ctx: Conversation, arrived: Arrived, sender: str, key: str | None, secrets: tuple[str, ...]
) -> Outcome:
    """A mail that took longer than its budget to read: set aside, none of it done."""
    log.warning("inbound %s set aside: reading it took more than %g s", arrived.id, READ_SECONDS)
    ctx.fail(
        f"Your mail took the judge more than {READ_SECONDS:g} seconds to read, and was set "
        "aside: nothing in it was carried out.  Send shorter mail, with fewer lines."
    )
    ctx.write_outbox()
    return Outcome("failed", "failed: over its reading time budget", sender, key, secrets=secrets)


ECHOED_LINE = 200  # characters of a line the judge could not read, echoed in the reply


def _echo_errors(ctx: Conversation, errors: Sequence[p.LineError], most: int) -> None:
    """The lines the judge could not read, each with why: at most `most` of them, each cut
    short, so that a mail of bad lines does not come back many times its size."""
    for error in errors[:most]:
        text = error.text if len(error.text) <= ECHOED_LINE else error.text[:ECHOED_LINE] + "..."
        ctx.fail(f"Line {error.line}: {text}\n  {error.reason}")
    if len(errors) > most:
        more = len(errors) - most
        ctx.fail(
            f"Only the first {most} lines the judge could not read are shown; the other "
            f"{more:,} {'was' if more == 1 else 'were'} not carried out either."
        )


def _return_path(arrived: Arrived, mail: IncomingMail) -> str:
    """The envelope sender: given by SMTP, LMTP and Postfix's pipe; for a pipe that did not
    say, the Return-Path header the delivery agent wrote, else the From address."""
    if arrived.via != "pipe" or arrived.envelope_from:
        return arrived.envelope_from
    if mail.return_path is not None:
        return mail.return_path
    return mail.from_address or mail.reply_to


def _hold(
    session: Session,
    arrived: Arrived,
    sender: str,
    key: str | None,
    settings: Settings,
    now: datetime,
    mail: IncomingMail,
    batch: Batch,
) -> Outcome:
    """Over the rate: the first such mail is told, the rest are held quietly; all are read
    once the window has passed."""
    until = now + timedelta(seconds=settings.rate_window)
    held = Outcome("held", "held: over the rate limit", sender, key, until)
    log.warning("inbound %s from %s held: over %s mails", arrived.id, sender, settings.rate_limit)
    told = (
        sender in batch.told
        or session.execute(
            q.HELD_FROM_SENDER, {"sender": sender, "id": arrived.id, "now": now}
        ).scalar_one()
    )
    if told:
        return held
    batch.told.add(sender)
    ctx = Conversation(session, settings, now, mail, arrived.id, outbox=batch.outbox)
    minutes = settings.rate_window // 60
    ctx.say(
        f"You have sent more than {settings.rate_limit} mails to this judge in {minutes} "
        f"minutes.  This mail and any more you send will be read after "
        f"{until:%a %b %d %Y %H:%M} UTC."
    )
    ctx.write_outbox()
    return held


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
