"""The rule choices the DATC discusses, against the cases where the choice changes the outcome.

The DATC cases run under their preferred choices in test_datc.py; here the other choices
(the paradox rule, convoy intent, excess adjustments, civil disorder, duality) are shown to
give the other rulings the DATC and the Alexander rules describe, and every DATC case is run
under every choice. The judge's own rule settings are in test_setting_options.py.
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
