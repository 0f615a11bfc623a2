"""Symbols nobody misreads (issue 33): a hold, a support to hold, a dislodged unit, a unit
built and a unit removed are told apart by their shape whatever the power's colour; a
dislodged unit is drawn inside its own province; arrows ending in one province end apart;
a board of ten powers or more gives each power a pattern of its own."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

import variants
from judge.reports.pictures import draw
from judge.reports.pictures.palette import PATTERNED, styles
from judge.reports.pictures.scene import Dislodged, Order, Scene, Unit
from judge.reports.pictures.static import beside, within
from variants.geometry import geometry_of

STANDARD = variants.load("standard")
SVG = "{http://www.w3.org/2000/svg}"


def _scene(power: str) -> Scene:
    """One power's hold (lon), support to hold (wal holds for lon), dislodged unit (bur),
    build (edi) and removal (lvp)."""
    lon, wal = Unit(power, "F", "lon"), Unit(power, "A", "wal")
    orders = (Order(power, lon, "hold"), Order(power, wal, "support", helped=("lon",)))
    return Scene(
        "USTS: g",
        (lon, wal),
        {},
        {},
        orders,
        dislodged=(Dislodged(Unit(power, "A", "bur"), ("par",)),),
        built=(Unit(power, "A", "edi"),),
        removed=(Unit(power, "A", "lvp"),),
    )


def _shape(element: ET.Element) -> str:
    """The first mark of an element that is not a unit's own marker or its letter: its
    kind (ring, square, diamond, burst, cross) as its geometry says, not its colour."""
    for child in element.iter():
        tag = child.tag.replace(SVG, "")
        if tag == "circle" and child.get("fill") == "none" and float(child.get("r")) >= 13:
            return "dashed ring" if child.get("stroke-dasharray") else "ring"
        if tag == "polygon":
            points = [tuple(map(float, p.split(","))) for p in child.get("points").split()]
            if len(points) == 16:
                return "burst"
            if len(points) == 4 and min(math.dist(points[0], p) for p in points[1:]) > 20:
                xs = {round(p[0]) for p in points}
                return "square" if len(xs) == 2 else "diamond"
        if tag == "path" and child.get("class") == "cross":
            return "cross"
    return "none"


@pytest.mark.parametrize("power", [p.name for p in STANDARD.powers])
def test_hold_support_dislodged_built_and_removed_differ_in_shape_for_every_colour(power):
    root = ET.fromstring(draw(STANDARD, _scene(power)))
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    shapes = {
        "hold": _shape(by_id["o-lon"]),
        "support to hold": _shape(by_id["o-wal"]),
        "dislodged": _shape(by_id["d-bur"]),
        "built": _shape(by_id["b-edi"]),
        "removed": _shape(by_id["r-lvp"]),
    }
    assert shapes == {
        "hold": "ring", "support to hold": "square", "dislodged": "burst", "built": "diamond",
        "removed": "cross",
    }  # fmt: skip


@pytest.mark.parametrize(
    "name",
    ["standard", "youngstown", "chromatic", "pure", "sailho", "wraparound", "rootz", "machfive"],
)
def test_a_dislodged_unit_is_drawn_inside_its_own_province(name):
    drawn = geometry_of(variants.load(name))
    for abbr, place in drawn.places.items():
        for where in (abbr, *(f"{abbr}/{c}" for c in place.coasts)):
            assert within(place.rings, beside(drawn, where)), where


def test_the_dislodged_unit_of_vienna_is_no_longer_drawn_in_a_neighbour():
    # Before: beside Vienna's unit, up and right, in Galicia or Bohemia.
    drawn = geometry_of(STANDARD)
    spot = beside(drawn, "vie")
    assert within(drawn.places["vie"].rings, spot)
    assert not any(within(drawn.places[p].rings, spot) for p in ("gal", "boh", "bud", "tyr"))


def _end(element: ET.Element) -> tuple[float, float]:
    """Where an order's line ends: the last point of its first path."""
    path = next(c for c in element.iter() if c.tag == f"{SVG}path")
    x, y = re.findall(r"(-?[\d.]+),(-?[\d.]+)", path.get("d"))[-1]
    return float(x), float(y)


def test_arrows_ending_in_one_province_end_apart():
    units = [Unit("Austria", "A", "boh"), Unit("Germany", "A", "sil"), Unit("Russia", "A", "gal")]
    orders = tuple(
        Order(u.power, u, "move", path=(u.location, "vie"), succeeded=False) for u in units
    )
    helpers = [Unit("Austria", "A", "tyr"), Unit("Austria", "A", "mun")]
    orders += tuple(Order("Austria", h, "support", helped=("boh", "vie")) for h in helpers)
    scene = Scene("USTS: g", (*units, *helpers), {}, {}, orders)
    root = ET.fromstring(draw(STANDARD, scene))
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    ends = [_end(by_id[f"o-{u.location}"]) for u in units]
    assert min(math.dist(a, b) for i, a in enumerate(ends) for b in ends[i + 1 :]) >= 6
    # The two supports of one move end apart too.
    tyr, mun = (_end(by_id[f"o-{h.location}"]) for h in helpers)
    assert math.dist(tyr, mun) >= 6


def test_moves_from_either_side_of_the_west_end_apart():
    # Bohemia and Silesia lie west of Galicia, 18 degrees apart either side of due west
    # (where the angles turn from 180 to -180): their arrows end apart all the same.
    drawn = geometry_of(STANDARD)
    units = [Unit("Austria", "A", "boh"), Unit("Germany", "A", "sil")]
    orders = tuple(Order(u.power, u, "move", path=(u.location, "gal")) for u in units)
    root = ET.fromstring(draw(STANDARD, Scene("USTS: g", tuple(units), {}, {}, orders)))
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    boh, sil = (_end(by_id[f"o-{u.location}"]) for u in units)
    assert math.dist(boh, sil) >= 7.5
    assert all(math.dist(end, drawn.places["gal"].unit) < 13 for end in (boh, sil))


@pytest.mark.parametrize("name", variants.available())
def test_ten_powers_or_more_have_a_pattern_each(name):
    variant = variants.load(name)
    given = styles(variant)
    powers = [given[p.name] for p in variant.powers]
    if len(powers) < PATTERNED:
        assert {s.pattern for s in powers} == {"plain"}
        return
    # The pattern and the outline alone (no colour) tell every power apart.
    assert len({(s.pattern, s.ring) for s in powers}) == len(powers)
    assert len({s.pattern for s in powers}) > 1


def test_a_patterned_power_draws_its_pattern_in_its_markers():
    rootz = variants.load("rootz")
    assert len(rootz.powers) >= PATTERNED
    given = styles(rootz)
    power = next(p.name for p in rootz.powers if given[p.name].pattern != "plain")
    place = next(u.location for u in rootz.units if u.power == power)
    scene = Scene("USTS: g", (Unit(power, "A", place),), {}, {})
    root = ET.fromstring(draw(rootz, scene))
    unit = next(e for e in root.iter() if e.get("id") == f"u-{place}")
    assert any(c.get("class") == "pattern" for c in unit.iter())
