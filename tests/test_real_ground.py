"""The boards drawn on real ground (variants/mapmaking/facts/<variant>.py, issue 33): two
provinces' regions share a border, or a drawn link joins them, exactly when the variant
makes them adjacent for some unit (variants/adjacency_check.py), so that a player reading
the picture orders no move the board forbids."""

from __future__ import annotations

import pytest

import variants
from variants.adjacency_check import check
from variants.geometry import geometry_of

REAL_GROUND = ("standard", "youngstown", "h31", "h32")


@pytest.mark.parametrize("name", REAL_GROUND)
def test_the_picture_borders_are_the_board_adjacencies(name):
    found = check(variants.load(name))
    assert found.false_borders == [] and found.missing == []
    assert found.precision == 1.0 and found.recall == 1.0


def test_youngstown_off_board_boxes_are_joined_only_by_drawn_links():
    """info.youngstown: a box borders the sea or land holding it (a shared border) and the
    boxes it names (a link along the frame's edge)."""
    drawn = geometry_of(variants.load("youngstown"))
    linked = {frozenset((k.a, k.b)) for k in drawn.links}
    assert frozenset(("oba", "obl")) in linked  # round the world: Atlantic to Pacific
    assert all(k.a.startswith("ob") and k.b.startswith("ob") for k in drawn.links)
    assert not drawn.computed
