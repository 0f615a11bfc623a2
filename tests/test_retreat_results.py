"""Retreat results in the njudge's layout: where each dislodged unit went or that it was
destroyed, and after a fall retreat the ownership tables (shared/njudge-formats.md 2.5)."""

from __future__ import annotations

from judge.reports import play as r
from tests.reportkit import V, fall_retreat, lines_of, run


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
