"""A robot in a blind game knows what its power's player knows (info.blind): its own units
and centres, none of the others' units or orders. Over any placement of the units it cannot
see, and any owners of the centres its copy does not name, its orders are the same; so is
what Loeb's program remembers of the phases played. Pure: the judge's own cut
(judge/engine/robots/knowing.py over judge/reports/blind.py) and the real strategies."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import robots
import variants
from judge.engine.robots.knowing import known_board
from judge.reports.blind import known_result, sight
from robots.loeb import trust_list
from robots.memory import from_results

STANDARD = variants.load("standard")
ROBOT = "Germany"
MINE = {"A mun", "A ber", "F kie", "A hol", "F den"}
MY_CENTRES = ["mun", "ber", "kie", "hol", "den"]
OTHERS = [p.name for p in STANDARD.powers if p.name != ROBOT]
# Where the others' units may stand unseen: every province next to Germany's or further.
FREE = sorted(
    p.abbr
    for p in STANDARD.provinces.values()
    if not p.impassable and p.abbr not in {u.split()[1] for u in MINE}
)
CENTRES = sorted(
    p.abbr for p in STANDARD.provinces.values() if p.center and p.abbr not in MY_CENTRES
)


def _unit(province: str, fleet: bool) -> str:
    place = STANDARD.provinces[province]
    if place.is_sea or (fleet and place.kind.value != "land"):
        return f"F {place.locations[0]}"
    return f"A {province}"


@st.composite
def hidden(draw) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The others' units, anywhere Germany has none, and the owners of its copy's unnamed
    centres (another power's, or nobody's)."""
    places = draw(st.lists(st.sampled_from(FREE), unique=True, max_size=12))
    units: dict[str, list[str]] = {}
    for province in places:
        power = draw(st.sampled_from(OTHERS))
        units.setdefault(power, []).append(_unit(province, draw(st.booleans())))
    centres: dict[str, list[str]] = {}
    for centre in CENTRES:
        owner = draw(st.sampled_from([*OTHERS, None]))
        if owner:
            centres.setdefault(owner, []).append(centre)
    return units, centres


def document(units: dict[str, list[str]], centres: dict[str, list[str]]) -> dict:
    """The blind game's board in the spring of 1902, as the judge keeps it."""
    return {
        "variant": "standard",
        "phase": "S1902M",
        "units": {ROBOT: sorted(MINE), **units},
        "centers": {ROBOT: MY_CENTRES, **centres},
        "orders": {},
        "options": {"blind": True},
    }


def orders(strategy: str, doc: dict, seen: frozenset[str] | None) -> list[str]:
    position, rules = known_board(STANDARD, doc, seen)
    rng = robots.rng_for(7, "S1902M", ROBOT)
    return robots.play(strategy, position, ROBOT, rng, frozenset(), rules)


MY_SIGHT = sight("player", ROBOT)
ALONE = document({}, {})


@settings(max_examples=25, deadline=None)
@given(hidden())
def test_a_blind_robot_orders_the_same_whatever_it_cannot_see(placed) -> None:
    doc = document(*placed)
    for strategy in robots.STRATEGIES:
        assert orders(strategy, doc, MY_SIGHT) == orders(strategy, ALONE, MY_SIGHT), strategy


def test_seeing_the_hidden_units_would_change_its_orders() -> None:
    """The property above is no accident of a board where nothing matters: shown the
    others' units and centres, loeb, dumbbot and blabbot order otherwise."""
    doc = document(
        {"France": ["A bur", "A bel"], "Russia": ["A sil", "A pru"], "England": ["F nth"]},
        {"France": ["par", "bre", "mar", "bel"], "Russia": ["mos", "war", "stp", "sev", "swe"],
         "Austria": ["vie", "bud", "tri"], "England": ["lon", "lvp", "edi", "nwy"]},
    )  # fmt: skip
    for strategy in ("loeb", "dumbbot", "blabbot"):
        assert orders(strategy, doc, None) != orders(strategy, doc, MY_SIGHT), strategy


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(OTHERS), st.sampled_from(MY_CENTRES)), max_size=6))
def test_loeb_in_a_blind_game_remembers_no_attack_it_could_not_see(attacks) -> None:
    """Loeb's list sends to its bottom whoever moved against its centres; in a blind game
    the robot's copy of the results shows no other power's orders, so its list stays."""
    played = {
        "input": {**ALONE, "phase": "S1901M"},
        "output": {
            "phase": "S1901M",
            "orders": [
                {"power": ROBOT, "order": "A mun - tyr", "result": "succeeds"},
                *(
                    {"power": who, "order": f"A {next(iter(FREE))} - {where}", "result": "bounces"}
                    for who, where in attacks
                ),
            ],
        },
    }
    seen = from_results(STANDARD, [known_result(STANDARD, played, MY_SIGHT)], 3, frozenset())
    assert trust_list(STANDARD, ROBOT, seen) == trust_list(
        STANDARD, ROBOT, from_results(STANDARD, [], 3, frozenset())
    )
    if attacks:  # the whole results would have told it
        whole = from_results(STANDARD, [played], 3, frozenset())
        assert trust_list(STANDARD, ROBOT, whole)[-1] == attacks[-1][0]
