"""What the results tell beside the moves, over SMTP: the winner's (* VICTORY!! *) and a
power in civil disorder's (* CD *) on the centre count lines, and a duplex game's Power
Control table."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.gametable import (
    GERMANY_FALL,
    GERMANY_SPRING,
    HOLDS,
    MASTER,
    address,
    form,
    start_moderated,
)
from tests.judgekit import run_judge


def test_the_winner_and_a_power_in_civil_disorder_are_tagged(table):
    start_moderated(table, "SET CENTERS 5\nSET NMR\n")
    spring = dict(HOLDS, Germany=GERMANY_SPRING)
    spring.pop("Italy")  # Italy never orders
    for power, text in spring.items():
        table.orders(power, text)
    grace = datetime.fromisoformat(table.show()["grace"]).replace(tzinfo=None)
    result = run_judge(table.judge.env, "tick", "--now", (grace + timedelta(minutes=1)).isoformat())
    assert result.returncode == 0, result.stderr
    table.wait_for(address("Germany"), "S1901M Results")
    fall = dict(HOLDS, Germany=GERMANY_FALL)
    fall.pop("Italy")
    for power, text in fall.items():
        table.orders(power, text)
    # (The spring was processed at the ticked time, ahead of the real clock: the fall may
    # be processed from then on.)
    later = (grace + timedelta(minutes=5)).isoformat()
    assert run_judge(table.judge.env, "tick", "--now", later).returncode == 0
    results = table.wait_for(address("Germany"), "F1901M Results")[0].get_content()
    assert "Germany:   5 Supply centers,  3 Units:  Builds   2 units.  (* VICTORY!! *)" in results
    assert "Italy:     3 Supply centers,  3 Units:  Builds   0 units.  (* CD *)" in results
    assert table.wait_for(address("France"), "Victory: G")
    assert table.show()["status"] == "finished"


def test_a_duplex_game_shows_who_controls_which_powers(table):
    table.send(MASTER, form(MASTER))
    table.send(MASTER, "CREATE ?dt passM\nBECOME MASTER\nSET PLAYERS 4\nSET MOVE MIN 0 DELAY 0\n")
    four = ["Austria", "England", "France", "Germany"]
    for power in four:
        table.send(address(power), f"SIGN ON ?dt pw{power}\n")
    table.wait_for(MASTER, "Game Starting")
    state = table.show("dt")
    held: dict[str, list[str]] = {}
    for p in state["players"]:
        held.setdefault(p["address"], []).append(p["power"])
    assert sorted(len(v) for v in held.values()) == [1, 2, 2, 2]
    # Everyone holds; the spring and the fall are played by the master.
    master_dt = "SIGN ON Mdt passM\n"
    table.send(MASTER, master_dt + "PROCESS")
    table.wait_for(MASTER, "S1901M Results")
    table.send(MASTER, master_dt + "PROCESS")
    results = table.wait_for(MASTER, "F1901M Results")[0].get_content()
    assert "Power Control:" in results
    control = results.split("Power Control:", 1)[1]
    for powers in held.values():
        if len(powers) > 1:
            assert ", ".join(sorted(powers, key=list(HOLDS).index)) + "." in control
