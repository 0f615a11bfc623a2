"""Seven people play a game of Diplomacy by mail only, through a real SMTP conversation
with a running judge: sign-on, preferences, the start notice, orders with a mistake put
right, a convoy, a dislodgement and its retreat given in advance under a condition, builds
and a removal, an observer who reads everything, and a draw."""

from __future__ import annotations

from tests.gametable import POWERS, address, start
from tests.judgekit import mail


def test_a_whole_game_by_mail(table):
    watcher = table.send("watcher@example.org", "OBSERVE war secret\n").get_content()
    assert "does not exist" in watcher  # not yet created
    start(table)
    joined = table.send("watcher@example.org", "OBSERVE war secret\n").get_content()
    assert "You are now an Observer in game 'war'." in joined

    # Everyone is told the start, with his power, the players and the first deadline.
    for power in POWERS:
        notice = table.wait_for(address(power), "Game Starting")[0].get_content()
        assert f"You have been selected as {power} in game 'war' of Diplomacy." in notice
        assert "Starting position for Spring of 1901." in notice
        assert "The deadline for the first orders is " in notice
    state = table.show()
    assert state["status"] == "active" and state["phase"] == "S1901M"
    assert {p["power"]: p["address"] for p in state["players"]} == {
        power: address(power) for power in POWERS
    }

    # Spring 1901: a mistake, then put right; the others' orders.
    wrong = table.orders("France", "A par-xyz\nA mar H, F bre H")
    assert "1 error encountered." in wrong and "Error flag set." in wrong
    assert next(p for p in table.show()["players"] if p["power"] == "France")["orders"] == "errors"
    right = table.orders("France", "A par H")
    assert "error" not in right.lower().replace("error flag is not set", "")
    assert "France: Army Paris HOLD." in right
    table.orders("England", "F lon-nth\nF edi-nwg\nA lvp-yor")
    table.orders("Germany", "A ber H; A mun H; F kie H")
    table.orders("Italy", "A ven H\nA rom-apu\nF nap-ion")
    table.orders("Russia", "A mos H\nA war H\nF sev H\nF stp/sc H")
    table.orders("Turkey", "A con H\nA smy H\nF ank H")
    assert table.show()["phase"] == "S1901M"  # one power still to come
    table.orders("Austria", "A vie-tyr\nA bud-ser\nF tri H")
    results = table.wait_for("watcher@example.org", "S1901M Results")[0].get_content()
    assert "Movement results for Spring of 1901." in results
    assert "England: Fleet London -> North Sea." in results
    assert "The next phase of 'war' will be Movement for Fall of 1901." in results
    assert table.show()["phase"] == "F1901M"

    # Fall 1901: a convoy, and an attack that dislodges; Italy's retreat is given in
    # advance, under a condition that holds when the retreat phase comes.
    table.orders("England", "F nth C A yor-nwy\nA yor-nth-nwy\nF nwg H")
    italy = table.orders(
        "Italy",
        "A ven H\nA apu H\nF ion H\n"
        "PHASE Fall 1901 Retreat\nIF Austrian Army Venice\nA ven-tus\nENDIF\n",
    )
    assert "Pending orders for F1901R" in italy
    for power, orders in (
        ("France", "A par H, A mar H, F bre H"),
        ("Germany", "A ber H, A mun H, F kie H"),
        ("Russia", "A mos H, A war H, F sev H, F stp/sc H"),
        ("Turkey", "A con H, A smy H, F ank H"),
    ):
        table.orders(power, orders)
    table.orders("Austria", "A tyr-ven\nF tri S A tyr-ven\nA ser H")
    fall = table.wait_for(address("Germany"), "F1901M Results")[0].get_content()
    assert "England: Army Yorkshire -> North Sea -> Norway." in fall
    assert "The following units were dislodged:" in fall
    assert "The Italian Army in Venice can retreat to" in fall
    # The retreat counted as received when its phase came, and the phase went on.
    table.wait_for(address("Italy"), "F1901R Results")
    state = table.show()
    assert state["phase"] == "F1901B"
    assert "A tus" in state["units"]["Italy"]

    # Winter 1901: Austria builds two, England one, Italy removes one.
    table.orders("Austria", "build a vie\nbuild a bud")
    table.orders("England", "build f edi")
    table.orders("Italy", "remove a tus")
    winter = table.wait_for("watcher@example.org", "F1901B Results")[0].get_content()
    assert "Adjustment results for Winter of 1901." in winter
    state = table.show()
    assert state["phase"] == "S1902M"
    assert sorted(state["units"]["Austria"]) == ["A bud", "A ser", "A ven", "A vie", "F tri"]
    assert "A tus" not in state["units"]["Italy"]

    # What anyone may ask of a game: its listing, its summary, its history.
    listing = table.send("someone@example.org", "LIST war\n").get_content()
    assert "S1902M" in listing and "austria@players.example" in listing
    brief = table.send("someone@example.org", "LIST\n").get_content()
    assert "war" not in brief  # NO LIST is the default: public only when asked
    table.orders("Austria", "SET LIST")
    brief = table.send("someone@example.org", "LIST\n").get_content()
    assert "war" in brief and "S1902M" in brief
    history = table.send("someone@example.org", "HISTORY war\n").get_content()
    assert "Movement results for Spring of 1901." in history
    assert "Adjustment results for Winter of 1901." in history
    summary = table.send("someone@example.org", "SUMMARY war\n").get_content()
    assert "Summary of game 'war'" in summary

    # A draw: every survivor votes for it.
    for power in POWERS:
        table.orders(power, "SET DRAW")
    declared = table.wait_for("watcher@example.org", "Draw Declared")[0].get_content()
    assert "has been declared a draw" in declared
    assert table.show()["status"] == "finished"


def test_bad_sign_ons_and_orders_change_nothing(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    assert "Invalid password" in table.send(address("France"), "SIGN ON Fwar wrong\n").get_content()
    assert "does not exist" in table.send(address("France"), "SIGN ON Fnope pw\n").get_content()
    again = table.send(address("France"), "CREATE ?war other\n").get_content()
    assert "already exists" in again
    other = table.orders("France", "A vie-gal")
    assert "France" in other and "error" in other.lower()
    missing = table.orders("France", "F nth-nwy")
    assert "error" in missing.lower()
    wrong_phase = table.orders("France", "build a par")
    assert "error" in wrong_phase.lower()
    state = table.show()
    assert state["units"]["Austria"] == ["A bud", "A vie", "F tri"] or sorted(
        state["units"]["Austria"]
    ) == ["A bud", "A vie", "F tri"]
    assert state["phase"] == "S1901M"


def test_sign_on_from_another_address_copies_the_reply_to_the_address_of_record(table):
    start(table)
    sent = table.judge.client.send(mail("france.work@example.org", "SIGN ON Fwar pwFrance\n"))
    table.judge.mailbox.wait(lambda: len(table.judge.mailbox.replies_to(sent)) >= 2)
    to = {m["To"] for m in table.judge.mailbox.replies_to(sent)}
    assert to == {address("France"), "france.work@example.org"}


def test_a_resigned_power_is_taken_over_by_someone_not_playing(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    gone = table.orders("Germany", "RESIGN\nA ber-sil")
    assert "Germany has resigned from game 'war'." in gone
    assert "Army Berlin -> Silesia" not in gone  # nothing after RESIGN is read
    assert "Germany: Army Berlin, No Order Processed." in gone  # as the power stands
    notice = table.wait_for(address("France"), "Resignation: Germany")[0].get_content()
    assert f"{address('Germany')} has resigned {address('Germany')}\nas Germany" in notice
    assert next(p for p in table.show()["players"] if p["power"] == "Germany")["status"] == (
        "abandoned"
    )

    # A player of the game may not take a second power; a bad password changes nothing.
    refused = table.send(address("France"), "SIGN ON Gwar grab\nA ber-sil\n").get_content()
    assert "taken over" not in refused
    bad = table.send("watcher@example.org", "SIGN ON Gwar two words\n").get_content()
    assert "taken over" not in bad
    assert table.show()["units"]["Germany"] and all(
        p["address"] != "watcher@example.org" for p in table.show()["players"]
    )

    took = table.send("watcher@example.org", "SIGN ON Gwar newpw\nA ber-sil\n").get_content()
    assert "Take over of abandoned Germany allowed." in took
    assert "Germany: Army Berlin -> Silesia." in took
    told = table.wait_for(address("Italy"), "Takeover of Germany")[0].get_content()
    # The deadline is days away and stays where it is.
    assert "Deadline for 'war' remains" in told and "watcher" not in told
    left = table.wait_for(address("Germany"), "Diplomacy notice: war")[0].get_content()
    assert left == told  # the player who left is told as the others are
    players = table.show()["players"]
    germany = {p["address"]: p["status"] for p in players if p["power"] == "Germany"}
    assert germany == {"watcher@example.org": "active", address("Germany"): "resigned"}
    # The old password is the old player's: it no longer opens Germany.
    old = table.send(address("Germany"), "SIGN ON Gwar pwGermany\n").get_content()
    assert "Invalid password or power ID specified." in old
