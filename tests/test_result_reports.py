"""The texts players read about the board: order listings, results, status and start.

Every document here comes from running the adjudicator on a real position, and every
expectation is the njudge's layout as its players see it (shared/njudge-formats.md 2.3-2.6,
2.11 and the njudge's own transcripts).
"""

from __future__ import annotations

from typing import Any

import pytest

import variants
from adjudicator import adjudicate
from judge.reports import results as r
from judge.reports.results.layout import wrap_commas, wrap_status, wrap_words

V = variants.load("standard")


def opening_units() -> dict[str, list[str]]:
    units: dict[str, list[str]] = {}
    for unit in V.units:
        units.setdefault(unit.power, []).append(f"{unit.type} {unit.location}")
    return units


def run(phase: str, units: dict, orders: dict, **rest: Any) -> tuple[dict, dict]:
    doc = {"variant": "standard", "phase": phase, "units": units, "orders": orders, **rest}
    return doc, adjudicate(doc)


def lines_of(text: str) -> list[str]:
    assert text.endswith("\n") and not text.endswith("\n\n"), repr(text[-20:])
    return text[:-1].split("\n")


# -- single orders in njudge words -------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "order", "kind", "words"),
    [
        ("Austria", "A vie - tri", None, "Army Vienna -> Trieste"),
        ("Germany", "F kie S A mun - ber", None, "Fleet Kiel SUPPORT Army Munich -> Berlin"),
        ("France", "A par S A mun", None, "Army Paris SUPPORT German Army Munich"),
        ("England", "F nth C A lon - nwy", None, "Fleet North Sea CONVOY Army London -> Norway"),
        ("England", "F lon H", None, "Fleet London HOLD"),
        ("England", "A lon - nth - nwy", None, "Army London -> North Sea -> Norway"),
        (
            "Russia",
            "F stp/sc - bot",
            None,
            "Fleet St Petersburg (south coast) -> Gulf of Bothnia",
        ),
        ("France", "F mao - spa/nc", None, "Fleet Mid-Atlantic Ocean -> Spain (north coast)"),
        (
            "France",
            "F gas S F mao - spa/nc",
            None,
            "Fleet Gascony SUPPORT Fleet Mid-Atlantic Ocean -> Spain (north coast)",
        ),
        ("Germany", "F kie R bal", "retreat", "Fleet Kiel -> Baltic Sea"),
        ("Germany", "A mun D", "retreat", "Army Munich DISBAND"),
        ("Austria", "A vie B", "adjustment", "Builds an army in Vienna"),
        (
            "Russia",
            "F stp/nc B",
            "adjustment",
            "Builds a fleet in St Petersburg (north coast)",
        ),
        ("England", "F nth D", "adjustment", "Removes the fleet in the North Sea"),
        ("Germany", "A bur D", "adjustment", "Removes the army in Burgundy"),
        ("England", "WAIVE", "adjustment", "Build waived"),
    ],
)
def test_an_order_in_njudge_words(power, order, kind, words):
    owners = {"mun": "Germany", "par": "France", "lon": "England"}
    assert r.order_phrase(V, power, order, owners=owners, kind=kind) == words


def test_another_powers_unit_is_named_by_its_adjective_in_a_convoy_too():
    phrase = r.order_phrase(V, "France", "F eng C A lon - bel", owners={"lon": "England"})
    assert phrase == "Fleet English Channel CONVOY English Army London -> Belgium"
    # The power's own unit is not: the njudge names only foreign units' owners.
    assert r.order_phrase(V, "England", "F nth C A lon - bel", owners={"lon": "England"}) == (
        "Fleet North Sea CONVOY Army London -> Belgium"
    )


# -- the current orders in a reply --------------------------------------------------------


def test_movement_listing_shows_errors_then_the_power_s_own_orders():
    _, out = run(
        "S1901M",
        opening_units(),
        {
            "France": ["A par-xyz", "A mar - bur", "a mar-spa", "F bre - mao"],
            "Germany": ["A mun - bur", "F kie - den"],
        },
    )
    text = r.orders_listing(V, "mygame", 1, "S1901M", "France", out)
    assert lines_of(text) == [
        "F: A par-xyz",
        out["orders"][0]["message"],
        "",
        "Movement orders for Spring of 1901. (mygame.001)",
        "",
        "France: Army Marseilles -> Spain.",
        "France: Army Paris, No Order Processed.",
        "France: Fleet Brest -> Mid-Atlantic Ocean.",
    ]
    # The replaced order (A mar - bur) is not shown, nor is anything of Germany's, and the
    # trial's verdicts (Marseilles bounces nowhere, but it could) never leak into a reply.
    assert "Burgundy" not in text and "Germany" not in text and "(*" not in text


def test_movement_listing_with_every_unit_unordered():
    _, out = run("S1901M", opening_units(), {})
    assert lines_of(r.orders_listing(V, "dt", 1, "S1901M", "Russia", out)) == [
        "Movement orders for Spring of 1901. (dt.001)",
        "",
        "Russia: Army Moscow, No Order Processed.",
        "Russia: Army Warsaw, No Order Processed.",
        "Russia: Fleet Sevastopol, No Order Processed.",
        "Russia: Fleet St Petersburg (south coast), No Order Processed.",
    ]


def test_movement_listing_names_supported_foreign_units_and_illegal_order_messages():
    _, out = run(
        "S1901M",
        opening_units(),
        {"Italy": ["A ven S F tri", "A rom - mos", "F nap - ion"], "Austria": ["F tri H"]},
    )
    assert lines_of(r.orders_listing(V, "mygame", 1, "S1901M", "Italy", out)) == [
        "I: A rom - mos",
        "The army in Rome can't get to Moscow.",
        "",
        "Movement orders for Spring of 1901. (mygame.001)",
        "",
        "Italy: Army Rome, No Order Processed.",
        "Italy: Army Venice SUPPORT Austrian Fleet Trieste.",
        "Italy: Fleet Naples -> Ionian Sea.",
    ]


def test_movement_listing_warns_of_own_convoys_that_do_not_match():
    units = {"England": ["A lon", "F nth", "F eng", "A wal"]}
    _, out = run(
        "S1901M",
        units,
        {"England": ["A lon - nth - nwy", "F nth H", "F eng C A wal - bre", "A wal H"]},
    )
    assert lines_of(r.orders_listing(V, "g", 3, "S1901M", "England", out))[2:] == [
        "England: Army London -> North Sea -> Norway. (*WARN: check convoy*)",
        "England: Army Wales HOLD.",
        "England: Fleet English Channel CONVOY Army Wales -> Brest. (*WARN: check convoy*)",
        "England: Fleet North Sea HOLD.",
    ]
    # Matching orders draw no warning.
    _, out = run("S1901M", units, {"England": ["A lon - nth - nwy", "F nth C A lon - nwy"]})
    assert "WARN" not in r.orders_listing(V, "g", 3, "S1901M", "England", out)


def test_a_convoy_route_the_order_left_out_is_shown_from_the_fleets_orders():
    units = {"England": ["A lon", "F nth", "F nwg"]}
    _, out = run("S1901M", units, {"England": ["A lon - nwy", "F nth C A lon - nwy"]})
    listing = r.orders_listing(V, "g", 1, "S1901M", "England", out)
    assert "England: Army London -> North Sea -> Norway." in lines_of(listing)


def test_retreat_listing():
    units = {"Austria": ["A vie", "A bud"], "Russia": ["A boh", "A tyr"]}
    _, moved = run("F1901M", units, {"Russia": ["A boh - vie", "A tyr S A boh - vie"]})
    assert moved["next_phase"] == "F1901R"
    doc = {
        "units": moved["units"],
        "centers": moved["centers"],
        "dislodged": moved["dislodged"],
    }
    _, out = run("F1901R", doc["units"], {}, dislodged=doc["dislodged"])
    assert lines_of(r.orders_listing(V, "mygame", 5, "F1901R", "Austria", out)) == [
        "Retreat orders for Fall of 1901.  (mygame.005)",
        "",
        "Austria:                  Army  Vienna, No Order Processed (DISBAND).",
    ]
    _, out = run("F1901R", doc["units"], {"Austria": ["A vie - gal"]}, dislodged=doc["dislodged"])
    assert lines_of(r.orders_listing(V, "mygame", 5, "F1901R", "Austria", out))[2:] == [
        "Austria:                  Army  Vienna -> Galicia.",
    ]


def adjustment_position() -> dict[str, Any]:
    return {
        "units": {
            "Austria": ["A ser", "A gre"],
            "England": ["F nth", "A nwy", "F lon"],
            "France": ["A par"],
            "Germany": ["A bur", "F hol", "A mun", "A ber", "F kie"],
            "Italy": ["A vie", "A bud", "F tri", "F ion"],
            "Russia": ["F bot", "A war", "A mos", "F sev", "A ukr"],
            "Turkey": ["A con"],
        },
        "centers": {
            "Austria": ["ser", "gre", "tri"],
            "England": ["lon", "edi", "lvp", "nwy"],
            "France": ["par", "bre", "mar"],
            "Germany": ["mun", "ber", "kie", "hol"],
            "Italy": ["vie", "bud", "tun"],
            "Russia": ["stp", "war", "mos", "sev", "rum", "swe"],
            "Turkey": ["con", "ank", "smy"],
        },
    }


def adjustments(orders: dict[str, list[str]]) -> tuple[dict, dict]:
    pos = adjustment_position()
    return run("F1901B", pos["units"], orders, centers=pos["centers"])


def test_adjustment_listing_counts_pending_builds():
    _, out = adjustments({"France": ["build A bre", "build A par"], "Turkey": ["build F ank"]})
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "France", out)) == [
        "F: build A par",
        "Paris already has a unit present.",
        "",
        "Adjustment orders for Winter of 1901.  (mygame.006)",
        "",
        "France:                   Builds an army in Brest.",
        "France:                   1 build pending.",
    ]
    # Austria owns Trieste but an Italian fleet stands there: the build cannot be used.
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "Austria", out))[2:] == [
        "Austria:                  1 unusable build pending.",
    ]
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "Turkey", out))[2:] == [
        "Turkey:                   Builds a fleet in Ankara.",
        "Turkey:                   1 build pending.",
    ]
    _, out = adjustments({})
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "France", out)) == [
        "Adjustment orders for Winter of 1901.  (mygame.006)",
        "",
        "France:                   2 builds pending.",
    ]


def test_adjustment_listing_shows_the_removal_the_judge_will_make_by_default():
    _, out = adjustments({"Germany": ["remove F nth"]})
    listing = lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "Germany", out))
    assert listing[:2] == [
        "G: remove F nth",
        "Germany does not own a unit in the North Sea to remove.",
    ]
    default = [
        line
        for line in out["orders"]
        if line["reason"] == "civil disorder" and line["power"] == "Germany"
    ]
    assert len(default) == 1
    assert listing[-1] == (
        "Germany:                  Defaults, removing "
        + r.order_phrase(V, "Germany", default[0]["order"], kind="adjustment")[len("Removes ") :]
        + "."
    )


# -- movement results ----------------------------------------------------------------------


def busy_spring() -> tuple[dict, dict]:
    return run(
        "S1902M",
        {
            "Austria": ["A boh", "A bud", "F tri"],
            "England": ["A lon", "F nth"],
            "France": ["F eng", "F bel"],
            "Germany": ["A ber", "A mun", "A den"],
            "Italy": ["A ven", "A rom", "A pie", "F adr", "A alb"],
            "Russia": ["A sev", "F swe", "F bal"],
            "Turkey": ["A arm", "F bla"],
        },
        {
            "Austria": ["A boh - mun", "A bud - rum"],
            "England": ["A lon - bel", "F nth C A lon - bel"],
            "France": ["F eng - nth", "F bel S F eng - nth"],
            "Germany": ["A ber - sil", "A mun S A ber - sil"],
            "Italy": ["A ven - tri", "F adr S A ven - tri", "A rom - apu", "A pie S A rom - tus"],
            "Russia": ["A sev - rum", "F swe - den", "F bal S F swe - den"],
            "Turkey": ["A arm - sev", "F bla S A arm - sev"],
        },
    )


def test_movement_results_with_every_kind_of_failure():
    doc, out = busy_spring()
    assert lines_of(r.movement_results(V, "mygame", 7, doc, out)) == [
        "Movement results for Spring of 1902. (mygame.007)",
        "",
        "Austria: Army Bohemia -> Munich. (*bounce*)",
        "Austria: Army Budapest -> Rumania. (*bounce*)",
        "Austria: Fleet Trieste, No Order Processed. (*dislodged*)",
        "",
        "England: Army London -> North Sea -> Belgium. (*no convoy*)",
        "England: Fleet North Sea CONVOY Army London -> Belgium. (*dislodged*)",
        "",
        "France: Fleet Belgium SUPPORT Fleet English Channel -> North Sea.",
        "France: Fleet English Channel -> North Sea.",
        "",
        "Germany: Army Berlin -> Silesia.",
        "Germany: Army Denmark, No Order Processed. (*dislodged*)",
        "Germany: Army Munich SUPPORT Army Berlin -> Silesia. (*cut*)",
        "",
        "Italy: Army Albania, No Order Processed.",
        "Italy: Army Piedmont SUPPORT Army Rome -> Tuscany. (*void*)",
        "Italy: Army Rome -> Apulia.",
        "Italy: Army Venice -> Trieste.",
        "Italy: Fleet Adriatic Sea SUPPORT Army Venice -> Trieste.",
        "",
        "Russia: Army Sevastopol -> Rumania. (*bounce, dislodged*)",
        "Russia: Fleet Baltic Sea SUPPORT Fleet Sweden -> Denmark.",
        "Russia: Fleet Sweden -> Denmark.",
        "",
        "Turkey: Army Armenia -> Sevastopol.",
        "Turkey: Fleet Black Sea SUPPORT Army Armenia -> Sevastopol.",
        "",
        "",
        "The following units were dislodged:",
        "",
        "The Austrian Fleet in Trieste with no valid retreats was destroyed.",
        "The English Fleet in the North Sea can retreat to Edinburgh or Helgoland Bight",
        "or Holland or Norwegian Sea or Norway or Skagerrak or Yorkshire.",
        "The German Army in Denmark can retreat to Kiel.",
        "The Russian Army in Sevastopol can retreat to Moscow or Ukraine.",
    ]


def test_dislodgement_lines_wrap_at_78_columns_with_no_indent():
    doc, out = busy_spring()
    text = r.movement_results(V, "mygame", 7, doc, out)
    tail = lines_of(text)[lines_of(text).index("The following units were dislodged:") + 2 :]
    assert all(len(line) <= 78 for line in tail)
    first, second = tail[1], tail[2]
    # The next word would have crossed column 78, and nothing is indented.
    assert len(first + " " + second.split()[0]) > 78 and not second.startswith(" ")


def test_a_spring_turn_has_no_ownership_table():
    doc, out = busy_spring()
    assert "Ownership" not in r.movement_results(V, "mygame", 7, doc, out)


def test_opening_moves_the_way_the_njudge_prints_them():
    doc, out = run(
        "S1901M",
        opening_units(),
        {
            "Austria": ["A vie - gal", "A bud - ser", "F tri - alb"],
            "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
            "Russia": ["A war - gal", "A mos - ukr", "F sev - bla", "F stp/sc - bot"],
            "Turkey": ["F ank - bla", "A con - bul", "A smy - arm"],
        },
    )
    lines = lines_of(r.movement_results(V, "mygame", 1, doc, out))
    assert lines[:6] == [
        "Movement results for Spring of 1901. (mygame.001)",
        "",
        "Austria: Army Budapest -> Serbia.",
        "Austria: Army Vienna -> Galicia. (*bounce*)",
        "Austria: Fleet Trieste -> Albania.",
        "",
    ]
    assert "France: Army Paris, No Order Processed." in lines
    assert "Russia: Fleet Sevastopol -> Black Sea. (*bounce*)" in lines
    assert "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia." in lines
    assert lines[-1] == "Turkey: Fleet Ankara -> Black Sea. (*bounce*)"


FALL_UNITS = {
    "Austria": ["A ser", "A vie", "F alb"],
    "England": ["A yor", "F nth", "F nwg"],
    "France": ["A bur", "A spa", "F mao"],
    "Germany": ["A ruh", "A kie", "F den"],
    "Italy": ["A apu", "A ven", "F ion"],
    "Russia": ["A ukr", "A gal", "F bot", "F bla"],
    "Turkey": ["A bul", "A arm", "F ank"],
}


def test_a_fall_turn_ends_with_the_ownership_and_adjustment_tables():
    doc, out = run(
        "F1901M",
        FALL_UNITS,
        {
            "Austria": ["F alb - gre", "A vie - tri", "A ser H"],
            "England": ["A yor - nth - nwy", "F nth C A yor - nwy", "F nwg S A yor - nwy"],
            "France": ["F mao - por", "A spa H", "A bur - bel"],
            "Germany": ["A ruh - hol", "A kie - mun", "F den H"],
            "Italy": ["F ion - tun", "A apu H", "A ven H"],
            "Russia": ["F bot - swe", "A ukr - rum", "A gal - war", "F bla S A ukr - rum"],
            "Turkey": ["A bul H", "A arm - sev", "F ank - con"],
        },
    )
    assert out["next_phase"] == "F1901B"
    lines = lines_of(r.movement_results(V, "mygame", 4, doc, out))
    assert "England: Army Yorkshire -> North Sea -> Norway." in lines
    assert "England: Fleet Norwegian Sea SUPPORT Army Yorkshire -> Norway." in lines
    start = lines.index("Ownership of supply centers:")
    assert lines[start - 1] == "" and lines[start - 2] == "Turkey: Fleet Ankara -> Constantinople."
    assert lines[start:] == [
        "Ownership of supply centers:",
        "",
        "Austria:   Budapest, Greece, Serbia, Trieste, Vienna.",
        "England:   Edinburgh, Liverpool, London, Norway.",
        "France:    Belgium, Brest, Marseilles, Paris, Portugal, Spain.",
        "Germany:   Berlin, Denmark, Holland, Kiel, Munich.",
        "Italy:     Naples, Rome, Tunis, Venice.",
        "Russia:    Moscow, Rumania, St Petersburg, Sweden, Warsaw.",
        "Turkey:    Ankara, Bulgaria, Constantinople, Sevastopol, Smyrna.",
        "",
        "Austria:   5 Supply centers,  3 Units:  Builds   2 units.",
        "England:   4 Supply centers,  3 Units:  Builds   1 unit.",
        "France:    6 Supply centers,  3 Units:  Builds   3 units.",
        "Germany:   5 Supply centers,  3 Units:  Builds   2 units.",
        "Italy:     4 Supply centers,  3 Units:  Builds   1 unit.",
        "Russia:    5 Supply centers,  4 Units:  Builds   1 unit.",
        "Turkey:    5 Supply centers,  3 Units:  Builds   2 units.",
    ]
    # Every centre has an owner, so there is no Unowned line.


def test_no_table_when_a_retreat_phase_comes_before_the_winter():
    doc, out = run(
        "F1901M",
        {"Austria": ["A vie", "A bud"], "Russia": ["A boh", "A tyr"]},
        {"Russia": ["A boh - vie", "A tyr S A boh - vie"]},
    )
    text = r.movement_results(V, "mygame", 4, doc, out)
    assert "Ownership" not in text
    assert lines_of(text)[-1] == "The Austrian Army in Vienna can retreat to Galicia or Trieste."


def test_singular_forms_removals_and_the_cd_tag():
    table = lines_of(
        r.ownership_tables(
            V,
            {"France": ["bre"], "Germany": ["ber", "mun"], "Italy": ["rom"]},
            {"France": [], "Germany": ["A ber", "A mun", "F kie"], "Italy": ["A rom"]},
            marks={"France": "CD", "Italy": "ABANDONED"},
        )
    )
    assert table[-3:] == [
        "France:    1 Supply center,   0 Units:  Builds   1 unit.   (* CD *)",
        "Germany:   2 Supply centers,  3 Units:  Removes  1 unit.",
        "Italy:     1 Supply center,   1 Unit:   Builds   0 units.  (* ABANDONED *)",
    ]
    # A power with neither centres nor units has no line at all.
    assert not any(line.startswith("Austria") for line in table)


def test_victory():
    centers = {
        "France": [
            "bre", "mar", "par", "spa", "por", "bel", "hol", "mun", "kie",
            "ber", "den", "lon", "lvp", "edi", "nwy", "swe", "stp",
        ],
        "Italy": ["rom", "nap"],
    }  # fmt: skip
    doc, out = run(
        "F1905M",
        {"France": ["A tyr", "A pie"], "Italy": ["A rom"]},
        {"France": ["A tyr - ven"]},
        centers=centers,
    )
    assert out["winner"] == "France"
    lines = lines_of(r.movement_results(V, "mygame", 20, doc, out))
    assert "France:   18 Supply centers,  2 Units:  Builds  16 units.  (* VICTORY!! *)" in lines
    assert "Italy:     2 Supply centers,  1 Unit:   Builds   1 unit." in lines
    ownership = lines[lines.index("Ownership of supply centers:") + 2 :]
    # France's list is too long for one line: wrapped after a comma, under the first name.
    assert ownership[0].startswith("France:    Belgium, Berlin, ")
    assert ownership[1].startswith("           ") and ownership[0].endswith(",")
    assert all(len(line) <= 79 for line in ownership)
    assert r.game_over_line() == "The game is over.  Thank you for playing.\n"
    assert r.GAME_OVER == "The game is over.  Thank you for playing."


# -- retreat results -----------------------------------------------------------------------


def fall_retreat(orders: dict[str, list[str]]) -> tuple[dict, dict]:
    _, moved = run(
        "F1901M",
        {
            "Austria": ["A vie", "A bud"],
            "England": ["F hel", "F bal"],
            "Germany": ["F kie", "A mun"],
            "Russia": ["A boh", "A tyr", "A sil"],
            "Turkey": ["A rum"],
        },
        {
            "England": ["F hel - kie", "F bal S F hel - kie"],
            "Russia": ["A boh - vie", "A tyr S A boh - vie", "A sil - mun"],
            "Turkey": ["A rum - bud"],
        },
    )
    assert moved["next_phase"] == "F1901R"
    return run(
        "F1901R",
        moved["units"],
        orders,
        centers=moved["centers"],
        dislodged=moved["dislodged"],
    )


def test_retreat_results_and_the_tables_after_a_fall_retreat():
    doc, out = fall_retreat({"Austria": ["A vie - gal"], "Germany": ["F kie - ber"]})
    lines = lines_of(r.retreat_results(V, "mygame", 5, doc, out))
    assert lines[:5] == [
        "Retreat results for Fall of 1901.  (mygame.005)",
        "",
        "Austria:                  Army  Vienna -> Galicia.",
        "Germany:                  Fleet Kiel -> Berlin.",
        "",
    ]
    assert lines[5:8] == [
        "Ownership of supply centers:",
        "",
        "Austria:   Budapest, Trieste.",
    ]
    assert lines[-7:] == [
        "Austria:   2 Supply centers,  2 Units:  Builds   0 units.",
        "England:   4 Supply centers,  2 Units:  Builds   2 units.",
        "France:    3 Supply centers,  0 Units:  Builds   3 units.",
        "Germany:   2 Supply centers,  2 Units:  Builds   0 units.",
        "Italy:     3 Supply centers,  0 Units:  Builds   3 units.",
        "Russia:    5 Supply centers,  3 Units:  Builds   2 units.",
        "Turkey:    4 Supply centers,  1 Unit:   Builds   3 units.",
    ]


def test_retreat_results_disband_and_no_order():
    doc, out = fall_retreat({"Austria": ["A vie D"]})
    assert lines_of(r.retreat_results(V, "mygame", 5, doc, out))[2:4] == [
        "Austria:                  Army  Vienna DISBAND.",
        "Germany:                  Fleet Kiel, No Order Processed (DISBAND).",
    ]


def test_a_spring_retreat_has_no_tables():
    _, moved = run(
        "S1901M",
        {"Austria": ["A war"], "Russia": ["A pru", "A sil"]},
        {"Russia": ["A pru - war", "A sil S A pru - war"]},
    )
    doc, out = run(
        "S1901R",
        moved["units"],
        {"Austria": ["A war - mos"]},
        centers=moved["centers"],
        dislodged=moved["dislodged"],
    )
    assert r.retreat_results(V, "mygame", 2, doc, out) == (
        "Retreat results for Spring of 1901.  (mygame.002)\n"
        "\n"
        "Austria:                  Army  Warsaw -> Moscow.\n"
    )


def test_two_retreats_to_one_place_are_both_destroyed():
    _, moved = run(
        "S1901M",
        {"Austria": ["A mun"], "France": ["A bur", "A ruh"], "Germany": ["A pru"],
         "Russia": ["A war", "A lvn"]},
        {"France": ["A bur - mun", "A ruh S A bur - mun"],
         "Russia": ["A war - pru", "A lvn S A war - pru"]},
    )  # fmt: skip
    assert [d["unit"] for d in moved["dislodged"]] == ["A mun", "A pru"]
    doc, out = run(
        "S1901R",
        moved["units"],
        {"Austria": ["A mun - ber"], "Germany": ["A pru - ber"]},
        centers=moved["centers"],
        dislodged=moved["dislodged"],
    )
    assert lines_of(r.retreat_results(V, "g", 2, doc, out))[2:] == [
        "Austria:                  Army  Munich -> Berlin (*bounce, destroyed*).",
        "Germany:                  Army  Prussia -> Berlin (*bounce, destroyed*).",
    ]
    # Before the deadline a reply shows the order only: the trial's bounce would tell
    # Austria what Germany ordered.
    assert lines_of(r.orders_listing(V, "g", 2, "S1901R", "austria", out))[2:] == [
        "Austria:                  Army  Munich -> Berlin.",
    ]


# -- adjustment results --------------------------------------------------------------------


def test_adjustment_results_in_the_njudge_s_three_passes():
    doc, out = adjustments(
        {
            "Russia": ["build F stp/nc", "build A mos"],
            "England": ["waive"],
            "France": ["build A bre", "build A mar"],
            "Germany": ["remove F nth"],
            "Italy": ["remove F ion"],
            "Turkey": ["build F ank"],
        }
    )
    assert lines_of(r.adjustment_results(V, "mygame", 6, doc, out)) == [
        "Adjustment results for Winter of 1901.  (mygame.006)",
        "",
        "England:                  Build waived.",
        "France:                   Builds an army in Brest.",
        "France:                   Builds an army in Marseilles.",
        "Italy:                    Removes the fleet in the Ionian Sea.",
        "Russia:                   Builds a fleet in St Petersburg (north coast).",
        "Turkey:                   Builds a fleet in Ankara.",
        "Austria:                  1 unusable build waived.",
        "Turkey:                   1 build pending.",
        "Germany:                  Defaults, removing the army in Burgundy.",
    ]


def test_a_removal_by_default_of_a_fleet_at_sea():
    doc, out = run(
        "F1901B",
        {"England": ["F nth", "F lon", "F edi"]},
        {},
        centers={"England": ["lon", "edi"]},
    )
    assert lines_of(r.adjustment_results(V, "g", 6, doc, out))[2:] == [
        "England:                  Defaults, removing the fleet in the North Sea.",
    ]


# -- after the results ---------------------------------------------------------------------


def test_next_phase_lines():
    text = r.next_phase_lines(V, "mygame", "F1901B", "Mon Jan 12 2004 23:30:00 +0000")
    assert lines_of(text) == [
        "The next phase of 'mygame' will be Adjustments for Winter of 1901.",
        "The deadline for orders will be Mon Jan 12 2004 23:30:00 +0000.",
    ]
    text = r.next_phase_lines(V, "mygame", "S1902R", "x")
    assert lines_of(text)[0] == "The next phase of 'mygame' will be Retreats for Spring of 1902."


# -- the board as it stands ----------------------------------------------------------------


def test_starting_position_like_the_report_file():
    lines = lines_of(r.starting_position(V, "S1901M"))
    assert lines[:6] == [
        "Starting position for Spring of 1901.",
        "",
        "Austria: Army  Vienna.",
        "Austria: Army  Budapest.",
        "Austria: Fleet Trieste.",
        "",
    ]
    # In the report file's order (London before Edinburgh, the army last), not sorted.
    assert lines[6:9] == [
        "England: Fleet London.",
        "England: Fleet Edinburgh.",
        "England: Army  Liverpool.",
    ]
    assert "France:  Army  Paris." in lines
    assert "Italy:   Fleet Naples." in lines
    assert "Russia:  Fleet St Petersburg (south coast)." in lines
    assert lines[-1] == "Turkey:  Fleet Ankara."
    assert len([line for line in lines if line.endswith(".")]) == 1 + 22


# The njudge's own LIST of a new standard game (tests/baseline/Bug91-11.out).
NJUDGE_STATUS = """\
Status of the Movement phase for Spring of 1901.  (dt.001)

Austria: Army Budapest.
Austria: Army Vienna.
Austria: Fleet Trieste.

England: Army Liverpool.
England: Fleet Edinburgh.
England: Fleet London.

France:  Army Marseilles.
France:  Army Paris.
France:  Fleet Brest.

Germany: Army Berlin.
Germany: Army Munich.
Germany: Fleet Kiel.

Italy:   Army Rome.
Italy:   Army Venice.
Italy:   Fleet Naples.

Russia:  Army Moscow.
Russia:  Army Warsaw.
Russia:  Fleet Sevastopol.
Russia:  Fleet St Petersburg (south coast).

Turkey:  Army Constantinople.
Turkey:  Army Smyrna.
Turkey:  Fleet Ankara.


Ownership of supply centers:

Austria:   Budapest, Trieste, Vienna.
England:   Edinburgh, Liverpool, London.
France:    Brest, Marseilles, Paris.
Germany:   Berlin, Kiel, Munich.
Italy:     Naples, Rome, Venice.
Russia:    Moscow, Sevastopol, St Petersburg, Warsaw.
Turkey:    Ankara, Constantinople, Smyrna.
Unowned:   Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal,
           Rumania, Serbia, Spain, Sweden, Tunis.

Austria:   3 Supply centers,  3 Units:  Builds   0 units.
England:   3 Supply centers,  3 Units:  Builds   0 units.
France:    3 Supply centers,  3 Units:  Builds   0 units.
Germany:   3 Supply centers,  3 Units:  Builds   0 units.
Italy:     3 Supply centers,  3 Units:  Builds   0 units.
Russia:    4 Supply centers,  4 Units:  Builds   0 units.
Turkey:    3 Supply centers,  3 Units:  Builds   0 units.
"""


def test_status_listing_of_a_new_game_is_the_njudge_s():
    assert r.status_listing(V, "dt", 1, "S1901M", {"units": opening_units()}) == NJUDGE_STATUS


def test_status_listing_in_a_retreat_phase_shows_where_units_may_go():
    doc, _ = fall_retreat({})
    text = r.status_listing(V, "mygame", 5, "F1901R", doc)
    lines = lines_of(text)
    assert lines[0] == "Status of the Retreat phase for Fall of 1901.  (mygame.005)"
    assert lines[1:5] == [
        "",
        "Austria: Army Budapest.",
        "Austria: Army Vienna can retreat to Galicia or Trieste.",
        "",
    ]
    assert "Germany: Fleet Kiel can retreat to Berlin or Denmark or Holland." in lines
    # The column after the power is set by the longest name among powers with units.
    assert "Turkey:  Army Rumania." in lines
    # Dislodged units still count in the table until they have retreated.
    assert "Austria:   3 Supply centers,  2 Units:  Builds   1 unit." in lines


# -- where the njudge breaks long lines ----------------------------------------------------


def test_sentences_break_before_column_79():
    # The njudge's loop counts the line's newline too: 78 characters stay on one line.
    fits = "x" * 70 + " " + "y" * 7
    assert wrap_words(fits) == [fits]
    assert wrap_words(fits + "z") == ["x" * 70, "y" * 7 + "z"]
    # A space in column 79 still ends the first line there.
    assert wrap_words("x" * 78 + " yy") == ["x" * 78, "yy"]


def test_lists_break_after_a_comma_and_go_on_under_the_first_name():
    head = "Unowned:   "
    names = ", ".join(["Abcdefg"] * 7) + ", Abcdef."  # 11 + 72 = 83 columns
    assert wrap_commas(head + names, 11) == [
        head + ", ".join(["Abcdefg"] * 7) + ",",
        " " * 11 + "Abcdef.",
    ]
    fits = head + "A" * 62 + ", Bc."  # 78 columns
    assert wrap_commas(fits, 11) == [fits]
    assert wrap_commas(fits[:-1] + "d.", 11) == [head + "A" * 62 + ",", " " * 11 + "Bcd."]
    # A comma in column 79 is the njudge's last chance to break: that line has 79 columns.
    assert wrap_commas(head + "A" * 67 + ", Bc.", 11) == [
        head + "A" * 67 + ",",
        " " * 11 + "Bc.",
    ]


def test_status_lines_break_at_80_columns_then_indent_nine():
    line = "Russia:  Fleet " + "w" * 60 + " can retreat to " + " or ".join(["Zzzzzzzzzz"] * 6)
    out = wrap_status(line)
    assert len(out[0]) <= 80 and all(len(x) <= 78 for x in out[1:])
    assert all(x.startswith("         ") and not x.startswith("          ") for x in out[1:])
    assert " ".join(x.strip() for x in out) == line
    assert wrap_status("x" * 80) == ["x" * 80]
    assert wrap_status("x" * 79 + " y") == ["x" * 79, "         y"]
    # A space in column 81 is too late: the break is at the space before it.
    assert wrap_status("x" * 70 + " " + "y" * 9 + " z") == ["x" * 70, "         yyyyyyyyy z"]
    assert wrap_status("x" * 79 + " " + "b" * 70) == ["x" * 79, "         " + "b" * 70]
    assert wrap_status("x" * 79 + " " + "b" * 64 + " cccccc") == [
        "x" * 79,
        "         " + "b" * 64,
        "         cccccc",
    ]


def test_units_spelt_any_way_the_adjudicator_accepts_are_matched_with_its_answer():
    doc, out = run("S1901M", {"russia": ["f StP(sc)", "a MOS"]}, {"Russia": ["F stp/sc - bot"]})
    assert lines_of(r.movement_results(V, "g", 1, doc, out))[2:] == [
        "Russia: Army Moscow, No Order Processed.",
        "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.",
    ]
