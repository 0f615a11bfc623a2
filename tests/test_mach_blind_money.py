"""A blind Machiavelli game with money, played by mail (docs/machiavelli.md, "Money in the
result"): Venice and the Papacy, the other powers robots, a master and an observer. Each
reader's copy of the results carries his own money as in a game that is not blind: his
expenditure results before the report (the njudge printed them before the movement), his
income and treasury after it; the master reads every power's, the observer none. Venice
disbands every unit in the Fall and is still asked for its builds in the Winter (it holds
its home cities and ducats); a build the Papacy's treasury cannot pay is listed in its
reply with the njudge's `*** NSF`, an error that holds the phase for the master's
PROCESS. The master's PREDICT puts the money in the same
order. In the Fall each player's famine report names only his own provinces struck. One
judge for the module; the control tables of a game without money from a real adjudication."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import variants
from adjudicator import adjudicate
from judge.engine.game.machiavelli import start_position
from judge.reports.blind import blind_report, sight
from judge.reports.play.machiavelli import movement_results
from tests.gametable import MASTER, TIMING, Table
from tests.mach_money_table import (
    POPE,
    POPE_HOLDS,
    VENICE,
    WATCHER,
    pope,
    registered,
    venice,
)

FAMINE_AWAY_FROM_VENICE = 22  # the 1454 famine strikes Ferrara, Arezzo, Pavia, Albania
VENICE_HOLDS = "A pad H\nA ver H\nG ven H\nF dal H\n"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    yield from registered(tmp_path_factory.mktemp("blindmoney") / "judge")


def _venice(table: Table, body: str) -> str:
    return venice(table, "bm", body)


def _pope(table: Table, body: str) -> str:
    return pope(table, "bm", body)


def _results(table: Table, who: str, subject: str) -> str:
    return table.wait_for(who, subject)[-1].get_content()


def _before(text: str, first: str, second: str) -> bool:
    return first in text and second in text and text.index(first) < text.index(second)


def test_blind_money_by_mail(table: Table) -> None:
    table.send(
        MASTER, f"CREATE ?bm pwMaster machiavelli blind\nBECOME MASTER\n{TIMING}SET ROBOTS hold\n"
    )
    table.send(VENICE, "SIGN ON ?bm pwDoge machiavelli blind\nSET PREFERENCE V\n")
    table.send(POPE, "SIGN ON ?bm pwPope machiavelli blind\nSET PREFERENCE P\n")
    table.send(WATCHER, "OBSERVE bm pwWatch\n")
    table.seed("bm", FAMINE_AWAY_FROM_VENICE)
    table.send(MASTER, "SIGN ON Mbm pwMaster\nFORCE BEGIN\n")
    table.wait_for(VENICE, "S1454M Game Starting")
    # The Spring: Venice borrows and buys Ferrara's garrison; the Papacy holds.
    _venice(table, f"borrow 10 ducats for 1 year\nexpense 1: buy G fer\nG fer H\n{VENICE_HOLDS}")
    predicted = table.send(MASTER, "SIGN ON Mbm pwMaster\nPREDICT\n").get_content()
    assert _before(predicted, "Venice: Borrows 10 ducats", "Movement results for"), predicted
    _pope(table, POPE_HOLDS)
    mine = _results(table, VENICE, "S1454M Blind Results")
    assert _before(mine, "Expenditure results for Spring of 1454.", "Movement results for"), mine
    assert "Venice: Borrows 10 ducats for 1 year, 12d due in Spring of 1455." in mine
    assert "Venice: E1: 9d, Buy Autonomous Garrison Ferrara." in mine
    assert _before(mine, "Movement results for", "\nVenice:     Treasury "), mine
    assert "Venice: Garrison Ferrara HOLD." in mine  # the garrison it bought is its own
    assert "Papacy:     Treasury" not in mine and "Papacy: Army" not in mine
    theirs = _results(table, POPE, "S1454M Blind Results")
    assert "\nPapacy:     Treasury " in theirs
    assert "Borrows" not in theirs and "E1:" not in theirs and "Venice:     Treasury" not in theirs
    master = _results(table, MASTER, "S1454M Results")
    assert _before(master, "Venice: Borrows 10 ducats", "Movement results for"), master
    assert "Venice:     Treasury " in master and "Papacy:     Treasury " in master
    # The Summer; in the Fall Venice disbands every unit; the income is each reader's own.
    _venice(table, f"G fer H\n{VENICE_HOLDS}")
    _pope(table, POPE_HOLDS)
    _results(table, VENICE, "U1454M Blind Results")
    _venice(table, "G fer D\nA pad D\nA ver D\nG ven D\nF dal D\n")
    _pope(table, POPE_HOLDS)
    fall = _results(table, VENICE, "F1454M Blind Results")
    assert _before(fall, "Movement results for Fall of 1454.", "Income phase for Winter of 1454.")
    assert "\nVenice   " in fall and "\nPapacy   " not in fall, fall
    assert "Provinces struck: Brescia, Ferrara.\n" in fall, fall  # not Rome, the Papacy's
    papal_fall = _results(table, POPE, "F1454M Blind Results")
    assert "Provinces struck: Rome.\n" in papal_fall, papal_fall
    assert "Provinces struck: Albania, Arezzo, Brescia" in _results(table, MASTER, "F1454M Results")
    # The Winter: Venice, without a unit, is asked for its builds (it holds its home cities
    # and 33 ducats); the Papacy's builds overspend its 19 ducats: the one its treasury
    # cannot pay is listed with the njudge's error, and is not built.
    assert "Your orders are complete." in _venice(table, "")  # not "no moves due"
    assert "Venice:                   Builds an army in Padua." in _venice(table, "build A pad\n")
    upkeep = "maintain A bol\nmaintain A per\nmaintain A rome\nmaintain F anc\n"
    listed = _pope(table, f"{upkeep}build elite mercenary G anc\nbuild G bol\n")
    assert "Papacy:                   Builds a garrison in Bologna  (3 ducats *** NSF)" in listed
    # The NSF is an error, as the njudge flags it: the Winter waits for the deadline, or
    # for the master.
    processing = table.send(MASTER, "SIGN ON Mbm pwMaster\nPROCESS F1454B\n").get_content()
    assert "F1454B will be processed now" in processing
    papal = _results(table, POPE, "F1454B Blind Results")
    assert "Papacy:                   Builds a garrison in Bologna  (3 ducats *** NSF)" in papal
    winter = _results(table, VENICE, "F1454B Blind Results")
    assert "Venice:                   Builds an army in Padua  (3 ducats)" in winter, winter
    assert "Venice:     Treasury 30 ducats." in winter and "Papacy:" not in winter
    master = _results(table, MASTER, "F1454B Results")
    assert "Papacy:     Treasury 1 ducat." in master and "Venice:     Treasury 30" in master
    for message in table.judge.mailbox.all():
        if message["To"] == WATCHER:
            text = message.get_content()
            assert "ducats" not in text and "Treasury" not in text, text


def test_blind_campaign_end_is_each_players_own() -> None:
    """The end of a campaign in a blind game without money (control tables shown), from a
    real adjudication: the Papacy takes Modena and a famine strikes all over the map. Each
    player's copy names only his own ownership changes, control and famine; the master's
    (the whole report) every power's; the observer's none."""
    variant = variants.load("machiavelli")
    board = start_position(variant, {})
    doc = {
        "variant": "machiavelli", "phase": "F1454M", "units": board["units"],
        "centers": board["centers"], "machiavelli": {**board["machiavelli"], "seed": 3},
        "orders": {"Papacy": ["A bol-mod"]}, "options": {"money": False},
    }  # fmt: skip
    out = adjudicate(doc)
    master = movement_results(variant, "g", 4, doc, out)
    venice = blind_report(variant, "g", 4, doc, out, sight("player", "Venice"))
    papacy = blind_report(variant, "g", 4, doc, out, sight("player", "Papacy"))
    watcher = blind_report(variant, "g", 4, doc, out, sight("observer", None))
    assert "Papacy:   +Modena." in master and "Autonomous: -Modena." in master
    assert "Papacy:   +Modena." in papacy and "Autonomous: -Modena" not in papacy
    assert "Modena" not in venice and "changing hands" not in venice
    assert "Provinces struck: Austria, Bologna," in master and "\nMilan:  " in master
    assert "Provinces struck: Friuli, Venice, Verona, Vicenza." in venice
    assert "Provinces struck: Bologna, Rome." in papacy
    assert "Cities Controlled:\n\nVenice:     Dalmatia*, Padua*" in venice
    for other in ("Papacy:", "Milan:", "Austria:", "Autonomous:"):
        assert other not in venice, venice
    assert "Venice:" not in papacy and "Milan:" not in papacy
    assert "Provinces struck: *None*" in watcher and "Venice:" not in watcher
