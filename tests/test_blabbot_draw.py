"""Issue 32: a game of people and BlabBots ends in a draw the judge declares, by mail (real
SMTP to the judge's listener). The seed's Joe "will offer a DRW each turn when all remaining
players have agreed PCE": here that DRW is a vote the judge counts like a person's SET DRAW.
Mac "never requests a DRW": while one plays, the people's and the Joes' votes pass nothing.

England and France are people; five blabbots play the rest, Germany's under Mac. The robots
make peace with each other in press at the start (robots/talk.py's `converse`), propose it
to the people, and the people accept it in DPP press. Then every Joe votes; the people vote;
no draw while Germany is Mac; the master sets Germany to Joe and Austria to Mac (its vote
withdrawn), still no draw; Austria back to Joe, and the judge declares the draw.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select

from judge.store.models import Game, PressRecord
from tests.gametable import MASTER, TIMING, Table, address, form
from tests.judgekit import InProcessJudge

PEOPLE = {"England": "E", "France": "F"}
ROBOTS = {"Austria": "AUS", "Germany": "GER", "Italy": "ITA", "Russia": "RUS", "Turkey": "TUR"}
TOKEN = {"England": "ENG", "France": "FRA"}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    with InProcessJudge(tmp_path_factory.mktemp("blabdraw") / "judge") as judge:
        table = Table(judge)
        for who in (MASTER, *(address(p) for p in PEOPLE)):
            table.send(who, form(who))
        yield table


def _master(table: Table, body: str) -> str:
    return table.send(MASTER, f"SIGN ON Mpeace pwMaster\n{body}").get_content()


def _person(table: Table, power: str, body: str) -> str:
    letter = PEOPLE[power]
    return table.send(address(power), f"SIGN ON {letter}peace pw{power}\n{body}").get_content()


def _status(table: Table) -> str:
    return table.show("peace")["status"]


def test_people_and_blabbots_make_peace_and_the_judge_declares_the_draw(table: Table) -> None:
    first = table.send(MASTER, f"CREATE ?peace pwMaster\nBECOME MASTER\n{TIMING}").get_content()
    assert "You've been selected to play Master in game 'peace'." in first
    seated = "\n".join(f"SET ROBOT {p} blabbot" for p in ROBOTS if p != "Germany")
    reply = _master(table, f"{seated}\nSET ROBOT Germany blabbot mac")
    assert "Game 'peace' set: Austria is played by Robot (blabbot)." in reply
    # The policy is told to the master alone: the others' notice would say who will stab.
    assert "Germany is played by Robot (blabbot), policy Mac (Mac the Knife" in reply
    refused = _master(table, "SET ROBOT Italy dumbbot mac\nSET ROBOT Italy blabbot mac joe")
    assert "SET ROBOT: the dumbbot robot takes no options, and 'mac' is one." in refused
    assert "SET ROBOT: each option once, and one policy (joe or mac)." in refused
    for power, letter in PEOPLE.items():
        table.send(address(power), f"SIGN ON ?peace pw{power}\nSET PREFERENCE {letter}\n")
    table.wait_for(address("France"), "peace - S1901M Game Starting")

    # The robots made peace among themselves in press, and proposed it to each person.
    with table.judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == "peace")).scalar_one()
        texts = session.scalars(select(PressRecord.text).where(PressRecord.game_id == game.id))
        said = list(texts)
    assert said.count("PRP (PCE (AUS GER))") == 1 and said.count("YES (PRP (PCE (AUS GER)))") == 1
    assert len([t for t in said if t.startswith("YES")]) == 10  # five robots, ten pairs
    for power in PEOPLE:
        proposals = table.inbox(address(power), "S1901M Press from ")
        assert len(proposals) == 5

    # The people accept every robot's peace; no robot is anyone's enemy any more.
    for power in PEOPLE:
        accepted = "".join(
            f"PRESS TO {robot[0]}\nYES (PRP (PCE ({token} {TOKEN[power]})))\nENDPRESS\n"
            for robot, token in ROBOTS.items()
        )
        assert _person(table, power, accepted).count("Message sent to") == 5
    assert _status(table) == "active"  # the robots' votes alone pass no draw

    # The people vote too; Germany, under Mac, does not: no draw.
    for power in PEOPLE:
        assert "Your vote for a draw has been recorded." in _person(table, power, "SET DRAW")
    assert _status(table) == "active"
    assert not table.inbox(address("France"), "Draw Declared")

    # Austria's robot set to Mac withdraws the vote it cast as Joe; Germany's set to Joe
    # votes as it orders again: still no draw, Austria's vote is missing.
    _master(table, "SET ROBOT Austria blabbot mac\nSET ROBOT Germany blabbot joe")
    assert _status(table) == "active"
    # The people are told a robot plays Germany, not its policy.
    notices = table.wait_for(address("France"), "Parameter Change", 2)
    assert "Germany is played by Robot (blabbot)." in notices[-1].get_content()
    assert not [m for m in notices if "policy" in m.get_content()]
    # Austria's robot set back to Joe votes: every survivor has voted.
    reply = _master(table, "SET ROBOT Austria blabbot")
    assert "Game 'peace' set: Austria is played by Robot (blabbot)." in reply  # Joe, default
    declared = table.wait_for(address("France"), "Draw Declared")[0]
    assert "Draw Declared: AEFGIRT" in declared["Subject"]
    text = declared.get_content()
    assert "has been declared a draw between Austria, England, France, Germany, Italy," in text
    assert _status(table) == "finished"
