"""Machiavelli's income and the adjustments with money (rules.machiavelli "Income phase",
its "Income quick reference chart", "Effects of rebellions" 7, "Military unit
adjustments", "Special units", "set [no]dice"), each rule from the rulebook's text."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import variants
from adjudicator.board import Unit
from adjudicator.machiavelli.board import mach_rules
from adjudicator.machiavelli.income import income_phase
from adjudicator.machiavelli.state import starting_state
from adjudicator.options import Options
from tests.machkit import Played, play

MACH = variants.load("machiavelli")
VENICE_CITIES = {"ven": "Venice", "pad": "Venice", "trv": "Venice", "dal": "Venice"}
VENICE_UNITS = [Unit("Venice", "F", "uas"), Unit("Venice", "A", "pad"), Unit("Venice", "G", "ven")]


def venice_income(year: int = 1455, **state: Any) -> dict[str, Any]:
    """Venice's income event, without dice (every die 4 in odd years, 3 in even)."""
    rules = mach_rules(MACH, Options(dice=False))
    start = replace(starting_state(MACH), **state)
    _, events = income_phase(MACH, rules, year, start, VENICE_UNITS, VENICE_CITIES)
    return next(e for e in events if e["event"] == "income" and e["power"] == "Venice")


def sources(event: dict[str, Any]) -> tuple[int, int, int, int]:
    return event["water"], event["provinces"], event["cities"], event["variable"]


def test_income_comes_from_seas_provinces_cities_and_the_variable_income():
    """a) "1 ducat for each sea space that contains one of your fleets"; b) "1 ducat for each
    controlled province"; c) each city's number; d) the variable income (SET NO DICE: "a 4
    in odd years and a 3 in even years"; Venice rolls two dice of 2 3 3 4 4 5)."""
    odd = venice_income(1455)
    assert sources(odd) == (1, 10, 6, 8)
    assert (odd["income"], odd["treasury"]) == (25, 25)
    assert sources(venice_income(1456))[3] == 6


def test_famine_takes_the_income_of_a_province_and_of_its_city_unless_garrisoned():
    """ "A famined province will not produce income"; "A garrisoned city will always produce
    income" (the quick reference chart: a famined garrisoned city gives its ducats)."""
    assert sources(venice_income(famine=frozenset({"pad"})))[1:3] == (9, 5)
    assert sources(venice_income(famine=frozenset({"ven"})))[1:3] == (9, 6)


def test_rebels_take_the_income_of_their_province_and_of_their_city():
    """7) 1) "The controlling player receives no income from rebelling provinces or rebelling
    ungarrisoned cities"; 3) "Income is collected for a city within a rebelling province if
    the city itself is not in rebellion"."""
    assert sources(venice_income(rebellions={"pad": "Venice"}))[1:3] == (9, 6)
    assert sources(venice_income(rebellions={"pad": "Venice", "pad*": "Venice"}))[1:3] == (9, 5)


def test_an_unwalled_city_goes_with_its_rebelling_province():
    rules = mach_rules(MACH, Options(dice=False))
    state = replace(starting_state(MACH), rebellions={"alb": "Turkey"})
    _, events = income_phase(MACH, rules, 1455, state, [], {"alb": "Turkey", "dur": "Turkey"})
    turkey = next(e for e in events if e.get("power") == "Turkey" and e["event"] == "income")
    assert sources(turkey)[1:3] == (4, 1)  # Albania (unfortified) gives nothing


def test_a_besieged_city_gives_no_income():
    """c) "Do note that a besieged city produces *no* income"."""
    assert sources(venice_income(sieges=frozenset({"trv"})))[2] == 5


def test_the_income_comes_at_the_end_of_the_fall_before_the_adjustments():
    played = play(
        "F1455M",
        {"Venice": ["A pad"]},
        {"Venice": ["A pad H"]},
        options={"money": True, "dice": False},
        machiavelli={"treasury": {"Venice": 2}},
    )
    assert played["next_phase"] == "F1455B"
    income = next(e for e in played.events("income") if e["power"] == "Venice")
    assert income["treasury"] == 2 + income["income"]
    assert played["machiavelli"]["treasury"]["Venice"] == income["treasury"]


def test_the_first_income_hands_out_the_chits_and_rolls_no_first_die_below_two():
    """ "At the start of the game each player is given one assassination chit for each of
    the other players"; the njudge's first income lets no first die show a 1."""
    played = play("F1453A", {"Venice": ["G ven"]}, {"Venice": ["G ven M"]},
                  options={"money": True}, machiavelli={"seed": 11})  # fmt: skip
    chits = played["machiavelli"]["chits"]
    assert chits["Venice"] == ["Austria", "Florence", "France", "Milan", "Naples", "Papacy",
                               "Turkey"]  # fmt: skip
    assert all(e["rolls"][0] >= 2 for e in played.events("variable income"))
    assert all(e["first"] for e in played.events("income"))
    venice = next(e for e in played.events("income") if e["power"] == "Venice")
    assert played["machiavelli"]["treasury"]["Venice"] == venice["treasury"] - 3


def test_a_second_edition_scenario_starts_with_its_fixed_income():
    played = play("F1453A", {"Austria": ["A aus"]}, {"Austria": ["A aus M"]},
                  variant="machiavelli2", options={"money": True})  # fmt: skip
    austria = next(e for e in played.events("variable income") if e["place"] == "aus")
    assert (austria["ducats"], austria.get("fixed")) == (3, True)
    assert next(e for e in played.events("income") if e["power"] == "Austria")["fixed"]


# -- the adjustments with money ----------------------------------------------------------


def adjust(units: dict[str, list[str]], orders: list[str], treasury: int, **state: Any) -> Played:
    return play(
        "F1455B",
        units,
        {"Venice": orders},
        options={"money": True},
        machiavelli={"treasury": {"Venice": treasury}, **state},
    )


def upkeep(played: Played) -> dict[str, Any]:
    return next(e for e in played.events("upkeep") if e["power"] == "Venice")


def test_every_unit_kept_costs_three_ducats_and_a_special_unit_more():
    """ "Three (3) ducats must be paid for each unit that is to remain on the map"; militia
    and elite mercenaries "Cost 6 ducats", elite professionals "9"."""
    played = adjust(
        {"Venice": ["A pad", "G ven", "F uas"]}, ["A pad M", "maintain G ven", "F uas"], 20,
        special={"Venice": {"pad": "professional"}},
    )  # fmt: skip
    assert [u["ducats"] for u in upkeep(played)["units"]] == [9, 3, 3]
    assert played["machiavelli"]["treasury"]["Venice"] == 5
    assert played.units("Venice") == ["A pad", "F uas", "G ven"]


def test_a_unit_without_ducats_or_orders_is_removed_and_autonomous_units_stay_free():
    """The njudge: "(3 ducats *** NSF)" and "No order received, removed"; autonomous
    garrisons are kept "(free)"."""
    played = adjust(
        {"Venice": ["A pad", "G ven", "F uas"], "Autonomous": ["G gen"]},
        ["A pad M", "G ven M"],
        4,
    )
    assert played.result("G ven M") == ("fails", "nsf")
    assert [(u["unit"], u["outcome"]) for u in upkeep(played)["units"]] == [
        ("A pad", "paid"), ("G ven", "nsf"),
    ]  # fmt: skip
    removed = next(o for o in played["orders"] if o["text"] == "")
    assert (removed["order"], removed["reason"]) == ("F uas D", "no order")
    assert played.units("Venice") == ["A pad"]
    assert played.units("Autonomous") == ["G gen"]


def test_builds_are_paid_for_and_a_power_builds_one_special_unit():
    """ "Each power may only have one special unit in play at any one time"; the njudge:
    "You already have ... Only one special unit allowed per major power."."""
    played = adjust(
        {"Venice": ["G ven"]},
        ["G ven M", "build elite professional A trv", "build citizen's militia A pad"],
        20,
    )
    assert played.result("build elite professional A trv") == ("succeeds", None)
    assert played.message("build citizen's militia A pad").startswith(
        "You already have an elite professional army in Treviso."
    )
    assert played["machiavelli"]["special"] == {"Venice": {"trv": "professional"}}
    assert played["machiavelli"]["treasury"]["Venice"] == 8


def test_a_removal_costs_nothing_and_ends_the_siege():
    played = adjust({"Venice": ["A fer"], "Autonomous": ["G fer"]}, ["remove A fer"], 0,
                    sieges=["fer"])  # fmt: skip
    assert played.units("Venice") == [] and played.sieges == []


def test_the_first_adjustments_may_spend_more_than_the_treasury():
    """The njudge's "First turn, allow overspend" (the scenarios' fixed first incomes)."""
    played = play("F1453A", {"Venice": ["A pad", "G ven"]}, {"Venice": ["A pad M", "G ven M"]},
                  options={"money": True}, machiavelli={"treasury": {"Venice": 4}})  # fmt: skip
    assert played.units("Venice") == ["A pad", "G ven"]
    assert played["machiavelli"]["treasury"]["Venice"] == 0


@pytest.mark.parametrize("order", ["waive", "A pad - vic"])
def test_other_orders_are_refused(order):
    played = adjust({"Venice": ["A pad"]}, ["A pad M", order], 3)
    assert played.result(order)[0] == "illegal"
