"""What comes after a phase: skipped retreats and adjustments, centre ownership, victory."""

from __future__ import annotations

from adjudicator import adjudicate


def test_spring_without_dislodgement_skips_the_retreats():
    out = adjudicate(
        {"phase": "S1901M", "units": {"France": ["A par"]}, "orders": {"France": ["A par - bur"]}}
    )
    assert out["next_phase"] == "F1901M"
    assert "adjustments" not in out


def test_a_dislodged_unit_that_can_retreat_brings_a_retreat_phase():
    doc = {
        "phase": "S1901M",
        "units": {"France": ["A bur", "A mar"], "Germany": ["A mun"]},
        "orders": {"France": ["A mar - bur"], "Germany": []},
    }
    doc["units"]["Germany"] = ["A mun", "A ruh"]
    doc["orders"] = {"Germany": ["A mun - bur", "A ruh S A mun - bur"]}
    out = adjudicate(doc)
    assert out["next_phase"] == "S1901R"
    assert out["dislodged"] == [
        {
            "power": "France",
            "unit": "A bur",
            "attacker_from": "mun",
            "retreats": ["bel", "gas", "par", "pic"],
        }
    ]


def test_a_dislodged_unit_with_nowhere_to_go_is_destroyed_and_the_retreats_skipped():
    doc = {
        "phase": "S1901M",
        "units": {
            "Austria": ["A vie"],
            "Italy": ["A tyr", "A tri"],
            "Russia": ["A gal", "A bud", "A boh"],
        },
        "orders": {"Italy": ["A tyr - vie", "A tri S A tyr - vie"]},
    }
    out = adjudicate(doc)
    assert out["dislodged"] == [
        {"power": "Austria", "unit": "A vie", "attacker_from": "tyr", "retreats": []}
    ]
    assert out["next_phase"] == "F1901M"
    assert "Austria" not in out["units"]


def test_fall_centres_change_hands_after_the_retreats_not_before():
    doc = {
        "phase": "F1901M",
        "units": {"France": ["A bur", "A mar", "A gas"], "Germany": ["A mun", "A ruh"]},
        "centers": {"France": ["par", "mar", "bre"], "Germany": ["mun", "ber", "kie"]},
        "orders": {
            "France": ["A mar - spa"],
            "Germany": ["A mun - bur", "A ruh S A mun - bur"],
        },
    }
    out = adjudicate(doc)
    assert out["next_phase"] == "F1901R"
    assert out["centers"]["France"] == ["bre", "mar", "par"]  # not yet Spain
    retreat = {
        "phase": out["next_phase"],
        "units": out["units"],
        "centers": out["centers"],
        "dislodged": [{k: d[k] for k in ("power", "unit", "retreats")} for d in out["dislodged"]],
        "orders": {"France": ["A bur - bel"]},
    }
    after = adjudicate(retreat)
    # Spain and Belgium, entered in the Fall, count now; Marseilles stays French (no one
    # took it); nobody stands in Munich, which stays German.
    assert after["centers"]["France"] == ["bel", "bre", "mar", "par", "spa"]
    assert after["centers"]["Germany"] == ["ber", "kie", "mun"]
    assert after["next_phase"] == "F1901B"
    assert after["adjustments"] == {"France": 2, "Germany": 1}


def test_fall_centres_change_at_once_when_no_retreat_is_needed():
    doc = {
        "phase": "F1901M",
        "units": {"England": ["F nth"]},
        "centers": {"England": ["lon", "edi", "lvp"]},
        "orders": {"England": ["F nth - nwy"]},
    }
    out = adjudicate(doc)
    assert out["centers"] == {"England": ["edi", "lon", "lvp", "nwy"]}
    assert out["next_phase"] == "F1901B"
    assert out["adjustments"] == {"England": 3}


def test_spring_moves_never_change_ownership():
    doc = {
        "phase": "S1901M",
        "units": {"England": ["F nth"]},
        "centers": {"England": ["lon"]},
        "orders": {"England": ["F nth - nwy"]},
    }
    assert adjudicate(doc)["centers"] == {"England": ["lon"]}


def test_adjustments_skipped_when_nobody_needs_or_can_use_them():
    # England owns four centres and has three units, so it may build one.
    doc = {
        "phase": "F1901M",
        "units": {"England": ["F lon", "F edi", "A lvp"]},
        "centers": {"England": ["lon", "edi", "lvp", "bel"]},
        "orders": {"England": ["F edi - nth"]},
    }
    out = adjudicate(doc)
    assert out["next_phase"] == "F1901B"  # Edinburgh is free again: a build is possible
    # With every home centre occupied the build is impossible, and nothing else is due.
    doc["orders"] = {"England": ["F lon H", "F edi H", "A lvp H"]}
    out = adjudicate(doc)
    assert out["next_phase"] == "S1902M"
    assert "adjustments" not in out


def test_the_year_turns_after_the_adjustments():
    doc = {
        "phase": "W1901A",
        "units": {"England": ["F nth"]},
        "centers": {"England": ["lon", "nwy"]},
        "orders": {"England": ["Build F Lon"]},
    }
    out = adjudicate(doc)
    assert out["phase"] == "F1901B"
    assert out["next_phase"] == "S1902M"
    assert out["units"] == {"England": ["F lon", "F nth"]}


def test_victory_needs_the_count_and_no_equal():
    centers = [
        "lon",
        "edi",
        "lvp",
        "bel",
        "hol",
        "den",
        "nwy",
        "swe",
        "stp",
        "kie",
        "ber",
        "mun",
        "par",
        "bre",
        "mar",
        "spa",
        "por",
    ]
    doc = {
        "phase": "F1905M",
        "units": {"England": ["A bur"]},
        "centers": {"England": centers},
        "orders": {"England": ["A bur - mun"]},
    }
    assert adjudicate(doc)["winner"] is None  # 17: Munich is already counted
    doc["orders"] = {"England": ["A bur H"]}
    doc["units"] = {"England": ["A ruh"]}
    doc["centers"] = {"England": [c for c in centers if c != "mun"] + ["tun"]}
    doc["orders"] = {"England": ["A ruh - mun"]}
    out = adjudicate(doc)
    assert len(out["centers"]["England"]) == 18
    assert out["winner"] == "England"
