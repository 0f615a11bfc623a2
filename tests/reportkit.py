"""The documents the report tests read: a phase of the standard game adjudicated for real
(the opening, a winter's adjustments, a fall's retreats), and a text's lines, each text
checked to end with one newline and no blank line."""

from __future__ import annotations

from typing import Any

import variants
from adjudicator import adjudicate

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
