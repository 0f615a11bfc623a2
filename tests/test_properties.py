"""Properties that hold for every movement phase, over random legal positions and orders."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import variants
from adjudicator import adjudicate
from adjudicator.board import Unit
from adjudicator.possible import movement_orders

STANDARD = variants.load("standard")
POWERS = [p.name for p in STANDARD.powers]
PLACES = [p for p in STANDARD.provinces.values() if not p.impassable]


def unit_on(province, power: str, rnd: random.Random) -> Unit:
    if province.is_sea:
        return Unit(power, "F", province.abbr)
    if province.kind.value == "land" or rnd.random() < 0.5:
        return Unit(power, "A", province.abbr)
    return Unit(power, "F", rnd.choice(province.locations))


@st.composite
def movement_phases(draw):
    """A crowded board (so that units fight) and one possible order for most units."""
    count = draw(st.integers(min_value=2, max_value=34))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    rnd = random.Random(seed)
    places = rnd.sample(PLACES, count)
    units = [unit_on(p, rnd.choice(POWERS), rnd) for p in places]
    options = movement_orders(STANDARD, units)
    orders: dict[str, list[str]] = {}
    moves: dict[Unit, str] = {}
    for unit in units:
        if rnd.random() < 0.1:
            continue  # no order: the unit holds
        choice = rnd.choice(options[unit])
        if rnd.random() < 0.5:
            # Favour moves and supports of moves: they are what makes conflicts.
            active = [o for o in options[unit] if o.split()[2] in "-S"]
            choice = rnd.choice(active or options[unit])
        moves[unit] = choice
        orders.setdefault(unit.power, []).append(choice)
    return {
        "phase": rnd.choice(["S1901M", "F1901M"]),
        "units": {p: [str(u) for u in units if u.power == p] for p in POWERS},
        "orders": orders,
    }


def board(units: dict[str, list[str]]) -> list[str]:
    return [u.split()[1].split("/")[0] for us in units.values() for u in us]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(movement_phases())
def test_no_province_holds_two_units_after_movement(doc):
    out = adjudicate(doc)
    provinces = board(out["units"])
    assert len(provinces) == len(set(provinces))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(movement_phases())
def test_units_before_equal_units_after_plus_dislodged(doc):
    out = adjudicate(doc)
    assert len(board(doc["units"])) == len(board(out["units"])) + len(out["dislodged"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(movement_phases())
def test_every_dislodged_unit_was_attacked_by_a_successful_move(doc):
    out = adjudicate(doc)
    arrivals = {
        line["order"].split(" - ")[-1].split("/")[0].split()[0]
        for line in out["orders"]
        if line["result"] == "succeeds"
        and line["order"]
        and " - " in line["order"]
        and " S " not in line["order"]
        and " C " not in line["order"]
    }
    for d in out["dislodged"]:
        province = d["unit"].split()[1].split("/")[0]
        assert province in arrivals
        assert d["attacker_from"] != province
        # A unit can only retreat where nobody is and nothing bounced.
        for place in d["retreats"]:
            assert place.split("/")[0] not in board(out["units"])
            assert place.split("/")[0] not in out["contested"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(movement_phases(), st.randoms(use_true_random=False))
def test_the_result_does_not_depend_on_the_order_of_the_orders(doc, rnd):
    out = adjudicate(doc)
    shuffled_powers = list(doc["orders"].items())
    rnd.shuffle(shuffled_powers)
    shuffled = {p: rnd.sample(texts, len(texts)) for p, texts in shuffled_powers}
    again = adjudicate({**doc, "orders": shuffled})
    assert again["units"] == out["units"]
    assert again["dislodged"] == out["dislodged"]
    assert again["contested"] == out["contested"]
    results = sorted((x["power"], x["text"], x["result"], x["reason"]) for x in out["orders"])
    assert sorted((x["power"], x["text"], x["result"], x["reason"]) for x in again["orders"]) == (
        results
    )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(movement_phases())
def test_every_order_and_every_unit_gets_a_line(doc):
    out = adjudicate(doc)
    given_count = sum(len(texts) for texts in doc["orders"].values())
    unordered = len(board(doc["units"])) - given_count
    assert len(out["orders"]) == given_count + unordered
    for line in out["orders"]:
        assert line["result"] in ("succeeds", "fails")  # every order here was possible
