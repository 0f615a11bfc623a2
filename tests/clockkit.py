"""A judge whose clock a test moves (a FixedClock): the deadlines of a game by mail come
when the test says, and its own scheduler and the test's `moment` play them. For the
tests of reminders, excuses and reliability (issue 35)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from judge.clock import FixedClock
from judge.engine.tick import tick
from tests.gametable import HOLDS, MASTER, POWERS, Table, address, form
from tests.judgekit import InProcessJudge, settle

# Monday 23 November 2026, 09:00 UTC: the judge's "now" when a test begins.
MONDAY = datetime(2026, 11, 23, 9, 0)
ROBOT = "Turkey"  # played by the judge's robot (hold) in `begin`'s game
PEOPLE = [power for power in POWERS if power != ROBOT]


@contextmanager
def clocked(home: Path, **extra: str) -> Iterator[tuple[Table, FixedClock]]:
    """Seven registered players, a watcher and a master, around a judge on a FixedClock."""
    clock = FixedClock(MONDAY)
    with InProcessJudge(home, clock, **extra) as judge:
        table = Table.seated(judge)
        table.send(MASTER, form(MASTER))
        yield table, clock


def begin(table: Table, settings: str = "", game: str = "war", options: str = "") -> None:
    """A moderated game: the master creates it (with `settings`, SET lines; `options`: the
    variant and its options, ` standard gunboat`), the judge's robot plays Turkey, and the
    six others sign on; it starts."""
    reply = table.send(
        MASTER,
        f"CREATE ?{game} pwMaster{options}\nBECOME MASTER\n"
        f"SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n"
        f"SET ROBOT {ROBOT} hold\n{settings}",
    ).get_content()
    assert f"You've been selected to play Master in game '{game}'." in reply, reply
    for power in PEOPLE:
        table.send(
            address(power),
            f"SIGN ON ?{game} pw{power}{options}\nSET PREFERENCE {POWERS[power]}\n",
        )
    table.wait_for(MASTER, "Game Starting", count=1)


def orders(table: Table, power: str, body: str, game: str = "war") -> str:
    reply = table.send(address(power), f"SIGN ON {POWERS[power]}{game} pw{power}\n{body}")
    return reply.get_content()


def hold_all_but(table: Table, late: str, game: str = "war") -> None:
    """Every person's holds for the phase but `late`'s: the power about to miss it."""
    for power in PEOPLE:
        if power != late:
            orders(table, power, HOLDS[power], game)


def master(table: Table, body: str, game: str = "war") -> str:
    return table.send(MASTER, f"SIGN ON M{game} pwMaster\n{body}").get_content()


def moment(table: Table, clock: FixedClock, when: datetime) -> None:
    """The clock moves to `when` and the tick runs at once (the judge's own scheduler may
    run it too: each game is looked at once for a moment); every mail it wrote is sent."""
    clock.at = when
    tick(table.judge.store, when, settings=table.judge.settings)
    settle(table.judge.store)


def deadline_of(table: Table, game: str = "war") -> datetime:
    return datetime.fromisoformat(table.show(game)["deadline"]).replace(tzinfo=None)


__all__ = ["HOLDS", "MASTER", "PEOPLE", "POWERS", "address"]
