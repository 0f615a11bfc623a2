"""Machiavelli's rebellions (rules.machiavelli "Rebellions" j and k, "Effects of
rebellions" 1-8, "Movement" on retreats, "Special mapboard features" 5g-i), each rule
from the rulebook's text and its examples."""

from __future__ import annotations

from typing import Any

from tests.machkit import Played, play


def game(
    phase: str,
    units: dict[str, list[str]],
    orders: dict[str, list[str]] | None = None,
    *,
    options: dict[str, Any] | None = None,
    **state: Any,
) -> Played:
    return play(
        phase,
        units,
        orders or {},
        options={"money": True, "adjacent": False, **(options or {})},
        machiavelli={"seed": 3, **state},
    )


def rebellions(played: Played) -> dict[str, list[str]]:
    return played["machiavelli"].get("rebellions", {})


def outcomes(played: Played) -> list[tuple[str, str, str]]:
    return [(e["place"], e["cause"], e["outcome"]) for e in played.events("rebellion")]


def test_a_rebellion_costs_9_in_a_conquered_province_and_rises_in_its_empty_city_too():
    """j) "9 ducats ... Expense 1: 9 ducats cause rebellion saluz"; 4) "Rebellion units are
    placed in both the province and, if it's ungarrisoned, any fortified city"."""
    played = game(
        "S1455M",
        {"France": ["A slu"], "Milan": ["A tur"]},
        {"Milan": ["Expense 1: 9 ducats cause rebellion saluz"]},
        treasury={"Milan": 9},
        control={"France": ["slu"]},
    )
    assert rebellions(played) == {"France": ["slu", "slu*"]}
    assert outcomes(played) == [("slu", "expense", "begun"), ("slu*", "expense", "begun")]
    assert "slu" in played.controls("France")  # 2) "Control is *not* affected"


def test_a_rebellion_in_a_home_province_costs_15_and_never_in_a_garrisoned_city():
    """k) "15 ducats ... Expense 1: 15 ducats cause rebellion tunis"; 3) rebellions "can
    never be placed in a garrisoned city"."""
    units = {"Turkey": ["G tun"], "Naples": ["F bot"]}
    cheap = game(
        "S1455M", units, {"Naples": ["expense 1: 9 ducats cause rebellion tunis"]},
        treasury={"Naples": 9},
    )  # fmt: skip
    assert cheap.result("expense 1: 9 ducats cause rebellion tunis") == ("fails", "required")
    played = game(
        "S1455M", units, {"Naples": ["Expense 1: 15 ducats cause rebellion tunis"]},
        treasury={"Naples": 15},
    )  # fmt: skip
    assert rebellions(played) == {"Turkey": ["tun"]}


def test_no_rebellion_may_be_placed_in_venice():
    played = game(
        "S1455M", {"Milan": ["A mil"]}, {"Milan": ["expense 1: 15 ducats cause rebellion venice"]},
        treasury={"Milan": 15},
    )  # fmt: skip
    assert played.message("expense 1: 15 ducats cause rebellion venice") == (
        "No rebellion may be placed in Venice"
    )


def test_holding_an_army_in_the_province_puts_its_rebellion_down_but_not_the_citys():
    """8) 2) "The player who the rebellion is directed against must "hold" for one campaign
    with an army or fleet to "put down" a rebellion in the province (note that a rebelling
    city must still be besieged)"."""
    played = game(
        "S1455M", {"Venice": ["A pad"]}, {"Venice": ["A pad H"]},
        rebellions={"Venice": ["pad", "pad*"]},
    )  # fmt: skip
    assert rebellions(played) == {"Venice": ["pad*"]}
    assert outcomes(played) == [("pad", "held", "put down")]
    idle = game("S1455M", {"Venice": ["A pad"]}, rebellions={"Venice": ["pad"]})
    assert rebellions(idle) == {"Venice": ["pad"]}  # no order given: no hold
    garrison = game(
        "S1455M", {"Venice": ["G pad"]}, {"Venice": ["G pad H"]}, rebellions={"Venice": ["pad"]}
    )
    assert rebellions(garrison) == {"Venice": ["pad"]}


def test_another_power_entering_liberates_both_rebellions_with_the_rebels_support():
    """8) 3) "A player who the rebellion is *not* directed against will immediately
    "liberate" any rebellion upon entering"; 6) 1) "will get one strength point in support
    when moving into a rebelling province"."""
    played = game(
        "S1455M",
        {"Venice": ["A fer"], "Papacy": ["A bol"]},
        {"Papacy": ["A bol - fer"], "Venice": ["A fer H"]},
        rebellions={"Venice": ["fer", "fer*"]},
        control={"Venice": ["fer"]},
    )
    assert played.result("A bol - fer") == ("succeeds", None)
    assert played.retreats("A fer") is not None  # dislodged by one army and the rebels
    assert rebellions(played) == {}
    assert outcomes(played) == [("fer", "entered", "liberated"), ("fer*", "entered", "liberated")]


def test_the_rebels_support_nobody_when_two_powers_move_in():
    """6) 4) "If more than one player attempts to get the rebel support none gets it"."""
    played = game(
        "S1455M",
        {"Venice": ["A fer"], "Papacy": ["A bol"], "Milan": ["A man"]},
        {"Papacy": ["A bol - fer"], "Milan": ["A man - fer"]},
        rebellions={"Venice": ["fer"]},
        control={"Venice": ["fer"]},
    )
    assert played.result("A bol - fer") == ("fails", "bounce")
    assert played.result("A man - fer") == ("fails", "bounce")
    assert rebellions(played) == {"Venice": ["fer"]}


def test_a_rebelling_city_cannot_be_entered_but_is_besieged_twice_to_put_it_down():
    """5) 3) "The player who the rebellion is directed against can not convert into a
    rebelling city"; 8) 1) he "must besiege a rebelling city to "put down" the rebellion.
    Any rebellion in the province is *also removed* at the completion of the siege"."""
    state = {"rebellions": {"Venice": ["fer", "fer*"]}, "control": {"Venice": ["fer"]}}
    converting = game("S1455M", {"Venice": ["A fer"]}, {"Venice": ["A fer C G"]}, **state)
    assert converting.result("A fer C G") == ("fails", "siege required")
    first = game("S1455M", {"Venice": ["A fer"]}, {"Venice": ["A fer B"]}, **state)
    assert first.sieges == ["fer"] and rebellions(first) == {"Venice": ["fer", "fer*"]}
    second = game("U1455M", {"Venice": ["A fer"]}, {"Venice": ["A fer B"]}, sieges=["fer"], **state)
    assert rebellions(second) == {}
    assert outcomes(second) == [("fer", "siege", "put down"), ("fer*", "siege", "put down")]
    assert second.sieges == []


def test_nobody_retreats_into_a_rebelling_city():
    """ "Retreats are *not* allowed into a rebelling city (locked city gates)" (here under
    the second edition, where a unit may always retreat into its city)."""
    units = {"Venice": ["A fer"], "Papacy": ["A bol", "A man"]}
    orders = {"Papacy": ["A bol - fer", "A man S A bol - fer"]}
    calm = game("S1455M", units, orders, options={"mach2": True})
    assert "fer" in calm.retreats("A fer")
    rebelling = game(
        "S1455M", units, orders, options={"mach2": True}, rebellions={"Venice": ["fer*"]}
    )
    assert "fer" not in rebelling.retreats("A fer")


def test_a_retreat_into_a_rebelling_province_liberates_it():
    """ "Retreating units liberate rebellions (if the rebellion is not directed against the
    retreating power-then it remains)"."""
    played = play(
        "S1455R",
        {"Papacy": ["A fer"], "Milan": ["A mil"]},
        {"Venice": ["A pad - vic"]},
        options={"money": True},
        dislodged=[{"power": "Venice", "unit": "A pad", "retreats": ["vic", "trv"]}],
        machiavelli={"rebellions": {"Milan": ["vic"]}},
    )
    assert played.units("Venice") == ["A vic"]
    assert rebellions(played) == {}
    assert outcomes(played) == [("vic", "entered", "liberated")]


def test_pacifying_a_rebellion_ends_it_in_province_and_city():
    played = game(
        "S1455M",
        {"Venice": ["A pad"]},
        {"Venice": ["Expense 1: 12 ducats pacify rebellion padua"]},
        treasury={"Venice": 12},
        rebellions={"Venice": ["pad", "pad*"]},
    )
    assert rebellions(played) == {}
    assert outcomes(played) == [("pad", "pacified", "pacified"), ("pad*", "pacified", "pacified")]


def test_buying_the_affected_powers_unit_liberates_the_rebellion():
    """8) 4) "will immediately "liberate" any rebellion if it buys an army or fleet or
    garrison in the rebelling province (if the bought unit was owned by the affected
    player)"."""
    played = game(
        "S1455M",
        {"Venice": ["A pad"], "Milan": ["A vic"]},
        {"Milan": ["expense 1: 18 ducats buy A pad"]},
        treasury={"Milan": 18},
        rebellions={"Venice": ["pad"]},
    )
    assert played.units("Milan") == ["A pad", "A vic"]
    assert outcomes(played) == [("pad", "bought", "liberated")]


def test_nothing_is_built_in_a_rebelling_place_but_a_garrison_in_a_calm_city():
    """5) 5) "You cannot build new units in rebelling cities or provinces"; 6) "You may build
    a garrison in a non-rebelling city even if the containing province is in rebellion"."""
    played = game(
        "F1454B",
        {"Venice": ["A ven"]},
        {"Venice": ["A ven M", "B A pad", "B G trv"]},
        treasury={"Venice": 20},
        rebellions={"Venice": ["pad", "trv"]},
    )
    assert played.message("B A pad") == "You cannot build while a rebellion is in a province."
    assert played.result("B G trv") == ("succeeds", None)


def test_venice_in_rebellion_shuts_its_power_out():
    """5) i) "A rebellion in Venice can never be besieged by the *affected* player as the
    rebelling unit will bounce any of his units"; the njudge: "failed, destination in
    rebellion"."""
    played = game(
        "S1455M",
        {"Venice": ["F lag"]},
        {"Venice": ["F lag - ven"]},
        rebellions={"Venice": ["ven"]},
    )
    assert played.result("F lag - ven") == ("fails", "failed, destination in rebellion")
