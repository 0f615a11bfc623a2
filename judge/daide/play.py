"""The DAIDE server's work on the judge's database: each a transaction of its own, called
from the server's one database thread. What a bot does here is what a player by mail does:
its orders go into the same order book and count as in (the phase is processed as soon as
everyone's are, by the game's timetable), its DRW is the vote the judge's own robots cast
(a draw of every survivor), GOF is SET NO WAIT; its press reaches people by mail with its
English reading (press/robot_mail.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select

from adjudicator import adjudicate

from ..config import Settings
from ..engine.endings import votes
from ..engine.game.owing import owed
from ..engine.game.record import players
from ..engine.play import processing
from ..engine.play.blind import all_centers, is_blind
from ..engine.play.order_book import phase_kind, unit_key
from ..engine.play.standing import orders_of, phase_document, refresh
from ..engine.reply.notices import Notices
from ..reports.blind import known_position, known_result, sight
from ..reports.identities import hides_players
from ..store.db import Store
from ..store.models import Game, HistoryEvent, OrderRecord, Participant, PhaseRecord
from . import seats as daide_seats
from .mdf import board_of
from .messages import Message
from .orders import Note, judge_text, note_of

PRESS_LEVEL = 30  # what a game with press allows: peace, alliances, order proposals, AND/ORR


def press_level(settings: dict[str, Any]) -> int:
    """HLO's LVL: 0 in a game without press (or whose press hides who plays), else 30."""
    if settings.get("press") == "none" or settings.get("gunboat"):
        return 0
    return PRESS_LEVEL


@dataclass
class View:
    """What the server needs of a game, read at once."""

    id: int
    name: str
    status: str
    phase: str
    turn: int
    variant: str
    port: int | None
    passcodes: dict[str, int]
    bots: dict[str, dict[str, str]]
    seats: dict[str, int]  # DAIDE power -> participant id
    position: dict[str, Any]
    level: int
    blind: bool
    bcenters: bool
    deadline: datetime | None
    centers_count: dict[str, int] = field(default_factory=dict)
    ending: str = ""  # "draw" or the winner's power, once finished
    hidden: bool = False  # who plays which power is not shown (gunboat: reports/identities)
    late: list[str] = field(default_factory=list)


def open_games(store: Store) -> dict[int, int]:
    """game id -> port, for every forming or active game open to DAIDE."""
    out = {}
    with store.transaction(readonly=True) as session:
        for game in session.scalars(select(Game).where(Game.status.in_(("forming", "active")))):
            port = daide_seats.port_of(game)
            if port:
                out[game.id] = port
    return out


def view(store: Store, game_id: int) -> View | None:
    with store.transaction(readonly=True) as session:
        game = session.get(Game, game_id)
        return None if game is None else _view(session, game)


def _view(session, game: Game) -> View:
    settings = game.settings or {}
    robots = settings.get("robots") or {}
    seats = {
        x.power: x.id
        for x in players(game)
        if x.power and robots.get(x.power) == daide_seats.DAIDE and x.status != "resigned"
    }
    position = dict(game.position or {})
    ending = ""
    if game.status == "finished":
        drawn = session.scalar(
            select(HistoryEvent.id).where(
                HistoryEvent.game_id == game.id, HistoryEvent.kind == "draw"
            )
        )
        if drawn is not None:
            ending = "draw"
        else:
            centers = position.get("centers") or {}
            ending = max(centers, key=lambda p: len(centers[p]), default="")
    return View(
        id=game.id, name=game.name, status=game.status, phase=game.phase or "",
        turn=game.turn or 0, variant=game.variant, port=daide_seats.port_of(game),
        passcodes=daide_seats.passcodes(game), bots=daide_seats.bots(game), seats=seats,
        position=position, level=press_level(settings), blind=is_blind(game),
        bcenters=all_centers(game), deadline=game.deadline,
        centers_count={p: len(c) for p, c in (position.get("centers") or {}).items()},
        ending=ending, hidden=hides_players(game),
    )  # fmt: skip


def seen_by(v: View, power: str | None):
    """The powers whose units a reader sees (reports/blind.py): None (all) in a game that
    is not blind; a player his own, an observer none, in a blind one."""
    if not v.blind:
        return None
    return sight("player" if power else "observer", power, v.bcenters)


def position_seen(v: View, power: str | None) -> dict[str, Any]:
    seen = seen_by(v, power)
    if seen is None:
        return v.position
    # His copy's board, and of the centres those it names (the one cut a robot gets too).
    return dict(known_position(board_of(v.variant).variant, v.position, seen))


def phases_after(store: Store, game_id: int, turn: int) -> list[tuple[int, str, dict]]:
    """(turn, phase, result) of each phase processed since `turn`, oldest first."""
    with store.transaction(readonly=True) as session:
        rows = session.execute(
            select(PhaseRecord.turn, PhaseRecord.phase, PhaseRecord.result)
            .where(PhaseRecord.game_id == game_id, PhaseRecord.turn >= turn)
            .order_by(PhaseRecord.turn)
        ).all()
    return [(t, p, r) for t, p, r in rows if r]


def phase_played(store: Store, game_id: int, phase: str) -> dict | None:
    with store.transaction(readonly=True) as session:
        row = session.execute(
            select(PhaseRecord.result)
            .where(PhaseRecord.game_id == game_id, PhaseRecord.phase == phase)
            .order_by(PhaseRecord.turn.desc())
        ).first()
    return row[0] if row else None


def result_seen(v: View, result: dict, power: str | None) -> dict:
    seen = seen_by(v, power)
    if seen is None:
        return result
    return dict(known_result(board_of(v.variant).variant, result, seen))


def take_seat(store: Store, game_id: int, power: str, name: str, version: str) -> None:
    with store.transaction() as session:
        game = session.get(Game, game_id)
        if game is not None:
            daide_seats.take(game, power, name, version)


def _game(session, game_id: int, power: str) -> tuple[Game, Participant] | None:
    """The game, and the place of `power` if a DAIDE bot plays it (None otherwise)."""
    game = session.get(Game, game_id)
    if game is None or game.status != "active" or not game.phase:
        return None
    if ((game.settings or {}).get("robots") or {}).get(power) != daide_seats.DAIDE:
        return None
    me = next((x for x in players(game) if x.power == power and x.status != "resigned"), None)
    return None if me is None else (game, me)


def submit(
    store: Store, settings: Settings, now: datetime, game_id: int, power: str,
    orders: list[Message],
) -> list[str]:  # fmt: skip
    """SUB from one power: each order's note (see `submit_many`)."""
    return submit_many(store, settings, now, game_id, [(power, orders)])[0]


def submit_many(
    store: Store, settings: Settings, now: datetime, game_id: int,
    subs: list[tuple[str, list[Message]]],
) -> list[list[str]]:  # fmt: skip
    """SUBs of several powers at once (the server gathers those that arrive together: bots
    order within moments of NOW), in one transaction: each order's note (MBV: taken).
    Taken orders replace the power's earlier ones for the same unit; one trial gives every
    note and the orders flags; then, as after a mail of orders, the phase goes on if all
    are in."""
    with store.transaction() as session:
        game = session.get(Game, game_id)
        if game is None or game.status != "active" or not game.phase:
            return [["NRS"] * len(orders) for _power, orders in subs]
        robots = (game.settings or {}).get("robots") or {}
        holders = {  # the powers a DAIDE bot still plays (not one SET ROBOT gave another)
            x.power: x
            for x in players(game)
            if x.power and x.status != "resigned" and robots.get(x.power) == daide_seats.DAIDE
        }
        board = board_of(game.variant)
        variant = board.variant
        phase = game.phase or ""
        kind = phase_kind(phase)
        every: list[list[str]] = []
        texts_of: list[list[str | None]] = []
        new: list[OrderRecord] = []
        mine: dict[str, list[OrderRecord]] = {}
        for power, orders in subs:
            notes: list[str] = []
            texts: list[str | None] = []
            me = holders.get(power)
            for order in orders:
                try:
                    if me is None:
                        raise Note("NYU")
                    texts.append(judge_text(board, order, kind, power))
                    notes.append("MBV")
                except Note as problem:
                    texts.append(None)
                    notes.append(problem.note)
            every.append(notes)
            texts_of.append(texts)
            taken = [t for t in texts if t is not None]
            if not taken or me is None:
                continue
            rows = list(
                session.scalars(
                    select(OrderRecord).where(
                        OrderRecord.game_id == game.id, OrderRecord.power == power,
                        OrderRecord.phase == phase, OrderRecord.condition.is_(None),
                    )
                )
            )  # fmt: skip
            rows += [r for r in new if r.power == power]  # an earlier SUB of this batch
            keys = {unit_key(variant, kind, t) for t in taken} - {None}
            stale = [r for r in rows if unit_key(variant, kind, r.text) in keys]
            if kind == "adjustment" and "waive" in taken:
                stale += [r for r in rows if r.text.strip().lower() == "waive"]
            for r in stale:
                if r in new:
                    new.remove(r)
                    session.expunge(r)
                else:
                    session.delete(r)
            added = [
                OrderRecord(
                    game_id=game.id, participant_id=me.id, power=power, phase=phase,
                    text=t, condition=None, created_at=now, inbound_id=None, advance=False,
                )
                for t in taken
            ]  # fmt: skip
            session.add_all(added)
            new.extend(added)
            mine.setdefault(power, []).extend(added)
            me.wait = False
        if not new:
            return every
        session.flush()
        # One trial for the notes and the orders flags both (standing.refresh).
        _given, out = refresh(session, game)
        verdicts = {(line.get("power"), line["text"]): line for line in out.get("orders", [])}
        wrong: list[OrderRecord] = []
        for (power, _orders), notes, texts in zip(subs, every, texts_of, strict=True):
            bad = set()
            for i, text in enumerate(texts):
                line = verdicts.get((power, text or ""))
                illegal = line is not None and line.get("result") == "illegal"
                if text is not None and illegal and line.get("reason") != "replaced":
                    notes[i] = note_of(str(line.get("reason") or ""), kind)
                    bad.add(text)
            if kind == "adjustment" and power in holders and owed(game, power) == 0:
                for i, text in enumerate(texts):  # nothing to build or remove
                    if text is not None and notes[i] == "MBV":
                        notes[i] = "NMR" if text.startswith("remove") else "NMB"
                        bad.add(text)
            wrong += [r for r in mine.get(power, []) if r.text in bad]
        if wrong:  # the bot's to correct: not kept
            for row in wrong:
                session.delete(row)
            session.flush()
            refresh(session, game)
        notices = Notices(session, settings, now)
        processing.schedule(notices, game)
        notices.write_outbox()
        return every


def _go_on(session, settings: Settings, now: datetime, game: Game) -> None:
    session.flush()
    refresh(session, game)
    notices = Notices(session, settings, now)
    processing.schedule(notices, game)
    notices.write_outbox()


def cancel(
    store: Store, settings: Settings, now: datetime, game_id: int, power: str,
    order: Message | None,
) -> bool:  # fmt: skip
    """NOT (SUB): every order of the power for the phase taken back, or one."""
    with store.transaction() as session:
        found = _game(session, game_id, power)
        if found is None:
            return False
        game, _me = found
        board = board_of(game.variant)
        kind = phase_kind(game.phase or "")
        query = delete(OrderRecord).where(
            OrderRecord.game_id == game.id, OrderRecord.power == power,
            OrderRecord.phase == game.phase, OrderRecord.condition.is_(None),
        )  # fmt: skip
        if order is not None:
            try:
                key = unit_key(board.variant, kind, judge_text(board, order, kind, power))
            except Note:
                return False
            rows = session.scalars(
                select(OrderRecord).where(
                    OrderRecord.game_id == game.id,
                    OrderRecord.power == power,
                    OrderRecord.phase == game.phase,
                )
            )
            ids = [r.id for r in rows if unit_key(board.variant, kind, r.text) == key]
            if not ids:
                return False
            query = delete(OrderRecord).where(OrderRecord.id.in_(ids))
        session.execute(query)
        session.flush()
        refresh(session, game)
        return True


def go_flag(
    store: Store, settings: Settings, now: datetime, game_id: int, power: str, go: bool
) -> bool:
    """GOF: SET NO WAIT (the phase may go on once all are in); NOT (GOF): SET WAIT."""
    with store.transaction() as session:
        found = _game(session, game_id, power)
        if found is None:
            return False
        game, me = found
        me.wait = not go
        _go_on(session, settings, now, game)
        return True


def draw_vote(
    store: Store, settings: Settings, now: datetime, game_id: int, power: str, on: bool
) -> bool:
    """DRW: the vote the judge's own robots cast for a draw of every survivor
    (votes.robot_vote: SET DRAW in a DIAS game, the survivors' letters in a NoDIAS one);
    False for a power with no units, who has no vote. NOT (DRW): SET NO DRAW."""
    with store.transaction() as session:
        found = _game(session, game_id, power)
        if found is None:
            return False
        game, me = found
        vote = votes.robot_vote(game, power) if on else None
        if on and vote is None:
            return False
        me.draw = vote
        if on:
            notices = Notices(session, settings, now)
            votes.count_votes(notices, game)
            notices.write_outbox()
        return True


def missing(store: Store, game_id: int, power: str) -> tuple[str, Any]:
    """MIS: ("units", [unit texts]) still without orders, ("retreats", [(unit, places)]),
    ("adjust", n: removals still owed, or minus the builds still allowed), or ("none", 0)."""
    with store.transaction(readonly=True) as session:
        found = _game(session, game_id, power)
        if found is None:
            return "none", 0
        game, _me = found
        phase = game.phase or ""
        given = orders_of(session, game, phase)
        kind = phase_kind(phase)
        if kind == "adjustment":
            due = owed(game, power)
            done = len(given.get(power, []))
            left = max(0, abs(due) - done)
            return "adjust", (-left if due > 0 else left)
        out = adjudicate(phase_document(game, given))
        units = [
            line["order"].split(" H")[0]
            for line in out.get("orders", [])
            if line.get("power") == power and line.get("reason") == "no order"
        ]
        if kind == "retreat":
            places = {
                d["unit"]: d.get("retreats") or []
                for d in (game.position or {}).get("dislodged") or []
                if d.get("power") == power
            }
            return "retreats", [(u, places.get(u, [])) for u in units if u in places]
        return "units", units
