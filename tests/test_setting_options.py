"""The rule options the judge's SET commands give, each where it changes the outcome.

Where builds may go (SET HOME/ANY/ONE CENTER), disbanding in a movement phase (SET DISBAND),
no retreats (SET AUTO DISBAND), convoys along coasts (SET COASTAL CONVOYS), any removal and
maintain orders (SET ANY DISBAND), a Summer season (SET SUMMER) and units that change type
(SET TRANSFORM, ATTACK TRANSFORM), run through the adjudicator's phase documents. The rule
choices of the DATC are in test_datc_choices.py.
"""

from __future__ import annotations

import pytest

from adjudicator import adjudicate

# -- build_centers: SET HOME / ANY / ONE CENTER ---------------------------------------------


def _winter(centers_of_austria: list[str]) -> dict:
    """Austria with one unit, owning `centers_of_austria`, builds in Serbia and Vienna."""
    return {
        "variant": "standard",
        "phase": "F1901B",
        "units": {"Austria": ["A gal"], "Russia": ["A mos"]},
        "centers": {"Austria": centers_of_austria, "Russia": ["mos", "war", "sev", "stp"]},
        "orders": {"Austria": ["Build A ser", "Build A vie"]},
    }


@pytest.mark.parametrize(
    ("build_centers", "austria", "serbia", "vienna"),
    [
        ("variant", ["ser", "vie", "bud"], "illegal", "succeeds"),  # standard: home only
        ("home", ["ser", "vie", "bud"], "illegal", "succeeds"),
        ("any", ["ser", "vie", "bud"], "succeeds", "succeeds"),
        ("one", ["ser", "vie", "bud"], "succeeds", "succeeds"),  # holds a home centre
        ("one", ["ser", "gre", "bul"], "illegal", "illegal"),  # holds none: home only
    ],
)
def test_build_centers_decides_where_builds_go(build_centers, austria, serbia, vienna):
    doc = _winter(austria)
    if build_centers != "variant":
        doc["options"] = {"build_centers": build_centers}
    out = adjudicate(doc)
    results = {line["text"]: line["result"] for line in out["orders"]}
    assert (results["Build A ser"], results["Build A vie"]) == (serbia, vienna)
    assert ("A ser" in out["units"].get("Austria", [])) == (serbia == "succeeds")


# -- move_disband: SET DISBAND --------------------------------------------------------------


def _spring(units: dict, orders: dict, **options) -> dict:
    doc = {"phase": "S1901M", "units": units, "orders": orders}
    if options:
        doc["options"] = options
    return adjudicate(doc)


def test_a_unit_disbanded_in_a_movement_phase_holds_and_then_leaves_the_board():
    units = {"France": ["A par", "A bre"], "Germany": ["A bur"]}
    orders = {"France": ["A par D", "A bre - pic"], "Germany": ["A bur - par"]}
    refused = _spring(units, orders)
    line = next(x for x in refused["orders"] if x["text"] == "A par D")
    assert line["result"] == "illegal"
    assert line["message"] == "This game does not allow disband orders in movement phases."
    out = _spring(units, orders, move_disband=True)
    results = {x["text"]: (x["result"], x["reason"]) for x in out["orders"]}
    assert results["A par D"] == ("succeeds", None)
    # Paris held against the lone attack while its army was disbanding.
    assert results["A bur - par"] == ("fails", "bounce")
    assert out["units"] == {"France": ["A pic"], "Germany": ["A bur"]}


def test_a_disbanding_unit_dislodged_is_simply_gone():
    units = {"France": ["A par"], "Germany": ["A bur", "A pic"]}
    orders = {"France": ["A par D"], "Germany": ["A bur - par", "A pic S A bur - par"]}
    out = _spring(units, orders, move_disband=True)
    results = {x["text"]: (x["result"], x["reason"]) for x in out["orders"]}
    assert results["A par D"] == ("fails", "dislodged")
    assert out["dislodged"] == []  # nothing to retreat
    assert out["next_phase"] == "F1901M"
    assert out["units"] == {"Germany": ["A par", "A pic"]}


def test_a_disbanding_unit_can_be_supported_to_hold():
    units = {"France": ["A par", "A gas"], "Germany": ["A bur", "A pic"]}
    orders = {
        "France": ["A par D", "A gas S A par"],
        "Germany": ["A bur - par", "A pic S A bur - par"],
    }
    out = _spring(units, orders, move_disband=True)
    results = {x["text"]: x["result"] for x in out["orders"]}
    assert results["A bur - par"] == "fails"
    assert results["A gas S A par"] == "succeeds"
    assert "A par" not in out["units"]["France"]


# -- auto_disband: SET AUTO DISBAND ---------------------------------------------------------


def test_auto_disband_leaves_a_dislodged_unit_no_retreat():
    units = {"Italy": ["A ven", "A tyr"], "Austria": ["A tri"]}
    orders = {"Italy": ["A ven - tri", "A tyr S A ven - tri"], "Austria": ["A tri H"]}
    normal = _spring(units, orders)
    assert normal["dislodged"][0]["retreats"] == ["alb", "bud", "ser", "vie"]
    assert normal["next_phase"] == "S1901R"
    out = _spring(units, orders, auto_disband=True)
    assert out["dislodged"] == [
        {"power": "Austria", "unit": "A tri", "attacker_from": "ven", "retreats": []}
    ]
    assert out["next_phase"] == "F1901M"  # no retreat phase: the unit is gone
    assert "Austria" not in out["units"]


# -- coastal_convoys: SET COASTAL CONVOYS ---------------------------------------------------


def test_coastal_convoys_let_a_fleet_on_a_coast_carry_an_army():
    units = {"Turkey": ["A gre", "F alb"]}
    orders = {"Turkey": ["A gre - tri", "F alb C A gre - tri"]}
    plain = _spring(units, orders)
    assert {x["text"]: x["result"] for x in plain["orders"]}["A gre - tri"] == "illegal"
    out = _spring(units, orders, coastal_convoys=True)
    assert {x["text"]: x["result"] for x in out["orders"]} == {
        "A gre - tri": "succeeds",
        "F alb C A gre - tri": "succeeds",
    }
    assert out["units"]["Turkey"] == ["A tri", "F alb"]


@pytest.mark.parametrize(
    ("fleet", "army", "result"),
    [
        ("F spa/nc", "A gas - por", "succeeds"),  # the north coast touches both
        ("F spa/sc", "A gas - por", "illegal"),  # the south coast does not touch Gascony
        ("F spa/sc", "A mar - por", "succeeds"),
        ("F spa/nc", "A mar - por", "illegal"),
    ],
)
def test_a_fleet_on_one_coast_convoys_along_that_coast_only(fleet, army, result):
    start = army.split()[1]
    units = {"France": [f"A {start}", fleet]}
    convoy = f"{fleet.split('/')[0]} C {army}"
    out = _spring(units, {"France": [army, convoy]}, coastal_convoys=True)
    assert {x["text"]: x["result"] for x in out["orders"]}[army] == result


# -- any_disband: SET ANY DISBAND -----------------------------------------------------------


def _winter_of(units: dict, centers: dict, orders: dict, **options) -> dict:
    doc = {"phase": "F1901B", "units": units, "centers": centers, "orders": orders}
    if options:
        doc["options"] = options
    return adjudicate(doc)


FRANCE = {"France": ["bre", "par", "mar"]}


def test_any_disband_lets_a_power_rebuild_a_unit_as_another_kind():
    units = {"France": ["F bre", "A par", "A mar"]}
    orders = {"France": ["F bre D", "A bre B", "A par M", "maintain A mar"]}
    normal = _winter_of(units, FRANCE, orders)
    assert {x["text"]: x["result"] for x in normal["orders"]} == {
        "F bre D": "illegal",
        "A bre B": "illegal",
        "A par M": "illegal",
        "maintain A mar": "illegal",
    }
    assert next(x for x in normal["orders"] if x["text"] == "A par M")["message"] == (
        "Maintain orders are used only in games set ANY DISBAND."
    )
    out = _winter_of(units, FRANCE, orders, any_disband=True)
    assert {x["text"]: x["result"] for x in out["orders"]} == {
        "F bre D": "succeeds",
        "A bre B": "succeeds",
        "A par M": "succeeds",
        "maintain A mar": "succeeds",
    }
    assert sorted(out["units"]["France"]) == ["A bre", "A mar", "A par"]


def test_any_disband_maintains_a_unit_left_without_an_order():
    units = {"France": ["F bre", "A par", "A mar"]}
    out = _winter_of(units, FRANCE, {"France": ["A par D"]}, any_disband=True)
    lines = {(x["order"], x["reason"]) for x in out["orders"]}
    assert lines == {("A par D", None), ("F bre M", "no order"), ("A mar M", "no order")}
    assert sorted(out["units"]["France"]) == ["A mar", "F bre"]


def test_any_disband_builds_only_what_the_removals_made_room_for():
    units = {"France": ["F bre", "A par", "A mar"]}
    orders = {"France": ["A mar D", "A mar B", "A par B"]}
    out = _winter_of(units, FRANCE, orders, any_disband=True)
    results = {x["text"]: (x["result"], x["reason"]) for x in out["orders"]}
    assert results["A mar D"] == ("succeeds", None)
    assert results["A mar B"] == ("succeeds", None)
    assert results["A par B"][0] == "illegal"  # Paris is still occupied
    assert sorted(out["units"]["France"]) == ["A mar", "A par", "F bre"]


def test_any_disband_still_removes_by_default_what_a_power_cannot_keep():
    units = {"France": ["F bre", "A par", "A mar", "A bur"]}
    out = _winter_of(units, FRANCE, {"France": ["A par M", "A mar M"]}, any_disband=True)
    disorder = [x["order"] for x in out["orders"] if x["reason"] == "civil disorder"]
    assert len(disorder) == 1
    assert len(out["units"]["France"]) == 3


def test_any_disband_counts_a_removal_written_without_a_verb_once():
    units = {"France": ["F bre", "A par", "A mar", "A bur"]}
    out = _winter_of(units, FRANCE, {"France": ["A bur"]}, any_disband=True)
    assert [x["reason"] for x in out["orders"] if x["order"] == "A bur D"] == [None]
    assert not [x for x in out["orders"] if x["reason"] == "civil disorder"]
    assert sorted(out["units"]["France"]) == ["A mar", "A par", "F bre"]


def test_any_disband_keeps_every_adjustment_phase():
    doc = {
        "phase": "F1901M",
        "units": {"France": ["A par"]},
        "centers": {"France": ["par"]},
        "orders": {"France": ["A par H"]},
    }
    assert adjudicate(doc)["next_phase"] == "S1902M"  # nobody may build or must remove
    doc["options"] = {"any_disband": True}
    assert adjudicate(doc)["next_phase"] == "F1901B"


# -- summer: SET SUMMER ---------------------------------------------------------------------


def test_summer_is_a_movement_phase_between_spring_and_fall():
    doc = {
        "phase": "S1901M",
        "units": {"France": ["A par"]},
        "centers": {"France": ["par"]},
        "orders": {"France": ["A par - bur"]},
    }
    assert adjudicate(doc)["next_phase"] == "F1901M"
    doc["options"] = {"summer": True}
    assert adjudicate(doc)["next_phase"] == "U1901M"
    summer = {**doc, "phase": "U1901M", "units": {"France": ["A bur"]}}
    summer["orders"] = {"France": ["A bur - bel"]}
    out = adjudicate(summer)
    assert out["next_phase"] == "F1901M"
    assert out["units"] == {"France": ["A bel"]}
    assert out["centers"] == {"France": ["par"]}  # centres change hands after the Fall only
    with pytest.raises(ValueError, match="'U1901M' is not a phase of Standard"):
        adjudicate({**summer, "options": {}})


# -- transform_move, transform_build, attack_transform: SET [NO] TRANSFORM, ATTACK TRANSFORM


def test_a_unit_transforms_in_a_movement_phase_where_the_game_allows():
    units = {"France": ["A bre", "A par"]}
    orders = {"France": ["A bre transform F", "A par tr F"]}
    refused = _spring(units, orders)
    assert {x["text"]: x.get("message") for x in refused["orders"] if x["text"]} == {
        "A bre transform F": "This game does not permit move transformations.",
        "A par tr F": "This game does not permit move transformations.",
    }
    out = _spring(units, orders, transform_move="home")
    results = {x["text"]: (x["result"], x.get("message")) for x in out["orders"]}
    assert results["A bre transform F"] == ("succeeds", None)
    assert results["A par tr F"] == ("illegal", "A fleet cannot be in Paris.")
    assert out["units"] == {"France": ["A par", "F bre"]}


@pytest.mark.parametrize(
    ("where", "result"),
    [("home", "illegal"), ("one", "succeeds"), ("any", "succeeds"), ("anywhere", "succeeds")],
)
def test_where_a_unit_may_transform(where, result):
    doc = {
        "phase": "S1901M",
        "units": {"France": ["A spa"]},
        "centers": {"France": ["spa", "par"]},
        "orders": {"France": ["A spa transform F/sc"]},
        "options": {"transform_move": where},
    }
    out = adjudicate(doc)
    assert out["orders"][0]["result"] == result
    if result == "succeeds":
        assert out["units"] == {"France": ["F spa/sc"]}


def test_a_transforming_unit_holds_and_fails_when_dislodged():
    units = {"France": ["A bre"], "England": ["F eng", "F mao"]}
    orders = {"France": ["A bre transform F"], "England": ["F eng - bre", "F mao S F eng - bre"]}
    out = _spring(units, orders, transform_move="home")
    assert out["orders"][0]["result"] == "fails"
    assert out["orders"][0]["reason"] == "dislodged"
    assert out["dislodged"][0]["unit"] == "A bre"  # it retreats as what it was


def test_no_attack_transform_fails_a_transformation_under_attack():
    units = {"France": ["A bre"], "England": ["F eng"]}
    orders = {"France": ["A bre transform F"], "England": ["F eng - bre"]}
    works = _spring(units, orders, transform_move="home")
    assert works["units"]["France"] == ["F bre"]
    out = _spring(units, orders, transform_move="home", attack_transform=False)
    line = next(x for x in out["orders"] if x["power"] == "France")
    assert (line["result"], line["reason"]) == ("fails", "attacked")
    assert out["units"]["France"] == ["A bre"]


def test_a_unit_transforms_in_an_adjustment_phase():
    units = {"France": ["F bre", "A par", "A mar"]}
    orders = {"France": ["transform army brest"]}
    refused = _winter_of(units, FRANCE, orders)
    assert refused["orders"][0]["message"] == "Build transformation is not enabled for this game."
    out = _winter_of(units, FRANCE, orders, transform_build="home")
    assert out["orders"][0]["order"] == "F bre transform A"
    assert sorted(out["units"]["France"]) == ["A bre", "A mar", "A par"]


def test_build_transformations_keep_every_adjustment_phase():
    doc = {
        "phase": "F1901M",
        "units": {"France": ["A par"]},
        "centers": {"France": ["par"]},
        "orders": {},
        "options": {"transform_build": "any"},
    }
    assert adjudicate(doc)["next_phase"] == "F1901B"
