"""Orders as players really send them, over SMTP: a mistake put right in a later mail, an
order for a unit the power does not have, CLEAR, orders for the winter given in advance,
and what the error flag and the orders-received flag say after each mail. The flag
reflects the orders as they stand now: the last order for a unit replaces every earlier
one, and an order that names no unit of the power lasts only until the next mail."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.gametable import (
    GERMANY_SPRING,
    HOLDS,
    address,
    germany_to_winter,
    play,
    start,
)


def flag(table, power: str) -> str:
    """The orders-received flag of the power's player (not of one who left it)."""
    players = table.show()["players"]
    return next(p for p in players if p["power"] == power and p["status"] != "resigned")["orders"]


def everyone_but(table, power: str, orders: dict[str, str] = HOLDS) -> None:
    for other, text in orders.items():
        if other != power:
            table.orders(other, text)


def test_a_corrected_order_clears_the_error_in_the_next_mail(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    mail = table.send(address("France"), "SIGN ON Fwar pwFrance\nArmy Paris", "my orders")
    assert mail["Subject"] == "Re: [Error Flag] USTS:war - S1901M my orders"
    wrong = mail.get_content()
    assert "1 error encountered." in wrong and "Error flag set." in wrong
    assert flag(table, "France") == "errors"

    mail = table.send(
        address("France"), "SIGN ON Fwar pwFrance\nA par-bur\nA mar H\nF bre-mao", mail["Subject"]
    )
    assert mail["Subject"] == "Re: USTS:war - S1901M my orders"  # no tags pile up
    right = mail.get_content()
    assert "error" not in right.lower().replace("the error flag is not set", "")
    assert "F: Army Paris" not in right  # the old error is not repeated
    assert "France: Army Paris -> Burgundy." in right
    assert "Your orders are complete." in right
    assert flag(table, "France") == "complete"

    # The phase goes on as soon as the others are in: France's corrected set counts.
    everyone_but(table, "France")
    results = table.wait_for(address("France"), "S1901M Results")[0].get_content()
    assert "France: Army Paris -> Burgundy." in results
    assert table.show()["phase"] == "F1901M"


def test_the_last_order_for_a_unit_replaces_an_earlier_legal_one_and_an_illegal_one(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    table.orders("France", "A par-bur\nA mar H\nF bre H")
    # A later impossible order replaces the earlier good one: the flag says so.
    wrong = table.orders("France", "A par-mos")
    assert "Error flag set." in wrong
    assert "France: Army Paris -> Burgundy." not in wrong
    # And a later good one replaces the impossible one.
    right = table.orders("France", "A par-pic")
    assert "Error flag set." not in right and "A par-mos" not in right
    assert "France: Army Paris -> Picardy." in right
    assert flag(table, "France") == "complete"
    # Within one mail as well: the later line for a unit replaces the earlier one.
    twice = table.orders("France", "A par-bur\nA par-gas")
    assert "France: Army Paris -> Gascony." in twice
    assert "France: Army Paris -> Burgundy." not in twice
    assert "France: Army Paris -> Picardy." not in twice
    assert flag(table, "France") == "complete"


def test_an_order_for_a_unit_the_power_does_not_have_lasts_one_mail(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    wrong = table.orders("France", "A par H\nA mar H\nF bre H\nA bel-hol")
    assert "F: A bel-hol" in wrong and "Error flag set." in wrong
    assert flag(table, "France") == "errors"
    # Nothing can re-order a unit that is not there: the next mail of orders puts the
    # error away, and the flag follows the orders as they now stand.
    again = table.orders("France", "F bre-mao")
    assert "bel-hol" not in again.lower() and "Error flag set." not in again
    assert "Your orders are complete." in again
    assert flag(table, "France") == "complete"


def test_a_build_on_an_occupied_centre_is_put_right_by_the_next_mail(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    germany_to_winter(table)
    assert table.show()["phase"] == "F1901B"
    wrong = table.orders("Germany", "build a ber\nbuild f kie")
    assert "Error flag set." in wrong  # Berlin is occupied
    right = table.orders("Germany", "build a mun\nbuild f kie")
    assert "Error flag set." not in right and "Your orders are complete." in right
    # Nobody else owes anything this winter: Germany's builds play it at once.
    table.wait_for(address("Germany"), "F1901B Results")
    assert sorted(table.show()["units"]["Germany"]) == [
        "A ber", "A hol", "A mun", "F den", "F kie",
    ]  # fmt: skip


def test_a_player_who_takes_over_does_not_inherit_stale_errors(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    table.orders("Germany", "A ber H\nA mun H\nF kie H\nA bel-hol")
    table.orders("Germany", "RESIGN")
    took = table.send("watcher@example.org", "SIGN ON Gwar newpw\n").get_content()
    assert "Take over of abandoned Germany allowed." in took
    assert "bel-hol" not in took.lower() and "Error flag set." not in took
    assert "Germany: Army Berlin HOLD." in took  # the orders that stand are kept
    assert flag(table, "Germany") == "complete"


def test_clear_drops_future_orders_and_keeps_the_current_ones(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    given = table.orders(
        "France",
        "A par H\nA mar H\nF bre H\n"
        "PHASE Fall 1901 Movement\nA par-bur\n"
        "IF French Army Paris\nA mar-spa\nENDIF\n",
    )
    assert "Pending orders for F1901M" in given
    cleared = table.orders("France", "CLEAR")
    assert "Pending orders for France cleared: 2 orders." in cleared
    assert "Pending orders for F1901M" not in cleared
    assert "France: Army Paris HOLD." in cleared  # the current phase's orders stay
    assert flag(table, "France") == "complete"
    everyone_but(table, "France")
    table.wait_for(address("France"), "S1901M Results")
    fall = table.orders("Austria", "A vie H")
    assert "F1901M" in fall
    # Nothing of the cleared orders came back in the fall.
    assert flag(table, "France") == "none"


def test_winter_orders_given_in_advance_count_in_the_adjustment_phase(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    play(table, dict(HOLDS, Germany=GERMANY_SPRING), "S1901M")
    # The form the syntax help recommends, and the adjustment phase's own code.
    advance = table.orders(
        "Germany",
        "A ruh-hol; A ber H; F den H\nPHASE Winter 1901 Adjustments\nbuild a mun\nbuild f kie\n",
    )
    assert "Pending orders for F1901B" in advance
    assert "W1901" not in advance
    refused = table.orders("Germany", "PHASE Summer 1901 Movement\nA ber H\n")
    assert "Summer" in refused and "no such phase" in refused.lower()
    past = table.orders("Germany", "PHASE Spring 1901 Movement\nA ber H\n")
    assert "over" in past
    for power, text in HOLDS.items():
        if power != "Germany":
            table.orders(power, text)
    table.wait_for(address("Germany"), "F1901M Results")
    # The builds given in advance were read in the winter, and the winter went on.
    table.wait_for(address("Germany"), "F1901B Results")
    assert sorted(table.show()["units"]["Germany"]) == [
        "A ber", "A hol", "A mun", "F den", "F kie",
    ]  # fmt: skip


def test_the_late_mark_ends_when_its_phase_is_processed(table):
    from tests.judgekit import run_judge

    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    everyone_but(table, "Germany")
    deadline = datetime.fromisoformat(table.show()["deadline"]).replace(tzinfo=None)
    result = run_judge(
        table.judge.env, "tick", "--now", (deadline + timedelta(minutes=1)).isoformat()
    )
    assert result.returncode == 0, result.stderr
    assert next(p for p in table.show()["players"] if p["power"] == "Germany")["status"] == "late"
    table.orders("Germany", HOLDS["Germany"])
    table.wait_for(address("Germany"), "S1901M Results")
    state = table.show()
    assert state["phase"] == "F1901M"
    assert all(p["status"] == "active" for p in state["players"]), state["players"]
    listing = table.send("someone@example.org", "LIST war\n").get_content()
    assert " late " not in listing


def test_every_reply_to_a_signed_on_player_ends_with_his_orders(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    table.orders("France", "A par H\nA mar-spa")
    bare = table.send(address("France"), "SIGN ON Fwar pwFrance\n").get_content()
    assert "Signon command not encountered" not in bare
    assert "Movement orders for Spring of 1901. (war.001)" in bare
    assert "France: Army Marseilles -> Spain." in bare
    assert "France: Fleet Brest, No Order Processed." in bare
    assert "Time to deadline:" in bare
    absence = (datetime.now() + timedelta(days=20)).strftime("%b %d %Y")
    for command in ("SET DRAW", "SET NODRAW", "SET WAIT", "SET NOWAIT", f"SET ABSENCE {absence}"):
        reply = table.send(address("France"), f"SIGN ON Fwar pwFrance\n{command}\n").get_content()
        assert "France: Army Marseilles -> Spain." in reply, command


def test_a_unit_with_nowhere_to_retreat_is_owed_no_order(table):
    start(table)
    table.wait_for(address("Austria"), "Game Starting")
    spring = dict(HOLDS)
    spring["Austria"] = "A vie H; A bud-ser; F tri H"
    spring["Italy"] = "A ven-tyr; A rom-ven; F nap-ion"
    spring["Germany"] = "A mun-boh; A ber H; F kie H"
    spring["Russia"] = "A war-gal; A mos H; F sev H; F stp/sc H"
    for power, text in spring.items():
        table.orders(power, text)
    table.wait_for(address("Austria"), "S1901M Results")
    # Fall: Trieste and Vienna are both taken; the fleet in Trieste has nowhere to go
    # (the Adriatic and Albania filled, Venice the attacker's origin), the army in Vienna
    # may go to Budapest.
    fall = dict(HOLDS)
    fall["Austria"] = "F tri H; A vie H; A ser-alb"
    fall["Italy"] = "A ven-tri; A tyr S A ven-tri; F ion-adr"
    fall["Germany"] = "A boh-vie; A ber H; F kie H"
    fall["Russia"] = "A gal S A boh-vie; A mos H; F sev H; F stp/sc H"
    for power, text in fall.items():
        table.orders(power, text)
    results = table.wait_for(address("Austria"), "F1901M Results")[0].get_content()
    assert "The Austrian Fleet in Trieste with no valid retreats was destroyed." in results
    assert "The Austrian Army in Vienna can retreat to Budapest." in results
    assert table.show()["phase"] == "F1901R"
    # Austria orders the one unit that can act: that is all it owes, and the retreat
    # phase is played at once, not at its deadline.
    retreat = table.orders("Austria", "A vie-bud")
    assert "Orders not received for all units" not in retreat
    assert "Your orders are complete." in retreat
    table.wait_for(address("Austria"), "F1901R Results")
    assert table.show()["phase"] == "F1901B"


def test_a_master_names_the_winter_as_players_do(table):
    from tests.gametable import master, start_moderated

    start_moderated(table)
    wrong = master(table, "PROCESS Winter 1901 Adjustments")
    assert "ignored, the current phase of game 'war' is S1901M" in wrong
    summer = master(table, "PROCESS Summer 1901 Movement")
    assert "there is no such phase in Standard" in summer
    germany_to_winter(table)
    assert table.show()["phase"] == "F1901B"
    report = master(table, "")
    assert "Germany: Adjustment Required." in report
    assert "Austria: No Adjustment Required." in report
    done = master(table, "PROCESS Winter 1901 Adjustments")
    assert "F1901B will be processed now." in done
    table.wait_for(address("Germany"), "F1901B Results")
    assert table.show()["phase"] == "S1902M"


def test_a_game_all_in_civil_disorder_is_played_at_each_deadline_not_in_a_runaway(table):
    from tests.judgekit import run_judge

    def tick(at: datetime) -> None:
        result = run_judge(table.judge.env, "tick", "--now", at.isoformat())
        assert result.returncode == 0, result.stderr
        assert b"Traceback" not in result.stderr and b"RecursionError" not in result.stderr

    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    table.orders("France", "SET NMR")
    state = table.show()
    grace = datetime.fromisoformat(state["grace"]).replace(tzinfo=None)
    tick(grace + timedelta(minutes=1))  # nobody ordered: everyone in civil disorder
    table.wait_for(address("France"), "S1901M Results")
    state = table.show()
    assert state["phase"] == "F1901M"
    assert {p["status"] for p in state["players"]} == {"cd"}
    # Nobody plays: the next phase waits for its deadline, and no tick runs away with it.
    tick(grace + timedelta(minutes=2))
    assert table.show()["phase"] == "F1901M"
    deadline = datetime.fromisoformat(table.show()["deadline"]).replace(tzinfo=None)
    tick(deadline + timedelta(minutes=1))
    table.wait_for(address("France"), "F1901M Results")
    assert table.show()["phase"] in ("F1901B", "S1902M")
    # A player who comes back is in play again.
    back = table.orders("France", "A par H")
    assert "France: Army Paris HOLD." in back


def test_an_unreadable_order_for_a_later_phase_is_answered_at_once(table):
    start(table)
    table.wait_for(address("France"), "Game Starting")
    reply = table.orders(
        "France",
        "PHASE Fall 1901 Movement\nA par-burgandy\nA mar-spa\n"
        "IF French Army Paris\nF bre-mao\nA par-gascny\nENDIF\n",
    )
    assert "A par-burgandy" in reply and "did you mean Burgundy?" in reply
    assert "A par-gascny" in reply and "did you mean Gascony?" in reply
    pending = reply.split("Pending orders for F1901M:", 1)[1]
    assert "A mar-spa" in pending and "F bre-mao" in pending
    assert "burgandy" not in pending and "gascny" not in pending
