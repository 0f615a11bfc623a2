"""Machiavelli's assassinations (rules.machiavelli "Assassinations" l, "Effects of
assassination" 1-6, "set [no]assassinations", "set [no]dice"), each rule from the
rulebook's text and its examples."""

from __future__ import annotations

from typing import Any

from adjudicator.machiavelli.assassins import rebellion_needs
from adjudicator.machiavelli.dice import stream
from tests.machkit import Played, play

PHASE = "S1455M"


def game(
    units: dict[str, list[str]],
    orders: dict[str, list[str]],
    *,
    options: dict[str, Any] | None = None,
    **state: Any,
) -> Played:
    return play(PHASE, units, orders, options={"money": True, **(options or {})}, machiavelli=state)


def seed_rolling(wanted: set[int]) -> int:
    """A game seed whose first assassination die of the phase shows one of `wanted`."""
    return next(
        seed
        for seed in range(1, 500)
        if stream(seed, PHASE, "assassination").randint(1, 6) in wanted
    )


def attempt(played: Played) -> dict[str, Any]:
    return next(e for e in played.events("expense") if e["kind"] == "assassinate")


def test_each_12_ducats_buys_a_sixth_of_a_chance_and_the_chit_is_spent():
    """ "For every 12 ducats paid for the attempt, the chances of being successful increase
    by one sixth"; "Once an attempt is made, the corresponding chit is destroyed"."""
    units = {"Florence": ["A flo"], "Papacy": ["A rme"]}
    orders = {"Florence": ["Expense 3: 24 ducats Assassinate Papacy"]}
    state = {"treasury": {"Florence": 24}, "chits": {"Florence": ["Papacy", "Milan"]}}
    lucky = game(units, orders, seed=seed_rolling({1, 2}), **state)
    assert attempt(lucky)["outcome"] == "success"
    assert lucky.events("assassination") == [
        {"event": "assassination", "power": "Papacy", "by": ["Florence"]}
    ]
    assert lucky["machiavelli"]["chits"] == {"Florence": ["Milan"]}
    unlucky = game(units, orders, seed=seed_rolling({3, 4, 5, 6}), **state)
    assert attempt(unlucky)["outcome"] == "failed"
    assert unlucky.events("assassination") == []
    assert unlucky["machiavelli"]["chits"] == {"Florence": ["Milan"]}
    assert unlucky.result("Expense 3: 24 ducats Assassinate Papacy") == ("fails", "failed")


def test_36_ducats_is_the_most_an_attempt_takes_and_a_chit_is_needed():
    """ "36 is the maximum, giving a 50% possibility for success (3/6)"; "You must have such
    a chit to attempt an assassination on another player"."""
    played = game(
        {"Florence": ["A flo"], "Papacy": ["A rme"]},
        {"Florence": ["expense 1: 48 ducats assassinate papacy"]},
        treasury={"Florence": 48}, chits={"Florence": ["Papacy"]}, seed=1,
    )  # fmt: skip
    spent = attempt(played)
    assert (spent["counted"], spent["notes"]) == (36, ["36 maximum"])
    none = game(
        {"Florence": ["A flo"]}, {"Florence": ["expense 1: 12 ducats assassinate milan"]},
        treasury={"Florence": 12}, chits={"Florence": ["Papacy"]},
    )  # fmt: skip
    assert attempt(none)["outcome"] == "no chit"
    assert none["machiavelli"]["treasury"]["Florence"] == 0


def test_the_victims_orders_hold_its_sieges_break_and_its_besieged_garrisons_die():
    """1) "All orders, of the victim, are converted to hold orders ... all sieges that the
    player is attempting are broken"; 4) "Any of the victim's garrisons that are *already
    under siege* ... are immediately eliminated"."""
    played = game(
        {
            "Papacy": ["A fer", "G bol", "A rme"],
            "Venice": ["A bol", "G fer"],
            "Florence": ["A flo"],
        },
        {
            "Florence": ["expense 1: 36 ducats assassinate papacy"],
            "Papacy": ["A rme - spo", "A fer B"],
        },
        treasury={"Florence": 36},
        chits={"Florence": ["Papacy"]},
        sieges=["fer", "bol"],
        seed=seed_rolling({1, 2, 3}),
    )
    assert played.result("A rme - spo") == ("fails", "assassinated")
    assert played.result("A fer B") == ("fails", "assassinated")
    assert played.units("Papacy") == ["A fer", "A rme"]  # G bol: besieged, eliminated
    assert {"event": "garrison disbanded", "place": "bol", "power": "Papacy"} in played["events"]
    assert {"event": "siege lifted", "place": "fer", "power": "Papacy"} in played["events"]
    assert played.sieges == []


def test_a_besieged_garrison_stays_when_its_besieger_is_assassinated_too():
    """4) "If the *besieging unit's player is also assassinated*, the garrison remains"."""
    played = game(
        {"Papacy": ["G bol"], "Venice": ["A bol", "A pad"]},
        {"Venice": ["A pad H"]},
        treasury={"Papacy": 0, "Venice": 0},
        loans={"Papacy": [[5, 1, PHASE]], "Venice": [[5, 1, PHASE]]},
        sieges=["bol"],
    )
    assert [e["power"] for e in played.events("assassination")] == ["Papacy", "Venice"]
    assert played.units("Papacy") == ["G bol"]


def test_the_victims_provinces_rebel_on_the_rulebooks_dice():
    """5) "A home province with a unit 1, Home province with no unit 1-2, Conquered province
    with unit 1-3, Conquered province, no unit 1-5"; the njudge's table of rolls."""
    assert [rebellion_needs(h, u) for h, u in ((1, 1), (1, 0), (0, 1), (0, 0))] == [1, 2, 3, 5]

    def mixed(seed: int) -> bool:  # the attempt succeeds, and some provinces rebel, some not
        dice = stream(seed, PHASE, "rebellion")
        rolls = [dice.randint(1, 6) <= needed for needed in (3, 1, 5, 2)]  # fer rme sie spo
        return stream(seed, PHASE, "assassination").randint(1, 6) <= 3 and 0 < sum(rolls) < 4

    played = game(
        {"Papacy": ["A rme", "A fer"], "Florence": ["A flo"]},
        {"Florence": ["expense 1: 36 ducats assassinate papacy"]},
        treasury={"Florence": 36},
        chits={"Florence": ["Papacy"]},
        control={"Papacy": ["rme", "spo", "fer", "sie"], "Florence": ["flo"]},
        seed=next(seed for seed in range(1, 500) if mixed(seed)),
    )
    rolls = {e["place"]: e for e in played.events("rebellion roll")}
    assert {p: e["needed"] for p, e in rolls.items()} == {"fer": 3, "rme": 1, "sie": 5, "spo": 2}
    rebelled = {p for p, e in rolls.items() if e["status"] == "rebellion"}
    assert rebelled == {p for p, e in rolls.items() if e["die"] <= e["needed"]}
    assert 0 < len(rebelled) < 4
    assert set(played["machiavelli"]["rebellions"]["Papacy"]) >= rebelled
    begun = {e["place"] for e in played.events("rebellion") if e["cause"] == "assassination"}
    assert {p.rstrip("*") for p in begun} == rebelled
    assert all(e["event"] == "die" for e in played["events"] if e.get("for", "").startswith("reb"))
    assert "rme" in played.controls("Papacy")  # 6) "The assassinated player is not eliminated"


def test_the_bankers_victim_has_nothing_left_for_its_expenses():
    """3) "Expenses are wasted if the bank assassinates you"."""
    played = game(
        {"Venice": ["A fer"], "Papacy": ["A bol"]},
        {"Venice": ["expense 1: 12 ducats disband A bol"]},
        treasury={"Venice": 10},
        loans={"Venice": [[10, 2, PHASE]]},
    )
    assert played.result("expense 1: 12 ducats disband A bol") == ("fails", "required")
    assert played.units("Papacy") == ["A bol"]
    assert played.events("assassination")[0]["by"] == ["bank"]


def test_without_assassinations_or_dice_none_is_bought_but_the_bankers_still_kill():
    """ "set [no]assassinations ... Regardless of this setting you will still be
    assassinated by the *bankers* if you do not repay your loans"."""
    for off in ({"assassins": False}, {"dice": False}):
        played = game(
            {"Florence": ["A flo"], "Venice": ["A ven"]},
            {"Florence": ["expense 1: 12 ducats assassinate papacy"]},
            options=off, treasury={"Florence": 12, "Venice": 0},
            chits={"Florence": ["Papacy"]}, loans={"Venice": [[1, 1, PHASE]]},
        )  # fmt: skip
        assert played.message("expense 1: 12 ducats assassinate papacy") == (
            "This game does not allow assassinations."
        )
        assert played.events("assassination")[0]["power"] == "Venice"
