"""`judge map` (issue 33): a variant's blank board as GeoJSON in picture coordinates (a
feature per province region with its abbreviation and kind, a LineString per drawn link)
and as the SVG the pictures draw, and the table of every variant's adjacency check."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest

import variants
from judge.cli import main
from variants.geometry import geometry_of


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["map", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_geojson_has_a_region_per_province_and_a_line_per_link(capsys):
    status, out, _ = _run(capsys, "sailho", "--geojson")
    assert status == 0
    board = json.loads(out)
    sailho = variants.load("sailho")
    assert board["type"] == "FeatureCollection"
    regions = [f for f in board["features"] if f["geometry"]["type"] == "MultiPolygon"]
    lines = [f for f in board["features"] if f["geometry"]["type"] == "LineString"]
    assert {f["properties"]["abbr"] for f in regions} == set(sailho.provinces)
    kinds = {f["properties"]["abbr"]: f["properties"]["kind"] for f in regions}
    assert {abbr for abbr, kind in kinds.items() if kind == "sea"} == {
        a for a, p in sailho.provinces.items() if p.is_sea
    }
    # A coast is land a fleet may stand on; an inland province is land.
    assert set(kinds.values()) == {"sea", "coast", "land"}
    for abbr, kind in kinds.items():
        fleets_here = any(
            place.partition("/")[0] == abbr and moves for place, moves in sailho.fleet_moves.items()
        )
        if kind != "sea":
            assert (kind == "coast") == fleets_here, abbr
    drawn = geometry_of(sailho)
    assert sorted((f["properties"]["a"], f["properties"]["b"]) for f in lines) == sorted(
        (k.a, k.b) for k in drawn.links
    )
    # Each line runs from a point in one region to a point in the other, in picture units.
    first = lines[0]
    start, end = first["geometry"]["coordinates"][0], first["geometry"]["coordinates"][-1]
    assert _inside(board, first["properties"]["a"], start)
    assert _inside(board, first["properties"]["b"], end)
    assert board["bbox"] == [0, 0, drawn.width, drawn.height]


def test_geojson_rings_are_closed_and_outer_rings_run_counter_clockwise(capsys):
    _, out, _ = _run(capsys, "wraparound", "--geojson")
    board = json.loads(out)
    for feature in board["features"]:
        if feature["geometry"]["type"] != "MultiPolygon":
            continue
        for polygon in feature["geometry"]["coordinates"]:
            for k, ring in enumerate(polygon):
                assert ring[0] == ring[-1] and len(ring) >= 4
                assert (_area(ring) > 0) == (k == 0), feature["id"]


def test_svg_is_the_blank_board_as_drawn_with_its_links(capsys):
    status, out, _ = _run(capsys, "pure", "--svg")
    assert status == 0
    root = ET.fromstring(out)
    ids = {e.get("id"): e.get("class") for e in root.iter() if e.get("id")}
    assert {f"p-{a}" for a in variants.load("pure").provinces} <= set(ids)
    links = {i for i, c in ids.items() if c == "link"}
    assert links == {f"l-{k.a}-{k.b}" for k in geometry_of(variants.load("pure")).links}
    assert not any(c and "unit" in c for c in ids.values())  # no game on it


def test_png_is_written_where_asked(capsys, tmp_path):
    status, _, _ = _run(capsys, "pure", "--png", str(tmp_path / "pure.png"))
    assert status == 0
    assert (tmp_path / "pure.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_check_prints_a_row_per_variant(capsys):
    status, out, _ = _run(capsys, "--check", "pure", "sailho")
    assert status == 0
    rows = out.splitlines()
    assert rows[0].split()[:5] == ["variant", "pairs", "links", "precision", "recall"]
    assert rows[1].split()[:5] == ["pure", "21", str(len(geometry_of(variants.load("pure")).links)),
                                   "1.000", "1.000"]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nosuch", "--svg"], "no variant 'nosuch'"),
        (["pure", "sailho", "--svg"], "name one variant"),
    ],
)
def test_a_wrong_request_is_told_what_is_wrong(capsys, argv, said):
    status, out, err = _run(capsys, *argv)
    assert status == 2 and said in err and out == ""


def test_a_file_that_cannot_be_written_is_said_so(capsys, tmp_path):
    status, _, err = _run(capsys, "pure", "--png", str(tmp_path / "no" / "such" / "pure.png"))
    assert status == 1 and err.startswith("judge map: ") and "pure.png" in err


def _area(ring: list[list[int]]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairwise(ring))


def _inside(board: dict, abbr: str, point: list[int]) -> bool:
    x, y = point
    for feature in board["features"]:
        if feature["properties"].get("abbr") != abbr:
            continue
        for polygon in feature["geometry"]["coordinates"]:
            inside = False
            for ring in polygon:
                for (x0, y0), (x1, y1) in pairwise(ring):
                    if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                        inside = not inside
            if inside:
                return True
    return False
