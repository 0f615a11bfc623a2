"""The master's commands over SMTP (users' manual 8.2): refused to players and observers,
PREDICT changing nothing, ROLLBACK then corrected orders and PROCESS, BECOME with its
copy to the player, EJECT, PROMOTE, TERMINATE and RESUME."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.gametable import HOLDS, MASTER, address, master, start_moderated

MASTER_ONLY = ["BECOME F", "EJECT I", "PROMOTE x@y.org", "PROCESS", "ROLLBACK",
               "TERMINATE", "PAUSE", "UNSTART", "FORCE BEGIN"]  # fmt: skip


def test_master_commands_are_refused_to_players_and_observers(table):
    start_moderated(table)
    table.send("watcher@example.org", "OBSERVE war xxxx\n")
    for command in MASTER_ONLY:
        word = command if command == "FORCE BEGIN" else command.split()[0]
        for who, signon in ((address("France"), "SIGN ON Fwar pwFrance"),
                            ("watcher@example.org", "OBSERVE war xxxx")):  # fmt: skip
            reply = table.send(who, f"{signon}\n{command}\n").get_content()
            assert f"{word}: only a master of game 'war' may do that." in reply, (who, command)
    state = table.show()
    assert state["status"] == "active" and state["phase"] == "S1901M"
    assert all(p["status"] == "active" for p in state["players"] if p.get("power"))


def test_predict_then_rollback_and_corrected_orders(table):
    start_moderated(table)
    # The master orders a unit without BECOME; the power's player orders the rest.
    ordered = master(table, "A par-bur\nA xyz H")
    assert "Order for France: A par-bur" in ordered
    assert "no power of game 'war' can be given 'A xyz H'" in ordered
    table.orders("France", "A mar H; F bre H")
    predicted = master(table, "PREDICT")
    assert "Prediction for S1901M, from the orders given so far:" in predicted
    assert "Burgundy" in predicted
    assert table.show()["phase"] == "S1901M"  # nothing changed
    assert not table.inbox(address("France"), "Results")

    for power, orders in HOLDS.items():
        if power != "France":
            table.orders(power, orders)
    table.wait_for(address("Italy"), "S1901M Results")
    assert table.show()["phase"] == "F1901M"

    rolled = master(table, "ROLLBACK 1")
    assert "rolled back to S1901M (turn 001)" in rolled
    assert table.wait_for(address("Italy"), "Rollback to S1901M")
    assert table.show()["phase"] == "S1901M"
    table.orders("France", "A par-pic")  # the corrected order replaces A par-bur
    master(table, "PROCESS S1901M")
    table.wait_for(address("Italy"), "S1901M Results", count=2)
    state = table.show()
    assert state["phase"] == "F1901M"
    # The same board as if France had ordered A par-pic in the first place.
    assert sorted(state["units"]["France"]) == ["A mar", "A pic", "F bre"]
    for power in ("Germany", "Italy"):
        assert sorted(state["units"][power]) == sorted(
            u.strip().rsplit(" ", 1)[0] for u in HOLDS[power].split(";")
        )


def test_become_eject_promote_terminate_and_resume(table):
    start_moderated(table)
    later = (datetime.now(UTC) + timedelta(days=3)).strftime("%b %d %Y")
    end = (datetime.now(UTC) + timedelta(days=33)).strftime("%b %d %Y")
    acted = master(table, f"BECOME F\nSET ABSENCE {later} TO {end}\nPAUSE")
    assert "The Master now acts as France in game 'war'." in acted
    assert " set for game 'war'." in acted  # MAX ABSENCE does not bind the master
    assert "PAUSE: no master command may follow BECOME in the same mail." in acted
    copy = table.wait_for(address("France"), "war")
    assert any("The Master now acts as France" in m.get_content() for m in copy)
    assert table.show()["status"] == "active"

    # A master cannot resign (manual 7.1); he stays the master.
    stays = master(table, "RESIGN")
    assert "RESIGN: a master cannot resign from game 'war'." in stays
    assert table.show()["masters"] == [MASTER]

    ejected = master(table, "EJECT Italy")
    assert "EJECT: Italy ejected from game 'war'." in ejected
    assert table.wait_for(address("Austria"), "Resignation: Italy")
    italy = next(p for p in table.show()["players"] if p.get("power") == "Italy")
    assert italy["status"] == "abandoned"

    table.send("watcher@example.org", "OBSERVE war xxxx\n")
    assert "is now a master of game 'war'" in master(table, "PROMOTE watcher@example.org")
    paused = table.send("watcher@example.org", "SIGN ON Mwar xxxx\nPAUSE\n").get_content()
    assert "Game 'war' is paused." in paused

    master(table, "RESUME\nTERMINATE")
    assert table.wait_for(address("Austria"), "Game Terminated")
    assert "game 'war' is terminated" in table.orders("Austria", HOLDS["Austria"])
    assert table.show()["status"] == "terminated"
    assert "Game 'war' is resumed." in master(table, "RESUME")
    assert table.show()["status"] == "active"


def test_the_judgekeeper_may_make_every_creator_a_master(tmp_path):
    from tests.gametable import form
    from tests.judgekit import InProcessJudge

    with InProcessJudge(tmp_path / "j", JUDGE_CREATE_AS_MASTER="true") as judge:
        judge.ask("gm@example.org", form("gm@example.org"))
        made = judge.ask("gm@example.org", "CREATE ?ruled passM\nBECOME MASTER\n").get_content()
        assert "You've been selected to play Master in game 'ruled'." in made
        assert "You'll be notified when 7 more players sign on." in made
        assert "You are already a master of game 'ruled'." in made


def test_strict_convoy_refuses_a_convoy_that_cannot_succeed(table):
    from tests.gametable import start

    start(table)
    table.wait_for(address("England"), "Game Starting")
    assert "Game 'war' set: StrictConvoy." in table.orders("France", "SET STRICT CONVOY")
    refused = table.orders("England", "F lon C A par-lon")
    assert "is set STRICT CONVOY, and no sea touches par: the convoy cannot succeed." in refused
    kept = table.orders("England", "F edi C A lvp-nwy")
    assert "STRICT CONVOY" not in kept


def test_a_proxy_hands_a_unit_to_another_power_for_the_phase(table):
    from tests.gametable import start

    start(table)
    table.wait_for(address("France"), "Game Starting")
    refused = table.orders("France", "A par P Germany")
    assert "Game 'war' does not allow proxy orders." in refused
    assert "Game 'war' set: Proxy." in table.orders("France", "SET PROXY")
    given = table.orders("France", "A par proxy to Germany; A mar H; F bre H")
    assert "Proxy: A par of France is ordered by Germany this phase." in given
    assert "Germany does not own the unit in that place." in table.orders(
        "Germany", "A mar P Italy"
    )
    # Germany orders the French army as well as his own; the others hold.
    table.orders("Germany", "A ber H; A mun H; F kie H; A par-bur")
    for power, orders in HOLDS.items():
        if power not in ("France", "Germany"):
            table.orders(power, orders)
    results = table.wait_for(address("Italy"), "S1901M Results")[0].get_content()
    assert "Army Paris -> Burgundy." in results
    assert sorted(table.show()["units"]["France"]) == ["A bur", "A mar", "F bre"]
