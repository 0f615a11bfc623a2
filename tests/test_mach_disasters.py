"""Machiavelli's random events, each rule from the rulebook (rules.machiavelli "Famine",
"Plague", "Income" d, "set [no]dice", "set [no]storm", "Sequence of play and order
resolution"; the njudge's ma_famplag.c and ma_porder.c for what the text leaves open):
famine, plague and storms through the adjudicator's phase documents (tests/machkit.py),
the variable income through the function the money stage's income phase calls."""

from __future__ import annotations

from typing import Any

import pytest

import variants
from adjudicator.machiavelli.dice import Dice
from adjudicator.machiavelli.disasters import build_refusal
from adjudicator.machiavelli.state import MachState, starting_state
from adjudicator.machiavelli.variable_income import variable_income
from tests.machkit import Played, play

MACH = variants.load("machiavelli")


def _rolled(done: Played, kind: str) -> dict[str, Any]:
    (event,) = done.events(kind)
    return event


def _dice(done: Played, purpose: str) -> dict[str, list[int]]:
    """The dice a disaster rolled, by what they decided: severity, row, column."""
    prefix = f"{purpose} "
    rolled = done.events("die")
    return {e["for"][len(prefix) :]: e["rolls"] for e in rolled if e["for"].startswith(prefix)}


def _struck(table_name: str, row: int | None, column: int | None) -> set[str]:
    table = getattr(MACH.machiavelli, table_name)
    out = set()
    if row is not None:
        out |= {p for p in table[row - 2] if p}
    if column is not None:
        out |= {line[column - 2] for line in table if line[column - 2]}
    return out


@pytest.mark.parametrize("seed", [1, 2, 4, 10])  # a column, a bad year, none, a row
def test_the_famine_is_rolled_after_the_fall_on_the_famine_table(seed):
    """ "First a 2d6 die roll determines the severity: 2, 3 No disaster; 4, 6 Good year,
    row only; 5, 7 Good year, column only; 8-12 Bad year, row and column. Then the list of
    provinces hit by famine is selected with one or two 2d6 die rolls on the Famine Table"
    (the njudge's coding, which the rulebook gives)."""
    done = play("F1454M", {"Milan": ["A mil"]}, machiavelli={"seed": seed})
    famine = _rolled(done, "famine")
    dice = _dice(done, "famine")
    severity = sum(dice["severity"])
    assert famine["roll"] == severity
    row = sum(dice["row"]) if "row" in dice else None
    column = sum(dice["column"]) if "column" in dice else None
    assert (row is not None, column is not None) == {
        2: (False, False), 3: (False, False), 4: (True, False), 6: (True, False),
        5: (False, True), 7: (False, True),
    }.get(severity, (True, True))  # fmt: skip
    assert (famine["row"], famine["column"]) == (row, column)
    assert set(famine["struck"]) == _struck("famine", row, column)
    assert done["machiavelli"].get("famine", []) == sorted(famine["struck"])
    assert done.units("Milan") == ["A mil"]  # famine kills only after the next Spring


def test_famine_destroys_the_units_left_in_its_provinces_after_the_spring():
    """ "a) Any unit in a famined province at the end of the spring movement is eliminated.
    This includes garrison units." A unit that leaves in the Spring is saved, one that
    enters dies; then the famine is over."""
    done = play(
        "S1455M",
        {"Venice": ["A pad", "G pad", "A ver"], "Milan": ["A man"], "Autonomous": ["G fer"]},
        {"Venice": ["A ver - vic"], "Milan": ["A man - ver"]},
        machiavelli={"famine": ["pad", "ver", "fer"]},
    )
    assert done.units("Venice") == ["A vic"]
    assert done.units("Milan") == [] and done.units("Autonomous") == []
    destroyed = {(e["power"], e["unit"]) for e in done.events("destroyed")}
    assert destroyed == {
        ("Venice", "A pad"), ("Venice", "G pad"), ("Milan", "A ver"), ("Autonomous", "G fer"),
    }  # fmt: skip
    assert {e["cause"] for e in done.events("destroyed")} == {"famine"}
    assert "famine" not in done["machiavelli"]


def test_no_unit_may_be_built_in_a_famined_province():
    """ "b) New units may not be built in famined provinces" (asked by the adjustments)."""
    state = MachState(control={}, homes={}, famine=frozenset({"pad"}))
    assert build_refusal(state, "pad") == "You cannot build in a famined province."
    assert build_refusal(state, "ven") is None


def test_units_destroyed_together_leave_control_as_it_was():
    """Control "4) If both garrison and unit in province are eliminated simultaneously
    control does not change"; the disasters come before control is taken ("Sequence of
    play": i, j, then control adjudication 6)."""
    done = play(
        "S1455M",
        {"Venice": ["A fer"], "Papacy": ["G fer"]},
        {"Venice": ["A fer B"]},
        machiavelli={"famine": ["fer"], "control": {"Papacy": ["fer", "rme"]}},
        centers={"Papacy": ["fer", "rme"]},
    )
    assert done.units("Venice") == done.units("Papacy") == []
    assert "fer" in done.controls("Papacy") and "fer" in done.cities("Papacy")
    assert done.sieges == []


def _plague(phase: str = "S1455M", **options: Any) -> Played:
    units = {
        "Milan": ["A mil", "G gen", "A gen", "A man", "A par"],
        "Venice": ["A ver", "G ven", "A pad", "F uas"],
        "Autonomous": ["G fer", "G mod"],
    }
    return play(phase, units, options={"plague": True, **options}, machiavelli={"seed": 6})


def test_the_plague_after_the_spring_destroys_every_unit_in_the_provinces_struck():
    """ "The effect of plague is that all units in the plagued provinces (and cities) are
    eliminated"; "This is only done during the summer campaign" (at its start)."""
    done = _plague()
    plague = _rolled(done, "plague")
    assert set(plague["struck"]) == _struck("plague", plague["row"], plague["column"])
    before = _plague("U1455M")  # no plague after the Summer: every unit is still there
    assert before.events("plague") == []
    lost = {(e["power"], e["unit"]) for e in done.events("destroyed")}
    for power, units in before["units"].items():
        for unit in units:
            struck = unit.split()[1] in plague["struck"]
            assert ((power, unit) in lost) == struck
            assert (unit in done.units(power)) == (not struck)
    assert lost and {e["cause"] for e in done.events("destroyed")} == {"plague"}


def test_no_plague_unless_set_without_the_summer_or_before_1348():
    """ "set [no]plague ... Always disabled by default"; "set [no]summer: To ignore the
    summer turn (and plague)"; the njudge rolls no plague before 1348."""
    assert play("S1455M", {"Milan": ["A mil"]}, machiavelli={"seed": 6}).events("plague") == []
    assert _plague(summer=False).events("plague") == []
    assert _plague("S1347M").events("plague") == []
    assert len(_plague("S1348M").events("plague")) == 1


def test_the_fall_storms_sink_the_fleets_in_the_seas_struck():
    """ "set [no]storm: To disable/enable the fall sea storms that can sink fleets. Always
    disabled by default"; storms come "only after fall turn" (k)."""
    units = {"Turkey": ["F bot", "F ion", "A tun"], "France": ["F wgl", "F wms"]}
    done = play("F1454M", units, options={"storms": True}, machiavelli={"seed": 5})
    storm = _rolled(done, "storm")
    assert set(storm["struck"]) == _struck("storms", storm["row"], storm["column"])
    sunk = {e["unit"] for e in done.events("destroyed")}
    assert sunk == {f"F {p}" for p in storm["struck"]} & {"F bot", "F ion", "F wgl", "F wms"}
    assert sunk and "A tun" in done.units("Turkey")
    assert {e["cause"] for e in done.events("destroyed")} == {"storm"}
    spring = play("S1455M", units, options={"storms": True}, machiavelli={"seed": 5})
    assert spring.events("storm") == []
    unset = play("F1454M", units, machiavelli={"seed": 5})
    assert unset.events("storm") == [] and unset.events("destroyed") == []


@pytest.mark.parametrize("seed", range(1, 8))
def test_the_second_edition_rolls_one_die_for_the_severity(seed):
    """The njudge's second edition rolls 1d6: 1 no disaster, 2-3 a row, 4-5 a column, 6 a
    row and a column (ma_famplag.c)."""
    done = play("F1454M", {"Milan": ["A mil"]}, options={"mach2": True},
                machiavelli={"seed": seed})  # fmt: skip
    famine, dice = _rolled(done, "famine"), _dice(done, "famine")
    (face,) = dice["severity"]
    assert famine["roll"] == {1: 2, 2: 4, 3: 4, 4: 5, 5: 5, 6: 12}[face]
    assert ("row" in dice, "column" in dice) == {
        1: (False, False), 2: (True, False), 3: (True, False), 4: (False, True),
        5: (False, True), 6: (True, True),
    }[face]  # fmt: skip


def test_without_dice_there_is_no_famine_plague_or_storm():
    """ "set [no]dice: To disable/enable random events. Setting nodice automatically
    disables famine, plague ..." (and the njudge's SET NODICE clears the storms too)."""
    options = {"dice": False, "famine": True, "plague": True, "storms": True}
    for phase in ("S1455M", "F1455M"):
        done = play(phase, {"Turkey": ["F bot"]}, options=options, machiavelli={"seed": 5})
        assert [e for e in done["events"] if e["event"] != "province control"] == []


def _income(
    seed: int = 3, phase: str = "F1454B", variant: str = "machiavelli", **kw: Any
) -> tuple[dict[str, int], list[dict[str, Any]], Dice]:
    v = variants.load(variant)
    state: MachState = kw.pop("state", starting_state(v))
    cities = kw.pop("cities", dict(v.ownership))
    dice = Dice(seed, phase)
    ducats, events = variable_income(v, state, dice, cities=cities, **kw)
    return ducats, events, dice


def test_the_variable_income_pays_each_home_country_by_its_dice():
    """ "Variable income for each controlled home country and for certain cities. Based on
    a 1d6 die roll", by the table: Florence rolls two dice, 1 2 3 3 4 5 ducats by face."""
    ducats, events, dice = _income()
    florence = next(e for e in events if e["place"] == "flo")
    assert florence["power"] == "Florence" and len(florence["rolls"]) == 2
    faces = {1: 1, 2: 2, 3: 3, 4: 3, 5: 4, 6: 5}
    assert florence["ducats"] == sum(faces[d] for d in florence["rolls"])
    assert ducats["Florence"] == florence["ducats"]
    recorded = next(e for e in dice.events if e["for"] == "variable income flo")
    assert recorded["rolls"] == florence["rolls"]
    assert [e["place"] for e in events] == [v.province for v in MACH.machiavelli.variable_income]


def test_a_conquered_home_countrys_income_goes_to_its_conqueror_and_genoas_to_its_city():
    """ "If a player gains control of another player's home country, the variable income of
    that home country is also gained"; "Ownership of the Genoa variable income roll is
    determined solely by ownership of the city of Genoa"; a country no player holds pays
    nobody."""
    start = starting_state(MACH)
    homes = dict(start.homes)
    for home in MACH.power("Milan").homes:
        homes[home] = "Venice"
    for home in MACH.power("Naples").homes:
        homes[home] = "Autonomous"
    state = MachState(control=start.control, homes=homes)
    cities = {**MACH.ownership, "gen": "France"}
    ducats, events, _ = _income(state=state, cities=cities)
    by_place = {e["place"]: e for e in events}
    assert by_place["mil"]["power"] == "Venice" and by_place["gen"]["power"] == "France"
    assert by_place["nap"]["power"] == "Autonomous" and "Milan" not in ducats
    assert ducats["Venice"] == by_place["ven"]["ducats"] + by_place["mil"]["ducats"]
    assert ducats["France"] == by_place["mar"]["ducats"] + by_place["gen"]["ducats"]
    assert sum(ducats.values()) == sum(e["ducats"] for e in events) - by_place["nap"]["ducats"]


def test_without_dice_every_die_shows_four_in_odd_years_and_three_in_even():
    """ "Selected rolls for variable income will always be a 4 in odd years and a 3 in
    even years" (set nodice)."""
    _, odd, dice = _income(phase="F1455B", rolling=False)
    assert {d for e in odd for d in e["rolls"]} == {4} and dice.events == []
    _, even, _ = _income(phase="F1454B", rolling=False)
    assert {d for e in even for d in e["rolls"]} == {3}
    venice = next(e for e in even if e["place"] == "ven")
    assert venice["rolls"] == [3, 3] and venice["ducats"] == 3 + 3  # 2 3 3 4 4 5


def test_the_first_income_lets_no_first_die_show_a_one_and_fixes_a_scenarios_initial():
    """The njudge's first income (its F####A phase) raises a first die of 1 to 2; the
    second edition's scenarios give a fixed first income instead ("Fixed")."""
    for seed in range(1, 30):
        _, events, _ = _income(seed=seed, phase="F1453B", first=True)
        assert all(e["rolls"][0] >= 2 for e in events)
    ones = [e for s in range(1, 30) for e in _income(seed=s, phase="F1453B")[1]]
    assert any(e["rolls"][0] == 1 for e in ones)  # a later income can roll a 1
    ducats, events, _ = _income(variant="machiavelli2", phase="F1453B", first=True)
    venice = next(e for e in events if e["place"] == "ven")
    assert venice == {"event": "variable income", "place": "ven", "power": "Venice",
                      "fixed": True, "ducats": 7}  # fmt: skip
    assert ducats["Venice"] == 7 and ducats["Florence"] == 6
