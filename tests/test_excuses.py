"""Excused missed turns (issue 35), by mail against a judge whose clock the test moves: a
power that misses the deadline with an excuse left is not late, the phase waits another
deadline period (the game's NEXT, fitted to CLOCK and DAYS), everyone is told, and LIST
shows the excuses left; with none left the power is late as before. SET EXCUSES is the
master's, the judge's `excuses` setting the default."""

from __future__ import annotations

from datetime import timedelta

from tests.clockkit import (
    HOLDS,
    MASTER,
    address,
    begin,
    clocked,
    deadline_of,
    hold_all_but,
    master,
    moment,
    orders,
)


def status(table, power: str) -> str:
    return next(p["status"] for p in table.show()["players"] if p["power"] == power)


def test_a_power_with_an_excuse_left_is_not_late_and_the_phase_waits(tmp_path):
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table, "SET EXCUSES 1\n")
        table.send("watcher@example.org", "OBSERVE war look\n")
        listed = orders(table, "Austria", "LIST war")
        assert "On time:  Excuses: 1 for each power." in listed
        assert "Excuses left:  Austria 1, England 1, France 1, Germany 1, Italy 1, " in listed
        hold_all_but(table, "Germany")
        deadline = deadline_of(table)

        moment(table, clock, deadline + timedelta(minutes=1))
        notice = table.wait_for(address("France"), "Excuse: G")[0]
        assert notice["Subject"] == "USTS:war - S1901M Excuse: G"
        text = notice.get_content()
        assert (
            "Germany has missed the deadline of game 'war' and uses an excuse:\n0 excuses left."
        ) in text
        moved = deadline_of(table)
        # Another NEXT (71 hours) from the deadline missed, at CLOCK 23:30 on a weekday.
        assert moved - deadline >= timedelta(hours=71) and moved.strftime("%H:%M") == "23:30"
        assert f"The deadline is now\n{moved:%a %b %d %Y %H:%M:%S} +0000." in text
        for who in (address("Germany"), MASTER, "watcher@example.org"):
            assert table.inbox(who, "Excuse: G"), who
        assert not table.inbox(address("Germany"), "Late Notice")
        assert status(table, "Germany") == "active"
        listed = orders(table, "Austria", "LIST war")
        assert "Excuses left:  Austria 1, England 1, France 1, Germany 0, Italy 1, " in listed

        # The new deadline passes: Germany has no excuse left and is late as before.
        moment(table, clock, moved + timedelta(minutes=1))
        late = table.wait_for(address("France"), "Late Notice: G")[0].get_content()
        assert "is waiting for Germany's orders." in late
        assert status(table, "Germany") == "late"
        assert deadline_of(table) == moved
        assert len(table.inbox(address("France"), "Excuse")) == 1
        # His orders come: the phase is played.
        orders(table, "Germany", HOLDS["Germany"])
        table.wait_for(address("France"), "S1901M Results")
        assert table.show()["phase"] == "F1901M"


def test_the_judges_default_and_the_masters_setting(tmp_path):
    with clocked(tmp_path / "judge", JUDGE_EXCUSES="2") as (table, clock):
        begin(table)
        listed = orders(table, "Austria", "LIST war")
        assert "Excuses: 2 for each power." in listed
        assert "Excuses left:  Austria 2, England 2," in listed
        refused = orders(table, "Austria", "SET EXCUSES 1")
        assert "SET EXCUSES: only the master of game 'war' may change its settings." in refused
        for bad in ("SET EXCUSES 11", "SET EXCUSES 1.5", "SET EXCUSES -1"):
            said = master(table, bad)
            assert "SET EXCUSES: EXCUSES is a whole number from 0 to 10." in said, said
        assert "excuses" not in table.show()["settings"]
        said = master(table, "SET EXCUSES 0")
        assert "Game 'war' set: Excuses for each power: 0." in said
        listed = orders(table, "Austria", "LIST war")
        assert "Excuses" not in listed
        # With none, a power that misses the deadline is late at once.
        hold_all_but(table, "Italy")
        moment(table, clock, deadline_of(table) + timedelta(minutes=1))
        table.wait_for(address("Austria"), "Late Notice: I")
        assert not table.inbox(address("Austria"), "Excuse")


def test_a_quiet_game_does_not_tell_the_players_who_used_an_excuse(tmp_path):
    """SET QUIET keeps who is late from the players: the excuse notice to the others does
    not name the power (its own player and the master read it named), nor does LIST show
    another power's excuses. The excused phase, ordered by the moved deadline, counts
    neither on time nor late on the player's record."""
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table, "SET EXCUSES 2\nSET QUIET\n")
        hold_all_but(table, "Russia")
        moment(table, clock, deadline_of(table) + timedelta(minutes=1))
        own = table.wait_for(address("Russia"), "Excuse: R")[0].get_content()
        assert "Russia has missed the deadline of game 'war' and uses an excuse:" in own
        assert "1 excuse left." in own
        assert "Russia has missed" in table.wait_for(MASTER, "Excuse: R")[0].get_content()
        (other,) = table.wait_for(address("France"), "Excuse")
        assert other["Subject"] == "USTS:war - S1901M Excuse"
        text = other.get_content()
        assert "A power has missed the deadline of game 'war' and uses an excuse." in text
        assert "Russia" not in text
        assert "Excuses left:  France 2." in orders(table, "France", "LIST war")
        assert "Excuses left:  Russia 1." in orders(table, "Russia", "LIST war")
        master_list = " ".join(master(table, "LIST war").split())
        assert "Excuses left: Austria 2, England 2, France 2, Germany 2, Italy 2, Russia 1" in (
            master_list
        )
        orders(table, "Russia", HOLDS["Russia"])
        table.wait_for(address("France"), "S1901M Results")
        record = table.send(MASTER, f"INFO PLAYER {address('Russia')}").get_content()
        assert "On-time ratio:         1.00 (no turns yet)" in record
        assert "Reliability:           100%  (no phases in the last year)" in record
        france = table.send(MASTER, f"INFO PLAYER {address('France')}").get_content()
        assert "Reliability:           100%  (0 phases missed of 1 in the last year)" in france


def test_a_rollback_gives_back_the_excuses_of_the_turns_played_again(tmp_path):
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table, "SET EXCUSES 1\n")
        hold_all_but(table, "Germany")
        moment(table, clock, deadline_of(table) + timedelta(minutes=1))
        table.wait_for(address("France"), "Excuse: G")
        orders(table, "Germany", HOLDS["Germany"])
        table.wait_for(address("France"), "S1901M Results")
        listed = orders(table, "Austria", "LIST war")
        assert "Excuses left:  Austria 1, England 1, France 1, Germany 0, Italy 1, " in listed
        said = master(table, "ROLLBACK S1901M")
        assert "Game 'war' has been rolled back to S1901M (turn 001)." in said, said
        listed = orders(table, "Austria", "LIST war")
        assert "Excuses left:  Austria 1, England 1, France 1, Germany 1, Italy 1, " in listed
