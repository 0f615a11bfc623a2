"""The judge, the people and the mail helpers of the Venice-and-Papacy Machiavelli games with
money by mail (tests/test_mach_money_by_mail.py, tests/test_mach_blind_money.py,
tests/test_blind_pictures_by_mail.py): a master, the Doge, the Pope and an observer
registered on one in-process judge for a module; each game signs its players on under its
own game name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from tests.gametable import MASTER, Table, form
from tests.judgekit import InProcessJudge

VENICE = "doge@players.example"
POPE = "pope@players.example"
WATCHER = "watcher@example.org"
POPE_HOLDS = "A bol H\nA per H\nA rome H\nF anc H\n"


def registered(home: Path, **settings: str) -> Iterator[Table]:
    """A module's table: the judge started in `home` (with any other `settings`), everyone
    registered."""
    with InProcessJudge(home, JUDGE_RATE_LIMIT="1000", **settings) as judge:
        table = Table(judge)
        for who in (MASTER, VENICE, POPE, WATCHER):
            table.send(who, form(who))
        yield table


def venice(table: Table, game: str, body: str) -> str:
    """The Doge's mail to `game` and the judge's reply."""
    return table.send(VENICE, f"SIGN ON V{game} pwDoge\n{body}").get_content()


def pope(table: Table, game: str, body: str) -> str:
    """The Pope's mail to `game` and the judge's reply."""
    return table.send(POPE, f"SIGN ON P{game} pwPope\n{body}").get_content()
