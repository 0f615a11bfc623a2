"""The board's pictures as drawn (judge/reports/pictures/, variants/geometry.py): every
variant draws; the standard board's outlines touch exactly where its provinces are
neighbours; a phase's picture shows its moves, supports, convoys, holds, failures,
dislodgements, retreats, builds and removals as elements a reader (and this test) can find
by id and class; the geometry files read back as they were written."""

from __future__ import annotations

import io
import struct
import xml.etree.ElementTree as ET

import pytest
from PIL import Image, ImageChops

import variants
from adjudicator import adjudicate
from judge.reports.pictures import draw, phase_picture, position_picture, position_scene
from judge.reports.pictures.raster import has_skia, png_by_resvg
from variants.geometry import (
    check_geometry,
    geometry_of,
    read_geometry,
    touching,
    write_geometry,
)
from variants.layout import computed_geometry, neighbours

STANDARD = variants.load("standard")


def classes(svg: str) -> dict[str, set[str]]:
    """id -> classes of every element that has an id."""
    return {
        e.get("id"): set((e.get("class") or "").split())
        for e in ET.fromstring(svg).iter()
        if e.get("id")
    }


def starting(variant: variants.Variant) -> dict:
    units: dict[str, list[str]] = {}
    for u in variant.units:
        units.setdefault(u.power, []).append(f"{u.type} {u.location}")
    return {"units": units, "centers": {}, "dislodged": []}


@pytest.mark.parametrize("name", variants.available())
def test_every_variant_draws(name):
    variant = variants.load(name)
    board = starting(variant)
    found = classes(draw(variant, position_scene("USTS: g", board)))
    assert {f"p-{abbr}" for abbr in variant.provinces} <= set(found)
    units = {i for i, c in found.items() if "unit" in c}
    assert len(units) == sum(len(us) for us in board["units"].values())
    assert {f"c-{abbr}" for abbr in variant.centers} <= set(found)


@pytest.mark.parametrize("name", ["standard", "chaos", "youngstown"])
def test_the_png_is_the_svg_size_and_both_are_small(name):
    variant = variants.load(name)
    picture = position_picture(variant, "USTS", "g", variant.start, starting(variant))
    root = ET.fromstring(picture.svg)
    assert picture.png[:8] == b"\x89PNG\r\n\x1a\n"
    size = (int(root.get("width")), int(root.get("height")))
    assert struct.unpack(">II", picture.png[16:24]) == size
    assert len(picture.png) < 150_000 and len(picture.svg.encode()) < 150_000


def test_the_standard_boards_neighbours_touch_and_no_others_but_at_corners():
    near = neighbours(STANDARD)
    pairs = {frozenset((a, b)) for a in near for b in near[a]}
    shown = touching(geometry_of(STANDARD))
    assert pairs - shown == set()
    # What touches without being neighbours: Switzerland, which nobody enters; nothing
    # else (Norway's north widened, the Strait of Gibraltar opened: facts/standard.py).
    strays = {tuple(sorted(p)) for p in shown - pairs if "swi" not in p}
    assert strays == set()


def test_the_computed_layouts_keep_most_neighbours_touching():
    for name in ("colonial", "ancient_med", "sailho", "h31"):
        variant = variants.load(name)
        near = neighbours(variant)
        pairs = {frozenset((a, b)) for a in near for b in near[a]}
        assert len(pairs & touching(geometry_of(variant))) >= 0.75 * len(pairs), name


FALL = {
    "variant": "standard",
    "phase": "F1901M",
    "units": {
        "England": ["F nth", "A yor", "F lon"],
        "France": ["A bur", "A mar", "F bre"],
        "Germany": ["A mun", "A ruh", "F kie"],
    },
    "orders": {
        # England convoys Yorkshire to Belgium; London holds.
        "England": ["F nth C A yor - bel", "A yor - nth - bel", "F lon H"],
        # Munich, supported from Ruhr, dislodges Burgundy; Marseilles fails to Burgundy.
        "Germany": ["A mun - bur", "A ruh S A mun - bur", "F kie - hol"],
        "France": ["A bur H", "A mar - bur", "F bre - mao"],
    },
}


def test_a_movement_picture_shows_moves_supports_convoys_holds_and_the_dislodged():
    out = adjudicate(FALL)
    svg = phase_picture(STANDARD, "USTS", "war", FALL, out).svg
    found = classes(svg)
    assert {"order", "convoy"} <= found["o-nth"]
    assert {"order", "move"} <= found["o-yor"] and "failed" not in found["o-yor"]
    assert {"order", "support"} <= found["o-ruh"]
    assert {"order", "hold"} <= found["o-lon"]
    assert {"move", "failed"} <= found["o-mar"]
    assert {"hold", "failed"} <= found["o-bur"]
    assert {"unit", "dislodged"} <= found["d-bur"] and "u-bur" not in found
    dislodged = next(d for d in out["dislodged"] if d["unit"] == "A bur")
    options = {i for i, c in found.items() if "retreat-option" in c}
    assert options == {f"ro-bur-{to}" for to in dislodged["retreats"]} != set()
    assert "USTS: war, Fall 1901 Movement (F1901M)" in svg


def test_the_png_looks_like_the_svg():
    """The PNG (the scene drawn by Skia on the board's raster, in 256 colours) against the
    whole SVG drawn by resvg: hardly a pixel apart."""
    picture = phase_picture(STANDARD, "USTS", "war", FALL, adjudicate(FALL))
    ours = Image.open(io.BytesIO(picture.png))
    assert ours.mode == ("P" if has_skia() else "RGBA")
    whole = Image.open(io.BytesIO(png_by_resvg(picture.svg))).convert("RGB")
    apart = ImageChops.difference(ours.convert("RGB"), whole).convert("L").histogram()
    pixels = sum(apart)
    assert sum(i * n for i, n in enumerate(apart)) / pixels < 1.0
    assert sum(apart[33:]) / pixels < 0.002


@pytest.mark.parametrize("name", ["youngstown", "layered", "machiavelli"])
def test_the_png_looks_like_the_svg_however_its_rows_are_written(name):
    """The same on boards whose PNG rows are written less the row above (only the bands
    a picture changes are compressed again): a starting position, a unit in every band."""
    variant = variants.load(name)
    picture = position_picture(variant, "USTS", "g", variant.start, starting(variant))
    ours = Image.open(io.BytesIO(picture.png))
    whole = Image.open(io.BytesIO(png_by_resvg(picture.svg))).convert("RGB")
    apart = ImageChops.difference(ours.convert("RGB"), whole).convert("L").histogram()
    pixels = sum(apart)
    assert sum(i * n for i, n in enumerate(apart)) / pixels < 1.0
    assert sum(apart[33:]) / pixels < 0.002


def test_a_retreat_and_an_adjustment_picture():
    out = adjudicate(FALL)
    retreat = {
        "variant": "standard", "phase": "F1901R", "units": out["units"],
        "dislodged": out["dislodged"], "orders": {"France": ["A bur - par"]},
    }  # fmt: skip
    svg = phase_picture(STANDARD, "USTS", "war", retreat, adjudicate(retreat)).svg
    found = classes(svg)
    assert {"order", "retreat"} <= found["o-bur"] and "d-bur" in found
    # The German army that took Burgundy stands there, the French one beside it.
    taker = next(e for e in ET.fromstring(svg).iter() if e.get("id") == "u-bur")
    assert taker.get("data-power") == "Germany"
    winter = {
        "variant": "standard", "phase": "F1901B",
        "units": {"England": ["F lon"], "Germany": ["A bur", "F kie", "A ruh"]},
        "centers": {"England": ["lon", "edi", "lvp", "bel"], "Germany": ["kie", "ber"]},
        "orders": {"England": ["build A edi"], "Germany": ["remove F kie"]},
    }  # fmt: skip
    found = classes(phase_picture(STANDARD, "USTS", "war", winter, adjudicate(winter)).svg)
    assert "build" in found["b-edi"] and "removal" in found["r-kie"]
    assert "u-lon" in found and "u-kie" not in found


def test_a_geometry_file_reads_back_as_written():
    text = (variants.DATA_DIR / "h31.geometry").read_text()
    again = write_geometry(read_geometry(text, "h31.geometry"), "")
    first, second = read_geometry(text), read_geometry(again)
    assert dict(first.places) == dict(second.places)
    assert (first.width, first.height) == (second.width, second.height)
    assert first.unnamed == second.unnamed


def test_a_broken_geometry_file_is_refused_with_its_line():
    with pytest.raises(variants.VariantError, match=r"bad\.geometry:4: 'x' is not a point"):
        read_geometry("[geometry]\nsize 10 10\n[places]\nlon x\n", "bad.geometry")


def test_a_variant_without_a_geometry_file_gets_a_layout_of_its_adjacencies():
    variant = variants.load("pure")
    computed = computed_geometry(variant)
    check_geometry(computed, variant, "computed")
    assert computed.computed and all(place.rings for place in computed.places.values())
