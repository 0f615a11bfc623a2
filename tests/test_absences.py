"""Absences over SMTP (users' manual 7.2): they never move the current deadline; the next
deadline that would fall inside one moves past it ("Requested absence(s) activated.");
three pending at most, no overlaps, none in the past, MAX ABSENCE for players but not for
masters, and every request reported to the master."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.gametable import MASTER, address, master, start, start_moderated
from tests.test_lateness import HOLDS, utc

GERMANY = "A ber H; A mun H; F kie H"


def day(offset: int) -> str:
    """A date `offset` days from the judge's today, as players write it."""
    return (datetime.now(UTC).date() + timedelta(days=offset)).strftime("%b %d %Y")


def midnight(offset: int) -> datetime:
    return datetime.combine(datetime.now(UTC).date() + timedelta(days=offset), datetime.min.time())


def test_an_absence_moves_the_next_deadline_past_it(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    deadline = utc(table.show()["deadline"])

    reply = table.orders("Germany", f"SET ABSENCE {day(1)} TO {day(12)}")
    assert "Absence from " in reply and " set for game 'war'." in reply
    assert utc(table.show()["deadline"]) == deadline  # the current one stays

    overlapping = table.orders("Germany", f"SET HOLIDAY {day(5)}")
    assert "overlaps the one you have from" in overlapping
    too_long = table.orders("Germany", f"SET VACATION {day(20)} TO {day(40)}")
    assert "is longer than the 15 days game 'war' allows (MAX ABSENCE)" in too_long
    past = table.orders("Germany", f"SET ABSENCE {day(-3)}")
    assert "an absence cannot begin or end before today" in past
    for offset in (30, 33):
        assert " set for game 'war'." in table.orders("Germany", f"SET ABSENCE {day(offset)}")
    fourth = table.orders("Germany", f"SET ABSENCE {day(36)}")
    assert "you already have 3 absences pending in game 'war'" in fourth
    cancelled = table.orders("Germany", f"SET NO ABSENCE {day(33)}")
    assert " cancelled for game 'war'." in cancelled
    assert " set for game 'war'." in table.orders("Germany", f"SET ABSENCE {day(36)}")
    nothing = table.orders("Germany", f"SET NO ABSENCE {day(50)}")
    assert "you have no absence pending in game 'war' on that date" in nothing
    watcher = table.send("watcher@example.org", f"OBSERVE war xxxx\nSET ABSENCE {day(2)}\n")
    assert "only the players and masters of game 'war' set absences" in watcher.get_content()

    for power, orders in {**HOLDS, "Germany": GERMANY}.items():
        table.orders(power, orders)
    results = table.wait_for(address("France"), "S1901M Results")[0].get_content()
    assert "Requested absence(s) activated." in results
    after = utc(table.show()["deadline"])
    # Without the absence: 71 hours on, at 23:30. With it: not before its end.
    assert after >= midnight(13)
    assert after.time().isoformat() == "23:30:00"


def test_the_master_hears_of_absences_and_is_not_bound_by_max_absence(table):
    start_moderated(table)
    table.orders("France", f"SET ABSENCE {day(2)} TO {day(4)}")
    told = table.wait_for(MASTER, "Absence Request")[0].get_content()
    assert "France in game 'war' will be absent from " in told

    refused = table.orders("France", f"SET VACATION {day(10)} TO {day(30)}")
    assert "Its master has been told, and may set it for you." in refused
    asked = table.wait_for(MASTER, "Absence Request", count=2)[-1].get_content()
    assert "longer than the game's MAX ABSENCE of 15 days" in asked

    assert "MAX ABSENCE is a whole number of days from 0 to 31" in master(
        table, "SET MAX ABSENCE 40"
    )
    assert "Game 'war' set: Max Absence: 25." in master(table, "SET MAX ABSENCE 25")
    granted = table.orders("France", f"SET VACATION {day(10)} TO {day(30)}")
    assert " set for game 'war'." in granted
    # A master's own absence is not bound by the limit.
    own = master(table, f"SET ABSENCE {day(40)} TO {day(70)}")
    assert " set for game 'war'." in own
    # The master sees every absence to come with each mail for the game.
    listed = master(table, "").split("Absences pending in game 'war':\n")[1]
    rows = listed.split("\n\n")[0].splitlines()
    assert [row.split()[0] for row in rows] == ["France", "France", MASTER]  # by date
