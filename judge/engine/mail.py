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

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

import parser as p

from ..config import Settings
from ..mailin import bounces
from ..mailin.authresults import dmarc_of
from ..mailin.budget import READ_SECONDS
from ..mailin.message import IncomingMail, read_mail
from ..mailin.screening import refusal
from ..mailout import reply_cap, undeliverable
from ..mailout.outbox import OutboxRow
from ..reports.counts import agreeing, counted
from ..store import queries as q
from ..store.fields import shown_text
from ..store.models import Inbound, Outbox
from .accounts.reply_to import direct
from .dispatch import carry_out
from .play.orders import vocabulary_for
from .reply.conversation import Conversation
from .unsubscribe import tokens_in, unsubscribe

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
    peer: str = ""  # the connecting host's IP address; "" for the pipe
    envelope_to: str = ""  # the recipients, comma-separated (a bounce address among them?)


@dataclass(frozen=True)
class Outcome:
    """What became of a mail, for its inbound row."""

    status: str  # done, or failed (over its reading budget)
    outcome: str  # for the log and the judgekeeper
    sender: str = ""
    message_key: str | None = None
    secrets: tuple[str, ...] = ()  # the passwords the mail gave, to mask in its stored copy


@dataclass
class Batch:
    """The mails answered in one transaction: the outbox rows they want written, and what
    the worker must know of other mail to answer them: which Message-IDs were answered
    already, and how many mails each sender sent in the rate window. Both are looked up
    once for the whole batch (`look_up`), then kept up to date as its mails are answered,
    since their own rows are written together at the end.

    A sender is counted three ways (`rate_keys`): by the From (or Reply-To) address, by
    the envelope sender and by the connecting host, since the first two are the sender's
    to forge at will and a flood must not be let through by rotating them."""

    outbox: list[OutboxRow] = field(default_factory=list)
    keys: dict[str, int] = field(default_factory=dict)
    senders: Counter[tuple[str, str]] = field(default_factory=Counter)
    # Replies to each answer address in the last 24 hours (lower case), for the daily cap.
    replies: Counter[str] = field(default_factory=Counter)
    replies_known: set[str] = field(default_factory=set)

    def look_up(
        self,
        session: Session,
        arrived: list[tuple[Arrived, IncomingMail]],
        window: int,
        relays: frozenset[str] = frozenset(),
    ) -> None:
        """`relays`: hosts not counted (`count` skips them), so not looked up either: a
        relay on this machine brings every mail, and counting them all is a scan."""
        keys = [_key(mail) for _, mail in arrived]
        if not arrived:
            return
        connection = session.connection()
        wanted = [k for k in keys if k]
        if wanted:
            for row_id, key in connection.execute(q.ANSWERED_KEYS, {"keys": wanted}):
                self.keys.setdefault(key, row_id)
        first = min(a.id for a, _ in arrived)
        since = min(a.received_at for a, _ in arrived) - timedelta(seconds=window)
        wanted_keys: dict[str, set[str]] = {"from": set(), "envelope": set(), "host": set()}
        for a, mail in arrived:
            for kind, value in rate_keys(a, mail):
                if not (kind == "host" and value in relays):
                    wanted_keys[kind].add(value)
        kinds = tuple(kind for kind, values in wanted_keys.items() if values)
        if kinds:
            values: dict[str, object] = {"since": since, "first": first}
            values.update({f"senders_{kind}": sorted(wanted_keys[kind]) for kind in kinds})
            for kind, value, count in connection.execute(q.mails_from(kinds), values):
                self.senders[(kind, value)] += count
        addresses = {m.reply_to for _, m in arrived if m.reply_to}
        unknown = {a for a in addresses if a.lower() not in self.replies_known}
        now = max(a.received_at for a, _ in arrived)
        self.replies.update(reply_cap.replies_since(connection, unknown, now))
        self.replies_known.update(a.lower() for a in unknown)

    def count(self, arrived: Arrived, mail: IncomingMail, settings: Settings) -> int:
        """Count this mail; by how many it is over the tightest of its limits (0: not)."""
        over = 0
        for rate_key in rate_keys(arrived, mail):
            if rate_key[0] == "host" and rate_key[1] in settings.relays:
                continue  # a relay of ours brings everyone's mail
            self.senders[rate_key] += 1
            limit = settings.host_rate_limit if rate_key[0] == "host" else settings.rate_limit
            over = max(over, self.senders[rate_key] - limit)
        return over


def rate_keys(arrived: Arrived, mail: IncomingMail) -> list[tuple[str, str]]:
    """What a mail is counted by: its answer address, its envelope sender, and its
    connecting host (`Batch.count` leaves out the relays of settings.local_relays)."""
    keys = [("from", _sender(mail))]
    if arrived.envelope_from:
        keys.append(("envelope", arrived.envelope_from.lower()[:320]))
    if arrived.peer:
        keys.append(("host", arrived.peer))
    return keys


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

    def parsed_for(
        self, session: Session, now: datetime, recheck: bool = True
    ) -> p.ParsedMail | None:
        """The parse, if it still holds now; else None (parse again). `recheck`: the
        games may have changed since it was parsed (else: parsed in this transaction,
        before any change in it)."""
        if self.parsed is None or self.day != now.date():
            return None
        if not recheck:
            return self.parsed
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
        batch.look_up(session, [(arrived, mail)], settings.rate_window, settings.relays)
    sender = _sender(mail)
    bounced = bounces.bounce_address(settings, arrived.envelope_to, arrived.via, mail.loop_headers)
    if bounced is not None:  # read and acted on, never answered
        return Outcome(
            "done", bounces.heard(session, settings, now, arrived.id, arrived.raw, bounced), sender
        )
    tokens = tokens_in(settings, arrived.envelope_to, arrived.via, mail.loop_headers)
    if tokens:  # to an unsubscribe address: never commands, whoever it is from
        if batch.count(arrived, mail, settings):  # a flood of them: not even looked at
            return Outcome("done", "dropped: over the rate limit", sender)
        done = unsubscribe(session, settings, now, mail, arrived.id, tokens, batch.outbox)
        return Outcome("done", done, sender)
    why_not = refusal(mail, _return_path(arrived, mail), settings.address)
    if why_not:
        log.info("inbound %s from %r not answered: %s", arrived.id, mail.reply_to, why_not)
        return Outcome("done", f"not answered: {why_not}", sender)
    replies = batch.replies[mail.reply_to.lower()]
    if replies >= settings.replies_per_day:
        log.warning("inbound %s from %r not answered: reply cap", arrived.id, mail.reply_to)
        cap = settings.replies_per_day
        return Outcome("done", f"not answered: {cap} replies to it in 24 hours", sender)
    key = _key(mail)
    if key is not None:
        first = batch.keys.get(key)
        if first is not None and first != arrived.id:
            log.info("inbound %s is inbound %s again (same Message-ID)", arrived.id, first)
            again = f"not answered: the same mail as inbound {first}"
            return Outcome("done", again, sender, secrets=_secrets(mail, None, now))
        batch.keys[key] = arrived.id
    over = batch.count(arrived, mail, settings)
    if over and arrived.hold_until is None:  # held before 0006: counted when it came
        return _drop(session, arrived, sender, key, settings, now, mail, batch, over)
    undeliverable.heard_from(session, (mail.from_address, mail.reply_to))  # he reads again
    dmarc = dmarc_of(mail.auth_results, settings.authserv_id)
    ctx = Conversation(session, settings, now, mail, arrived.id, outbox=batch.outbox, dmarc=dmarc)
    if parsed is None:
        deadline = time.monotonic() + READ_SECONDS
        parsed = p.parse_mail(mail.body, now, vocabulary_for(session), deadline)
    secrets = _secrets(mail, parsed, now)
    ctx.secrets = list(secrets)
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
    rows = ctx.write_outbox()
    batch.replies[mail.reply_to.lower()] += reply_cap.replies_in(rows, mail.reply_to)
    done = f"answered {len(parsed.commands)} commands" + (f"; {dmarc}" if dmarc else "")
    return Outcome("done", done, sender, key, secrets=secrets)


def _secrets(mail: IncomingMail, parsed: p.ParsedMail | None, now: datetime) -> tuple[str, ...]:
    """The passwords the mail's commands carry (parser/passwords.py), in its body and its
    Subject, to be masked wherever the mail or its answer is kept or echoed. A mail not
    parsed (the same mail again) has its lines read for them alone."""
    if parsed is None:
        deadline = time.monotonic() + READ_SECONDS
        found = p.passwords(mail.body.splitlines(), now, deadline)
    else:
        found = list(parsed.secrets)
    return tuple(dict.fromkeys([*found, *p.subject_passwords(mail.subject, now)]))


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
        text = shown_text(error.text)  # the line as the reader may see it, passwords hidden
        text = ctx.masked(text if len(text) <= ECHOED_LINE else text[:ECHOED_LINE] + "...")
        ctx.fail(f"Line {error.line}: {text}\n  {ctx.masked(error.reason)}")
    if len(errors) > most:
        more = len(errors) - most
        ctx.fail(
            f"Only the first {most} lines the judge could not read are shown; the other "
            f"{more:,} {agreeing(more, 'was', 'were')} not carried out either."
        )


def _return_path(arrived: Arrived, mail: IncomingMail) -> str:
    """The envelope sender: given by SMTP, LMTP and Postfix's pipe; for a pipe that did not
    say, the Return-Path header the delivery agent wrote, else the From address."""
    if arrived.via != "pipe" or arrived.envelope_from:
        return arrived.envelope_from
    if mail.return_path is not None:
        return mail.return_path
    return mail.from_address or mail.reply_to


def _drop(
    session: Session,
    arrived: Arrived,
    sender: str,
    key: str | None,
    settings: Settings,
    now: datetime,
    mail: IncomingMail,
    batch: Batch,
    over: int,
) -> Outcome:
    """Over the rate limit: the mail is not read, now or later (a judge that answers a
    forged flood an hour later is a reflector all the same). Only the first mail over
    the limit is told, and only where it can be shown to come from: its envelope sender,
    when the From says the same address. A From that the envelope does not bear out is
    likely forged, and a notice to it would be backscatter: nobody is told then."""
    log.warning(
        "inbound %s from %s (envelope %r, host %r) dropped: over the rate limit",
        arrived.id, sender, arrived.envelope_from, arrived.peer,
    )  # fmt: skip
    dropped = Outcome("done", "dropped: over the rate limit", sender, key)
    shown = arrived.envelope_from.lower()
    if not shown and arrived.via == "pipe" and mail.return_path:  # the delivery agent's
        shown = mail.return_path.lower()
    if over != 1 or not shown or shown != (mail.from_address or "").lower():
        return dropped
    ctx = Conversation(session, settings, now, mail, arrived.id, outbox=batch.outbox)
    ctx.reply_to = shown
    minutes = max(settings.rate_window // 60, 1)
    mails, window = counted(settings.rate_limit, "mail"), counted(minutes, "minute")
    ctx.say(
        f"More than {mails} {agreeing(settings.rate_limit, 'has', 'have')} come to this judge "
        f"from you in {window}.  This mail and any more you send in that time are not read\n"
        f"and will not be answered.  Send them again after "
        f"{now + timedelta(seconds=settings.rate_window):%a %b %d %Y %H:%M} UTC."
    )
    ctx.write_outbox()
    return Outcome("done", "dropped: over the rate limit (told)", sender, key)


# Is any held mail's time come? (The tick looks before it takes a write lock.)
ANY_HELD_DUE = (
    select(Inbound.id)
    .where(Inbound.status == "held")
    .where(Inbound.hold_until <= bindparam("now"))
    .limit(1)
)


def release_held(session: Session, now: datetime) -> int:
    """Held mail whose time has come goes back in the queue (the scheduler's tick).

    Nothing is held any more (mail over the rate limit is dropped, `_drop`); this lets
    the mails a judge held before it was upgraded be answered as their senders were told."""
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
