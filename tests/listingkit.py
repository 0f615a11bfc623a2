"""Running LIST, WHOGAME, SUMMARY and HISTORY on a real database for tests/test_list.py,
test_whogame.py, test_summary.py and test_history.py: a judge's store, a command read from
a mail by the parser and carried out by its handler, and the games, players and boards the
tests build."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

import parser as p
import variants
from judge.config import Settings, load
from judge.engine.listings import games as listing
from judge.engine.listings import history, summary, whogame
from judge.engine.reply.conversation import Conversation
from judge.mailin.message import read_mail
from judge.store import migrate
from judge.store.db import Store
from judge.store.models import Game, Participant, User

NOW = datetime(2004, 1, 1, 12, 0)
STANDARD = variants.load("standard")
HANDLERS = {
    p.ListGames: listing.list_games,
    p.WhoGame: whogame.who_game,
    p.Summary: summary.summary,
    p.History: history.history,
    p.HistoryTurns: history.history_turns,
}


@dataclass
class Judge:
    settings: Settings
    store: Store


@dataclass
class Answer:
    text: str
    failed: bool

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")


def fresh_judge(tmp_path: Path) -> Iterator[Judge]:
    """A judge's settings and a migrated store of its own under `tmp_path` (the test
    files' `judge` fixture)."""
    settings = load(
        {
            "JUDGE_HOME": str(tmp_path / "judge"),
            "JUDGE_CODE": "USTS",
            "JUDGE_ADDRESS": "judge@test.example",
            "JUDGE_KEEPER": "keeper@test.example",
        }
    )
    settings.home.mkdir(parents=True)
    store = Store(settings.database)
    migrate.upgrade(store)
    yield Judge(settings, store)
    store.dispose()


def ask(judge: Judge, line: str, sender: str = "zed@example.org", signed: str = "") -> Answer:
    """Read `line` from a mail as the parser does and carry it out; `signed` is the address
    of a participant this mail has signed on as (game and participant found by it)."""
    raw = f"From: {sender}\r\nTo: judge@test.example\r\nSubject: q\r\n\r\n{line}\r\n"
    mail = read_mail(raw.encode())
    commands = p.parse_mail(mail.body, NOW, lambda command: None).commands
    assert len(commands) == 1, commands
    with judge.store.transaction() as session:
        ctx = Conversation(session, judge.settings, NOW, mail, None)
        if signed:
            me = next(
                x
                for x in session.query(Participant).all()
                if x.user.email == signed and x.status != "resigned"
            )
            ctx.game, ctx.me = me.game, me
        HANDLERS[type(commands[0])](ctx, commands[0])
        return Answer("\n\n".join(ctx.parts), ctx.failed)


# -- building the state ----------------------------------------------------------------------


def user(session: Session, email: str, name: str, dedication: int = 0, **form: str) -> User:
    person = User(
        email=email,
        name=name,
        level=form.get("level", "Novice"),
        country=form.get("country", ""),
        registration={"name": name, "email": email, **form},
        registered_at=NOW - timedelta(days=30),
        updated_at=NOW - timedelta(days=30),
        dedication=dedication,
    )
    session.add(person)
    session.flush()
    return person


def game(session: Session, name: str, **fields: Any) -> Game:
    settings = {
        "players": 7, "assignment": "prflist", "dias": True, "concessions": True,
        "nmr": False, "moderated": False, "auto_start": True, "centers": 18, "press": "white",
        "list": True,
    }  # fmt: skip
    settings.update(fields.pop("settings", {}))
    row = Game(
        name=name,
        variant="standard",
        options=fields.pop("options", []),
        status=fields.pop("status", "active"),
        settings=settings,
        created_at=fields.pop("created_at", NOW - timedelta(days=20)),
        **fields,
    )
    session.add(row)
    session.flush()
    return row


def join(
    session: Session, where: Game, person: User, role: str = "player", power: str | None = None,
    joined_at: datetime | None = None, **fields: Any,
) -> Participant:  # fmt: skip
    x = Participant(
        game_id=where.id,
        user_id=person.id,
        role=role,
        power=power,
        password_hash="x",
        joined_at=joined_at or NOW - timedelta(days=20),
        report_to=[],
        absences=[],
        **fields,
    )
    session.add(x)
    session.flush()
    return x


def start_board() -> dict[str, Any]:
    units: dict[str, list[str]] = {x.name: [] for x in STANDARD.powers}
    for unit in STANDARD.units:
        units[unit.power].append(f"{unit.type} {unit.location}")
    centers: dict[str, list[str]] = {x.name: [] for x in STANDARD.powers}
    for province, power in STANDARD.ownership.items():
        centers[power].append(province)
    return {"units": units, "centers": centers, "dislodged": []}


def board(gains: dict[str, list[str]], built: bool = False, **short: int) -> dict[str, Any]:
    """The starting board with centres moved to new owners; `built`: after the builds, an
    army on each centre but for the builds a power left unused (`short`)."""
    position = start_board()
    for power, places in gains.items():
        for where in places:
            for owned in position["centers"].values():
                if where in owned:
                    owned.remove(where)
            position["centers"][power].append(where)
    if built:
        for power, owned in position["centers"].items():
            count = len(owned) - short.get(power, 0)
            position["units"][power] = [f"A {c}" for c in owned[:count]]
    return position


def all_seven(session: Session, where: Game) -> dict[str, Participant]:
    people = {}
    for i, power in enumerate(STANDARD.powers):
        person = user(session, f"p{i}@example.org", f"Player {power.name}", dedication=i)
        people[power.name] = join(session, where, person, power=power.name)
    return people
