"""Machiavelli with money, played by mail (docs/machiavelli.md, stage 4): a game of Venice
and the Papacy, the other powers robots, watched by an observer, through its first two
years. Venice borrows from the bank, pays the Papacy, buys an autonomous garrison and
orders it in the same campaign (taken even where a bribe too small would fail), disbands
another, cancels an expense, gives a money line for a later phase and CLEARs it; the
famine is rolled after the Fall (the test's seed) and relieved in Ferrara in the Spring
while the robots' famined units die; every power with units is asked for its upkeep, and
Venice removes a unit; the bank collects the loan. Each reader's copy of the results tells
his own money only: the master every power's, the Papacy the payment it received and its
own treasury, the observer none; LIST likewise. One judge for the module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

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

# The seed the game's dice roll from: its famine of 1454 strikes Ferrara (and Arezzo, Pavia
# and Albania, where robots stand).
FAMINE_IN_FERRARA = 22


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    yield from registered(tmp_path_factory.mktemp("money") / "judge")


def _venice(table: Table, body: str) -> str:
    return venice(table, "mon", body)


def _pope(table: Table, body: str) -> str:
    return pope(table, "mon", body)


def _results(table: Table, who: str, phase: str) -> str:
    return table.wait_for(who, f"{phase} Results")[0].get_content()


def test_money_by_mail(table: Table) -> None:
    table.send(
        MASTER, f"CREATE ?mon pwMaster machiavelli\nBECOME MASTER\n{TIMING}SET ROBOTS hold\n"
    )
    table.send(VENICE, "SIGN ON ?mon pwDoge machiavelli\nSET PREFERENCE V\n")
    table.send(POPE, "SIGN ON ?mon pwPope machiavelli\nSET PREFERENCE P\n")
    table.send(WATCHER, "OBSERVE mon pwWatch\n")
    table.seed("mon", FAMINE_IN_FERRARA)
    assert (
        "begins with 6 dummy players"
        in table.send(MASTER, "SIGN ON Mmon pwMaster\nFORCE BEGIN\n").get_content()
    )
    # The first income and upkeep: each power's own in its start notice.
    notice = table.wait_for(VENICE, "S1454M Game Starting")[0].get_content()
    assert "Income phase for Winter of 1453." in notice
    assert "Venice:                   Maintains the army in Padua  (3 ducats)" in notice
    assert "\nVenice:     Treasury " in notice and "Papacy:     Treasury" not in notice
    assert "Assassination chits: Austria, Florence, France, Milan, Naples, Papacy, Turkey." in (
        " ".join(notice.split())
    )
    papal = table.wait_for(POPE, "S1454M Game Starting")[0].get_content()
    assert "\nPapacy:     Treasury " in papal and "Venice:     Treasury" not in papal
    watching = table.wait_for(WATCHER, "S1454M Game Starting")[0].get_content()
    assert "Adjustment orders for Winter of 1453." in watching
    assert "Treasury" not in watching and "Income phase" not in watching
    # A money line the judge refuses, in the njudge's words: nothing else changes.
    wrong = _venice(table, "expense 5: 3 ducats famine relief pad")
    assert "Expense number must be 1-4." in wrong and "Venice: expense" not in wrong
    # A money line for a later phase is pending like any order, and CLEAR clears it.
    later = _venice(table, "PHASE Spring 1455 Movement\nborrow 5 ducats for 1 year\n")
    assert "Pending orders for S1455M:\n  borrow 5 ducats for 1 year" in later
    assert "Pending orders for Venice cleared: 1 order." in _venice(table, "CLEAR\n")
    # A bribe too small to buy Ferrara's garrison: the garrison's order is taken all the
    # same (the reply does not tell how a bribe will fare); the next mail replaces it.
    short = _venice(table, "expense 1: 3 ducats buy G fer\nG fer H\n")
    assert "Venice: Garrison Ferrara HOLD." in short and "Error flag" not in short
    # The Spring: a loan, a payment, a bribe that buys Ferrara's garrison (ordered at
    # once), one that disbands Mantua's, an expense given and cancelled.
    spring = _venice(
        table,
        "borrow 10 ducats for 1 year\npay 3 ducats to Papacy\nexpense 1: buy G fer\n"
        "expense 2: disband G man\nexpense 3: 3 ducats famine relief pad\nexpense 3: none\n"
        "G fer H\nA pad - fer\nA ver - man\nG ven H\nF dal H\n",
    )
    for line in (
        "Venice: borrow 10 ducats for 1 year.",
        "Venice: pay 3 ducats to Papacy.",
        "Venice: expense 1: buy G fer.",
        "Venice: expense 3: none.",
        "Venice: Garrison Ferrara HOLD.",
        "Your orders are complete.",
    ):
        assert line in spring, spring
    assert "famine relief" not in spring and "Error flag" not in spring
    _pope(table, POPE_HOLDS)
    mine = _results(table, VENICE, "S1454M")
    for line in (
        "Expenditure results for Spring of 1454.",
        "Venice: Borrows 10 ducats for 1 year, 12d due in Spring of 1455.",
        "Venice: Pays 3 ducats to Papacy.",
        "Venice: E1: 9d, Buy Autonomous Garrison Ferrara.",
        "Venice: E2: 6d, Disband Autonomous Garrison Mantua.",
        "Venice: Garrison Ferrara HOLD.",
        "Venice: Army Verona -> Mantua.",
        "Loan of 10 ducats: 12d due in Spring of 1455.",
    ):
        assert line in mine, mine
    assert "Autonomous: Garrison Ferrara" not in mine
    # The njudge's order: the expenditures, then the movement, then the treasury.
    assert mine.index("Expenditure results") < mine.index("Movement results for Spring")
    assert mine.index("Movement results for Spring") < mine.index("Venice:     Treasury")
    assert "Autonomous: Garrison Mantua.  (*disbanded*)" in mine
    theirs = _results(table, POPE, "S1454M")
    assert "Venice: Pays 3 ducats to Papacy." in theirs
    assert "Borrows" not in theirs and "E1:" not in theirs and "Venice:     Treasury" not in theirs
    assert "Venice: Garrison Ferrara HOLD." in theirs  # what was bought is seen by all
    master = _results(table, MASTER, "S1454M")
    assert "Venice:     Treasury " in master and "Papacy:     Treasury " in master
    # LIST: the asker's own treasury; the master's every one; the observer's none.
    listed = _venice(table, "LIST\n")
    assert "Treasury:" in listed and "Loan of 10 ducats" in listed
    assert "Papacy:     Treasury" not in listed
    assert "Venice:     Treasury" not in _pope(table, "LIST\n")
    assert (
        "Papacy:     Treasury" in table.send(MASTER, "SIGN ON Mmon pwMaster\nLIST\n").get_content()
    )
    assert "Treasury" not in table.send(WATCHER, "LIST mon\n").get_content()
    # The Summer and the Fall: everyone holds; the famine is rolled, the income paid.
    holds = "G fer H\nA fer H\nA man H\nG ven H\nF dal H\n"
    for phase in ("U1454M", "F1454M"):
        _venice(table, holds)
        _pope(table, POPE_HOLDS)
        fall = _results(table, VENICE, phase)
    assert "Famine results: " in fall
    assert "Income phase for Winter of 1454." in fall and "Cities Controlled:" not in fall
    # The upkeep: every power with units is asked, the robots keep theirs.
    asked = _venice(table, "maintain G fer\nmaintain A fer\nremove A man\nmaintain G ven\n")
    assert "Your orders are complete." not in asked
    assert "Venice:                   Fleet Dalmatia *** No order received." in asked
    _venice(table, "maintain F dal\n")
    _pope(table, "maintain A bol\nmaintain A per\nmaintain A rome\nmaintain F anc\n")
    winter = _results(table, VENICE, "F1454B")
    assert "Venice:                   Removes the army in Mantua." in winter
    assert "Venice:                   Maintains the garrison in Ferrara  (3 ducats)" in winter
    assert "Austria:                  Maintains the army in Austria." in winter
    assert "(3 ducats)" not in _results(table, WATCHER, "F1454B")
    # Spring 1455: the bank collects the loan; Venice relieves the famine in Ferrara, where
    # its units live on, while the robots' units in famined provinces die.
    _venice(table, "expense 1: famine relief fer\nG fer H\nA fer H\nG ven H\nF dal H\n")
    _pope(table, POPE_HOLDS)
    due = _results(table, VENICE, "S1455M")
    assert "Venice: Bank collects 12 ducats." in due and "Loan of" not in due
    assert "Venice: E1: 3d, Famine Relief Ferrara." in due
    assert "Venice: Garrison Ferrara HOLD." in due and "Venice: Army Ferrara HOLD." in due
    assert "Florentine Army in Arezzo eliminated by famine." in due
    assert "Famine Relief" not in _results(table, POPE, "S1455M")
    # The observer read no money at all, the Papacy none of Venice's.
    for message in table.judge.mailbox.all():
        text = message.get_content()
        if message["To"] == WATCHER:
            assert "ducats" not in text and "Treasury" not in text, text
        if message["To"] == POPE:
            assert "Venice:     Treasury" not in text and "Borrows" not in text, text
