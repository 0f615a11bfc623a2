"""Every variant's picture tells the truth about its board (issue 33): two provinces'
regions share a border, or a drawn link joins them, if and only if the variant makes them
adjacent for some unit (variants/adjacency_check.py), measured as precision and recall."""

from __future__ import annotations

import pytest

import variants
from judge.reports.pictures.static import within
from variants.adjacency_check import check, table
from variants.draft import VariantError
from variants.geometry import check_geometry, geometry_of, read_geometry, write_geometry
from variants.places import Link


@pytest.mark.parametrize("name", variants.available())
def test_regions_touch_exactly_where_provinces_are_adjacent(name):
    result = check(variants.load(name))
    assert (result.false_borders, result.missing) == ([], [])
    assert (result.precision, result.recall) == (1.0, 1.0)


@pytest.mark.parametrize("name", variants.available())
def test_each_link_runs_from_one_region_into_the_other(name):
    drawn = geometry_of(variants.load(name))
    for link in drawn.links:
        assert within(drawn.places[link.a].rings, link.points[0]), (link.a, link.b)
        assert within(drawn.places[link.b].rings, link.points[-1]), (link.a, link.b)


def test_a_false_border_lowers_precision_and_a_missing_one_recall():
    pure = variants.load("pure")
    drawn = geometry_of(pure)
    # Take away one link: the pair it joined is missing from the picture.
    fewer = _with_links(drawn, drawn.links[1:])
    lost = check(pure, fewer)
    gone = drawn.links[0]
    assert lost.missing == [tuple(sorted((gone.a, gone.b)))]
    assert lost.recall == pytest.approx(20 / 21) and lost.precision == 1.0
    # Two strangers joined by a link: a border the board does not have.
    sailho = variants.load("sailho")
    shown = check(sailho)
    assert shown.exact
    strangers = next(
        (x, y)
        for x in sorted(sailho.provinces)
        for y in sorted(sailho.provinces)
        if x < y and frozenset((x, y)) not in shown.adjacent
    )
    place = geometry_of(sailho).places
    extra = Link(*strangers, (place[strangers[0]].unit, place[strangers[1]].unit))
    false = check(sailho, _with_links(geometry_of(sailho), (*geometry_of(sailho).links, extra)))
    assert false.false_borders == [strangers]
    assert false.precision < 1.0 and false.recall == 1.0
    assert f"+{strangers[0]}-{strangers[1]}" in table([false])


def test_links_are_read_written_and_checked():
    pure = variants.load("pure")
    drawn = geometry_of(pure)
    again = read_geometry(write_geometry(drawn), "pure.geometry")
    assert again.links == drawn.links and len(drawn.links) > 0
    assert "[links]" in write_geometry(drawn)
    bad = write_geometry(drawn) + "lon xyz 1,2 3,4\n"
    with pytest.raises(VariantError, match="link lon xyz: no province 'xyz'"):
        check_geometry(read_geometry(bad, "pure.geometry"), pure, "pure.geometry")
    with pytest.raises(VariantError, match="two points or more"):
        read_geometry(write_geometry(drawn) + "lon par 1,2\n", "pure.geometry")
    with pytest.raises(VariantError, match="not lon to itself"):
        read_geometry(write_geometry(drawn) + "lon lon 1,2 3,4\n", "pure.geometry")


def _with_links(geometry, links):
    from dataclasses import replace

    return replace(geometry, links=tuple(links))
