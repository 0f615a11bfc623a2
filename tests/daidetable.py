"""The DAIDE tests' judge and games (test_daide_bots.py, test_daide_server.py): one judge a
test module listening for DAIDE bots, its master and France registered, and the moves of a
game's life the tests share."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.daidekit import free_ports
from tests.gametable import MASTER, Table, address, form
from tests.judgekit import InProcessJudge

FRANCE = address("France")


def daide_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """A test module's judge, for its `table` fixture."""
    home = tmp_path_factory.mktemp("daide") / "judge"
    listen = f"127.0.0.1:{free_ports(20)}"
    with InProcessJudge(home, JUDGE_DAIDE_LISTEN=listen, JUDGE_DAIDE_PORTS="20") as judge:
        table = Table(judge)
        for who in (MASTER, FRANCE):
            table.send(who, form(who))
        yield table


def until(table: Table, game: str, year: int, timeout: float = 90) -> tuple[str, str]:
    """Until the game reaches spring of `year` or ends; its status and phase."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status, phase, _ = table.board(game)
        if status != "active" or int(phase[1:-1]) >= year:
            return status, phase
        time.sleep(0.1)
    raise AssertionError(f"game {game} stuck at {table.board(game)[:2]}")


def stalled(table: Table, game: str, still: float = 1.5, timeout: float = 60) -> str | None:
    """The phase the game stops at for `still` seconds (a phase waiting for orders that do
    not come), or None if it never stops in `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        phase = table.board(game)[1]
        time.sleep(still)
        if table.board(game)[1] == phase:
            return phase
    return None


def results(table: Table, game: str, kind: str = "") -> list[str]:
    """The master's copies of the game's results (`kind`: "M" for movement only: a unit
    dislodged with nowhere to go is destroyed with no order of its own)."""
    return [
        m.get_content()
        for m in table.inbox(MASTER, f"{kind} Results")
        if f":{game} " in str(m["Subject"]) or f":{game}-" in str(m["Subject"])
    ]
