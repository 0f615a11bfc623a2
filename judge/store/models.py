"""The judge's tables. The schema changes only through alembic (judge/migrations/versions).

Mail in and out: `inbound` (every mail, committed before the SMTP 250) and `outbox` (every
mail to send, written in the transaction that decided to send it). Users: `users` and the
`addresses` that reach them. Games: `games`, the `participants` (players, masters,
observers), the `phases` played, `orders`, `press` and the `history` an observer can read.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


# -- mail in and out ---------------------------------------------------------------------


class Inbound(Base):
    """A mail as it arrived, raw, and what became of it.

    status: pending (to be read), done (answered or deliberately not), held (a sender over
    the rate limit: read again after `hold_until`), failed (could not be read; the
    judgekeeper is told).
    """

    __tablename__ = "inbound"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    received_at: Mapped[datetime] = mapped_column(DateTime, index=True)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    envelope_from: Mapped[str] = mapped_column(String(320), default="")
    envelope_to: Mapped[str] = mapped_column(Text, default="")
    via: Mapped[str] = mapped_column(String(16), default="smtp")  # smtp, lmtp, pipe
    sender: Mapped[str] = mapped_column(String(320), default="", index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    hold_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    done_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    outcome: Mapped[str] = mapped_column(Text, default="")  # what was done, for the log
    # The sender and Message-ID, hashed, once answered: a mail sent twice (a relay that
    # never heard our 250) is answered once.
    message_key: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    # Which process answered it (host:pid:thread), for a judgekeeper running several.
    worker: Mapped[str] = mapped_column(String(100), default="")
    # The connecting host (the SMTP/LMTP peer's address; "" for a pipe): rate limits
    # count per host as well as per envelope sender, neither of which a From can forge.
    peer: Mapped[str] = mapped_column(String(100), default="")

    __table_args__ = (
        Index("ix_inbound_status_id", "status", "id"),
        Index("ix_inbound_peer_received", "peer", "received_at"),
        Index("ix_inbound_envelope_received", "envelope_from", "received_at"),
    )


class Outbox(Base):
    """A mail to send. status: pending, sent, failed (gave up after many attempts),
    withheld (to an address marked undeliverable: never sent, kept as a record)."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    inbound_id: Mapped[int | None] = mapped_column(ForeignKey("inbound.id"), nullable=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), nullable=True)
    to_address: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    message_id: Mapped[str] = mapped_column(String(255), unique=True)
    in_reply_to: Mapped[str] = mapped_column(Text, default="")
    refs: Mapped[str] = mapped_column(Text, default="")  # the References header
    headers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # The files sent with the text (the board's pictures) are `outbox_files`.
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    last_error: Mapped[str] = mapped_column(Text, default="")

    # A sender's claim while it delivers the row: no other sender takes it before
    # `claimed_until`, so exactly one sender owns a reply at a time.
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    claimed_by: Mapped[str] = mapped_column(String(100), default="")

    __table_args__ = (
        Index("ix_outbox_status_next", "status", "next_attempt_at"),
        Index("ix_outbox_to_created", "to_address", "created_at"),
    )


class MailFile(Base):
    """A file that mails carry (a picture of the board), kept once however many mails carry
    it: by the SHA-256 of its bytes. A results mail to seven players stores its pictures
    once; a file is let go when no mail keeps it (store/retention.py)."""

    __tablename__ = "mail_files"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class OutboxFile(Base):
    """One file of one mail, after its text, in `position` order: which file, the name it
    goes by, its type, and whether it is shown in the mail (Content-Disposition: inline)."""

    __tablename__ = "outbox_files"

    outbox_id: Mapped[int] = mapped_column(ForeignKey("outbox.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    sha256: Mapped[str] = mapped_column(ForeignKey("mail_files.sha256"), index=True)
    name: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(100))
    inline: Mapped[bool] = mapped_column(Boolean, default=False)


class Bounce(Base):
    """What bounces said of one address (lower case): its temporary and its permanent
    failures, read at the VERP address of each mail (mailin/bounces.py), the mails whose
    permanent failure was counted (each once), and since when it is marked undeliverable
    (`bounce_limit` permanent failures): the judge sends it nothing then. Mail from the
    address clears the mark and the count."""

    __tablename__ = "bounces"

    address: Mapped[str] = mapped_column(String(320), primary_key=True)
    temporary: Mapped[int] = mapped_column(Integer, default=0)
    permanent: Mapped[int] = mapped_column(Integer, default=0)
    counted: Mapped[list[int]] = mapped_column(JSON, default=list)  # outbox ids
    last_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="")  # the last failure, as read
    undeliverable_since: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class JudgeSecret(Base):
    """A secret of this judge, made at random when first needed and never shown
    (judge/mailtokens.py): `verp` keys the HMAC that makes each mail's bounce address
    unforgeable (mailout/verp.py), `unsubscribe` the tokens of List-Unsubscribe
    (mailout/unsubscribe.py)."""

    __tablename__ = "judge_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class WebLink(Base):
    """A participant's links to his own view of a game on the web window (GET LINK): the
    generation the links mailed to him carry; REVOKE LINK moves it on (judge/web/links.py)."""

    __tablename__ = "web_links"

    participant_id: Mapped[int] = mapped_column(ForeignKey("participants.id"), primary_key=True)
    generation: Mapped[int] = mapped_column(Integer, default=1)
    issued_at: Mapped[datetime] = mapped_column(DateTime)


class WebhookPost(Base):
    """A post to a game's webhook (SET WEBHOOK, judge/webhooks/), written in the transaction
    that made it (the game's start, a phase's results, its end) and delivered by the
    webhooks' own loop, never by the mail's: the URL and form as they were then, the event
    in the judge's own JSON form (`payload`), the PNG of the board if any. status: pending,
    sent, failed (refused by the judgekeeper's rules, refused by the receiver, or given up
    after `webhook_attempts` tries, `last_error` saying why)."""

    __tablename__ = "webhook_posts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), nullable=True)
    event: Mapped[str] = mapped_column(String(16))  # start, results, end
    url: Mapped[str] = mapped_column(Text)
    form: Mapped[str] = mapped_column(String(16))  # json, discord, slack
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    picture: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    last_error: Mapped[str] = mapped_column(Text, default="")
    # A poster's claim while it delivers the row (as the outbox's, mailout/claims.py).
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    claimed_by: Mapped[str] = mapped_column(String(100), default="")

    __table_args__ = (Index("ix_webhook_posts_status_next", "status", "next_attempt_at"),)


# -- users ---------------------------------------------------------------------------------


class User(Base):
    """A registered person, with the registration form and the dedication counters."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(320), unique=True)  # the address of record
    name: Mapped[str] = mapped_column(String(200), default="")
    level: Mapped[str] = mapped_column(String(20), default="")
    site: Mapped[str] = mapped_column(String(200), default="")
    country: Mapped[str] = mapped_column(String(100), default="")
    # Every field of the last REGISTER form, as given (lower-case names).
    registration: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    registered_at: Mapped[datetime] = mapped_column(DateTime)
    updated_at: Mapped[datetime] = mapped_column(DateTime)
    # Dedication (users' manual 5.2): points; on-time turns of turns due; civil disorders
    # and resignations of games started; positions taken over.
    dedication: Mapped[int] = mapped_column(Integer, default=0)
    ontime: Mapped[int] = mapped_column(Integer, default=0)
    due: Mapped[int] = mapped_column(Integer, default=0)
    civil_disorders: Mapped[int] = mapped_column(Integer, default=0)
    resigned: Mapped[int] = mapped_column(Integer, default=0)
    started: Mapped[int] = mapped_column(Integer, default=0)
    tookover: Mapped[int] = mapped_column(Integer, default=0)

    addresses: Mapped[list[Address]] = relationship(
        back_populates="user", order_by="Address.added_at"
    )


class Address(Base):
    """An address that reaches a user: the one registered, and each one I AM ALSO added."""

    __tablename__ = "addresses"

    address: Mapped[str] = mapped_column(String(320), primary_key=True)  # lower case
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    added_at: Mapped[datetime] = mapped_column(DateTime)

    user: Mapped[User] = relationship(back_populates="addresses")


class LinkRequest(Base):
    """I AM ALSO asked to link an address to a registration: done only once the token
    mailed to the registered address comes back (status pending, confirmed, expired)."""

    __tablename__ = "link_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    address: Mapped[str] = mapped_column(String(320))
    created_at: Mapped[datetime] = mapped_column(DateTime)
    expires_at: Mapped[datetime] = mapped_column(DateTime)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    done_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class SignOnFailure(Base):
    """A SIGN ON refused for a wrong password: counted per power and per judge, to
    throttle guessing and tell the player and master of repeated failures."""

    __tablename__ = "sign_on_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime, index=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), nullable=True)
    power: Mapped[str] = mapped_column(String(40), default="")
    address: Mapped[str] = mapped_column(String(320), default="")

    __table_args__ = (Index("ix_sign_on_failures_target", "game_id", "power", "at"),)


# -- games ---------------------------------------------------------------------------------


class Game(Base):
    """A game: its variant and settings, where it stands, and when something is next due."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    variant: Mapped[str] = mapped_column(String(40), default="standard")
    options: Mapped[list[str]] = mapped_column(JSON, default=list)  # gunboat, ...
    # forming, active, paused, finished, terminated
    status: Mapped[str] = mapped_column(String(16), default="forming")
    phase: Mapped[str | None] = mapped_column(String(12), nullable=True)  # S1901M
    turn: Mapped[int] = mapped_column(Integer, default=0)  # 1 for the first phase played
    # The board now: {"units": {power: [..]}, "centers": {..}, "dislodged": [..]}.
    position: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Every setting of the game (flags, press, deadlines, access), by name.
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    comment: Mapped[str] = mapped_column(Text, default="")
    full_comment: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime)
    deadline: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    grace: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    earliest: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)  # SET START
    # The last late notice of this phase (they go out at the deadline, then daily).
    late_notice_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    next_event_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, index=True)

    participants: Mapped[list[Participant]] = relationship(
        back_populates="game", order_by="Participant.id"
    )


class Participant(Base):
    """Someone in a game: a power's player, a master or an observer."""

    __tablename__ = "participants"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))  # player, master, observer
    power: Mapped[str | None] = mapped_column(String(40), nullable=True)  # once assigned
    password_hash: Mapped[str] = mapped_column(String(200))
    # Where reports go (SET ADDRESS): one or more addresses; empty means the user's.
    report_to: Mapped[list[str]] = mapped_column(JSON, default=list)
    # active, late, abandoned, cd, resigned, eliminated
    status: Mapped[str] = mapped_column(String(16), default="active")
    wait: Mapped[bool] = mapped_column(Boolean, default=False)
    orders_status: Mapped[str] = mapped_column(String(16), default="none")
    preference: Mapped[str] = mapped_column(String(60), default="")
    draw: Mapped[str | None] = mapped_column(String(40), nullable=True)
    concede: Mapped[str | None] = mapped_column(String(40), nullable=True)
    late_count: Mapped[int] = mapped_column(Integer, default=0)
    joined_at: Mapped[datetime] = mapped_column(DateTime)
    absences: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)

    game: Mapped[Game] = relationship(back_populates="participants")
    # Read with the participants, in one query for all of them: nearly everything that
    # reads a game's places reads who holds them (one query each, else).
    user: Mapped[User] = relationship(lazy="selectin")


class PhaseRecord(Base):
    """A phase as it was played: the board before it and what the adjudicator made of it,
    kept so that ROLLBACK can return to any turn and HISTORY can tell it."""

    __tablename__ = "phases"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    turn: Mapped[int] = mapped_column(Integer)
    phase: Mapped[str] = mapped_column(String(12))
    position: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    result: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    processed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    __table_args__ = (UniqueConstraint("game_id", "turn"),)


class OrderRecord(Base):
    """An order line as a power gave it, for the current phase or (pending) a later one."""

    __tablename__ = "orders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("participants.id"), index=True)
    power: Mapped[str] = mapped_column(String(40))
    phase: Mapped[str] = mapped_column(String(12))  # the phase it is for
    text: Mapped[str] = mapped_column(Text)
    # For conditional orders, the condition (as the parser read it) that must hold.
    condition: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    inbound_id: Mapped[int | None] = mapped_column(ForeignKey("inbound.id"), nullable=True)
    # Given before its phase came (PHASE), marked when it came (users' manual 6.3).
    advance: Mapped[bool] = mapped_column(Boolean, default=False)


class PressRecord(Base):
    """A press message: who really sent it to whom, and how it was presented."""

    __tablename__ = "press"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    sender_id: Mapped[int] = mapped_column(ForeignKey("participants.id"))
    recipients: Mapped[list[str]] = mapped_column(JSON, default=list)
    shown_to: Mapped[list[str]] = mapped_column(JSON, default=list)  # the faked addressees
    grey: Mapped[bool] = mapped_column(Boolean, default=False)
    postal: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    phase: Mapped[str | None] = mapped_column(String(12), nullable=True)
    # Sent to everyone in the game (SET TOUCH PRESS allows one a turn).
    broadcast: Mapped[bool] = mapped_column(Boolean, default=False)


class HistoryEvent(Base):
    """What an observer of the game saw: results, broadcasts, notices (HISTORY, SUMMARY)."""

    __tablename__ = "history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime, index=True)
    kind: Mapped[str] = mapped_column(String(20))  # results, broadcast, notice, draw, ...
    phase: Mapped[str | None] = mapped_column(String(12), nullable=True)
    subject: Mapped[str] = mapped_column(Text, default="")
    body: Mapped[str] = mapped_column(Text)


class TurnRecord(Base):
    """How a user met one phase of a rated game he owed orders in: `ontime`, `late` (after
    the deadline, before the grace period's end), `missed` (the grace period ended:
    abandoned or civil disorder) or `excused` (an excuse used, SET EXCUSES). One row a
    user, game and turn (a duplex player's worst of his powers); reliability is read off
    the last year of them (engine/clock/reliability.py)."""

    __tablename__ = "turn_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    turn: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime)
    outcome: Mapped[str] = mapped_column(String(10))

    __table_args__ = (
        UniqueConstraint("game_id", "turn", "user_id"),
        Index("ix_turn_records_user_at", "user_id", "at"),
    )


class DiaryEntry(Base):
    """A numbered diary entry (DIARY RECORD); numbers are never reused after DELETE."""

    __tablename__ = "diary"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("participants.id"))
    number: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (UniqueConstraint("participant_id", "number"),)


class RatingChange(Base):
    """What one finished game did to one player's skill rating (Ghost-Rating: docs/ratings.md):
    his rating before and after it. A user's rating is the `after` of his newest row, and a
    game is rated once (its rows are there)."""

    __tablename__ = "rating_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    power: Mapped[str] = mapped_column(String(40))
    score: Mapped[float] = mapped_column(Float)  # what he took of the game's result
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (UniqueConstraint("game_id", "user_id"),)
