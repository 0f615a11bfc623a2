"""The boards drawn on real ground tell the truth (issue 33): two provinces' regions share a
border, or a drawn link joins them, if and only if the variant makes them adjacent for
some unit (variants/adjacency_check.py), for each board drawn from Natural Earth and its
facts (variants/mapmaking/facts/) and each variant played on one of them."""

from __future__ import annotations

import pytest

import variants
from variants.adjacency_check import check

EXACT = ("h31", "h32", "milan", "loeb9", "aberration")


@pytest.mark.parametrize("name", EXACT)
def test_the_picture_shows_exactly_the_boards_neighbours(name):
    found = check(variants.load(name))
    assert (found.false_borders, found.missing) == ([], [])
    assert found.precision == found.recall == 1.0


def test_london_and_calais_are_joined_across_the_strait_by_a_drawn_link():
    from variants.geometry import geometry_of

    links = {frozenset((k.a, k.b)) for k in geometry_of(variants.load("h32")).links}
    assert frozenset(("lon", "cal")) in links
