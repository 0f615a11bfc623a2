"""Rules some variants add to the map (docs/rules.md, "Variant rules"), checked per order.

- Arctic waters (loeb9's Arctic Ocean, the njudge's map type `v`): in a Fall movement phase
  a unit there may not be ordered (it holds), and no unit may move or retreat into one;
  a wing is free of it (info.wings: wings "should also be immune to the effects of Arctic
  winters").
- Crossings (loeb9's cor-naf and nap-sic, the njudge's `/mx`): an army moves across at the
  strength of its supports alone (the resolver's `Special.crossings`); no support is given
  across one.
- Uncounted centres (colonial's Hong Kong, SET HONG KONG): a power does not take them.

The railway and the gateway, which add orders of their own, are `railways` and `gateways`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from functools import cache

import parser as syntax
from variants import Variant

from .board import place_name, unit_phrase
from .legality import MOVE, SUPPORT, Command, Illegal
from .options import Options
from .phase import Phase

_NONE: frozenset[str] = frozenset()


def closed_waters(variant: Variant, phase: Phase) -> frozenset[str]:
    """The provinces no unit may enter, and whose units take no orders, in this phase."""
    if phase.season != "F" or phase.letter == "B":
        return _NONE
    return _arctic(variant)


@cache
def _arctic(variant: Variant) -> frozenset[str]:
    return frozenset(p.abbr for p in variant.provinces.values() if p.arctic)


def screened(variant: Variant, closed: frozenset[str], command: Command) -> Command | Illegal:
    """The command, or why the variant's map forbids it: an order in or into closed
    arctic water, a support across a crossing."""
    unit = command.unit
    if closed and unit.type != "W":  # wings fly over the arctic winter (info.wings)
        if unit.province in closed:
            return Illegal(
                "arctic",
                f"{_cap(unit_phrase(variant, unit))} may not be given orders in the Fall.",
            )
        if command.kind in (MOVE, SUPPORT) and command.dest in closed:
            where = place_name(variant, command.dest)  # type: ignore[arg-type]
            return Illegal("arctic", f"No unit may move into {where} in the Fall.")
    if command.kind == SUPPORT and unit.type == "A" and variant.crossings:
        place = command.dest or command.target.province  # type: ignore[union-attr]
        if place in variant.crossings.get(unit.province, _NONE):
            return Illegal(
                "crossing",
                f"{_cap(unit_phrase(variant, unit))} can't support across the strait to "
                f"{place_name(variant, place)}.",
            )
    return command


def uncounted(variant: Variant, options: Options) -> Mapping[str, frozenset[str]]:
    """Centres each power does not take (SET HONG KONG); none unless the game sets it."""
    return variant.uncounted if options.hong_kong else {}


def misplaced(variant: Variant, kind: str, order: syntax.Order) -> Illegal | None:
    """An order that names a railway or a gateway where a province belongs. A railway is
    named only as the route of a move (`A vla - tsr - mos`), a gateway only as the unit of
    a hold or a support (`sc S F meds - reds`), and both in movement phases only."""
    if not variant.railways and not variant.gateways:
        return None
    rails = {r.abbr: r.name for r in variant.railways}
    gates = {g.abbr: g.name for g in variant.gateways}
    movement = kind == "movement"
    for f in fields(order):  # type: ignore[arg-type]
        value = getattr(order, f.name)
        if isinstance(value, syntax.UnitSpec):
            value = value.location
        if isinstance(value, syntax.Location):
            places, role = (value.province,), f.name
        elif isinstance(value, tuple):
            places, role = value, "route"
        else:
            continue
        for place in places:
            if place in rails:
                ok = movement and role == "route" and len(places) == 1
            elif place in gates:
                ok = movement and role == "unit" and isinstance(order, _GATE_ORDERS)
            else:
                continue
            if not ok:
                name = rails.get(place) or gates[place]
                return Illegal("syntax", f"The {name} cannot be named in that order.")
    return None


_GATE_ORDERS = (syntax.Hold, syntax.SupportHold, syntax.SupportMove)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
