"""Transformations (the njudge's SET TRANSFORM, users' manual 9.1): a unit that becomes one
of another type, where the game allows it. In a movement phase the unit holds meanwhile
(the resolver treats it as holding); in an adjustment phase it changes with the builds.

`where` is the game's choice for the phase: "none", "home" (the power's home centres),
"one" (any centre it owns, while it holds a home centre), "any" (any centre it owns) or
"anywhere" (any land).
"""

from __future__ import annotations

from collections.abc import Mapping

import parser as syntax
from variants import UNIT_WORDS, Variant

from .board import Unit, a_unit, place_name
from .legality import Illegal, find_unit

# What the njudge says when the game allows no transformation in the phase.
_NOT_ALLOWED = {
    "movement": "This game does not permit move transformations.",
    "adjustment": "Build transformation is not enabled for this game.",
}


def transformed(
    variant: Variant,
    at: dict[str, Unit],
    centers: Mapping[str, str],
    power: str,
    order: syntax.Transform,
    where: str,
    kind: str,
    blind: bool = False,
) -> tuple[Unit, Unit] | Illegal:
    """The unit ordered to transform and the unit it becomes, or why it cannot (`blind`:
    as find_unit)."""
    if where == "none":
        return Illegal("no transform", _NOT_ALLOWED[kind])
    unit = find_unit(dict(at), variant, power, order.unit, blind)
    if isinstance(unit, Illegal):
        return unit
    province = variant.provinces[unit.province]
    name = place_name(variant, unit.province)
    word = UNIT_WORDS.get(unit.type, "unit").lower()
    if province.is_sea:
        return Illegal(
            "at sea",
            f"Cannot transform {word} while {'in' if unit.type == 'F' else 'over'} water.",
        )
    if order.into not in variant.unit_types:
        return Illegal("wrong unit type", f"{variant.title} has no units of that type.")
    if order.into == unit.type:
        return Illegal("same type", f"The unit in {name} is already {a_unit(unit.type)}.")
    homes = variant.power(power).homes
    if where == "home" and unit.province not in homes:
        return Illegal("not home", f"{name} is not a home province for {power}.")
    if where == "one" and not any(centers.get(h) == power for h in homes):
        return Illegal("no home", f"{power} must own at least one home centre to transform.")
    if where in ("one", "any") and centers.get(unit.province) != power:
        return Illegal("not owned", f"{power} does not control {name}.")
    if order.into != "F":
        return unit, Unit(power, order.into, unit.province)
    if not any(loc in variant.fleet_moves for loc in province.locations):
        return Illegal("fleet inland", f"A fleet cannot be in {name}.")
    if not province.coasts:
        return unit, Unit(power, "F", unit.province)
    if not order.coast:
        return Illegal("coast missing", "Province has coasts - please specify one.")
    if order.coast not in province.coasts:
        return Illegal("bad coast", f"Invalid coast specified for a fleet in {name}.")
    return unit, Unit(power, "F", f"{unit.province}/{order.coast}")
