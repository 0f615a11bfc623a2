"""The clock goes on for every game when one game cannot be processed: each game is
ticked in a transaction of its own; the failing one is logged, set back a little, and the
judgekeeper told once."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update

from judge.store.models import Game
from tests.gametable import HOLDS, POWERS, address, start
from tests.test_lateness import tick, utc


def start_second(table, name: str) -> None:
    """The same seven start a second game, `name`."""
    table.send(address("Austria"), f"CREATE ?{name} pwAustria\nSET PREFERENCE A\n")
    for power, letter in list(POWERS.items())[1:]:
        table.send(address(power), f"SIGN ON ?{name} pw{power}\nSET PREFERENCE {letter}\n")
    table.wait_for(address("Germany"), "Game Starting")


def keeper_told(table, name: str) -> list:
    return table.inbox("keeper@test.example", f"game '{name}' cannot be processed")


def test_a_game_that_cannot_be_processed_stops_no_other(table):
    start_second(table, "broken")  # the lower id: looked at first
    start(table)
    table.judge.mailbox.wait(lambda: len(table.inbox(address("Germany"), "Game Starting")) == 2)
    for power, orders in HOLDS.items():
        if power != "Germany":
            table.orders(power, orders)
    deadline = max(utc(table.show(name)["deadline"]) for name in ("war", "broken"))
    with table.judge.store.transaction() as session:
        session.execute(update(Game).where(Game.name == "broken").values(position="corrupt"))

    tick(table, deadline + timedelta(minutes=1))
    # The healthy game's clock went on: Germany is late in 'war'.
    told = table.wait_for(address("France"), "war - S1901M Late Notice")[0]
    assert "is waiting for Germany's orders" in told.get_content()
    # The keeper is told of the broken game, once, however often it fails again.
    table.judge.mailbox.wait(lambda: len(keeper_told(table, "broken")) == 1)
    for minutes in (2, 15, 30):
        tick(table, deadline + timedelta(minutes=minutes))
    assert len(keeper_told(table, "broken")) == 1
    # Set back a little each time, not retried at every tick; the healthy game goes on.
    with table.judge.store.transaction(readonly=True) as session:
        broken = session.execute(select(Game).where(Game.name == "broken")).scalar_one()
    assert broken.phase == "S1901M"
    assert broken.next_event_at == deadline + timedelta(minutes=40)
    assert "This is judge USTS" in table.send("calm@example.org", "VERSION").get_content()
