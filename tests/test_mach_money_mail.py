"""scratch"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.gametable import MASTER, Table, form
from tests.judgekit import InProcessJudge

VENICE = "doge@players.example"
POPE = "pope@players.example"
WATCHER = "watcher@example.org"
TIMING = "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    home = tmp_path_factory.mktemp("money") / "judge"
    with InProcessJudge(home, JUDGE_RATE_LIMIT="1000") as judge:
        table = Table(judge)
        for who in (MASTER, VENICE, POPE, WATCHER):
            table.send(who, form(who))
        yield table


def _venice(table: Table, body: str) -> str:
    return table.send(VENICE, f"SIGN ON Vmon pwDoge\n{body}").get_content()


def test_scratch(table: Table) -> None:
    table.send(MASTER, f"CREATE ?mon pwMaster machiavelli\nBECOME MASTER\n{TIMING}SET ROBOTS hold\n")
    table.send(VENICE, "SIGN ON ?mon pwDoge machiavelli\nSET PREFERENCE V\n")
    table.send(POPE, "SIGN ON ?mon pwPope machiavelli\nSET PREFERENCE P\n")
    table.send(WATCHER, "OBSERVE mon pwWatch\n")
    print(table.send(MASTER, "SIGN ON Mmon pwMaster\nFORCE BEGIN\n").get_content())
    notice = table.wait_for(VENICE, "S1454M Game Starting")[0].get_content()
    print("NOTICE>>>", notice)
    print(table.send(POPE, "SIGN ON Pmon pwPope\nA bol H\nA per H\nA rom H\nF anc H\n").get_content())
    print(_venice(table, "borrow 10 ducats for 1 year\npay 3 ducats to Papacy\nexpense 1: buy G fer\nG fer H\nA pad - fer\nA ver - man\nG ven H\nF dal H"))
    print("SPRING>>>", table.wait_for(VENICE, "S1454M Results")[0].get_content())
    print("POPESPRING>>>", table.wait_for(POPE, "S1454M Results")[0].get_content()[-1500:])
    print("POPENOTICE>>>", table.wait_for(POPE, "Game Starting")[0].get_content()[-1500:])
