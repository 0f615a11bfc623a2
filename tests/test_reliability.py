"""Reliability (issue 35), by mail against a judge whose clock the test moves: the share of
the last year's phases a user ordered on time, a recent phase weighing more than an old
one; INFO PLAYER shows it beside dedication, SET RELIABILITY keeps the unreliable out of a
game, and a gunboat game counts only once it has ended (who was late would show)."""

from __future__ import annotations

from datetime import timedelta

from tests.clockkit import (
    HOLDS,
    PEOPLE,
    address,
    begin,
    clocked,
    deadline_of,
    hold_all_but,
    master,
    moment,
    orders,
)


def reliability(table, power: str) -> str:
    """INFO PLAYER's reliability line for the player of `power`, as a stranger reads it."""
    record = table.send("stranger@example.net", f"INFO PLAYER {address(power)}").get_content()
    return next(line.strip() for line in record.splitlines() if "Reliability:" in line)


def germany_late(table, clock, game: str = "war") -> None:
    """S1901M: everyone orders but Germany, who is late at the deadline, then orders."""
    hold_all_but(table, "Germany", game)
    moment(table, clock, deadline_of(table, game) + timedelta(minutes=1))
    table.wait_for(address("France"), f"{game} - S1901M Late Notice: G")
    orders(table, "Germany", HOLDS["Germany"], game)
    table.wait_for(address("France"), f"{game} - S1901M Results")


def test_reliability_counts_the_last_year_and_a_recent_phase_weighs_more(tmp_path):
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table)
        assert reliability(table, "Germany").endswith("100%  (no phases in the last year)")
        germany_late(table, clock)
        assert reliability(table, "Germany") == (
            "Reliability:           0%  (1 phase missed of 1 in the last year)"
        )
        assert reliability(table, "France") == (
            "Reliability:           100%  (0 phases missed of 1 in the last year)"
        )
        # Ninety days on (the master gave the fall that long), everyone orders on time: the
        # miss, a half-life old, weighs half the new phase: 1 / 1.5 of the weight on time.
        later = clock.at + timedelta(days=100)
        master(table, f"SET DEADLINE {later:%Y-%m-%d %H:%M}")
        clock.advance(timedelta(days=90))
        for power in PEOPLE:
            orders(table, power, HOLDS[power])
        table.wait_for(address("France"), "war - F1901M Results")
        assert reliability(table, "Germany") == (
            "Reliability:           67%  (1 phase missed of 2 in the last year)"
        )
        # A year after the last of them, they are all forgotten (the game paused meanwhile).
        master(table, "PAUSE")
        clock.advance(timedelta(days=366))
        assert reliability(table, "Germany") == (
            "Reliability:           100%  (no phases in the last year)"
        )
        # The dedication systems, which never forget, are beside it as before.
        record = table.send("stranger@example.net", f"INFO PLAYER {address('Germany')}")
        assert "On-time ratio:         0.50  (1 of 2 turns on time)" in record.get_content()


def test_set_reliability_keeps_the_unreliable_out_and_gunboat_hides_until_the_end(tmp_path):
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table, game="ghost", options=" standard gunboat")
        germany_late(table, clock, "ghost")
        # While the gunboat game runs, nothing in Germany's record names him its late power.
        assert reliability(table, "Germany").endswith("(no phases in the last year)")
        said = master(table, "TERMINATE", "ghost")
        assert "terminated" in said.lower()
        assert reliability(table, "Germany") == (
            "Reliability:           0%  (1 phase missed of 1 in the last year)"
        )

        # A game for the reliable: the master asks no more than his own (he has no record).
        said = master(table, "SET RELIABILITY 101", "ghost")
        assert "the minimum reliability is a whole number from 0 to 100 (per cent)" in said
        created = table.send(
            "master@example.org",
            "CREATE ?peace pwMaster\nBECOME MASTER\nSET RELIABILITY 50\n",
        ).get_content()
        assert "Game 'peace' set: Minimum Reliability (%): 50." in created
        refused = table.send(address("Germany"), "SIGN ON ?peace pwGermany\n").get_content()
        assert "Game 'peace' requires a reliability of at least 50%; yours is 0%." in refused
        admitted = table.send(address("France"), "SIGN ON ?peace pwFrance\n").get_content()
        assert "You've been selected to play a power in game 'peace'." in admitted
        listed = table.send(address("France"), "LIST peace\n").get_content()
        assert "Reliability: 50%." in " ".join(listed.split())
        # Germany may not ask of others more than his own record.
        own = table.send(
            address("Germany"), "CREATE ?solo pwGermany\nSET RELIABILITY 10\n"
        ).get_content()
        assert "SET RELIABILITY: the minimum cannot be above your own reliability (0%)." in own


def test_a_rollback_forgets_the_turns_played_again(tmp_path):
    """The master rolls S1901M back: Germany's late turn is no longer on his record (it is
    played again, and recorded as it then goes)."""
    with clocked(tmp_path / "judge") as (table, clock):
        begin(table)
        germany_late(table, clock)
        assert reliability(table, "Germany").startswith("Reliability:           0%")
        said = master(table, "ROLLBACK S1901M")
        assert "Game 'war' has been rolled back to S1901M (turn 001)." in said, said
        assert reliability(table, "Germany").endswith("100%  (no phases in the last year)")
        for power in PEOPLE:
            orders(table, power, HOLDS[power])
        table.wait_for(address("France"), "war - S1901M Results", count=2)
        assert reliability(table, "Germany") == (
            "Reliability:           100%  (0 phases missed of 1 in the last year)"
        )
