"""A blind game's replies to a player's orders tell him nothing of other powers' units
(info.blind: "No information will be given to players attempting illegal moves to try to
work out where other player's units are"). The adjudicator's `blind` option checks orders
so (one answer for a place where the power has no unit, whatever is there; a support or
convoy of a unit he does not see is taken, void if no such unit is there; a convoy's
route judged on the map alone); the judge passes it for a game with the Blind option, and
its replies name a unit he does not see "unknown unit", as his results do. Pure tests of
the option and of the listing first, then a blind game's replies over SMTP."""

from __future__ import annotations

import pytest

from adjudicator import adjudicate
from judge.reports.play import orders_listing
from tests.gametable import MASTER, address, master
from tests.test_blind_games import start_blind
from variants import load

STANDARD = load("standard")
FRANCE = ["A par", "A mar", "F bre"]


def answer(units: dict, orders: dict, blind: bool = True, phase: str = "S1901M", **doc) -> dict:
    """What became of each order given, by (power, text)."""
    out = adjudicate(
        {"phase": phase, "units": units, "orders": orders, "options": {"blind": blind}, **doc}
    )
    return {(line["power"], line["text"]): line for line in out["orders"] if line["text"]}


def told(line: dict) -> tuple[str, str | None] | str:
    """What the power reads of an order before the deadline: why it is refused, or that it
    is taken (what it comes to is told by the results)."""
    if line["result"] == "illegal":
        return line["reason"], line.get("message")
    return "taken"


# -- the adjudicator's option ----------------------------------------------------------------

# What may stand where France orders a unit she does not have: nothing, or another power's
# army or fleet. Kiel takes either.
BOARDS = {
    "empty": {"France": FRANCE},
    "German army": {"France": FRANCE, "Germany": ["A kie"]},
    "German fleet": {"France": FRANCE, "Germany": ["F kie"]},
}


@pytest.mark.parametrize("text", ["A kie-hol", "F kie-hol", "kie-hol", "A kie H", "F kie S F bre"])
def test_an_order_for_a_place_without_ones_unit_is_answered_the_same_whatever_is_there(text):
    seen = {name: told(answer(units, {"France": [text]})[("France", text)])
            for name, units in BOARDS.items()}  # fmt: skip
    assert set(seen.values()) == {("not your unit", "France does not own a unit in Kiel.")}
    # Without the option the answer tells what is there; the test could tell the difference.
    plain = {told(answer(units, {"France": [text]}, blind=False)[("France", text)])
             for units in BOARDS.values()}  # fmt: skip
    assert len(plain) > 1


def test_own_units_are_still_answered_in_full():
    lines = answer({"France": FRANCE}, {"France": ["F par-bur", "A par-mos", "A par S A mar-spa"]})
    assert told(lines[("France", "F par-bur")])[1] == "The unit in Paris is an army, not a fleet."
    assert told(lines[("France", "A par-mos")])[1] == "The army in Paris can't get to Moscow."
    assert told(lines[("France", "A par S A mar-spa")])[1] == (
        "The army in Paris can't get to Spain to support."
    )


def test_a_retreat_for_a_place_without_ones_unit_is_answered_the_same():
    """Kiel: empty; holding a German army that was not dislodged; a German fleet that was."""
    boards = [
        {"units": {"France": ["A par"]}},
        {"units": {"France": ["A par"], "Germany": ["A kie"]}},
        {
            "units": {"France": ["A par"]},
            "dislodged": [{"power": "Germany", "unit": "F kie", "retreats": ["bal"]}],
        },
    ]
    seen = set()
    for board in boards:
        doc = dict(board)
        units = doc.pop("units")
        lines = answer(units, {"France": ["F kie-bal"]}, phase="F1901R", **doc)
        seen.add(told(lines[("France", "F kie-bal")]))
    assert seen == {("not your unit", "France does not own a unit in Kiel.")}


def test_a_removal_of_a_unit_not_ones_own_is_answered_the_same():
    centers = {"France": ["par"], "Germany": ["mun", "ber", "kie"]}
    seen = set()
    for units in ({"France": FRANCE}, {"France": FRANCE, "Germany": ["A kie"]}):
        lines = answer(units, {"France": ["remove A kie"]}, phase="F1901B", centers=centers)
        seen.add(told(lines[("France", "remove A kie")]))
    assert seen == {("not your unit", "France does not own a unit in Kiel to remove.")}


def test_a_support_of_a_unit_not_seen_is_taken_and_void_if_no_such_unit_is_there():
    order = "A par S A mun-bur"
    empty = answer({"France": FRANCE}, {"France": [order]})[("France", order)]
    there = answer(
        {"France": FRANCE, "Germany": ["A mun"]}, {"France": [order], "Germany": ["A mun-bur"]}
    )[("France", order)]
    fleet = answer({"France": ["F hol"], "Germany": ["F kie"]}, {"France": ["F hol S A kie"]})
    assert told(empty) == told(there) == "taken"  # the reply cannot tell them apart
    assert (empty["result"], empty["reason"]) == ("fails", "void")  # nobody to support
    assert (there["result"], there["reason"]) == ("succeeds", None)  # it helps the army
    # A unit of another type than the order names is not the unit supported.
    assert fleet[("France", "F hol S A kie")]["reason"] == "void"
    # Without the option the empty Munich is told at once.
    plain = answer({"France": FRANCE}, {"France": [order]}, blind=False)[("France", order)]
    assert told(plain) == ("no such unit", "No army present in Munich.")


def test_a_supported_unit_not_seen_really_gets_the_support():
    """The German army takes Burgundy from the French one only with the Italian support."""
    units = {"France": ["A bur"], "Germany": ["A mun"], "Italy": ["A mar"]}
    orders = {"Germany": ["A mun-bur"], "Italy": ["A mar S mun-bur"]}
    lines = answer(units, orders)
    assert lines[("Germany", "A mun-bur")]["result"] == "succeeds"
    assert lines[("Italy", "A mar S mun-bur")]["result"] == "succeeds"


def test_a_support_naming_a_coast_still_helps_an_army():
    """A coast given in a support of a unit the power does not see is kept (dropping it
    would tell that the unit is an army), and weighs only for a fleet."""
    units = {"France": ["F mao"], "Germany": ["A gas"], "Italy": ["A spa"]}
    orders = {"France": ["F mao S gas-spa/nc"], "Germany": ["A gas-spa"]}
    lines = answer(units, orders)
    assert lines[("France", "F mao S gas-spa/nc")]["order"] == "F mao S A gas - spa/nc"
    assert lines[("France", "F mao S gas-spa/nc")]["result"] == "succeeds"
    assert lines[("Germany", "A gas-spa")]["result"] == "succeeds"


def test_a_convoy_of_an_army_not_seen_is_taken():
    order = "F eng C A lon-bre"
    units = {"France": ["F eng"], "England": ["A lon"]}
    carried = answer(units, {"France": [order], "England": ["A lon-bre"]})
    nobody = answer({"France": ["F eng"]}, {"France": [order]})
    assert carried[("England", "A lon-bre")]["result"] == "succeeds"
    assert carried[("France", order)]["result"] == "succeeds"
    assert (nobody[("France", order)]["result"], nobody[("France", order)]["reason"]) == (
        "fails",
        "void",
    )
    refused = answer({"France": ["F eng"]}, {"France": ["F eng C F lon-bre"]})
    assert told(refused[("France", "F eng C F lon-bre")])[1] == "Only armies can be convoyed."


@pytest.mark.parametrize("text", ["A bre-lon", "A bre-eng-lon", "A bre-lon via convoy"])
def test_a_move_by_sea_is_answered_the_same_whether_fleets_are_on_the_way_or_not(text):
    """Whether a fleet stands in the Channel is not told: the move is taken either way, and
    fails for want of a convoy."""
    alone = answer({"France": ["A bre"]}, {"France": [text]})[("France", text)]
    beside = answer({"France": ["A bre"], "England": ["F eng"]}, {"France": [text]})
    assert told(alone) == told(beside[("France", text)]) == "taken"
    assert alone["reason"] == beside[("France", text)]["reason"] == "no convoy"
    plain = answer({"France": ["A bre"]}, {"France": [text]}, blind=False)[("France", text)]
    assert plain["result"] == "illegal"


def test_the_option_is_read_and_checked():
    with pytest.raises(ValueError, match="true or false"):
        adjudicate({"phase": "S1901M", "options": {"blind": "yes"}})


# -- the listing of a power's orders ---------------------------------------------------------


def test_a_blind_listing_names_a_unit_not_ones_own_unknown_unit():
    doc = {
        "phase": "S1901M",
        "units": {"France": FRANCE, "Germany": ["A mun"], "England": ["F eng"]},
        "orders": {"France": ["A par S A mun-bur", "F bre S F eng", "A mar S A par-bur"]},
        "options": {"blind": True},
    }
    out = adjudicate(doc)
    full = orders_listing(STANDARD, "war", 1, "S1901M", "France", out)
    assert "France: Army Paris SUPPORT German Army Munich -> Burgundy." in full
    mine = orders_listing(STANDARD, "war", 1, "S1901M", "France", out, seen={"France"})
    assert mine.splitlines()[2:] == [
        "France: Army Marseilles SUPPORT Army Paris -> Burgundy.",
        "France: Army Paris SUPPORT unknown unit Munich -> Burgundy.",
        "France: Fleet Brest SUPPORT unknown unit English Channel.",
    ]


# -- over SMTP -------------------------------------------------------------------------------


def test_a_blind_game_answers_orders_without_telling_where_others_stand(table):
    start_blind(table)
    table.send(MASTER, "SIGN ON Mwar pwMaster\nSET PROXY\n")
    # Munich holds a German army, Kiel a German fleet, London an English one, Burgundy
    # nothing.
    reply = table.orders(
        "France",
        "A mun-ruh\nA bur-pic\nF kie-hol\nA par S A mun-bur\nA mar S bur\nF bre S F lon-eng\n",
    )
    lines = reply.splitlines()
    for place, text in (("Munich", "A mun-ruh"), ("Burgundy", "A bur-pic"), ("Kiel", "F kie-hol")):
        at = lines.index(f"F: {text}")
        assert lines[at + 1] == f"France does not own a unit in {place}."
    assert "3 errors encountered." in reply
    assert "France: Army Paris SUPPORT unknown unit Munich -> Burgundy." in reply
    assert "France: Army Marseilles SUPPORT unknown unit Burgundy." in reply
    assert "France: Fleet Brest SUPPORT unknown unit London -> English Channel." in reply
    for hint in (
        "German",
        "Germany",
        "English Fleet",
        "No unit present",
        "No army present",
        "doesn't own",
    ):
        assert hint not in reply, hint
    # The master sees whose units they are.
    report = master(table, "")
    assert "France: Army Paris SUPPORT German Army Munich -> Burgundy." in report
    assert "France: Fleet Brest SUPPORT English Fleet London -> English Channel." in report

    # A proxy of a unit not one's own: one answer, a German unit or nothing there.
    proxies = table.orders("France", "A mun P Italy\nA bur P Italy\nF kie P Germany\n")
    for text in ("A mun P Italy", "A bur P Italy", "F kie P Germany"):
        said = f"{text}: France does not own the unit in that place."
        assert said.lower() in proxies.lower()
    assert "owns that unit already" not in proxies and "there is no unit" not in proxies

    # A condition is read on the board as France sees it: her own units only.
    given = table.orders(
        "France",
        "PHASE Spring 1901 Movement\n"
        "IF German Army Munich\nA mar H\nENDIF\n"
        "IF French Army Paris\nF bre H\nENDIF\n"
        "PHASE Fall 1901 Movement\nA par S A mun-bur\n",
    )
    assert "France: Fleet Brest HOLD." in given
    assert "France: Army Marseilles SUPPORT unknown unit Burgundy." in given
    assert "Pending orders for F1901M" in given

    # The orders given in advance are told in the fall as the reply would tell them.
    master(table, "PROCESS")
    table.wait_for(address("France"), "F1901M")
    advance = [
        m.get_content()
        for m in table.inbox(address("France"), "")
        if "given in advance for this phase" in m.get_content()
    ]
    assert len(advance) == 1
    assert "France: Army Paris SUPPORT unknown unit Munich -> Burgundy." in advance[0]
    assert "German" not in advance[0]
