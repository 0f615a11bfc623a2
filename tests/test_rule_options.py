"""Each rule option, against the cases where the choice changes the outcome.

The DATC cases run under their preferred choices in test_datc.py; here the other choices
are shown to give the other rulings the DATC and the Alexander rules describe.
"""

from __future__ import annotations

import pytest

from adjudicator import adjudicate
from tests.datc import BY_ID, phase_doc


def outcome(doc: dict) -> dict:
    out = adjudicate(doc)
    return {
        "results": {(line["power"], line["text"]): line["result"] for line in out["orders"]},
        "units": out["units"],
        "dislodged": sorted(d["unit"] for d in out.get("dislodged", [])),
    }


def datc(case_id: str, **options) -> dict:
    return outcome(phase_doc(BY_ID[case_id], options))


# -- paradox: Alexander --------------------------------------------------------------------


def test_alexander_pandins_paradox_lets_the_convoy_cut_the_support():
    # Alexander's own reading of Pandin's paradox: the attack on Wales cuts the support and
    # Germany moves into the Channel, whose fleet is dislodged without disrupting the convoy.
    szykman = datc("6.F.16")
    assert szykman["dislodged"] == []
    got = datc("6.F.16", paradox="alexander")
    assert got["results"][("England", "F LON S F WAL - ENG")] == "fails"
    assert got["results"][("Germany", "F BEL - ENG")] == "succeeds"
    assert got["dislodged"] == ["F eng"]


def test_alexander_extended_pandin_lets_the_supported_army_land():
    got = datc("6.F.17", paradox="alexander")
    assert got["results"][("France", "A BRE - LON")] == "succeeds"
    assert got["results"][("Germany", "F BEL - ENG")] == "succeeds"
    assert got["dislodged"] == ["F eng", "F lon"]


def test_alexander_betrayal_paradox():
    got = datc("6.F.18", paradox="alexander")
    assert got["results"][("England", "A LON - BEL")] == "succeeds"
    assert got["results"][("Germany", "F SKA - NTH")] == "succeeds"
    assert got["dislodged"] == ["F bel", "F nth"]


def test_alexander_second_order_paradox_judges_each_convoy_without_its_army():
    # Without the French army, the Russian convoy is disrupted, so the Channel holds and the
    # French convoy stands; without the Russian army the same reasoning keeps the North Sea.
    # Both armies therefore cut their supports, and the Channel falls to Irish Sea + MAO.
    got = datc("6.F.24", paradox="alexander")
    assert got["results"][("England", "F EDI - NTH")] == "fails"
    assert got["results"][("England", "F IRI - ENG")] == "succeeds"
    assert got["dislodged"] == ["F eng"]


@pytest.mark.parametrize("case_id", ["6.F.14", "6.F.21", "6.F.22", "6.F.23", "6.G.11"])
def test_alexander_agrees_with_szykman_where_the_convoy_fails_either_way(case_id):
    assert datc(case_id, paradox="alexander") == datc(case_id)


def test_alexander_rules_first_order_paradox_example():
    # The first order paradox from the Alexander text: the fleet in the Channel is dislodged
    # and the convoy disrupted, as under every rule.
    doc = {
        "phase": "S1901M",
        "units": {"England": ["F lon", "F wal"], "France": ["A bre", "F eng"]},
        "orders": {
            "England": ["F Lon S F Wal-ENG", "F Wal-ENG"],
            "France": ["A Bre-ENG-Lon", "F ENG C A Bre-Lon"],
        },
        "options": {"paradox": "alexander"},
    }
    got = outcome(doc)
    assert got["dislodged"] == ["F eng"]
    assert got["results"][("France", "A Bre-ENG-Lon")] == "fails"


def test_alexander_pandin_with_a_named_route_to_wales():
    # The classic Pandin position of the Alexander text, army to Wales by a named route.
    doc = {
        "phase": "S1901M",
        "units": {
            "France": ["A bre", "F eng"],
            "England": ["F wal", "F lon"],
            "Germany": ["F nth", "F bel"],
        },
        "orders": {
            "France": ["A Bre-ENG-Wal", "F ENG C A Bre-Wal"],
            "England": ["F Wal S F Lon-ENG", "F Lon-ENG"],
            "Germany": ["F NTH S F Bel-ENG", "F Bel-ENG"],
        },
    }
    assert outcome(doc)["dislodged"] == []
    doc["options"] = {"paradox": "alexander"}
    got = outcome(doc)
    assert got["results"][("Germany", "F Bel-ENG")] == "succeeds"
    assert got["dislodged"] == ["F eng"]


# -- convoy intent -------------------------------------------------------------------------


def test_explicit_convoy_via_makes_an_own_convoy_show_no_intent():
    # 6.G.1 under the DPTG reading: without `via convoy` the armies meet head to head.
    assert datc("6.G.1")["results"][("England", "A NWY - SWE")] == "succeeds"
    got = datc("6.G.1", convoy_via="explicit")
    assert got["results"][("England", "A NWY - SWE")] == "fails"
    assert got["results"][("Russia", "A SWE - NWY")] == "fails"


def test_explicit_convoy_via_dislodges_in_swapped_or_dislodged():
    # 6.G.9: with the convoy ignored, Norway's supported land move dislodges Sweden.
    got = datc("6.G.9", convoy_via="explicit")
    assert got["results"][("England", "A NWY - SWE")] == "succeeds"
    assert got["dislodged"] == ["A swe"]


def test_explicit_convoy_via_still_honours_via_convoy():
    # 6.G.8: an explicit `via convoy` goes by sea under either reading, and fails.
    got = datc("6.G.8", convoy_via="explicit")
    assert got["results"][("France", "A BEL - HOL VIA CONVOY")] == "fails"


# -- excess adjustments --------------------------------------------------------------------


def test_njudge_keeps_the_last_builds():
    # 6.I.1 with the njudge's rule: later builds replace earlier ones, so Munich is built.
    got = datc("6.I.1", excess_adjustments="last")
    assert got["units"]["Germany"] == ["A mun", "A pru", "A ruh", "F den"]
    assert got["results"][("Germany", "A KIE B")] == "fails"
    assert datc("6.I.1")["units"]["Germany"] == ["A kie", "A pru", "A ruh", "F den"]


def test_njudge_keeps_the_last_removals():
    got = datc("6.J.1", excess_adjustments="last")
    assert got["units"]["France"] == ["A pic"]
    assert got["results"][("France", "A PIC D")] == "fails"


def test_excess_adjustments_is_the_default_njudge_rule():
    doc = phase_doc(BY_ID["6.J.1"])
    del doc["options"]
    assert outcome(doc)["units"]["France"] == ["A pic"]


# -- civil disorder ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case_id", "power", "removed_2023", "removed_old"),
    [
        ("6.J.6", "Russia", "F bot", "F nth"),
        ("6.J.10", "Italy", "A pie", "A gre"),
        ("6.J.11", "Italy", "A tus", "A war"),
    ],
)
def test_home_centre_civil_disorder_rule(case_id, power, removed_2023, removed_old):
    before = {f"{u['type']} {u['loc']}" for u in BY_ID[case_id]["units"] if u["power"] == power}
    new = set(datc(case_id)["units"].get(power, []))
    old = set(datc(case_id, civil_disorder="home_centers")["units"].get(power, []))
    assert before - new == {removed_2023}
    assert before - old == {removed_old}


# -- duality -------------------------------------------------------------------------------


def test_duality_lets_a_fleet_in_constantinople_convoy():
    doc = {
        "phase": "S1901M",
        "units": {"Turkey": ["A bul", "F con"]},
        "orders": {"Turkey": ["A bul - smy", "F con C A bul - smy"]},
    }
    plain = outcome(doc)
    assert plain["results"][("Turkey", "F con C A bul - smy")] == "illegal"
    assert plain["results"][("Turkey", "A bul - smy")] == "illegal"
    doc["options"] = {"duality": True}
    dual = outcome(doc)
    assert dual["results"][("Turkey", "A bul - smy")] == "succeeds"
    assert dual["units"]["Turkey"] == ["A smy", "F con"]


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="unknown option 'paradoxes'"):
        adjudicate({"phase": "S1901M", "options": {"paradoxes": "szykman"}})
    with pytest.raises(ValueError, match="paradox"):
        adjudicate({"phase": "S1901M", "options": {"paradox": "1971"}})
    with pytest.raises(ValueError, match="true or false"):
        adjudicate({"phase": "S1901M", "options": {"duality": "yes"}})


# -- every DATC case under every choice ----------------------------------------------------

# Under a choice other than the DATC's preference, exactly these cases come out otherwise,
# each as the DATC's discussion of that choice (or the Alexander rule) says: the moves that
# succeed and the units dislodged (movement), or the units built and removed (adjustments).
OTHERWISE = {
    ("paradox", "alexander"): {
        "6.F.16": {"moves": {"F BEL - ENG"}, "dislodged": ["eng"]},
        "6.F.17": {"moves": {"A BRE - LON", "F BEL - ENG"}, "dislodged": ["eng", "lon"]},
        "6.F.18": {"moves": {"A LON - BEL", "F SKA - NTH"}, "dislodged": ["bel", "nth"]},
        "6.F.24": {"moves": {"F IRI - ENG"}, "dislodged": ["eng"]},
    },
    ("convoy_via", "explicit"): {
        "6.G.1": {"moves": set(), "dislodged": []},
        "6.G.5": {"moves": set(), "dislodged": []},
        "6.G.6": {"moves": set(), "dislodged": []},
        "6.G.9": {"moves": {"A NWY - SWE"}, "dislodged": ["swe"]},
        "6.G.11": {"moves": {"A SWE - NWY"}, "dislodged": ["nwy"]},
    },
    ("excess_adjustments", "last"): {
        "6.I.1": {"builds": ["A MUN"], "disbands": []},
        "6.J.1": {"builds": [], "disbands": ["A PAR"]},
    },
    ("civil_disorder", "home_centers"): {
        "6.J.6": {"builds": [], "disbands": ["F NTH"]},
        "6.J.10": {"builds": [], "disbands": ["A GRE"]},
        "6.J.11": {"builds": [], "disbands": ["A WAR"]},
    },
    # Constantinople can convoy: the Turkish army reaches Sevastopol by way of it.
    ("duality", True): {
        "6.F.1": {"moves": {"A GRE - SEV"}, "dislodged": []},
    },
    # So can every coastal fleet (SET COASTAL CONVOYS).
    ("coastal_convoys", True): {
        "6.F.1": {"moves": {"A GRE - SEV"}, "dislodged": []},
    },
    # Any unit may be removed: both French removals are carried out (SET ANY DISBAND).
    ("any_disband", True): {
        "6.J.1": {"builds": [], "disbands": ["A PAR", "A PIC"]},
    },
    # No DATC case disbands in a movement phase (SET DISBAND).
    ("move_disband", True): {},
    # A blind game tells a power nothing of others' units, so what depends on them is not
    # refused: the Turkish support of the Austrian army (6.D.31) is taken, and the army
    # still finds no convoy; the German army's move by sea with no fleet in the North Sea
    # (6.D.32) is taken and fails for want of a convoy, so the French support to hold is
    # void (the army did not hold) and the English attack dislodges it.
    ("blind", True): {
        "6.D.31": {"moves": set(), "dislodged": []},
        "6.D.32": {"moves": {"A LVP - YOR"}, "dislodged": ["yor"]},
    },
}


def what_happened(case: dict, out: dict) -> dict:
    if case["phase"].endswith("M"):
        moves = {
            line["text"]
            for line in out["orders"]
            if line["result"] == "succeeds" and line["order"] and line["order"].split()[2] == "-"
        }
        dislodged = sorted(d["unit"].split()[1].split("/")[0] for d in out["dislodged"])
        return {"moves": moves, "dislodged": dislodged}
    before = {f"{u['type']} {u['loc']}".upper() for u in case["units"]}
    after = {u.upper() for units in out["units"].values() for u in units}
    return {"builds": sorted(after - before), "disbands": sorted(before - after)}


@pytest.mark.parametrize(("key", "value"), list(OTHERWISE), ids=[f"{k}={v}" for k, v in OTHERWISE])
def test_every_datc_case_under_every_choice(key, value):
    from tests.datc import CASES, run_case

    changed = OTHERWISE[(key, value)]
    for case in CASES:
        if case["id"] in changed:
            out = adjudicate(phase_doc(case, {key: value}))
            assert what_happened(case, out) == changed[case["id"]], case["id"]
            with pytest.raises(AssertionError):
                run_case(case, {key: value})  # and it is not the DATC's preferred outcome
        else:
            run_case(case, {key: value})


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
