"""A late power over the game's clock, driven from outside with `judge tick --now`: late
notices at the deadline and daily, abandonment at the end of grace in a NoNMR game, a
takeover, and the phase processed once the new player's orders are in. And the clock
settings themselves: SET MOVE, SET DEADLINE, who may change them."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.gametable import address, start
from tests.judgekit import run_judge

HOLDS = {
    "Austria": "A vie H; A bud H; F tri H",
    "England": "F lon H; F edi H; A lvp H",
    "France": "A par H; A mar H; F bre H",
    "Italy": "A ven H; A rom H; F nap H",
    "Russia": "A mos H; A war H; F sev H; F stp/sc H",
    "Turkey": "A con H; A smy H; F ank H",
}


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=None)  # the judge runs on UTC here


def tick(table, at: datetime) -> str:
    result = run_judge(table.judge.env, "tick", "--now", at.isoformat())
    assert result.returncode == 0, result.stderr
    return result.stdout.decode()


def test_a_late_power_is_told_then_abandoned_then_taken_over(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    for power, orders in HOLDS.items():
        table.orders(power, orders)
    state = table.show()
    deadline, grace = utc(state["deadline"]), utc(state["grace"])
    # The first deadline: twice NEXT (142 hours), then 23:30 on a weekday.
    assert deadline.time().isoformat() == "23:30:00" and deadline.weekday() < 5
    assert grace > deadline
    assert state["phase"] == "S1901M"

    tick(table, deadline - timedelta(minutes=1))
    assert not table.inbox(address("France"), "Late Notice")  # not yet

    tick(table, deadline + timedelta(minutes=1))
    told = table.wait_for(address("France"), "Late Notice")[0]
    assert told["Subject"] == "USTS:war - S1901M Late Notice: G"
    first = told.get_content()
    assert "Diplomacy game 'war' is waiting for Germany's orders." in first
    assert "abandoned and free for takeover" in first
    own = table.wait_for(address("Germany"), "Late Notice")[0]
    assert own["Subject"] == "[You are late!] USTS:war - S1901M Late Notice: G"
    assert next(p for p in table.show()["players"] if p["power"] == "Germany")["status"] == "late"

    # A day later the late power alone is reminded.
    tick(table, deadline + timedelta(hours=24, minutes=2))
    assert len(table.wait_for(address("Germany"), "Late Notice", count=2)) == 2
    assert len(table.inbox(address("France"), "Late Notice")) == 1

    # The end of grace: NoNMR, so Germany is abandoned and nothing is processed.
    tick(table, grace + timedelta(minutes=1))
    abandoned = table.wait_for(address("Italy"), "Abandoned")[0].get_content()
    assert "Germany in game 'war' is now considered abandoned." in abandoned
    assert table.wait_for(address("Italy"), "Waiting for Replacement")
    state = table.show()
    assert state["phase"] == "S1901M"
    assert next(p for p in state["players"] if p["power"] == "Germany")["status"] == "abandoned"

    # Someone not in the game takes Germany over and orders: the phase is played.
    took = table.send("watcher@example.org", "SIGN ON Gwar newpw\nA ber H; A mun H; F kie H\n")
    text = took.get_content()
    assert "Take over of abandoned Germany allowed." in text
    # Everyone waits now, to talk with the newcomer, until the deadline or SET NOWAIT. The
    # mail comes on the real clock, days before the deadline, which stays where it was (a
    # deadline already past is moved to a fresh one: see the tests of back_in_play in
    # test_master_clock).
    assert "Wait has been set automatically for you - send 'set nowait' to clear." in text
    assert "Deadline for 'war' remains" in text and "advanced to" not in text
    told = table.wait_for(address("France"), "Takeover of Germany")[0].get_content()
    assert "This can be removed with the 'SET NOWAIT' command." in told
    assert table.show()["phase"] == "S1901M"
    tick(table, grace + timedelta(minutes=2))
    results = table.wait_for(address("France"), "S1901M Results")[0].get_content()
    assert "Movement results for Spring of 1901." in results
    state = table.show()
    assert state["phase"] == "F1901M"
    # The next deadline is never before the last one.
    assert utc(state["deadline"]) >= deadline


def test_timing_is_set_by_a_player_of_an_unmoderated_game_and_announced(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    table.orders("France", "SET LIST")
    assert " hrs" not in table.send("watcher@example.org", "LIST\n").get_content()
    reply = table.orders("France", "SET MOVE NEXT 48 DAYS SMTWTFS")
    assert "48 hrs" in table.send("watcher@example.org", "LIST\n").get_content()
    assert "Move timing of game 'war' set:" in reply
    assert "next  48.00" in reply and "days SMTWTFS" in reply
    told = [m.get_content() for m in table.wait_for(address("Italy"), "Parameter Change", 2)]
    changed = "france@players.example has changed the move timing of game 'war':"
    assert any(changed in t for t in told)
    bad = table.orders("France", "SET MOVE CLOCK 1500")
    assert "after midnight" in bad and "Move timing" not in bad

    before = utc(table.show()["deadline"])
    later = before + timedelta(days=7)
    moved = table.orders("France", f"SET DEADLINE {later.strftime('%b %d %Y')} 20:00")
    assert "The deadline is now " in moved
    state = table.show()
    assert utc(state["deadline"]) == later.replace(hour=20, minute=0, second=0)
    assert utc(state["grace"]) > utc(state["deadline"])
    assert table.wait_for(address("Italy"), "Deadline Adjustment to:")

    # Earlier again: the deadline moves back, the grace period stays where it was.
    grace = utc(table.show()["grace"])
    earlier = later - timedelta(days=2)
    table.orders("France", f"SET DEADLINE {earlier.strftime('%b %d %Y')} 20:00")
    state = table.show()
    assert utc(state["deadline"]) == earlier.replace(hour=20, minute=0, second=0)
    assert utc(state["grace"]) == grace

    past = table.orders("France", "SET DEADLINE Jan 1 2020 10:00")
    assert "has passed already" in past
    observer = table.send("watcher@example.org", "OBSERVE war secret\n").get_content()
    assert "You are now an Observer in game 'war'." in observer
    refused = table.send("watcher@example.org", "OBSERVE war secret\nSET MOVE NEXT 1\n")
    assert "only the master of game 'war' may change its settings" in refused.get_content()


def test_an_nmr_game_abandons_a_day_before_grace_then_processes_in_civil_disorder(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    # Any player of an unmoderated game may set it NMR; everyone else is told.
    assert "Game 'war' set: NMR." in table.orders("France", "SET NMR")
    told = table.wait_for(address("Italy"), "Parameter Change")[0].get_content()
    assert "france@players.example has changed the settings of game 'war':\n  NMR." in told
    for power, orders in HOLDS.items():
        table.orders(power, orders)
    state = table.show()
    deadline, grace = utc(state["deadline"]), utc(state["grace"])

    tick(table, deadline + timedelta(minutes=1))
    notice = table.wait_for(address("France"), "Late Notice")[0].get_content()
    assert "considered in civil disorder" in notice

    tick(table, grace - timedelta(hours=23))
    abandoned = table.wait_for(address("France"), "Abandoned")[0].get_content()
    assert "Germany in game 'war' is now considered abandoned." in abandoned
    assert "It will be considered in civil disorder if orders are not received by" in abandoned
    assert table.show()["phase"] == "S1901M"

    tick(table, grace + timedelta(minutes=1))
    assert table.wait_for(address("France"), "Civil Disorder")
    results = table.wait_for(address("France"), "S1901M Results")[0].get_content()
    assert "Movement results for Spring of 1901." in results
    state = table.show()
    assert state["phase"] == "F1901M"
    germany = next(p for p in state["players"] if p["power"] == "Germany")
    assert germany["status"] == "cd"
    # A power in civil disorder no longer holds the game up: the others' orders suffice.
    for power, orders in HOLDS.items():
        table.orders(power, orders)
    # (The last phase was processed at the ticked time, ahead of the real clock; the
    # next may be processed from then on.)
    tick(table, grace + timedelta(minutes=5))
    assert table.wait_for(address("France"), "F1901M Results")
