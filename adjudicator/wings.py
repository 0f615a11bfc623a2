"""Wings (the njudge's `wings` modifier): a third kind of unit that flies over land and sea.

A wing moves, supports, is supported and is dislodged like any unit, over any border
(`Variant.wing_moves`, coasts aside); it neither convoys nor is convoyed (legality.py). It
never takes a centre: a wing standing on another power's centre blockades it, and while it
stands there the centre counts for nobody, neither for builds nor for victory; its owner
keeps it. Nothing is stored for a blockade: it is read off the units on the board.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache

from variants import Variant, province_of

from .board import Unit

WING = "W"


@cache
def with_wings(variant: Variant) -> Variant:
    """The variant with wings among its unit types (a game played with the modifier), and
    the starting units the variant marks as wings in such a game (modern's `F/W lon`)."""
    if WING in variant.unit_types:
        return variant
    units = tuple(
        dataclasses.replace(u, type=WING, location=province_of(u.location)) if u.wing else u
        for u in variant.units
    )
    return dataclasses.replace(
        variant,
        unit_types=(*variant.unit_types, WING),
        units=units,
        source=f"{variant.source} (wings)",
    )


def blockaded(units: Iterable[Unit], centers: Mapping[str, str]) -> frozenset[str]:
    """The owned centres a wing of another power stands on: a power never blockades itself,
    and a centre nobody owns has nobody to keep it from."""
    shut = [  # a unit's (power, type, location, province), read by position: it is quicker
        u[3] for u in units if u[1] == WING and centers.get(u[3]) not in (None, u[0])
    ]
    return frozenset(shut) if shut else _NONE


def counted(units: Iterable[Unit], centers: Mapping[str, str]) -> Counter[str]:
    """Each power's centres as builds and victory count them: the blockaded ones left out."""
    shut = blockaded(units, centers)
    if not shut:  # no wing on the board: every game but a wings game
        return Counter(centers.values())
    return Counter(owner for center, owner in centers.items() if center not in shut)


_NONE: frozenset[str] = frozenset()


def blockaded_in(
    units: Mapping[str, Iterable[str]], centers: Mapping[str, Iterable[str]]
) -> frozenset[str]:
    """`blockaded` read off a phase document's `units` and `centers` (power -> `W par`,
    power -> centres), as the judge keeps a game's position."""
    owner = {c: p for p, cs in centers.items() for c in cs}
    out = set()
    for power, texts in units.items():
        for text in texts:
            kind, _, where = text.partition(" ")
            place = province_of(where.strip())
            if kind.upper() == WING and owner.get(place) not in (None, power):
                out.add(place)
    return frozenset(out)
