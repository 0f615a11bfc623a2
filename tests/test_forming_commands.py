"""A master's commands around the start, over SMTP: SET COMMENT and COMMENT BEGIN, SET
VARIANT and SET NOT VARIANT, FORCE BEGIN with dummy players anyone may take over, and
UNSTART back to forming."""

from __future__ import annotations

import re

from tests.gametable import MASTER, address, form

SOLO = "SIGN ON Msolo passM\n"


def test_comment_variant_force_begin_and_unstart(table):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?solo passM\nBECOME MASTER\nSET LIST\nSET COMMENT A friendly game\n"
        "SET VARIANT standard gunboat\n",
    ).get_content()
    assert "Game 'solo' set: Comment: A friendly game." in made
    assert "Game 'solo' set: Variant Standard Gunboat." in made
    assert "A friendly game" in table.send("watcher@example.org", "LIST\n").get_content()
    full = table.send(MASTER, SOLO + "SET COMMENT BEGIN\nWelcome to solo.\nAll may play.\n")
    assert "Game 'solo' set: Full comment changed." in full.get_content()
    listed = table.send("watcher@example.org", "LIST solo\n").get_content()
    assert "Welcome to solo.\nAll may play." in listed
    secret = table.send(MASTER, SOLO + "SET SECRET\nSET NO REVEAL\n").get_content()
    assert "Game 'solo' set: Secret." in secret and "Game 'solo' set: NoReveal." in secret
    brief = table.send("watcher@example.org", "LIST\n").get_content()
    assert "Forming: more players needed." in brief  # SECRET: how many is not told
    table.send(MASTER, SOLO + "SET NO SECRET\n")
    long = table.send(MASTER, SOLO + "SET COMMENT " + "x" * 70 + "\n").get_content()
    assert "the comment must be under 60 characters" in long
    assert (
        "SET VARIANT: Unknown variant specified: atlantis"
        in table.send(MASTER, SOLO + "SET VARIANT atlantis\n").get_content()
    )
    assert (
        "Game 'solo' set: no Gunboat."
        in table.send(MASTER, SOLO + "SET NOT VARIANT gunboat\n").get_content()
    )

    for power in ("France", "Germany", "Italy"):
        joined = table.send(address(power), f"SIGN ON ?solo pw{power}\n").get_content()
        assert "selected to play" in joined
    refused = table.send(address("France"), "SIGN ON ?solo pwFrance\nFORCE BEGIN\n")
    assert "FORCE BEGIN: only a master of game 'solo' may do that." in refused.get_content()
    begun = table.send(MASTER, SOLO + "FORCE BEGIN\n").get_content()
    assert "Game 'solo' begins with 4 dummy players." in begun
    start = table.wait_for(address("France"), "Game Starting")[0].get_content()
    assert "solo" in start
    state = table.show("solo")
    assert state["status"] == "active"
    dummies = [p for p in state["players"] if p.get("status") == "abandoned"]
    assert len(dummies) == 4
    # Anyone not playing may take a dummy's power.
    letter = dummies[0]["power"][0]
    took = table.send("watcher@example.org", f"SIGN ON {letter}solo newpw\n").get_content()
    assert f"Take over of abandoned {dummies[0]['power']} allowed." in took

    back = table.send(MASTER, SOLO + "UNSTART\n").get_content()
    assert "Game 'solo' is forming again, set MANUAL START." in back
    state = table.show("solo")
    assert state["status"] == "forming" and state["phase"] is None
    assert all(not p.get("power") for p in state["players"] if p.get("status") != "resigned")
    # MANUAL START now: four players wait until the master sets AUTO START.
    master_says = table.send(MASTER, SOLO + "SET PLAYERS 4\n").get_content()
    assert "Number of Players for game 'solo' set to 4." in master_says
    assert table.show("solo")["status"] == "forming"
    started = table.send(MASTER, SOLO + "SET AUTO START\n").get_content()
    assert "Game 'solo' set: AutoStart." in started
    assert table.wait_for(address("France"), "Game Starting", count=2)  # started again
    assert table.show("solo")["status"] == "active"


def test_auto_create_follows_a_drawn_game_with_the_same_settings(table):
    from tests.gametable import POWERS, master, start_moderated

    start_moderated(table)
    master(table, "SET AUTO CREATE\nSET NMR\nSET COMMENT Season one")
    for power in POWERS:
        table.orders(power, "SET DRAW")
    assert table.wait_for(address("France"), "Draw Declared")
    # (The master's own settings were a Parameter Change too: wait for the one about war2.)
    table.judge.mailbox.wait(
        lambda: any(
            "Game 'war2' has been created to follow 'war'" in m.get_content()
            for m in table.inbox(address("France"), "Parameter Change")
        )
    )
    result = table.show("war2")
    assert result["status"] == "forming"
    assert result["settings"]["nmr"] is True and result["settings"]["list"] is False
    assert result["players"] == [] and result["masters"] == [MASTER]
    # The master signs on to the new game with his old password.
    assert "war2" in table.send(MASTER, "SIGN ON Mwar2 pwMaster\nLIST war2\n").get_content()


def test_duplex_shares_the_powers_among_fewer_players(table):
    from collections import Counter

    from tests.gametable import POWERS

    table.send(MASTER, form(MASTER))
    made = table.send(MASTER, "CREATE ?dt passM\nBECOME MASTER\nSET PLAYERS 4\n").get_content()
    assert "Number of Players for game 'dt' set to 4." in made
    assert (
        "the number of players is a whole number from 1 to 7"
        in table.send(MASTER, "SIGN ON Mdt passM\nSET PLAYERS 9\n").get_content()
    )
    four = ["France", "Germany", "Italy", "Russia"]
    for power in four:
        table.send(address(power), f"SIGN ON ?dt pw{power}\n")
    table.wait_for(address("France"), "Game Starting")
    state = table.show("dt")
    assert state["status"] == "active"
    held = Counter(p["address"] for p in state["players"] if p.get("power"))
    assert sum(held.values()) == 7 and sorted(held.values()) == [1, 2, 2, 2]
    assert "Duplex 4/7" in table.send("watcher@example.org", "LIST dt\n").get_content()
    # One start notice for each player, naming each of his powers.
    double = next(a for a, n in held.items() if n == 2)
    starts = table.wait_for(double, "Game Starting")
    assert len(starts) == 1
    selected = re.findall(r"You have been selected as (\w+) in game 'dt'", starts[0].get_content())
    his = [p["power"] for p in state["players"] if p["address"] == double]
    assert sorted(selected) == sorted(his)
    # A player with two powers signs on to each with his one password.
    who = next(a for a, n in held.items() if n == 2)
    mine = [p["power"] for p in state["players"] if p.get("address") == who]
    name = who.split("@")[0].capitalize()
    for power in mine:
        reply = table.send(who, f"SIGN ON {POWERS[power]}dt pw{name}\n").get_content()
        assert "Invalid password" not in reply


def test_rule_settings_are_made_before_the_start(table):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER, "CREATE ?rules passM\nBECOME MASTER\nSET ANY CENTER\nSET DUALITY\n"
    ).get_content()
    assert "Game 'rules' set: AnyCentres." in made and "Game 'rules' set: Duality." in made
    listed = table.send("watcher@example.org", "LIST rules\n").get_content()
    assert "AnyCentres" in listed and "Duality" in listed


def test_unstart_leaves_out_who_left(table):
    """A player the master ejected (all the powers of a duplex player) stays out when the
    game goes back to forming; the others keep one place each, waiting for the new deal."""
    table.send(MASTER, form(MASTER))
    table.send(MASTER, "CREATE ?two passM\nBECOME MASTER\nSET PLAYERS 2\n")
    for power in ("France", "Germany"):
        table.send(address(power), f"SIGN ON ?two pw{power}\n")
    table.wait_for(address("France"), "Game Starting")
    ejected = table.send(MASTER, f"SIGN ON Mtwo passM\nEJECT {address('Germany')}\n")
    assert "ejected from game 'two'" in ejected.get_content()
    notice = table.wait_for(address("France"), "Resignation: ")[0]
    his = [p["power"] for p in table.show("two")["players"] if p["address"] == address("Germany")]
    assert len(his) >= 3 and notice["Subject"].endswith(", ".join(sorted(his, key=_order)))
    table.send(MASTER, "SIGN ON Mtwo passM\nUNSTART\n")
    state = table.show("two")
    assert state["status"] == "forming"
    staying = [p for p in state["players"] if p.get("status") != "resigned"]
    assert [(p["address"], p.get("power")) for p in staying] == [(address("France"), None)]


def _order(power: str) -> int:
    return ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"].index(power)
