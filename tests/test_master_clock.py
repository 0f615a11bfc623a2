"""A master's hold on the clock, over SMTP and `judge tick --now`: BECOME MASTER after
CREATE, PAUSE (orders blocked, no deadline passes, reminders), RESUME (NO RESUME keeps it
for masters), MANUAL PROCESS with PROCESS [phase], STRICT WAIT, and the refusals of
master-only commands to players and observers."""

from __future__ import annotations

from datetime import timedelta

from tests.gametable import MASTER, address, master, start_moderated
from tests.test_lateness import HOLDS, tick, utc

GERMANY = "A ber H; A mun H; F kie H"


def test_pause_stops_the_clock_and_resume_starts_it_again(table):
    start_moderated(table)
    state = table.show()
    assert state["phase"] == "S1901M"
    deadline = utc(state["deadline"])

    for who, body in ((address("France"), "SIGN ON Fwar pwFrance\nPAUSE\n"),
                      ("watcher@example.org", "OBSERVE war xxxx\nPAUSE\n")):  # fmt: skip
        refused = table.send(who, body).get_content()
        assert "PAUSE: only a master of game 'war' may do that." in refused
    assert "Game 'war' is paused." in master(table, "PAUSE")
    told = table.wait_for(address("France"), "Game Paused")[0].get_content()
    assert "has been paused by its master" in told
    blocked = table.orders("France", HOLDS["France"])
    assert "game 'war' is paused" in blocked

    # No deadline passes while paused: no late notice, only a reminder of the pause.
    tick(table, deadline + timedelta(days=2))
    reminders = table.wait_for(address("France"), "Game Paused", count=2)
    assert "is still paused" in reminders[-1].get_content()
    assert not table.inbox(address("France"), "Late Notice")
    assert table.show()["phase"] == "S1901M"

    # SET NO RESUME: a player may not resume, the master may.
    master(table, "SET NO RESUME")
    refused = table.orders("France", "RESUME")
    assert "RESUME: only a master of game 'war' may resume it." in refused
    resumed = master(table, "RESUME")
    assert "Game 'war' is resumed.  The deadline is " in resumed
    assert table.wait_for(address("France"), "Game Resumed")
    state = table.show()
    assert state["status"] == "active"
    assert utc(state["deadline"]) >= deadline  # never earlier than it was
    for power, orders in {**HOLDS, "Germany": GERMANY}.items():
        table.orders(power, orders)
    assert table.wait_for(address("France"), "S1901M Results")


def test_manual_process_waits_for_the_masters_process(table):
    start_moderated(table)
    player = table.orders("France", "SET MANUAL PROCESS")
    assert "SET MANUAL PROCESS: only the master of game 'war' may change its settings." in player
    assert "Game 'war' set: ManualProcess." in master(table, "SET MANUAL PROCESS")
    changed = table.wait_for(address("France"), "Parameter Change")[0].get_content()
    assert f"{MASTER} has changed the settings of game 'war':\n  ManualProcess." in changed
    for power, orders in {**HOLDS, "Germany": GERMANY}.items():
        table.orders(power, orders)
    deadline = utc(table.show()["deadline"])
    tick(table, deadline + timedelta(minutes=1))
    assert table.show()["phase"] == "S1901M"  # all in, deadline passed: still the master's
    assert not table.inbox(address("France"), "Late Notice")

    assert "PROCESS: only a master" in table.orders("France", "PROCESS")
    wrong = master(table, "PROCESS Fall 1901 Movement")
    assert "ignored, the current phase of game 'war' is S1901M" in wrong
    assert table.show()["phase"] == "S1901M"
    done = master(table, "PROCESS S1901M")
    assert "S1901M will be processed now." in done
    results = table.wait_for(address("France"), "S1901M Results")[0].get_content()
    assert "Movement results for Spring of 1901." in results
    assert table.show()["phase"] == "F1901M"


def test_strict_wait_lets_only_a_power_with_orders_due_wait(table):
    start_moderated(table, "SET NO MINOR PRESS\n")
    master(table, "SET STRICT WAIT")
    orders = {**HOLDS, "Germany": GERMANY, "Austria": "A vie H; A bud-ser; F tri H"}
    for power, given in orders.items():
        table.orders(power, given)
    table.wait_for(address("France"), "S1901M Results")
    orders["Austria"] = "A vie H; A ser H; F tri H"
    for power, given in orders.items():
        table.orders(power, given)
    table.wait_for(address("France"), "F1901M Results")
    assert table.show()["phase"] == "F1901B"  # Austria alone has a build to make
    refused = table.orders("France", "SET WAIT")
    assert "game 'war' is set STRICT WAIT: only a power with orders due" in refused
    # NO MINOR PRESS: no press in an adjustment phase, except to the master.
    silent = table.orders("France", "PRESS TO G\nPsst.\nENDPRESS")
    assert "game 'war' allows no press in retreat and adjustment phases." in silent
    assert "Message sent to Master:" in table.orders("France", "PRESS TO M\nHi.\nENDPRESS")
    accepted = table.orders("Austria", "SET WAIT\nBUILD A bud")
    assert "Wait status set." in accepted
    assert table.show()["phase"] == "F1901B"  # Austria waits
    table.orders("Austria", "SET NO WAIT")
    assert table.wait_for(address("France"), "F1901B Results")


def test_become_master_only_follows_create(table):
    reply = table.send(address("France"), "CREATE ?solo passF\nBECOME MASTER\n").get_content()
    assert "You've been selected to play Master in game 'solo'." in reply
    later = table.send(address("Italy"), "SIGN ON ?solo passI\nBECOME MASTER\n").get_content()
    assert "BECOME MASTER: only the creator of a game, in the mail that creates it." in later


def test_a_quiet_game_keeps_abandonment_from_the_other_players(table):
    start_moderated(table)
    master(table, "SET QUIET")
    for power, orders in HOLDS.items():
        table.orders(power, orders)
    state = table.show()
    tick(table, utc(state["deadline"]) + timedelta(minutes=1))
    late = table.wait_for(address("France"), "Late Notice")[0]
    notice = late.get_content()
    assert "is waiting for some power's orders." in notice and "Germany" not in notice
    assert late["Subject"] == "USTS:war - S1901M Late Notice"  # no letter either
    # The master always hears whose orders are missing; the late player is told it is he.
    masters = table.wait_for(MASTER, "Late Notice")[0]
    assert masters["Subject"] == "USTS:war - S1901M Late Notice: G"
    assert "is waiting for Germany's orders." in masters.get_content()
    own = table.wait_for(address("Germany"), "Late Notice")[0]
    assert own["Subject"] == "[You are late!] USTS:war - S1901M Late Notice: G"
    tick(table, utc(state["grace"]) + timedelta(minutes=1))
    told = table.wait_for(MASTER, "Abandoned")[0].get_content()
    assert "Germany in game 'war' is now considered abandoned." in told
    assert table.wait_for(address("Germany"), "Abandoned")
    assert table.wait_for(MASTER, "Waiting for Replacement")
    took = table.send("watcher@example.org", f"SIGN ON Gwar newpw\n{GERMANY}\n")
    assert "Take over of abandoned Germany allowed." in took.get_content()
    assert table.wait_for(MASTER, "Takeover of Germany")
    tick(table, utc(state["grace"]) + timedelta(minutes=2))  # all in: the wait ends
    # By now (later mail has come) France would have heard, had it been told.
    assert table.wait_for(address("France"), "S1901M Results")
    for event in ("Abandoned", "Waiting for Replacement", "Takeover"):
        assert not table.inbox(address("France"), event)


def test_a_power_back_in_play_after_the_deadline_gets_a_fresh_one():
    """back_in_play on a game whose deadline has passed (the mail tests run on the real
    clock, which cannot be put past a deadline): a fresh NEXT from now, grace after it, and
    every active player waiting; nothing moves while another power is still out of play."""
    from datetime import datetime

    import variants
    from judge.config import Settings
    from judge.engine.forming.returns import Comeback, back_in_play
    from judge.engine.forming.start import default_settings
    from judge.store.models import Game, Participant

    game = Game(
        name="war", status="active", phase="S1901M", turn=1, settings=default_settings(
            variants.load("standard")
        ), participants=[],
    )  # fmt: skip
    france, germany, italy = (
        Participant(role="player", power=p, status=s, wait=False, absences=[], user_id=i)
        for i, (p, s) in enumerate((("France", "active"), ("Germany", "late"), ("Italy", "cd")))
    )
    game.participants = [france, germany, italy]
    now = datetime(2026, 11, 23, 10, 0)  # a Monday
    game.deadline = datetime(2026, 11, 20, 23, 30)
    game.grace = datetime(2026, 11, 27, 23, 30)
    # Italy is still in civil disorder: Germany's return moves nothing.
    assert back_in_play(game, Settings(), now, [germany]) == Comeback()
    assert game.deadline == datetime(2026, 11, 20, 23, 30) and not germany.wait
    italy.status = "active"
    lines = back_in_play(game, Settings(), now, [italy]).clock
    # 71 hours from Monday 10:00, then 23:30: Thursday.
    assert game.deadline == datetime(2026, 11, 26, 23, 30)
    assert game.grace >= datetime(2026, 11, 27, 23, 30)
    assert "Deadline for 'war' advanced to Thu Nov 26 2026 23:30:00 +0000." in lines
    assert [x.wait for x in game.participants] == [True, True, True]

    # A deadline still ahead stays where it is, and is said to (the njudge 1.7.6 said it
    # had "advanced to" where it was); everyone waits all the same.
    far = datetime(2026, 12, 22, 23, 30)  # a Tuesday
    game.deadline = far
    lines = back_in_play(game, Settings(), now, [italy]).clock
    assert game.deadline == far and "Deadline for 'war' remains Tue Dec 22 2026" in lines
    # (The grace period, which ended before it, does move: a week after it.)
    assert "Grace period for 'war' advanced to Tue Dec 29 2026 22:30:00 +0000." in lines
