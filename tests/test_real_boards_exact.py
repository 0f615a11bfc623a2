"""The boards drawn on real ground tell the truth (issue 33): two provinces' regions share a
border, or a drawn link joins them, if and only if the variant makes them adjacent for
some unit (variants/adjacency_check.py), for each board drawn from Natural Earth and its
facts (variants/mapmaking/facts/) and each variant played on one of them."""

from __future__ import annotations

import pytest

import variants
from variants.adjacency_check import check
from variants.geometry import geometry_of, touching


def within(rings: tuple, point: tuple[int, int]) -> bool:
    """Whether `point` is inside the rings, filled by the even-odd rule (as drawn)."""
    px, py = point
    inside = False
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
    return inside


EXACT = (
    "h31", "h32", "milan", "loeb9", "aberration", "african2", "empire", "modern", "asia",
    "colonial", "colonial96",
)  # fmt: skip


@pytest.mark.parametrize("name", EXACT)
def test_the_picture_shows_exactly_the_boards_neighbours(name):
    found = check(variants.load(name))
    assert (found.false_borders, found.missing) == ([], [])
    assert found.precision == found.recall == 1.0


@pytest.mark.parametrize("name", EXACT)
def test_each_link_runs_from_one_region_into_the_other(name):
    drawn = geometry_of(variants.load(name))
    for link in drawn.links:
        assert within(drawn.places[link.a].rings, link.points[0]), (link.a, link.b)
        assert within(drawn.places[link.b].rings, link.points[-1]), (link.a, link.b)


def test_london_and_calais_are_joined_across_the_strait_by_a_drawn_link():
    links = {frozenset((k.a, k.b)) for k in geometry_of(variants.load("h32")).links}
    assert frozenset(("lon", "cal")) in links


def test_empires_great_lakes_are_drawn_as_the_boards_lakes():
    """info.empire: Lake Ontario borders only New York State and Ontario; Lake Superior
    and Lake Huron do not meet; Ungava and Nunavut are joined by the land bridge."""
    drawn = geometry_of(variants.load("empire"))
    shown = touching(drawn) | {frozenset((k.a, k.b)) for k in drawn.links}
    assert {next(iter(p - {"lon"})) for p in shown if "lon" in p} == {"nys", "ont"}
    assert frozenset(("lsu", "lhu")) not in shown
    assert frozenset(("ung", "nun")) in {frozenset((k.a, k.b)) for k in drawn.links}


def test_african_spain_italy_and_madagascar_touch_only_their_seas():
    drawn = touching(geometry_of(variants.load("african2")))
    for coast, seas in {"spa": {"wms", "nao"}, "ita": {"wms", "ise"},
                        "mad": {"nio", "sio", "mch"}}.items():  # fmt: skip
        assert {next(iter(p - {coast})) for p in drawn if coast in p} == seas


def test_asias_schematic_shores_are_drawn_as_the_board_has_them():
    """Asia's board bends the real ground: Livonia and Ukraine have no shore, Syria none on
    the Red Sea, Turkey and Iran never meet, nor India and Tibet; the Bering Strait, east of
    the frame, is a drawn link between the Bering and Chukchi Seas."""
    drawn = geometry_of(variants.load("asia"))
    shown = touching(drawn)
    assert {next(iter(p - {"liv"})) for p in shown if "liv" in p} == {"mos", "stp", "war"}
    assert {next(iter(p - {"ukr"})) for p in shown if "ukr" in p} == {"bal", "mos", "sev", "war"}
    for strangers in (("syr", "red"), ("tur", "irn"), ("del", "tib"), ("cal", "tib")):
        assert frozenset(strangers) not in shown
    assert [frozenset((k.a, k.b)) for k in drawn.links] == [frozenset(("ber", "chu"))]


def _shown(name: str) -> tuple[set, set]:
    drawn = geometry_of(variants.load(name))
    return touching(drawn), {frozenset((k.a, k.b)) for k in drawn.links}


def test_colonials_mediterranean_meets_the_red_and_black_seas_only_by_drawn_crossings():
    """info.colonial: fleets pass from the Mediterranean to the Red Sea by the Suez Canal
    (a link across Egypt) and to the Black Sea by the Turkish straits (a link through
    Constantinople); the seas share no border."""
    borders, links = _shown("colonial")
    for sea in ("reds", "blas"):
        assert frozenset(("meds", sea)) in links
        assert frozenset(("meds", sea)) not in borders


@pytest.mark.parametrize(
    ("name", "crossings"), [("colonial", set()), ("colonial96", {"ota", "vla"})]
)
def test_sakhalin_borders_the_okhotsk_sea_and_is_crossed_to_only_in_colonial96(name, crossings):
    borders, links = _shown(name)
    assert {next(iter(p - {"sak"})) for p in borders if "sak" in p} == {"okhs"}
    assert {next(iter(p - {"sak"})) for p in links if "sak" in p} == crossings


def test_colonials_somaliland_faces_only_the_gulf_of_aden():
    borders, _ = _shown("colonial")
    assert {next(iter(p - {"som"})) for p in borders if "som" in p} == {"eri", "aby", "goa"}
