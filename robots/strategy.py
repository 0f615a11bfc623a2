"""What every strategy is, and what they all need to know about the board."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from adjudicator.board import Unit
from adjudicator.geography import geography
from adjudicator.given import Position
from adjudicator.machiavelli.possible import mach_adjustment_orders, mach_movement_orders
from adjudicator.options import Options
from adjudicator.possible import adjustment_orders, movement_orders
from variants import Variant

# (position, power, rng, friends, the game's rule options) -> the power's order texts for
# the phase. The options decide what is legal where the game departs from the variant's
# rules (where builds go, which coasts convoy).
Strategy = Callable[[Position, str, random.Random, frozenset[str], Options], list[str]]


def own_units(position: Position, power: str) -> list[Unit]:
    return [u for u in position.units if u.power == power]


def movement_table(
    position: Position, units: list[Unit], options: Options
) -> dict[Unit, list[str]]:
    """Every legal movement order of `units` (adjudicator/possible.py), with the coasts that
    convoy as the game's options have them. The last table is remembered: the robots of a
    game are each asked about the same position in turn (judge/engine/robots/ordering.py),
    and the random strategy asks for everybody's table, the costliest list there is.
    Callers read the table and never change it."""
    variant = position.variant
    if variant.is_machiavelli:  # garrisons, sieges, conversions (adjudicator/machiavelli)
        return mach_movement_orders(position, options, units)
    key = (id(position), options, tuple(units))
    last = _LAST_TABLE
    if last and last[0] == key and last[1] is position:
        return last[2]
    table = movement_orders(variant, units, options.dual(variant.rules), options.coastal_convoys)
    _LAST_TABLE[:] = [key, position, table]
    return table


# The last table movement_table made: its key (the position's id, the options, the units),
# the position itself (so that an id reused by a new position never matches), the table.
_LAST_TABLE: list = []


def adjustment(position: Position, power: str, options: Options) -> tuple[int, list[str]]:
    """Builds (+) or removals (-) due, and the orders that could make them: builds where
    the game's rule puts them (SET ANY CENTER, the variant's own rule), as the adjudicator
    judges them."""
    if position.variant.is_machiavelli:
        return mach_adjustment_orders(position, options).get(power, (0, []))
    table = adjustment_orders(
        position.variant, position.units, position.centers, options.build_centers
    )
    return table.get(power, (0, []))


def distinct_builds(options: list[str]) -> dict[str, list[str]]:
    """Build orders grouped by the province they build in (one build per province)."""
    out: dict[str, list[str]] = {}
    for text in options:
        site = text.split()[1].split("/")[0]
        out.setdefault(site, []).append(text)
    return out


@cache
def home_distances(variant: Variant, power: str) -> dict[str, int]:
    """Moves from every location to the power's nearest home centre (over land and sea)."""
    homes = frozenset(variant.power(power).homes) or frozenset(
        c for c, o in variant.ownership.items() if o == power
    )
    if not homes:
        return {}
    return geography(variant).distances_to(homes, None)


def farthest_first(position: Position, power: str, count: int) -> list[str]:
    """Removals of the units farthest from home (Loeb's civil disorder), fleets first at
    equal distance, then by name so the choice never depends on chance."""
    table = home_distances(position.variant, power)
    far = 10**6

    def key(unit: Unit) -> tuple[int, int, str]:
        distance = table.get(unit.location, table.get(unit.province, far))
        return (-distance, 0 if unit.type == "F" else 1, unit.location)

    return [f"{u} D" for u in sorted(own_units(position, power), key=key)[:count]]
