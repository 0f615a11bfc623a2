"""Adjustment results in the njudge's three passes: the orders carried out, the builds left,
the removals made by default (shared/njudge-formats.md 2.6)."""

from __future__ import annotations

from judge.reports import play as r
from tests.reportkit import V, adjustments, lines_of, run


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
