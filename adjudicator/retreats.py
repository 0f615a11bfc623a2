"""Retreats: where a dislodged unit may go, and the retreat phase itself."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import parser as syntax
from variants import Variant

from .board import Unit, place_name, unit_phrase
from .legality import Illegal, find_unit


@dataclass(frozen=True, slots=True)
class Dislodged:
    unit: Unit
    retreats: tuple[str, ...]
    attacker_from: str | None = None


def retreat_options(
    variant: Variant,
    unit: Unit,
    occupied: set[str],
    standoffs: set[str],
    attacker_from: str | None,
    attacker_convoyed: bool = False,
) -> tuple[str, ...]:
    """Adjacent places that are empty after the movement, saw no standoff, and are not where
    the attack came from, unless it came by convoy (DATC 4.A.5, 6.H.11)."""
    if unit.type == "F":
        candidates: Iterable[str] = variant.fleet_moves.get(unit.location, ())
    elif unit.type == "A":
        candidates = variant.army_moves.get(unit.province, ())
    else:
        candidates = variant.wing_moves.get(unit.province, ())
    out = []
    for loc in candidates:
        province = loc.split("/", 1)[0]
        if province in occupied or province in standoffs:
            continue
        if province == attacker_from and not attacker_convoyed:
            continue
        out.append(loc)
    return tuple(sorted(out))


@dataclass(frozen=True, slots=True)
class RetreatCommand:
    unit: Unit
    destination: str | None  # None: disband

    def __str__(self) -> str:
        if self.destination is None:
            return f"{self.unit} D"
        return f"{self.unit} R {self.destination}"


def check_retreat(
    variant: Variant,
    board: dict[str, Unit],
    dislodged: dict[str, Dislodged],
    power: str,
    order: syntax.Order,
    blind: bool = False,
) -> RetreatCommand | Illegal:
    """A retreat-phase order, or why it cannot be carried out (DATC 6.H). `blind`: an order
    for a place where the power has no unit says nothing of what is there (find_unit)."""
    if isinstance(order, syntax.SupportHold | syntax.SupportMove | syntax.Convoy | syntax.Hold):
        return Illegal("wrong phase", "Only retreats and disbands are allowed in a retreat phase.")
    if not isinstance(order, syntax.Retreat | syntax.Disband | syntax.Bare):
        return Illegal("wrong phase", "That order is not allowed in a retreat phase.")
    province = order.unit.location.province
    entry = dislodged.get(province)
    if entry is None:
        staying = board.get(province)
        if staying is not None and staying.power == power:
            return Illegal(
                "not dislodged", f"{_cap(unit_phrase(variant, staying))} was not dislodged."
            )
        at = {province: staying} if staying else {}
        return find_unit(at, variant, power, order.unit, blind)
    unit = find_unit({province: entry.unit}, variant, power, order.unit, blind)
    if isinstance(unit, Illegal):
        return unit
    if isinstance(order, syntax.Bare):
        return Illegal("syntax", f"Invalid order for {unit_phrase(variant, unit)}.")
    if isinstance(order, syntax.Disband):
        return RetreatCommand(unit, None)
    dest = order.destination
    options = [loc for loc in entry.retreats if loc.split("/", 1)[0] == dest.province]
    if dest.coast and unit.type == "F":
        options = [loc for loc in options if loc == f"{dest.province}/{dest.coast}"]
    if not options:
        return Illegal(
            "cannot retreat",
            f"{_cap(unit_phrase(variant, unit))} can't retreat to "
            f"{place_name(variant, dest.province)}.",
        )
    if len(options) > 1:
        return Illegal("coast missing", "Province has coasts - please specify one.")
    return RetreatCommand(unit, options[0])


def resolve_retreats(commands: Sequence[RetreatCommand]) -> dict[Unit, bool]:
    """Each retreat succeeds unless another retreats to the same province (both disband)."""
    count: dict[str, int] = {}
    for c in commands:
        if c.destination is not None:
            province = c.destination.split("/", 1)[0]
            count[province] = count.get(province, 0) + 1
    return {
        c.unit: c.destination is None or count[c.destination.split("/", 1)[0]] == 1
        for c in commands
    }


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
