"""A whole game by mail with reminders, excuses and reliability (issue 35), over SMTP
against a judge whose clock the test moves, its own scheduler and `moment` ticking: the
master sets reminders a day ahead and an excuse for each power; Germany asks for his two
days ahead, misses the first deadline all the same and uses his excuse, is reminded again
of the deadline it moved to, misses that one too and is late; England is reminded and
orders in time; the master moves the fall's deadline and Italy, still owing, is reminded
afresh. Germany wins the game (SET CENTERS 5), and the record it leaves keeps the late
player out of the master's next game."""

from __future__ import annotations

from datetime import timedelta

from tests.clockkit import (
    HOLDS,
    MASTER,
    address,
    begin,
    clocked,
    deadline_of,
    master,
    moment,
    orders,
)
from tests.gametable import GERMANY_FALL, GERMANY_SPRING

WATCHER = "watcher@example.org"


def reminders(table, power: str, phase: str = "") -> list:
    return table.inbox(address(power), f"{phase} Reminder")


def reliability(table, power: str) -> str:
    record = table.send(WATCHER, f"INFO PLAYER {address(power)}").get_content()
    return " ".join(next(x for x in record.splitlines() if "Reliability:" in x).split())


def test_a_game_with_reminders_an_excuse_a_late_player_and_a_moved_deadline(tmp_path):
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table, "SET CENTERS 5\nSET REMINDERS 24\nSET EXCUSES 1\n")
        table.send(WATCHER, "OBSERVE war look\n")
        assert "Reminder set: 48 hours" in orders(table, "Germany", "SET REMINDER 48")
        for power in ("Austria", "France", "Italy", "Russia"):
            orders(table, power, HOLDS[power])
        orders(table, "England", "F lon H")

        # Spring 1901: Germany is reminded two days ahead, England one.
        first = deadline_of(table)
        moment(table, clock, first - timedelta(hours=47))
        assert len(reminders(table, "Germany")) == 1 and not reminders(table, "England")
        moment(table, clock, first - timedelta(hours=23))
        (england,) = reminders(table, "England")
        assert "  an order for Army Liverpool" in england.get_content()
        assert "Your orders are complete." in orders(table, "England", "F edi H\nA lvp H")
        assert not reminders(table, "France")

        # Germany misses the deadline and uses his excuse: nobody is late, the phase waits.
        moment(table, clock, first + timedelta(minutes=1))
        told = table.wait_for(WATCHER, "S1901M Excuse: G")[0].get_content()
        assert "Germany has missed the deadline of game 'war' and uses an excuse:" in told
        assert "0 excuses left." in told
        assert not table.inbox(WATCHER, "Late Notice")
        second = deadline_of(table)
        assert second >= first + timedelta(hours=71)
        assert "Germany 0" in orders(table, "France", "LIST war")

        # The moved deadline gets its own reminder; England, complete, gets none.
        moment(table, clock, second - timedelta(hours=47))
        assert len(reminders(table, "Germany")) == 2
        assert len(reminders(table, "England")) == 1
        # He misses that one as well, with no excuse left: late, as the njudge has it.
        moment(table, clock, second + timedelta(minutes=1))
        table.wait_for(WATCHER, "S1901M Late Notice: G")
        late = table.wait_for(address("Germany"), "Late Notice: G")[0]
        assert late["Subject"].startswith("[You are late!] ")
        orders(table, "Germany", GERMANY_SPRING)
        table.wait_for(WATCHER, "S1901M Results")
        assert table.show()["phase"] == "F1901M"

        # Fall 1901: Italy gives one order of three and is reminded; the master moves the
        # deadline two days on, and Italy, still owing, is reminded of the new one.
        orders(table, "Germany", GERMANY_FALL)
        for power in ("Austria", "England", "France", "Russia"):
            orders(table, power, HOLDS[power])
        orders(table, "Italy", "A ven H")
        fall = deadline_of(table)
        moment(table, clock, fall - timedelta(hours=23))
        assert len(reminders(table, "Italy", "F1901M")) == 1
        moved = fall + timedelta(days=2)
        said = master(table, f"SET DEADLINE {moved:%Y-%m-%d %H:%M}")
        assert "The deadline is now" in said
        moment(table, clock, fall + timedelta(hours=1))  # the old deadline: nobody is late
        assert not table.inbox(WATCHER, "F1901M Late Notice")
        moment(table, clock, moved - timedelta(hours=23))
        (_, again) = reminders(table, "Italy", "F1901M")
        assert "  an order for Army Rome" in again.get_content()
        assert not reminders(table, "Germany", "F1901M")  # his orders are in
        orders(table, "Italy", HOLDS["Italy"])

        # Germany takes Denmark and Holland: five centres, the game's victory.
        table.wait_for(WATCHER, "Victory: G")
        assert table.show()["status"] == "finished"
        # The robot's place was never reminded: every reminder went to a person.
        every = {m["To"] for m in table.judge.mailbox.all() if "Reminder" in m["Subject"]}
        assert every == {address(p) for p in ("Germany", "England", "Italy")}

        # The record: Germany late in one phase of two, the others on time in both. His
        # late spring is some days older than his fall, and weighs that much less: 51 %.
        assert reliability(table, "Germany") == (
            "Reliability: 51% (1 phase missed of 2 in the last year)"
        )
        for power in ("England", "Italy"):
            assert reliability(table, power) == (
                "Reliability: 100% (0 phases missed of 2 in the last year)"
            )
        table.send(MASTER, "CREATE ?next pwMaster\nBECOME MASTER\nSET RELIABILITY 75\n")
        refused = table.send(address("Germany"), "SIGN ON ?next pwGermany\n").get_content()
        assert "Game 'next' requires a reliability of at least 75%; yours is 51%." in refused
        joined = table.send(address("England"), "SIGN ON ?next pwEngland\n").get_content()
        assert "You've been selected to play a power in game 'next'." in joined
