"""The pictures of a Machiavelli board (docs/pictures.md, "Machiavelli"): cities by kind and
owner, garrisons in their cities, sieges, besiege, lift and convert orders, autonomous units
in grey, provinces tinted by the power that controls them; drawn from the adjudicator's
documents, and found by id and class as a reader (or this test) finds them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import variants
from adjudicator import adjudicate
from judge.reports.pictures import phase_picture, position_picture
from judge.reports.pictures.palette import GREY

MACH = variants.load("machiavelli")
SVG = "{http://www.w3.org/2000/svg}"


def played(phase: str, units: dict, orders: dict, **more) -> tuple[dict, dict]:
    doc = {"variant": "machiavelli", "phase": phase, "units": units, "orders": orders,
           "options": {"money": False}, **more}  # fmt: skip
    return doc, adjudicate(doc)


def elements(svg: str) -> dict[str, ET.Element]:
    return {e.get("id"): e for e in ET.fromstring(svg).iter() if e.get("id")}


def classes(e: ET.Element) -> set[str]:
    return set((e.get("class") or "").split())


def box(e: ET.Element) -> tuple[float, float, float, float]:
    """The least box round the points of an element's polygons."""
    xs, ys = [], []
    for shape in e.iter(f"{SVG}polygon"):
        for pair in shape.get("points", "").split():
            x, y = pair.split(",")
            xs.append(float(x))
            ys.append(float(y))
    return min(xs), min(ys), max(xs), max(ys)


def test_a_campaign_shows_cities_garrisons_sieges_conversions_and_control():
    doc, out = played(
        "S1454M",
        {"Milan": ["A gen", "G mil", "A pav"], "France": ["A sav"], "Venice": ["A fer"],
         "Autonomous": ["G fer"]},
        {"Milan": ["A gen C G", "G mil C A"], "Venice": ["A fer B"], "France": ["A sav H"]},
    )  # fmt: skip
    found = elements(phase_picture(MACH, "USTS", "rinascimento", doc, out).svg)
    # Cities by kind, fortresses, ports.
    assert {"centre", "city", "major"} <= classes(found["c-flo"])
    assert {"city", "walled"} <= classes(found["c-are"])
    assert {"city", "open", "port"} <= classes(found["c-cor"])
    assert classes(found["c-aqu"]) == {"fortress"}
    # A garrison stands inside its city's marker; an autonomous one is grey.
    assert classes(found["u-mil-city"]) == {"unit", "garrison"}
    inner, outer = box(found["u-mil-city"]), box(found["c-mil"])
    assert outer[0] < inner[0] and outer[1] < inner[1]
    assert inner[2] < outer[2] and inner[3] < outer[3]
    autonomous = found["u-fer-city"]
    assert autonomous.get("data-power") == "Autonomous"
    assert next(autonomous.iter(f"{SVG}polygon")).get("fill") == GREY
    # The orders: a siege begun, conversions both ways.
    assert {"order", "besiege"} <= classes(found["o-fer"])
    assert out["machiavelli"]["sieges"] == ["fer"] and classes(found["s-fer"]) == {"siege"}
    assert {"order", "convert"} <= classes(found["o-gen"])
    assert {"order", "convert"} <= classes(found["o-mil-city"])
    # Control: Milan's provinces tinted, Venice's (a colour another power has) striped.
    assert found["t-pav"].get("data-power") == "Milan"
    assert found["t-ven"].get("fill", "").startswith("url(#")


def test_a_lifted_siege_and_a_garrison_built_in_its_city():
    doc, out = played(
        "U1454M", {"Venice": ["A fer"], "Autonomous": ["G fer"]}, {"Venice": ["A fer LS"]},
        machiavelli={"sieges": ["fer"]},
    )  # fmt: skip
    found = elements(phase_picture(MACH, "USTS", "rinascimento", doc, out).svg)
    assert {"order", "lift"} <= classes(found["o-fer"]) and "s-fer" not in found
    doc, out = played("F1454B", {"Venice": ["A pad"]}, {"Venice": ["B G ven"]})
    found = elements(phase_picture(MACH, "USTS", "rinascimento", doc, out).svg)
    assert "build" in classes(found["b-ven-city"])


def test_a_scenario_board_as_it_stands_draws_with_its_autonomous_garrisons():
    variant = variants.load("mach_aoc")
    units: dict[str, list[str]] = {}
    for u in variant.units:
        units.setdefault(u.power, []).append(f"{u.type} {u.location}")
    position = {"units": units, "centers": {}, "dislodged": []}
    picture = position_picture(variant, "USTS", "g", variant.start, position)
    found = elements(picture.svg)
    assert any(e.get("data-power") == "Autonomous" for e in found.values())
    assert len(picture.png) < 150_000 and len(picture.svg.encode()) < 150_000
