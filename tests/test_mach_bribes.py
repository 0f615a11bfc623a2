"""Machiavelli's expenditures and bribes (rules.machiavelli "Expenditures phase", "List of
allowed expenditures and bribes" a-i, "Self-bribes", "Order shorthand", "set [no]adjacency",
"Special units"), each rule from the rulebook's text and its examples."""

from __future__ import annotations

from typing import Any

from tests.machkit import Played, play


def money(
    phase: str,
    units: dict[str, list[str]],
    orders: dict[str, list[str]],
    *,
    options: dict[str, Any] | None = None,
    variant: str = "machiavelli",
    **state: Any,
) -> Played:
    return play(
        phase,
        units,
        orders,
        variant=variant,
        options={"money": True, **(options or {})},
        machiavelli={"seed": 5, **state},
    )


def expense(played: Played, power: str, number: int = 1) -> dict[str, Any]:
    return next(
        e for e in played.events("expense") if e["power"] == power and e["number"] == number
    )


def test_an_autonomous_garrison_is_disbanded_for_6_and_a_counter_bribe_takes_3_off():
    """d) "6+3n ducats ... Expense 1: 9 ducats disband g trent. (This order would counter a
    3d counter-bribe.)"; c) 1) the counter-bribe is taken off the bribe."""
    units = {"Venice": ["A ver"], "Milan": ["A mil"], "Autonomous": ["G trt"]}
    cheap = money(
        "S1455M", units, {"Venice": ["expense 1: 6 ducats disband g trent"]},
        treasury={"Venice": 9},
    )  # fmt: skip
    assert expense(cheap, "Venice")["outcome"] == "done"
    assert cheap.units("Autonomous") == []
    orders = {
        "Venice": ["Expense 1: 9 ducats disband g trent"],
        "Milan": ["expense 1: 3 ducats counter-bribe G trt"],
    }
    countered = money("S1455M", units, orders, treasury={"Venice": 20, "Milan": 3})
    done = expense(countered, "Venice")
    assert done["notes"] == ["countered"] and done["outcome"] == "done"
    assert countered.units("Autonomous") == []
    assert countered["machiavelli"]["treasury"] == {"Venice": 11, "Milan": 0}


def test_the_counter_bribe_that_beats_a_disband_of_12():
    """c) 1) "If you try to disband a unit with 12+0 ducats and the affected player has
    counter-bribed it with 3d the disband fails. To succeed you would have needed to pay
    12+3d"."""
    units = {"Venice": ["A fer"], "Papacy": ["A bol"]}
    counter = {"Papacy": ["expense 1: 3 ducats counter-bribe A bol"]}
    for ducats, outcome in ((12, "required"), (15, "done")):
        orders = {"Venice": [f"expense 1: {ducats} ducats disband A bol"], **counter}
        played = money("S1455M", units, orders, treasury={"Venice": 20, "Papacy": 3})
        assert expense(played, "Venice")["outcome"] == outcome
        assert expense(played, "Venice")["counted"] == ducats - 3
        assert expense(played, "Papacy")["outcome"] == "done"
    assert played.units("Papacy") == []
    assert played.result("expense 1: 15 ducats disband A bol") == ("succeeds", None)


def test_an_autonomous_garrison_is_bought_for_9_with_its_province_and_city():
    """e) "Expense 1: 9 ducats buy g savoy"; "If you buy a unit you get control of the
    province too" (the rulebook's control adjudication 1, before the movement)."""
    played = money(
        "S1455M",
        {"France": ["A pro"], "Autonomous": ["G sav"]},
        {"France": ["Expense 1: 9 ducats buy g savoy", "A pro H"]},
        treasury={"France": 9},
    )
    assert played.units("France") == ["A pro", "G sav"]
    assert "sav" in played.controls("France") and "sav" in played.cities("France")


def test_the_largest_bribe_at_a_unit_wins_and_the_smaller_are_wasted():
    """c) 4) "only the largest one succeeds and all smaller ones fail and are wasted"."""
    played = money(
        "S1455M",
        {"Venice": ["A fer"], "Florence": ["A flo"], "Papacy": ["A bol"]},
        {
            "Venice": ["expense 1: 15 ducats disband A bol"],
            "Florence": ["expense 1: 18 ducats buy A bol"],
        },
        treasury={"Venice": 15, "Florence": 18},
    )
    assert expense(played, "Venice")["outcome"] == "larger bribe"
    assert played.result("expense 1: 15 ducats disband A bol") == ("fails", "larger bribe")
    assert played.units("Florence") == ["A bol", "A flo"]
    assert played["machiavelli"]["treasury"] == {"Venice": 0, "Florence": 0}


def test_a_tie_wastes_every_bribe_even_a_self_bribe():
    """ "Self-bribes": "Naples: E1: 18d, Buy Turkish fleet Tunis ** Larger bribe, wasted /
    Turkey: E1: 18d, Disband Turkish fleet Tunis ** Larger bribe, wasted"."""
    played = money(
        "S1455M",
        {"Naples": ["F bot"], "Turkey": ["F tun"]},
        {
            "Naples": ["expense 1: 18 ducats buy F tun"],
            "Turkey": ["expense 1: 18 ducats disband F tun"],
        },
        treasury={"Naples": 18, "Turkey": 18},
    )
    assert expense(played, "Naples")["outcome"] == "larger bribe"
    assert expense(played, "Turkey")["outcome"] == "larger bribe"
    assert played.units("Turkey") == ["F tun"]


def test_prices_double_for_a_major_citys_garrison_and_again_for_militia():
    """ "The minimum cost for bribes directed at garrisons in major cities ... are doubled";
    "a citizen's militia garrison in Rome would cost 12*2*2=48 ducats to disband"; an
    elite mercenary "may be bribed for the normal amount"."""
    units = {"Naples": ["A tiv"], "Papacy": ["G rme", "A per"]}
    plain = money(
        "S1455M", units, {"Naples": ["expense 1: disband G rme"]}, treasury={"Naples": 30}
    )
    assert (expense(plain, "Naples")["ducats"], expense(plain, "Naples")["outcome"]) == (
        24, "done",
    )  # fmt: skip
    militia = {"Papacy": {"rme*": "militia", "per": "mercenary"}}
    short = money(
        "S1455M", units, {"Naples": ["expense 1: 36 ducats disband G rme"]},
        treasury={"Naples": 36}, special=militia,
    )  # fmt: skip
    assert expense(short, "Naples")["required"] == 48
    assert short.result("expense 1: 36 ducats disband G rme") == ("fails", "required")
    elite = money(
        "S1455M", units, {"Naples": ["expense 1: 12 ducats disband A per"]},
        treasury={"Naples": 12}, special=militia, options={"adjacent": False},
    )  # fmt: skip
    assert expense(elite, "Naples")["outcome"] == "done"


def test_an_expense_is_paid_whatever_comes_of_it_and_only_whole_threes_count():
    """ "If the expenditure is invalid the cost of the expenditure is nevertheless
    subtracted"; "If the treasury is insufficient ... the remaining treasury will be used";
    the njudge's "Not 3x" and "NSF"."""
    played = money(
        "S1455M",
        {"Venice": ["A fer"], "Papacy": ["A bol"]},
        {"Venice": ["expense 1: 13 ducats disband A bol"]},
        treasury={"Venice": 10},
    )
    spent = expense(played, "Venice")
    assert (spent["paid"], spent["counted"], spent["notes"]) == (10, 9, ["not 3x", "nsf"])
    assert spent["outcome"] == "required"
    assert played["machiavelli"]["treasury"]["Venice"] == 0
    assert played.units("Papacy") == ["A bol"]


def test_with_adjacency_a_bribe_needs_a_unit_next_to_its_target():
    """ "set [no]adjacency": bribes "can only be directed to units to which you have an
    adjacent unit"; counter-bribing one's own unit always may."""
    units = {"Venice": ["A pad"], "Papacy": ["A bol"]}
    orders = {
        "Venice": ["expense 1: 12 ducats disband A bol"],
        "Papacy": ["expense 1: 3 ducats counter-bribe A bol"],
    }
    far = money("S1455M", units, orders, treasury={"Venice": 12, "Papacy": 3})
    assert expense(far, "Venice")["outcome"] == "no adjacency"
    assert expense(far, "Papacy")["outcome"] == "done"
    assert far["machiavelli"]["treasury"]["Venice"] == 0  # paid all the same
    free = money(
        "S1455M", units, {"Venice": orders["Venice"]}, treasury={"Venice": 12},
        options={"adjacent": False},
    )  # fmt: skip
    assert free.units("Papacy") == []


def test_a_bought_unit_takes_the_buyers_orders_and_its_province_at_once():
    """ "A player who orders a bribe to buy another unit may also submit orders for that
    unit in the same campaign"; control example 1: "if a unit is purchased, ownership of the
    province the unit is in changes before the unit moves away"."""
    played = money(
        "S1455M",
        {"Venice": ["A fer"], "Papacy": ["A bol"]},
        {
            "Venice": ["Expense 1: 18 ducats buy A bol", "A bol - pst", "A fer H"],
            "Papacy": ["A bol - flo"],
        },
        treasury={"Venice": 18},
    )
    assert played.result("A bol - pst") == ("succeeds", None)
    assert played.result("A bol - flo") == ("fails", "bought")
    assert played.units("Venice") == ["A fer", "A pst"]
    assert "bol" in played.controls("Venice") and "bol" in played.cities("Venice")


def test_a_garrison_is_made_autonomous_and_nothing_else_can_be():
    """f) "If successful the specified garrison will become autonomous"; the njudge: "Only
    garrisons can be made autonomous."."""
    played = money(
        "S1455M",
        {"Venice": ["G pad", "A pad"], "Milan": ["A mil"]},
        {
            "Milan": [
                "expense 1: 9 ducats garrison to autonomous pad",
                "expense 2: 9 ducats gta A pad",
            ],
            "Venice": ["G pad H"],
        },
        treasury={"Milan": 18},
        options={"adjacent": False},
    )
    assert played.message("expense 2: 9 ducats gta A pad") == (
        "Only garrisons can be made autonomous."
    )
    assert played.units("Autonomous") == ["G pad"]
    assert played.result("G pad H") == ("fails", "made autonomous")


def test_the_shorthand_pays_the_least_the_bribe_needs():
    """ "Expense 1: buy fer = 18 ducats buy [a|f|g] fer" (9 for an autonomous unit); "the
    judge only chooses 'g' if there is no 'a' or 'f' present" (nor one of the buyer's own, as
    the njudge chooses); a power cannot buy its own unit (the njudge's "No Order
    Processed")."""
    played = money(
        "S1455M",
        {"Venice": ["A fer", "A pad"], "Papacy": ["A bol"], "Autonomous": ["G fer"]},
        {"Venice": ["expense 1: buy bol", "expense 2: buy fer", "expense 3: 18 d buy A fer"]},
        treasury={"Venice": 50},
    )
    first, second = expense(played, "Venice", 1), expense(played, "Venice", 2)
    assert (first["ducats"], first["target"], first["outcome"]) == (18, "A bol", "done")
    assert (second["ducats"], second["target"], second["outcome"]) == (9, "G fer", "done")
    assert expense(played, "Venice", 3)["outcome"] == "own unit"
    assert played["machiavelli"]["treasury"]["Venice"] == 5


def test_one_special_unit_a_power_and_a_bought_one_keeps_its_kind():
    """ "Each power may only have one special unit in play at any one time. Orders that
    violate this limit automatically fail, and the money is lost"."""
    units = {"Venice": ["A fer", "G ven"], "Papacy": ["A bol"]}
    special = {"Papacy": {"bol": "mercenary"}}
    bought = money(
        "S1455M", units, {"Venice": ["expense 1: 18 ducats buy A bol"]},
        treasury={"Venice": 18}, special=special,
    )  # fmt: skip
    assert bought["machiavelli"]["special"] == {"Venice": {"bol": "mercenary"}}
    refused = money(
        "S1455M", units, {"Venice": ["expense 1: 18 ducats buy A bol"]},
        treasury={"Venice": 18}, special={**special, "Venice": {"ven": "militia"}},
    )  # fmt: skip
    assert expense(refused, "Venice")["outcome"] == "existing special unit"
    assert refused["machiavelli"]["treasury"]["Venice"] == 0


def test_the_second_editions_unit_limits_refuse_a_purchase():
    """rules.machiavelli2 "Special units": "Every country except Turkey may own Elite
    Mercenaries"; the njudge: "You are not permitted to buy this unit type."."""
    played = money(
        "S1455M",
        {"Turkey": ["A alb"], "Papacy": ["A bol"]},
        {"Turkey": ["expense 1: 18 ducats buy A bol"]},
        variant="machiavelli2",
        treasury={"Turkey": 18},
        special={"Papacy": {"bol": "mercenary"}},
        options={"adjacent": False},
    )
    assert played.message("expense 1: 18 ducats buy A bol") == (
        "You are not permitted to buy this unit type."
    )


def test_famine_relief_ends_a_famine():
    """a) "This order is given to end the effects of famine in a province"."""
    played = money(
        "S1455M",
        {"Milan": ["A mil"]},
        {"Milan": ["Expense 2: 3 ducats famine relief milan"]},
        treasury={"Milan": 3},
        famine=["mil", "pav"],
    )
    assert played["machiavelli"].get("famine") is None  # pav's units die after the Spring
    assert played.units("Milan") == ["A mil"]


def test_a_garrison_disbanded_by_a_bribe_ends_its_siege():
    """Sieges: "the siege lapses and the besieging unit is free to issue other orders ...
    If the garrison is disbanded by a bribe"."""
    played = money(
        "S1455M",
        {"Venice": ["A fer"], "Autonomous": ["G fer"]},
        {"Venice": ["expense 1: 6 ducats disband G fer", "A fer - man"]},
        treasury={"Venice": 6},
        sieges=["fer"],
    )
    assert played.units("Autonomous") == []
    assert played.result("A fer - man") == ("succeeds", None)
    assert played.sieges == []
    assert {"event": "siege lifted", "place": "fer", "power": "Autonomous"} in played["events"]


def test_expenses_are_refused_without_money_and_numbered_one_to_four():
    played = money(
        "S1455M", {"Venice": ["A fer"]}, {"Venice": ["expense 5: 3 ducats counter-bribe A fer"]},
        treasury={"Venice": 3},
    )  # fmt: skip
    assert played.message("expense 5: 3 ducats counter-bribe A fer") == (
        "Expense number must be 1-4."
    )
    missing = money(
        "S1455M", {"Venice": ["A fer"]}, {"Venice": ["expense 1: 12 ducats disband A bol"]},
        treasury={"Venice": 12},
    )  # fmt: skip
    assert missing.message("expense 1: 12 ducats disband A bol") == "No army present in Bologna."
