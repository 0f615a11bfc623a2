"""The rule settings of manual 9.1 over SMTP: made by a master before the start (refused
after it, and to players), shown in LIST, and each carried out in a game: BLANK BOARD and
ANY DISBAND (maintain, removals that make room for builds, the wait set for everyone),
DISBAND in a movement phase, AUTO DISBAND, COASTAL CONVOYS and TOUCH PRESS."""

from __future__ import annotations

from tests.gametable import MASTER, address, form, master, start_moderated

RULES = "SIGN ON Mrules passM\n"
FRANCE = "France: " + " " * 18  # adjustment lines start the unit in column 27
ALL_RULES = (
    "SET ANY DISBAND\nSET AUTO DISBAND\nSET DISBAND\nSET COASTAL CONVOYS\nSET BLANK BOARD\n"
    "SET TOUCH PRESS\n"
)


def test_rule_settings_are_for_a_master_before_the_start(table):
    table.send(MASTER, form(MASTER))
    made = table.send(MASTER, "CREATE ?rules passM\nBECOME MASTER\n" + ALL_RULES).get_content()
    for words in ("AnyDisband", "AutoDisband", "Disband", "CoastalConvoy", "BlankBoard",
                  "TouchPress"):  # fmt: skip
        assert f"Game 'rules' set: {words}." in made
    listed = table.send("watcher@example.org", "LIST rules\n").get_content()
    for words in ("AnyDisband", "AutoDisband", "BlankBoard", "CoastalConvoy", "Disband",
                  "TouchPress"):  # fmt: skip
        assert words in listed
    joined = table.send(address("France"), "SIGN ON ?rules pwFrance\n")
    assert "selected to play" in joined.get_content()
    normal = table.send(MASTER, RULES + "SET NORMAL DISBAND\n").get_content()
    assert "Game 'rules' set: NormalDisband." in normal
    told = table.wait_for(address("France"), "Parameter Change")[0].get_content()
    assert "master@example.org has changed the settings of game 'rules':" in told
    assert "NormalDisband." in told
    assert "AnyDisband" not in table.send("watcher@example.org", "LIST rules\n").get_content()
    refused = table.send(address("France"), "SIGN ON ?rules pwFrance\nSET NO TOUCH PRESS\n")
    assert (
        "SET NO TOUCH PRESS: only the master of game 'rules' may change its settings."
        in refused.get_content()
    )
    assert "TouchPress" in table.send("watcher@example.org", "LIST rules\n").get_content()

    assert (
        "begins with 6 dummy players" in table.send(MASTER, RULES + "FORCE BEGIN\n").get_content()
    )
    late = table.send(MASTER, RULES + "SET NO AUTO DISBAND\nSET ANY DISBAND\n").get_content()
    assert "SET NO AUTO DISBAND: game 'rules' has started; this is set before the start." in late
    assert "SET ANY DISBAND: game 'rules' has started; this is set before the start." in late
    listed = table.send("watcher@example.org", "LIST rules\n").get_content()
    assert "AutoDisband" in listed and "AnyDisband" not in listed


def test_blank_board_and_any_disband(table):
    start_moderated(table, "SET BLANK BOARD\nSET ANY DISBAND\n")
    start = table.wait_for(address("France"), "Game Starting")[0].get_content()
    assert "Starting position for Winter of 1900." in start
    assert "There are no units on the board." in start
    state = table.show()
    assert state["phase"] == "F1900B"
    assert not any(state["units"].values())
    assert all(x["wait"] for x in state["players"] if x.get("power"))

    built = table.orders("France", "Build A par\nBuild A mar\nBuild F bre")
    assert FRANCE + "Builds an army in Paris." in built
    assert FRANCE + "Builds a fleet in Brest." in built
    # ANY DISBAND: everyone waits in an adjustment phase, as the njudge sets it.
    assert "You have set 'wait' status so orders will not be processed before the deadline." in (
        built
    )
    assert "Wait status cleared." in table.orders("France", "SET NOWAIT")
    master(table, "PROCESS")
    results = table.wait_for(address("Italy"), "F1900B Results")[0].get_content()
    assert "Adjustment results for Winter of 1900." in results
    assert FRANCE + "Builds an army in Marseilles." in results
    state = table.show()
    assert state["phase"] == "S1901M"
    assert sorted(state["units"]["France"]) == ["A mar", "A par", "F bre"]

    master(table, "PROCESS")
    table.wait_for(address("Italy"), "S1901M Results")
    master(table, "PROCESS")
    table.wait_for(address("Italy"), "F1901M Results")
    # Nobody gained or lost a centre, and still the adjustment phase comes.
    assert table.show()["phase"] == "F1901B"
    part = table.orders("France", "F bre D\nA bre B")
    assert FRANCE + "Removes the fleet in Brest." in part
    assert FRANCE + "Builds an army in Brest." in part
    assert "Orders not received for all units." in part
    whole = table.orders("France", "maintain A par\nA mar M")
    assert FRANCE + "Maintains the army in Paris." in whole
    assert "You have set 'wait' status" in whole  # complete, and waiting
    refused = table.orders("Germany", "A mun M")
    assert "Germany does not own a unit in Munich to maintain." in refused
    master(table, "PROCESS")
    results = table.wait_for(address("Italy"), "F1901B Results")[0].get_content()
    assert FRANCE + "Removes the fleet in Brest." in results
    assert FRANCE + "Builds an army in Brest." in results
    assert "Maintains" not in results  # kept units are not reported, as on the njudge
    state = table.show()
    assert state["phase"] == "S1902M"
    assert sorted(state["units"]["France"]) == ["A bre", "A mar", "A par"]


def test_disband_auto_disband_and_coastal_convoys(table):
    start_moderated(table, "SET DISBAND\nSET AUTO DISBAND\nSET COASTAL CONVOYS\n")
    spring = master(
        table, "A par D\nA mun-bur\nA ven-pie\nF tri-alb\nA vie-tri\nA bud-ser\nPROCESS\n"
    )
    assert "Order for France: A par D" in spring
    results = table.wait_for(address("Italy"), "S1901M Results")[0].get_content()
    assert "France: Army Paris DISBAND." in results
    state = table.show()
    assert sorted(state["units"]["France"]) == ["A mar", "F bre"]

    master(
        table,
        "A bur-mar\nA pie S A bur-mar\nA mar H\nA tri-gre\nF alb C A tri-gre\nPROCESS\n",
    )
    results = table.wait_for(address("Italy"), "F1901M Results")[0].get_content()
    assert "The French Army in Marseilles with no valid retreats was destroyed." in results
    assert "Austria: Army Trieste -> Albania -> Greece." in results  # by the fleet on the coast
    state = table.show()
    assert state["phase"] == "F1901B"  # no retreat phase: the army was simply destroyed
    assert state["units"]["France"] == ["F bre"]
    assert "A gre" in state["units"]["Austria"]
    assert "A mar" in state["units"]["Germany"]


def test_touch_press(table):
    start_moderated(table, "SET TOUCH PRESS\n")
    table.send("watcher@example.org", "OBSERVE war xxxx\n")

    def press(body: str) -> str:
        return table.orders("Italy", f"{body}\nENDPRESS")

    # Venice touches Trieste: Italy may write to Austria, not to France.
    assert "Message sent to Austria:" in press("PRESS TO A\nAn alliance?")
    assert (
        "An alliance?" in table.wait_for(address("Austria"), "Press from I to A")[0].get_content()
    )
    far = press("PRESS TO AF\nAnd you, France?")
    assert "partial press goes only to the powers your units touch" in far
    assert "not to France" in far and "No message was sent." in far
    assert "no press to observers" in press("PRESS TO AO\nWatch this.")
    assert "Message sent to Master:" in press("PRESS TO M\nHelp me, Master.")

    assert "Broadcast message sent:" in table.orders("Italy", "BROADCAST\nHello all.\nENDPRESS")
    again = table.orders("Italy", "BROADCAST\nHello again.\nENDPRESS")
    assert "one broadcast a turn, and you have sent it." in again
    for _ in range(2):
        assert "Broadcast message sent:" in master(table, "BROADCAST\nFrom the Master.\nENDPRESS")
    assert not table.inbox(address("France"), "Press from I")

    master(table, "PROCESS")
    table.wait_for(address("Italy"), "S1901M Results")
    assert "Broadcast message sent:" in table.orders("Italy", "BROADCAST\nA new turn.\nENDPRESS")


def test_summer(table):
    start_moderated(table, "SET SUMMER\n")
    assert "Summer" in table.send("watcher@example.org", "LIST war\n").get_content()
    master(table, "PROCESS")
    spring = table.wait_for(address("France"), "S1901M Results")[0].get_content()
    assert "The next phase of 'war' will be Movement for Summer of 1901." in spring
    assert table.show()["phase"] == "U1901M"
    listed = table.orders("France", "A par-bur")
    assert "Movement orders for Summer of 1901." in listed
    assert "France: Army Paris -> Burgundy." in listed
    master(table, "PROCESS U1901M")
    summer = table.wait_for(address("France"), "U1901M Results")[0].get_content()
    assert "Movement results for Summer of 1901." in summer
    assert "The next phase of 'war' will be Movement for Fall of 1901." in summer
    state = table.show()
    assert state["phase"] == "F1901M"
    assert "A bur" in state["units"]["France"]


def test_transform(table):
    table.send(MASTER, form(MASTER))
    early = table.send(
        MASTER,
        "CREATE ?rules passM\nBECOME MASTER\nSET NO ATTACK TRANSFORM\nSET TRANSFORM homecenter\n",
    ).get_content()
    assert "SET NO ATTACK TRANSFORM: move transformations must be enabled first" in early
    assert "a transform option is when:where" in early
    start_moderated(table, "SET TRANSFORM MOVE:HOMECENTER BUILD:ANY\nSET NO ATTACK TRANSFORM\n")
    listed = table.send("watcher@example.org", "LIST war\n").get_content()
    assert "Transform Move:HomeCentre" in listed and "Transform Build:AnyCentre" in listed
    assert "NoAttackTransform" in listed
    told = table.wait_for(address("France"), "Game Starting")[0]
    assert told

    reply = table.orders("France", "F bre transform A\nA par tr F")
    assert "A fleet cannot be in Paris." in reply
    assert "France: Fleet Brest TRANSFORMS TO Army." in reply
    master(table, "PROCESS")
    spring = table.wait_for(address("Italy"), "S1901M Results")[0].get_content()
    assert "France: Fleet Brest TRANSFORMS TO Army." in spring
    assert "A bre" in table.show()["units"]["France"]
    master(table, "PROCESS")
    table.wait_for(address("Italy"), "F1901M Results")
    assert table.show()["phase"] == "F1901B"  # kept for transformations
    winter = table.orders("France", "transform fleet brest")
    assert FRANCE + "Transform the army in Brest to a fleet." in winter
    # Everyone waits in an adjustment phase with transformations: nothing is processed yet.
    state = table.show()
    assert state["phase"] == "F1901B"
    assert all(x["wait"] for x in state["players"] if x.get("power"))
    master(table, "PROCESS")
    results = table.wait_for(address("Italy"), "F1901B Results")[0].get_content()
    assert FRANCE + "Transform the army in Brest to a fleet." in results
    assert "F bre" in table.show()["units"]["France"]
