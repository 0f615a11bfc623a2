"""What one reader may read of a game, for the web window's pages: made by the same code as
his mail, for the same reader. A stranger (anyone not in the game, the public pages) reads
what an observer reads, as LIST shows him by mail; a player who followed his link reads
what his own mail brings him.

Each text is the mail's: the results of a phase are the reader's copy of the results mail
(engine/play/blind.reader_copy, as the results mail is cut for a blind game or
Machiavelli's money), the board as it stands is LIST's full listing, SUMMARY is SUMMARY's
answer and a player's orders are the tail of his replies, each run as a mail command of
his would be (`as_reader`), in a session that is rolled back.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

import parser as p

from ..config import Settings
from ..engine.game.record import phase_records, variant_of
from ..engine.listings.games import list_games
from ..engine.listings.summary import summary, year_ends
from ..engine.play.blind import PUBLIC, reader_copy
from ..engine.play.blind import Reader as Outsider
from ..engine.play.status import reply_status
from ..engine.reply.conversation import Conversation
from ..engine.reply.notices import addresses
from ..mailin.message import IncomingMail
from ..reports.play.closing import split_results
from ..reports.replies import paragraphs
from ..store.models import Game, HistoryEvent, Outbox, Participant, PhaseRecord, PressRecord

NOW = "now"  # the phase name of the board as it stands


# Someone not in the game (the public pages) reads what an observer reads, as LIST shows
# him by mail: the same stand-in as a webhook's reader, blind.PUBLIC.
STRANGER = PUBLIC
Reader = Participant | Outsider


@dataclass
class Step:
    """One phase of the game as the stepper shows it."""

    phase: str
    record: PhaseRecord | None  # None: the board as it stands


@dataclass
class GameView:
    game: Game
    reader: Reader
    steps: list[Step]
    at: int  # the step shown
    text: str  # its text: the results of the phase, or the game's listing
    summary: str
    press: list[tuple[str, str]] = field(default_factory=list)  # (heading, text)
    orders: str = ""  # a player's orders as they stand, as his replies end
    centres: list[tuple[int, dict[str, int]]] = field(default_factory=list)

    @property
    def step(self) -> Step:
        return self.steps[self.at]


def as_reader(
    session: Session, settings: Settings, now: datetime, game: Game, reader: Reader
) -> Conversation:
    """A mail conversation as the reader's own mail would be: signed on to the game as
    himself (a participant), or as nobody (a stranger)."""
    person = reader if isinstance(reader, Participant) else None
    sender = next(iter(addresses(person)), "") if person is not None else ""
    mail = IncomingMail(
        reply_to=sender, from_address=sender, subject="", body="", message_id="",
        references="", auto_submitted="", precedence="", list_id="", judge_header="",
    )  # fmt: skip
    ctx = Conversation(session, settings, now, mail, None)
    if person is not None:
        ctx.game, ctx.me = game, person
        ctx.signed_on_power = person.role == "player" and bool(person.power)
    return ctx


def answer(ctx: Conversation, command: Callable[[], None]) -> str:
    """The text a command gives the reader of `ctx`, as his reply would hold it."""
    ctx.parts.clear()
    command()
    return paragraphs(ctx.parts).strip("\n")


def game_view(
    session: Session, settings: Settings, now: datetime, game: Game, reader: Reader,
    phase: str | None,
) -> GameView:  # fmt: skip
    """The game's page for one reader, at `phase` (a played phase, or the board now)."""
    records = phase_records(session, game)
    steps, at = stepped(records, phase)
    ctx = as_reader(session, settings, now, game, reader)
    step = steps[at]
    if step.record is None:
        text = answer(ctx, lambda: list_games(ctx, p.ListGames(game=game.name)))
    else:
        text = results_text(session, game, step.record, reader)
    shown_summary = answer(ctx, lambda: summary(ctx, p.Summary(game=game.name)))
    view = GameView(game, reader, steps, at, text, shown_summary)
    view.centres = centre_counts(game, records)
    view.press = public_press(session, game)
    if isinstance(reader, Participant):
        view.press = own_press(session, game, reader)
        if game.status == "active":
            view.orders = answer(ctx, lambda: reply_status(ctx))
    return view


def stepped(records: list[PhaseRecord], phase: str | None) -> tuple[list[Step], int]:
    """Each played phase, then the board as it stands (or as the game ended on it); and
    which of them `phase` names (the board now if none)."""
    steps = [Step(r.phase, r) for r in records] + [Step(NOW, None)]
    return steps, next((i for i, s in enumerate(steps) if s.phase == phase), len(steps) - 1)


def results_text(session: Session, game: Game, record: PhaseRecord, reader: Reader) -> str:
    """The reader's copy of the results of the phase `record` holds: the results mail as
    everyone read it (the game's history keeps it), cut for him as his mail was."""
    event = session.execute(
        select(HistoryEvent)
        .where(HistoryEvent.game_id == game.id, HistoryEvent.kind == "results")
        .where(HistoryEvent.phase == record.phase)
        .order_by(HistoryEvent.id.desc())
        .limit(1)
    ).scalar_one_or_none()
    report, rest = split_results(event.body if event is not None else "", game.name)
    copy, _seen = reader_copy(game, record, report, reader)
    return (copy + rest).rstrip("\n")


def centre_counts(game: Game, records: list[PhaseRecord]) -> list[tuple[int, dict[str, int]]]:
    """Each power's supply centres at the end of each year (the counts SUMMARY gives every
    reader, a blind game's too)."""
    if not records:
        return []
    variant = variant_of(game)
    out = []
    for end in year_ends(game, variant, records):
        centers = (end.position or {}).get("centers") or {}
        out.append((end.year, {x.name: len(centers.get(x.name) or []) for x in variant.powers}))
    return out


def public_press(session: Session, game: Game) -> list[tuple[str, str]]:
    """The press an observer read (the game's history keeps it as he was shown it), as
    the game's settings let observers read it; newest first."""
    rows = session.execute(
        select(HistoryEvent)
        .where(HistoryEvent.game_id == game.id, HistoryEvent.kind == "press")
        .order_by(HistoryEvent.at.desc(), HistoryEvent.id.desc())
    ).scalars()
    return [(f"{e.phase or ''} {e.subject}".strip(), e.body.rstrip("\n")) for e in rows]


def own_press(session: Session, game: Game, person: Participant) -> list[tuple[str, str]]:
    """A player's press: the copies the judge mailed him (as long as it keeps sent mail,
    `keep_days`), and the messages he sent; newest first."""
    mine = [a.lower() for a in addresses(person)]
    found: list[tuple[datetime, str, str]] = []
    if mine:
        mailed = session.execute(
            select(Outbox).where(Outbox.game_id == game.id).order_by(Outbox.id)
        ).scalars()
        for row in mailed:
            if row.to_address.lower() in mine and _is_press(row.subject) and row.body:
                found.append((row.created_at, row.subject, row.body.rstrip("\n")))
    sent = session.execute(
        select(PressRecord)
        .where(PressRecord.game_id == game.id, PressRecord.sender_id == person.id)
        .order_by(PressRecord.id)
    ).scalars()
    names = {x.id: x.power or x.role for x in game.participants}
    for record in sent:
        to = (
            "everyone"
            if record.broadcast
            else ", ".join(str(names.get(i, "?")) for i in record.recipients)
        )
        found.append((record.created_at, f"You wrote to {to}", record.text.rstrip("\n")))
    found.sort(key=lambda x: x[0], reverse=True)
    return [(heading, text) for _at, heading, text in found]


_PRESS = re.compile(r" - (?:[A-Z]\S* )?(?:Press (?:from|to) |Broadcast)")


def _is_press(subject: str) -> bool:
    """A press copy's subject (`USXX:game - S1901M Press from F to E`: reports/press.py)."""
    return _PRESS.search(subject) is not None


def deadlines(session: Session, person: Participant) -> list[tuple[Game, datetime]]:
    """The deadlines of the games the person's user plays and that are under way."""
    rows = session.execute(
        select(Participant).where(Participant.user_id == person.user_id)
    ).scalars()
    out = []
    for x in rows:
        game = x.game
        playing = x.role == "player" and x.status != "resigned"
        if playing and game.status == "active" and game.deadline is not None:
            out.append((game, game.deadline))
    return sorted(out, key=lambda g: g[1])
