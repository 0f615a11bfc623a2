"""The variant rules on the shipped loeb9 and colonial boards, through the phase document
(docs/phase-format.md) the judge hands the adjudicator."""

from __future__ import annotations

from typing import Any

from adjudicator import adjudicate


def phase(variant: str, when: str, units: dict, orders: dict, **options: Any) -> dict[str, Any]:
    doc = {"variant": variant, "phase": when, "units": units, "orders": orders}
    if options:
        doc["options"] = options
    return adjudicate(doc)


def result_of(out: dict[str, Any], text: str) -> dict[str, Any]:
    [found] = [line for line in out["orders"] if line["text"] == text]
    return found


def test_loeb9_arctic_ocean_and_crossings() -> None:
    """info.loeb9: no orders in the Arctic Ocean and no moves into it in the Fall; the army
    crossing from Naples to Sicily moves at the strength of its supports alone."""
    units = {"Norway": ["F arc", "F nwg"], "Italy": ["A nap"]}
    orders = {"Norway": ["F arc - bar", "F nwg - arc"], "Italy": ["A nap - sic"]}
    fall = phase("loeb9", "F1901M", units, orders)
    assert result_of(fall, "F arc - bar")["result"] == "illegal"
    assert result_of(fall, "F nwg - arc")["result"] == "illegal"
    assert result_of(fall, "A nap - sic")["result"] == "fails"
    spring = phase("loeb9", "S1901M", units, orders)
    assert result_of(spring, "F arc - bar")["result"] == "succeeds"
    assert spring["units"]["Italy"] == ["A nap"]


def test_colonial_cebu_convoys_by_default() -> None:
    """info.colonial rule 3: fleets in Cebu take part in convoys (the variant's `duality`);
    SET NO DUALITY would turn it off."""
    units = {"Britain": ["A mna", "F ceb"]}
    orders = {"Britain": ["A mna - dav", "F ceb C A mna - dav"]}
    out = phase("colonial", "S1870M", units, orders)
    assert result_of(out, "A mna - dav")["result"] == "succeeds"
    off = phase("colonial", "S1870M", units, orders, duality=False)
    assert result_of(off, "F ceb C A mna - dav")["result"] == "illegal"


def test_colonial_optional_rules_by_the_document() -> None:
    """The three options reach the adjudicator through the document: the railway ride, the
    canal's leave, and Hong Kong left unowned under China."""
    units = {
        "Russia": ["A vla"],
        "Britain": ["A egy", "F meds"],
        "China": ["A can"],
    }
    orders = {
        "Russia": ["A vla - tsr - mos"],
        "Britain": ["sc S F meds - reds", "F meds - reds"],
        "China": ["A can - hk"],
    }
    centers = {"China": ["can", "pek"], "Britain": ["hk", "egy"], "Russia": ["mos", "vla"]}
    doc = {"variant": "colonial", "phase": "F1870M", "units": units, "orders": orders}
    doc["centers"] = centers
    doc["options"] = {"railways": True, "gateways": True, "hong_kong": True}
    out = adjudicate(doc)
    assert out["units"]["Russia"] == ["A mos"]
    assert out["units"]["Britain"] == ["A egy", "F reds"]
    assert "hk" not in out["centers"].get("China", [])
    assert "hk" not in out["centers"].get("Britain", [])
