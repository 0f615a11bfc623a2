"""Every kind of impossible order is refused with its reason, in the njudge's words."""

from __future__ import annotations

import pytest

from adjudicator import adjudicate

START = {
    "Austria": ["A bud", "A vie", "F tri"],
    "England": ["A lvp", "F edi", "F lon"],
    "France": ["A mar", "A par", "F bre"],
    "Germany": ["A ber", "A mun", "F kie"],
    "Italy": ["A rom", "A ven", "F nap"],
    "Russia": ["A mos", "A war", "F sev", "F stp/sc"],
    "Turkey": ["A con", "A smy", "F ank"],
}


def line_for(power: str, text: str, phase: str = "S1901M", **doc) -> dict:
    document = {"phase": phase, "units": doc.pop("units", START), "orders": {power: [text]}}
    document.update(doc)
    out = adjudicate(document)
    return next(line for line in out["orders"] if line["text"] == text)


@pytest.mark.parametrize(
    ("power", "text", "code", "message"),
    [
        ("France", "A Par-Mos", "not adjacent", "The army in Paris can't get to Moscow."),
        (
            "England",
            "A Lvp-Iri",
            "not adjacent",
            "The army in Liverpool can't get to the Irish Sea.",
        ),
        ("Germany", "F Kie-Mun", "not adjacent", "The fleet in Kiel can't get to Munich."),
        ("Italy", "F Nap-Ven", "not adjacent", "The fleet in Naples can't get to Venice."),
        ("France", "A Bur-Par", "no such unit", "No army present in Burgundy."),
        ("France", "Nth-Nwy", "no such unit", "No unit present in the North Sea."),
        ("France", "A Lon-Yor", "wrong unit type", "The unit in London is a fleet, not an army."),
        ("France", "F Lon-Nth", "not your unit", "France doesn't own the fleet in London."),
        ("France", "A Par", "syntax", "Invalid order for the army in Paris."),
        ("France", "A Par-Par", "same province", "The army in Paris is already in Paris."),
        (
            "Russia",
            "F Sev-Stp",
            "not adjacent",
            "The fleet in Sevastopol can't get to St Petersburg.",
        ),
        ("France", "F Bre-Lon-Nwy", "cannot convoy fleet", "Only armies can be convoyed."),
        (
            "France",
            "A Par S A Mar-Spa",
            "not adjacent",
            "The army in Paris can't get to Spain to support.",
        ),
        (
            "France",
            "A Mar S A Par-Pic",
            "not adjacent",
            "The army in Marseilles can't get to Picardy to support.",
        ),
        ("France", "A Par S A Par", "support self", "A unit cannot support itself."),
        ("France", "A Par S A Bur", "no such unit", "No army present in Burgundy."),
        (
            "France",
            "A Par S A Mar-Par",
            "own province",
            "A unit cannot support a move into its own province.",
        ),
        ("France", "A Mar S A Par-Spa", "impossible move", "The army in Paris can't get to Spain."),
        (
            "France",
            "A Par C A Mar-Spa",
            "cannot convoy",
            "The army in Paris can't convoy anything.",
        ),
        (
            "France",
            "F Bre C A Par-Lon",
            "cannot convoy",
            "The fleet in Brest can't convoy anything.",
        ),
        (
            "France",
            "A Par d",
            "wrong phase",
            "This game does not allow disband orders in movement phases.",
        ),
        ("France", "A Par-xyz", "syntax", "Movement to unrecognized province -> xyz"),
        ("France", "Xyz-Par", "syntax", "Unrecognized source province -> xyz-par"),
        ("France", "A Par-Bur please", "syntax", "Invalid order syntax -> please"),
    ],
)
def test_movement_orders_refused_with_a_reason(power, text, code, message):
    line = line_for(power, text)
    assert line["result"] == "illegal"
    assert (line["reason"], line["message"]) == (code, message)


def test_a_convoy_needs_fleets_that_could_carry_the_army():
    line = line_for("England", "A Lvp-Nwy")
    assert line["result"] == "illegal"
    assert line["message"] == (
        "The army in Liverpool can't get to Norway: no fleets could convoy it there."
    )


def test_convoy_order_off_every_route_is_refused():
    units = {"England": ["A lon", "F nth", "F eng"]}
    line = line_for("England", "F ENG C A LON - NWY", units=units)
    assert line["reason"] == "not on route"
    assert line["message"] == (
        "The fleet in the English Channel is on no convoy route from London to Norway."
    )


def test_a_fleet_cannot_be_convoyed():
    units = {"England": ["F lon", "F nth"]}
    assert line_for("England", "F nth C F lon - bel", units=units)["message"] == (
        "Only armies can be convoyed."
    )


def test_landlocked_army_cannot_be_convoyed():
    units = {"England": ["A par", "F eng"]}
    assert line_for("England", "F eng C A par - lon", units=units)["reason"] == "landlocked"


def test_named_route_must_be_a_chain_of_fleets():
    units = {"England": ["A lon", "F nth", "F nwg"]}
    line = line_for("England", "A Lon-Eng-Nwy", units=units)
    assert line["message"] == "There is no fleet in the English Channel to convoy it."
    line = line_for("England", "A Lon-Nwg-Nwy", units=units)
    assert line["message"] == ("The army in London can't convoy from London to the Norwegian Sea.")
    line = line_for("England", "A Lon-Nth-Nwg-Stp", units=units)
    assert line["message"] == (
        "The army in London can't convoy from the Norwegian Sea to St Petersburg."
    )


def test_coasts_must_be_given_when_both_can_be_reached():
    units = {"France": ["F mao"]}
    assert line_for("France", "F Mao-Spa", units=units)["message"] == (
        "Province has coasts - please specify one."
    )
    assert line_for("France", "F Mao-Spa/nc", units=units)["result"] == "succeeds"


def test_a_wrong_coast_is_refused():
    units = {"France": ["F gas"]}
    line = line_for("France", "F Gas-Spa(sc)", units=units)
    assert line["reason"] == "bad coast"
    assert line["message"] == "The fleet in Gascony can't get to Spain (south coast)."


def test_later_orders_replace_earlier_ones():
    out = adjudicate(
        {"phase": "S1901M", "units": START, "orders": {"France": ["A Par-Bur", "A Par-Gas"]}}
    )
    first, second = out["orders"][0], out["orders"][1]
    assert (first["result"], first["reason"]) == ("illegal", "replaced")
    assert second["result"] == "succeeds"
    assert "A gas" in out["units"]["France"]


def test_unordered_units_hold_and_are_listed():
    out = adjudicate({"phase": "S1901M", "units": {"France": ["A par"]}, "orders": {}})
    assert out["orders"] == [
        {
            "power": "France",
            "text": "",
            "order": "A par H",
            "result": "succeeds",
            "reason": "no order",
        }
    ]


# -- retreat phase -------------------------------------------------------------------------

RETREAT = {
    "phase": "F1901R",
    "units": {"Germany": ["A bur", "A mun"], "France": ["A par"]},
    "dislodged": [{"power": "France", "unit": "A mar", "retreats": ["gas", "pie", "spa"]}],
}


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("A Par-Pic", "not dislodged", "The army in Paris was not dislodged."),
        ("A Mar-Bur", "cannot retreat", "The army in Marseilles can't retreat to Burgundy."),
        (
            "A Mar S A Par",
            "wrong phase",
            "Only retreats and disbands are allowed in a retreat phase.",
        ),
        ("A Mar H", "wrong phase", "Only retreats and disbands are allowed in a retreat phase."),
        ("F Mar-Gas", "wrong unit type", "The unit in Marseilles is an army, not a fleet."),
    ],
)
def test_retreat_orders_refused_with_a_reason(text, code, message):
    line = line_for("France", text, **RETREAT)
    assert (line["result"], line["reason"], line["message"]) == ("illegal", code, message)


def test_two_retreats_to_one_place_both_disband():
    doc = {
        "phase": "F1901R",
        "units": {"Germany": ["A mun"]},
        "dislodged": [
            {"power": "France", "unit": "A bur", "retreats": ["pic", "gas"]},
            {"power": "Italy", "unit": "A mar", "retreats": ["gas", "pie"]},
        ],
        "orders": {"France": ["A Bur-Gas"], "Italy": ["A Mar-Gas"]},
    }
    out = adjudicate(doc)
    assert [line["result"] for line in out["orders"]] == ["fails", "fails"]
    assert out["units"] == {"Germany": ["A mun"]}


def test_an_unordered_dislodged_unit_is_disbanded():
    out = adjudicate({**RETREAT, "orders": {}})
    assert out["orders"] == [
        {
            "power": "France",
            "text": "",
            "order": "A mar D",
            "result": "succeeds",
            "reason": "no order",
        }
    ]
    assert "France" in out["units"] and "A mar" not in out["units"]["France"]


def test_retreat_options_can_be_computed_from_the_attacker():
    doc = {
        "phase": "F1901R",
        "units": {"Germany": ["A mar", "A bur"]},
        "dislodged": [{"power": "France", "unit": "A mar", "attacker_from": "pie"}],
        "contested": ["gas"],
        "orders": {"France": ["A Mar-Spa"]},
    }
    # The board already shows the attacker in Marseilles: the retreat list is worked out.
    doc["units"] = {"Germany": ["A bur"], "Italy": ["A mar"]}
    out = adjudicate(doc)
    assert out["orders"][0]["result"] == "succeeds"
    assert adjudicate({**doc, "orders": {"France": ["A Mar-Gas"]}})["orders"][0]["reason"] == (
        "cannot retreat"
    )
    assert adjudicate({**doc, "orders": {"France": ["A Mar-Pie"]}})["orders"][0]["reason"] == (
        "cannot retreat"
    )


# -- adjustment phase ----------------------------------------------------------------------

WINTER = {
    "phase": "F1901B",
    "units": {"England": ["F nth", "A yor"], "Germany": ["A ber", "A mun", "F kie", "A den"]},
    "centers": {"England": ["lon", "edi", "lvp", "nwy"], "Germany": ["ber", "mun", "kie"]},
}


@pytest.mark.parametrize(
    ("power", "text", "code", "message"),
    [
        ("England", "Build Lon", "type missing", "Unit type must be specified for build."),
        ("England", "Build A Par", "not owned", "England does not control Paris."),
        ("England", "Build A Nwy", "not home", "Norway is not a home province for England."),
        ("England", "Build A Yor", "not a center", "Yorkshire is not a supply centre."),
        ("England", "Build F Wal", "not a center", "Wales is not a supply centre."),
        ("Germany", "Build A Ber", "no builds", "Germany is not permitted to build any units."),
        ("England", "Remove A Yor", "no removals", "England is not permitted to remove any units."),
        (
            "Germany",
            "Remove A Par",
            "no such unit",
            "Germany does not own a unit in Paris to remove.",
        ),
        ("Germany", "Waive", "no builds", "Germany is not permitted to build any units."),
    ],
)
def test_adjustment_orders_refused_with_a_reason(power, text, code, message):
    line = line_for(power, text, **WINTER)
    assert (line["result"], line["reason"], line["message"]) == ("illegal", code, message)


def test_build_rules_for_fleets_and_occupied_centres():
    doc = {
        "phase": "F1901B",
        "units": {"Russia": ["A stp"]},
        "centers": {"Russia": ["stp", "mos", "war", "sev", "rum"]},
    }
    assert line_for("Russia", "F Mos B", **doc)["message"] == "A fleet cannot be built in Moscow."
    assert line_for("Russia", "F Sev B", **doc)["result"] == "succeeds"
    assert line_for("Russia", "A Stp B", **doc)["message"] == (
        "St Petersburg already has a unit present."
    )
    doc["units"] = {"Russia": ["A mos"]}
    assert line_for("Russia", "F Stp B", **doc)["message"] == (
        "Province has coasts - please specify one."
    )
    assert line_for("Russia", "F Stp/nc B", **doc)["result"] == "succeeds"


def test_an_order_without_a_word_builds_or_removes_as_the_count_says():
    assert line_for("England", "F Lon", **WINTER)["order"] == "F lon B"
    line = line_for("Germany", "A Den", **WINTER)
    assert (line["order"], line["result"]) == ("A den D", "succeeds")


def test_a_waive_uses_a_build():
    out = adjudicate({**WINTER, "orders": {"England": ["Waive", "Build A Lon", "Build F Edi"]}})
    results = [line["result"] for line in out["orders"] if line["power"] == "England"]
    assert results == ["fails", "succeeds", "succeeds"]


def test_removals_not_ordered_follow_civil_disorder():
    out = adjudicate({**WINTER, "orders": {}})
    line = next(line for line in out["orders"] if line["power"] == "Germany")
    assert (line["order"], line["reason"]) == ("A den D", "civil disorder")
