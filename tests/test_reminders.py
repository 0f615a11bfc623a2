"""Reminders before a deadline (issue 35), by mail against a judge whose clock the test
moves: SET REMINDERS (the master's default), SET REMINDER (a player's own) and SET NO
REMINDER; one mail a deadline, listing what is missing, to the players whose orders are
not complete; a fresh one for a moved deadline; none to a robot, nor once orders are in."""

from __future__ import annotations

from datetime import timedelta

from tests.clockkit import (
    HOLDS,
    MASTER,
    PEOPLE,
    address,
    begin,
    clocked,
    deadline_of,
    master,
    moment,
    orders,
)


def reminders(table, power: str) -> list:
    return table.inbox(address(power), "Reminder")


def test_reminders_come_before_the_deadline_to_those_whose_orders_are_missing(tmp_path):
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table, "SET REMINDERS 24\n")
        said = orders(table, "France", "SET REMINDER 48")
        assert "Reminder set: 48 hours before each deadline of game 'war'" in said
        said = orders(table, "Germany", "SET NO REMINDER")
        assert "You will get no reminders before the deadlines of game 'war'." in said
        orders(table, "Austria", HOLDS["Austria"])  # complete: never reminded
        orders(table, "England", "F lon H")  # one unit of three
        deadline = deadline_of(table)

        moment(table, clock, deadline - timedelta(hours=49))
        assert not any(reminders(table, power) for power in PEOPLE)

        moment(table, clock, deadline - timedelta(hours=47))
        (france,) = reminders(table, "France")
        assert france["Subject"] == "USTS:war - S1901M Reminder"
        text = france.get_content()
        assert "Reminder: the deadline for S1901M in game 'war' is" in text
        assert "France's orders are not complete." in text
        for unit in ("Army Paris", "Army Marseilles", "Fleet Brest"):
            assert f"  an order for {unit}" in text, text
        assert "Orders not received for all units." in text
        assert not reminders(table, "England")  # his own are the game's: 24 hours

        moment(table, clock, deadline - timedelta(hours=23))
        (england,) = reminders(table, "England")
        text = england.get_content()
        assert "  an order for Fleet Edinburgh" in text and "  an order for Army Liverpool" in text
        assert "an order for Fleet London" not in text  # given
        assert "England: Fleet London HOLD." in text  # the orders the judge holds
        for power in ("Italy", "Russia"):
            assert len(reminders(table, power)) == 1
        assert len(reminders(table, "France")) == 1  # one a deadline
        assert not reminders(table, "Austria") and not reminders(table, "Germany")
        assert not table.inbox(MASTER, "Reminder")
        # The robot's place is never reminded: every reminder went to a person.
        every = [m["To"] for m in table.judge.mailbox.all() if "Reminder" in m["Subject"]]
        assert sorted(every) == sorted(address(p) for p in ("France", "England", "Italy", "Russia"))

        # Italy orders; the master moves the deadline two days on: a fresh reminder each
        # for those still owing, none for Italy.
        orders(table, "Italy", HOLDS["Italy"])
        moved = deadline + timedelta(days=2)
        said = master(table, f"SET DEADLINE {moved:%Y-%m-%d %H:%M}")
        assert "The deadline is now" in said
        moment(table, clock, moved - timedelta(hours=23))
        assert len(reminders(table, "England")) == 2
        assert len(reminders(table, "Russia")) == 2
        assert len(reminders(table, "France")) == 2  # 48 hours before the new one: now
        assert len(reminders(table, "Italy")) == 1
        moment(table, clock, moved - timedelta(hours=22))
        assert len(reminders(table, "England")) == 2  # still one a deadline


def test_reminder_settings_refused_say_why_and_change_nothing(tmp_path):
    with clocked(tmp_path / "judge") as (table, _):
        begin(table)
        bad = orders(table, "France", "SET REMINDER 0")
        assert "a reminder comes up to 336 hours before the deadline (more than 0)" in bad
        refused = orders(table, "France", "SET REMINDERS 12")
        assert "SET REMINDERS: only the master of game 'war' may change its settings." in refused
        watching = table.send("watcher@example.org", "OBSERVE war look\nSET REMINDER 5\n")
        assert "SET REMINDER: only a player of game 'war' is reminded" in watching.get_content()
        alone = table.send(address("France"), "SET REMINDER 5\n").get_content()
        assert "SET REMINDER: sign on to a game first." in alone
        settings = table.show()["settings"]
        assert "reminders" not in settings and not settings.get("reminder_for")
        set_by_master = master(table, "SET REMINDERS 6")
        assert "Game 'war' set: Reminders: 6 hours before the deadline." in set_by_master
        told = table.wait_for(address("Germany"), "Parameter Change")[-1].get_content()
        assert "Reminders: 6 hours before the deadline" in told
        listed = orders(table, "Germany", "LIST war")
        assert "On time:  Reminders: 6 hours before the deadline" in listed


def test_a_phase_shorter_than_the_reminder_is_reminded_of_halfway(tmp_path):
    """Twenty hours for the first phase (twice NEXT 10, no CLOCK), reminders a day ahead:
    not at once beside the start notice, but ten hours in, halfway to the deadline."""
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table, "SET REMINDERS 24\nSET MOVE NEXT 10 CLOCK -1 DAYS SMTWTFS\n")
        started = clock.at
        assert deadline_of(table) == started + timedelta(hours=20)
        moment(table, clock, started + timedelta(hours=9, minutes=59))
        assert not any(reminders(table, power) for power in PEOPLE)
        moment(table, clock, started + timedelta(hours=10, minutes=1))
        assert all(len(reminders(table, power)) == 1 for power in PEOPLE)
        assert "10 hours from now" in reminders(table, "France")[0].get_content()
