"""An order in the njudge's words, as every listing and result phrases it
(shared/njudge-formats.md 2.3-2.6): seas without `the`, other powers' units by adjective."""

from __future__ import annotations

import pytest

from judge.reports import play as r
from tests.reportkit import V


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
