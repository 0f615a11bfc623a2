"""One mail being answered: who wrote it, what the judge says back, what else it sends.

Handlers of commands write to the conversation; at the end it becomes outbox rows, in the
same transaction as everything else the mail changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from ...config import Settings
from ...mailin.authresults import Dmarc
from ...mailin.masking import mask_text
from ...mailin.message import IncomingMail
from ...mailout.outbox import Attachment, OutboxRow, insert_outbox, outbox_row
from ...mailout.unsubscribe import mark
from ...reports.counts import agreeing
from ...reports.frame import game_header, shown_phase
from ...reports.replies import header, paragraphs, reply_subject
from ...store import queries as q
from ...store.fields import shown_text
from ...store.models import Game, Participant, User
from .digest import FilesAsked

COULD_NOT_COMPLETE = "Your request could not be completed.  Please contact the judge keeper."
ORIGINAL_FOLLOWS = "---- Original message follows:"


@dataclass
class Outgoing:
    to: str
    subject: str
    body: str
    game_id: int | None = None
    reply: bool = False  # an answer to the mail (In-Reply-To), not a notice
    not_before: datetime | None = None  # sent no earlier (grey press: its time scattered)
    attachments: tuple[Attachment, ...] = ()  # files after the text (the board's pictures)
    # The kind of mail its reader may stop without leaving the game (an observer's copy):
    # it carries List-Unsubscribe (mailout/unsubscribe.py); "" for mail he must get.
    stream: str = ""


@dataclass
class Conversation:
    session: Session
    settings: Settings
    now: datetime
    mail: IncomingMail
    inbound_id: int | None
    reply_to: str = ""  # where the answer goes (a REPLY-TO: line may move it)
    # Who wrote: the mail's own header address (the last Reply-To, else From), whatever a
    # REPLY-TO: line says; registration, SIGN ON and I AM ALSO go by it.
    sender: str = ""
    # The DMARC result the judge's own mail server gave the mail's From (`authserv_id`
    # set, and its header found): whether the mail may change a registration by its own
    # address's word (engine/accounts/authenticity.py).
    dmarc: Dmarc | None = None
    parts: list[str] = field(default_factory=list)
    # Where a part said under a name stands in `parts`, for a later command to reword.
    named: dict[str, int] = field(default_factory=dict)
    extra: list[Outgoing] = field(default_factory=list)
    failed: bool = False
    faulty: bool = False  # the judge failed, not the writer: the keeper's line ends it
    # The whole reply is one text (HELP sends the 'info' file as the answer).
    whole: str | None = None
    # Where write_outbox puts the rows, when the caller inserts them later.
    outbox: list[OutboxRow] | None = None
    # The game this mail signed on to, and as whom; `skipping` the game commands after
    # RESIGN; `ended` after a refused SIGN ON, when nothing more is carried out.
    game: Game | None = None
    me: Participant | None = None
    # The game's phase and `:: Deadline:` line as the mail found it signing on: the reply
    # names that phase even when the mail's orders made the game play it (as the njudge's).
    as_read: tuple[str, str | None] | None = None
    skipping: bool = False
    ended: bool = False
    # A game the mail named without signing on to it (LIST name, a refused SIGN ON): the
    # reply's header shows it, as the njudge's does.
    about: Game | None = None
    # The passwords the mail's commands carry (body and Subject, carried out or not),
    # hidden wherever the reply echoes the mail: `masked`.
    secrets: list[str] = field(default_factory=list)
    # The game this mail created, if any: BECOME MASTER must follow its CREATE.
    created: Game | None = None
    # After BECOME: the master acts as a power, and no master command may follow.
    became: bool = False
    # What the end of the mail must do (start or process the game, ...), once.
    finally_: dict[str, Callable[[], Any]] = field(default_factory=dict)
    # The reply's last words, once every command is carried out: the orders as they stand
    # for the power signed on as, or a master's report (engine/play/status.py).
    tail: Callable[[], Any] | None = None
    # After the reply is written: what may play the phase (so the reply shows the orders
    # as they stood when the mail came, as the njudge's does).
    afterwards: dict[str, Callable[[], Any]] = field(default_factory=dict)
    # Signed on as a power (not as ?game before the start): the tail lists its orders.
    signed_on_power: bool = False
    # The power's orders have errors as the mail leaves them: the subject says so.
    error_flag: bool = False
    # Things done once a mail (a power's first order line puts away its old errors).
    once: set[str] = field(default_factory=set)
    # Each power's orders standing for the phase (game id, power, phase), read at its
    # first order line and kept by the order lines that follow (engine/play/orders.py);
    # let go by any other command, which may change them (dispatch.carry_out).
    order_books: dict[tuple[int, str, str], list[Any]] = field(default_factory=dict)
    # The user `user` found last, and for which address.
    _user: User | None = field(default=None, repr=False)
    _user_of: str = field(default="", repr=False)
    # Copies of the reply to other addresses (a SIGN ON from another address).
    copies: list[str] = field(default_factory=list)
    # The files this mail asked for, which go together in one mail (digest.py), and the
    # MAP pictures the reply carries, at most `files_per_mail` (engine/listings/maps.py).
    files: FilesAsked = field(init=False)
    maps_sent: int = 0
    # Files the reply itself carries (MAP's pictures).
    attachments: list[Attachment] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.reply_to:
            self.reply_to = self.mail.reply_to
        if not self.sender:
            self.sender = self.mail.reply_to
        most = min(self.settings.reply_bytes, self.settings.mail_output_bytes)
        self.files = FilesAsked(self.settings.code, most)

    # -- who is writing --------------------------------------------------------------------

    @property
    def user(self) -> User | None:
        """The registered user the sender's address belongs to, if any. One found is kept
        for the rest of the command (a SIGN ON asks twice); dispatch.carry_out lets it go
        before the next command, which may register or move the address."""
        if self._user is not None and self._user_of == self.sender:
            return self._user
        found = user_by_address(self.session, self.sender)
        self._user, self._user_of = found, self.sender
        return found

    def forget_user(self) -> None:
        self._user, self._user_of = None, ""

    # -- what goes back --------------------------------------------------------------------

    def say(self, text: str, name: str | None = None) -> None:
        """Add a paragraph to the reply; `name` lets a later command of the mail reword it."""
        if name is not None:
            self.named[name] = len(self.parts)
        self.parts.append(text)

    def reword(self, name: str, text: str) -> None:
        """Say again what an earlier command said under `name`, as a later command of the
        same mail has made it: the reply says one thing, true once the mail is done, not
        the first and then its contradiction (CREATE, then BECOME MASTER)."""
        at = self.named.get(name)
        if at is None:
            self.say(text, name)
        else:
            self.parts[at] = text

    def fail(self, text: str) -> None:
        """A command that could not be carried out because of what the mail asked: say
        what was wrong (and how to write it), and nothing else changes for it."""
        self.parts.append(text)
        self.failed = True

    def refuse(self, text: str) -> None:
        """A SIGN ON (or CREATE, OBSERVE) refused: the rest of the mail is not carried out,
        and the reply ends with the mail as it came, for the sender to see what was not
        done (the njudge's `mail_reply`), its passwords hidden."""
        self.parts.append(text)
        self.failed = True
        self.ended = True

    def fault(self, text: str) -> None:
        """The judge's own fault, not the writer's: say so, and end with the njudge's
        closing line that sends him to the judgekeeper."""
        self.parts.append(text)
        self.faulty = True

    def send(
        self,
        to: str,
        subject: str,
        body: str,
        game_id: int | None = None,
        not_before: datetime | None = None,
        attachments: tuple[Attachment, ...] = (),
        stream: str = "",
    ) -> None:
        self.extra.append(
            Outgoing(to, subject, body, game_id, not_before=not_before,
                     attachments=attachments, stream=stream)
        )  # fmt: skip

    def at_end(self, key: str, action: Callable[[], Any]) -> None:
        """Something to do once all commands are carried out (kept in order of first ask)."""
        self.finally_.setdefault(key, action)

    def after_reply(self, key: str, action: Callable[[], Any]) -> None:
        """Something to do once the reply's last words are written (kept in order)."""
        self.afterwards.setdefault(key, action)

    def finish(self) -> None:
        _drain(self.finally_)
        if self.tail is not None:
            tail, self.tail = self.tail, None
            tail()
        _drain(self.afterwards)

    def outgoing(self) -> list[Outgoing]:
        code = self.settings.code
        top = self.header()
        extra, withheld = within(self._files_mail() + self.extra, self.settings.mail_output_bytes)
        if self.whole is not None:
            body = top + "\n" + self.whole
        else:
            parts = list(self.parts) or ["Signon command not encountered.  Use 'help' for info."]
            if self.ended:
                parts.append(f"{ORIGINAL_FOLLOWS}\n\n{self.echo()}")
            if self.faulty:
                parts.append(COULD_NOT_COMPLETE)
            body = top + "\n" + paragraphs(parts)
        body = _cut(body, self.settings.reply_bytes)
        if withheld:
            most = self.settings.mail_output_bytes // 1000
            body += (
                f"\n{withheld:,} of the other mails this mail asked the judge to send (files,"
                f" press or notices) {agreeing(withheld, 'was', 'were')} not sent: one mail"
                f" may make the judge send at most {most:,} kB besides its reply.\n"
            )
        if not self.reply_to:  # nobody to answer (the keeper may still be told)
            return extra
        game = self.game.name if self.game is not None else None
        before = self._read_before()
        phase = shown_phase(self.game) if self.game is not None else None
        if before is not None:
            phase = before[0]
        subject = reply_subject(code, self.masked(self.mail.subject), game, phase)
        if self.error_flag:
            subject = subject.replace("Re: ", "Re: [Error Flag] ", 1)
        game_id = self.game.id if self.game is not None else None
        files = tuple(self.attachments)
        reply = Outgoing(self.reply_to, subject, body, game_id, reply=True, attachments=files)
        copies = [
            Outgoing(to, subject, body, game_id, reply=True, attachments=files)
            for to in dict.fromkeys(self.copies)
            if to.lower() != self.reply_to.lower()
        ]
        return [reply, *copies, *extra]

    def _files_mail(self) -> list[Outgoing]:
        """The one mail of the files asked for, if any: first of the mails besides the
        reply, which it always fits beside."""
        made = self.files.mail() if self.reply_to else None
        return [] if made is None else [Outgoing(self.reply_to, *made)]

    def header(self) -> str:
        shown = self.game or self.about
        if shown is None:
            return header(self.settings.code)
        before = self._read_before() if shown is self.game else None
        if before is not None:
            return game_header(self.settings, shown, deadline=before[1])
        return game_header(self.settings, shown)

    def _read_before(self) -> tuple[str, str | None] | None:
        """The phase and deadline line the mail found, if the game has since gone on."""
        if self.game is None or self.as_read is None or self.game.phase == self.as_read[0]:
            return None
        return self.as_read

    def masked(self, text: str) -> str:
        """Text of the mail, echoed: its passwords hidden (mailin/masking.py)."""
        return mask_text(text, self.secrets)

    def echo(self) -> str:
        """The mail as it came, after a refused sign-on: as shown text (store/fields.py),
        its passwords hidden."""
        return self.masked(shown_text(self.mail.body, lines=True).strip("\n"))

    def write_outbox(self) -> list[OutboxRow]:
        """The mails of this conversation, to the outbox: into `outbox` when the caller
        collects a batch's rows, else at once into the session."""
        outgoing = self.outgoing()
        rows = [
            outbox_row(
                self.settings,
                self.now,
                out.to,
                out.subject,
                out.body,
                inbound_id=None if out.not_before else self.inbound_id,
                game_id=out.game_id,
                in_reply_to=self.mail.message_id if out.reply else "",
                # Files and other mail to the writer belong to the same thread.
                references=_references(self.mail) if out.to == self.reply_to else "",
                attachments=out.attachments,
                stream=out.stream,
            )
            for out in outgoing
        ]
        mark(self.session, self.settings, rows)
        for row, out in zip(rows, outgoing, strict=True):
            if out.not_before is not None:
                row["next_attempt_at"] = out.not_before
        if self.outbox is not None:
            self.outbox.extend(rows)
        else:
            insert_outbox(self.session, rows)
        return rows


def _cut(body: str, most: int) -> str:
    """The reply within `most` bytes, cut at a line's end, and saying so."""
    data = body.encode("utf-8")
    if len(data) <= most:
        return body
    kept = data[:most].decode("utf-8", errors="ignore").rsplit("\n", 1)[0]
    left = len(data) - len(kept.encode("utf-8"))
    return (
        f"{kept}\n\nThis reply was cut at {most // 1000:,} kB; the other {left:,} bytes of it "
        "were not sent.  Send fewer commands in one mail.\n"
    )


def within(extra: list[Outgoing], most: int) -> tuple[list[Outgoing], int]:
    """The mails besides the reply that fit in `most` bytes, and how many do not. The
    copies of one text (a broadcast to a game's players) go all together or not at all,
    in the order they were asked for."""
    sizes: dict[str, int] = {}
    for out in extra:
        sizes[out.body] = sizes.get(out.body, 0) + len(out.body.encode("utf-8"))
    if sum(sizes.values()) <= most:
        return list(extra), 0
    allowed: set[str] = set()
    used = 0
    for text, size in sizes.items():
        if used + size <= most:
            allowed.add(text)
            used += size
    kept = [out for out in extra if out.body in allowed]
    return kept, len(extra) - len(kept)


def _drain(actions: dict[str, Callable[[], Any]]) -> None:
    while actions:
        key = next(iter(actions))
        actions.pop(key)()


def _references(mail: IncomingMail) -> str:
    parts = mail.references.split() if mail.references else []
    if mail.message_id and mail.message_id not in parts:
        parts.append(mail.message_id)
    return " ".join(parts[-20:])


def user_by_address(session: Session, address: str) -> User | None:
    if not address:
        return None
    return session.execute(q.USER_BY_ADDRESS, {"address": address.lower()}).scalar_one_or_none()
