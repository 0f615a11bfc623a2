"""Machfive's picture (variants/mapmaking/italies.py; docs/pictures.md, "Maps that tell the
truth"): five Italies round Florence whose regions touch exactly where the board's
provinces are adjacent, the five borders no flat map can show drawn as links, and every
unit, city and name inside its own province."""

from __future__ import annotations

import variants
from judge.reports.pictures.static import within
from variants.adjacency_check import check
from variants.geometry import geometry_of

FIVE = variants.load("machfive")


def test_the_only_links_join_each_capitanata_to_the_next_italys_bay():
    drawn = geometry_of(FIVE)
    bays = ("sb", "tb", "ob", "ib", "fb")  # the Bay of the Italy after each Capitanata
    assert {frozenset((k.a, k.b)) for k in drawn.links} == {
        frozenset((f"ca{n}", bay)) for n, bay in enumerate(bays, 1)
    }
    assert check(FIVE).exact


def test_each_unit_city_and_name_stands_inside_its_province():
    drawn = geometry_of(FIVE)
    for abbr, place in drawn.places.items():
        for spot in (place.unit, place.label, place.centre):
            assert within(place.rings, spot), (abbr, spot)


def test_florence_is_in_the_middle_and_the_mediterranean_round_the_edge():
    drawn = geometry_of(FIVE)
    middle = (drawn.width / 2, drawn.height / 2)
    assert within(drawn.places["flo"].rings, middle)
    assert within(drawn.places["med"].rings, (2, 2))
    assert within(drawn.places["med"].rings, (drawn.width - 2, drawn.height - 2))
