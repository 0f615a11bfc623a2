"""Seven players around a judge, for the tests of whole games by mail: their addresses,
their registration, and the opening of a game called 'war'."""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select

from adjudicator.document import read_document
from adjudicator.given import Position
from judge.cli import game_shown
from judge.engine.play.standing import phase_document
from judge.store.models import Game
from tests.judgekit import InProcessJudge

POWERS = {
    "Austria": "A",
    "England": "E",
    "France": "F",
    "Germany": "G",
    "Italy": "I",
    "Russia": "R",
    "Turkey": "T",
}


# Every unit holding: what each power orders when nothing is to happen.
HOLDS = {
    "Austria": "A vie H; A bud H; F tri H",
    "England": "F lon H; F edi H; A lvp H",
    "France": "A par H; A mar H; F bre H",
    "Germany": "A ber H; A mun H; F kie H",
    "Italy": "A ven H; A rom H; F nap H",
    "Russia": "A mos H; A war H; F sev H; F stp/sc H",
    "Turkey": "A con H; A smy H; F ank H",
}
# Germany takes Denmark in the spring and Holland in the fall: two builds in the winter.
GERMANY_SPRING = "A mun-ruh; A ber H; F kie-den"
GERMANY_FALL = "A ruh-hol; A ber H; F den H"


def address(power: str) -> str:
    return f"{power.lower()}@players.example"


def form(who: str) -> str:
    return (
        f"REGISTER\nName: {who.split('@')[0].capitalize()} Player\nEmail: {who}\n"
        "Address: 1 Main Street\nCountry: Netherlands\nLevel: Novice\nPackage: no\nEND\n"
    )


_SEATED: list[Path] = []


class Table:
    """The players around a judge, and what they read."""

    def __init__(self, judge: InProcessJudge) -> None:
        self.judge = judge

    @classmethod
    def seated(cls, judge: InProcessJudge) -> Table:
        """The seven players and a watcher, each registered with the judge."""
        table = cls(judge)
        for who in [*(address(power) for power in POWERS), "watcher@example.org"]:
            table.send(who, form(who))
        return table

    @staticmethod
    def home() -> Path:
        """A stopped judge's home where the seven players and the watcher registered by mail,
        once in this process, for `InProcessJudge(like=...)`: each table's judge starts as a
        copy of it (database and Maildir, the same rows, ids and mails). The eight
        REGISTERs and their replies cost a third of a second of CPU a table, and some two
        hundred tests each start at a table."""
        if not _SEATED:
            folder = Path(tempfile.mkdtemp(prefix="judge-seated-"))
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            with InProcessJudge(folder / "judge") as judge:
                Table.seated(judge)
            _SEATED.append(judge.settings.home)
        return _SEATED[0]

    def send(self, sender: str, body: str, subject: str = "") -> EmailMessage:
        return self.judge.ask(sender, body, subject)

    def orders(self, power: str, body: str) -> str:
        reply = self.send(address(power), f"SIGN ON {POWERS[power]}war pw{power}\n{body}")
        return reply.get_content()

    def inbox(self, who: str, subject_part: str) -> list[EmailMessage]:
        return self.judge.mailbox.addressed(who, subject_part)

    def wait_for(self, who: str, subject_part: str, count: int = 1) -> list[EmailMessage]:
        self.judge.mailbox.wait(lambda: len(self.inbox(who, subject_part)) >= count)
        return self.inbox(who, subject_part)

    def seed(self, game: str, seed: int, of: str = "mach_seed") -> None:
        """A game's randomness, before its start: a Machiavelli game's dice (`mach_seed`) or
        its robots' choices (`robot_seed`), the seed the judge would draw at random (and
        keeps in the game's settings), chosen so that what a test needs happens every run
        (a famine where the test needs it, a robot game that gives a person a build)."""
        with self.judge.store.transaction() as session:
            found = session.execute(select(Game).where(Game.name == game)).scalar_one()
            found.settings = {**found.settings, of: seed}

    def board(self, game: str = "war") -> tuple[str, str, Position | None]:
        """The game's status, phase, and the board as a robot reads it (None when the game
        is not being played)."""
        with self.judge.store.transaction(readonly=True) as session:
            found = session.execute(select(Game).where(Game.name == game)).scalar_one()
            if found.status != "active":
                return found.status, found.phase or "", None
            return found.status, found.phase or "", read_document(phase_document(found, {}))[0]

    def show(self, game: str = "war") -> dict:
        """The game's state as `judge show GAME --json` prints it, read in this process
        (test_judge_cli runs the command itself): these tests look some 150 times, and
        starting a judge for each look cost half a second."""
        state = game_shown(self.judge.store, game, self.judge.settings.zone)
        assert state is not None, f"no game called {game!r}"
        return json.loads(json.dumps(state))


def start(table: Table) -> None:
    """Austria creates 'war'; the others sign on, each asking for his own power first."""
    first = table.send(
        address("Austria"),
        "CREATE ?war pwAustria\nSET PREFERENCE A\n"
        # Phases are processed as soon as every order is in: no MIN, no DELAY.
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    )
    text = first.get_content()
    assert "Move timing of game 'war' set:" in text
    assert "You've been selected to play a power in game 'war'." in text
    assert "You'll be notified when 6 more players sign on." in text
    assert first["Subject"].startswith("Re: USTS:war - ")
    for power, letter in list(POWERS.items())[1:]:
        reply = table.send(
            address(power), f"SIGN ON ?war pw{power}\nSET PREFERENCE {letter}\n"
        ).get_content()
        assert f"Preference list '{letter}' set." in reply


MASTER = "master@example.org"
# Phases processed as soon as every order is in: no MIN, no DELAY.
TIMING = "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n"


def create(table: Table, game: str, options: str = "", settings: str = "") -> None:
    """The master creates `game` (`options`: the variant and its options on the CREATE
    line) and becomes its master, each phase processed once every order is in;
    `settings`: SET lines to follow."""
    line = f"CREATE ?{game} pwMaster {options}".rstrip()
    reply = table.send(MASTER, f"{line}\nBECOME MASTER\n{TIMING}{settings}").get_content()
    assert f"You've been selected to play Master in game '{game}'." in reply, reply


def master_says(table: Table, game: str, body: str) -> str:
    """The master's mail to `game`, signed on; the reply's text."""
    return table.send(MASTER, f"SIGN ON M{game} pwMaster\n{body}").get_content()


def start_moderated(table: Table, settings: str = "") -> None:
    """The watcher's friend creates 'war' and becomes its master (with `settings`, SET
    lines for before the start); the seven sign on."""
    table.send(MASTER, form(MASTER))
    first = table.send(
        MASTER,
        f"CREATE ?war pwMaster\nBECOME MASTER\n{TIMING}{settings}",
    ).get_content()
    assert "You've been selected to play Master in game 'war'." in first
    assert "You'll be notified when 7 more players sign on." in first
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power}\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")


def master(table: Table, body: str) -> str:
    return master_says(table, "war", body)


def play(table: Table, orders: dict[str, str], phase: str) -> str:
    """Everyone's orders for a phase, each in a mail; the results as Germany reads them."""
    for power, text in orders.items():
        table.orders(power, text)
    return table.wait_for(address("Germany"), f"{phase} Results")[0].get_content()


def germany_to_winter(table: Table) -> None:
    """1901 by mail, all holding but Germany, who ends it owed two builds (F1901B)."""
    play(table, dict(HOLDS, Germany=GERMANY_SPRING), "S1901M")
    play(table, dict(HOLDS, Germany=GERMANY_FALL), "F1901M")
