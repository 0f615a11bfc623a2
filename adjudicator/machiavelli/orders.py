"""Is a Machiavelli movement order possible? The checks of the orders Machiavelli adds
(besiege, lift siege, convert, a garrison's own orders, support of a conversion), each
refusal in the njudge's words (its ma_movement.c); an army's or a fleet's other orders are
checked as on any map (`legality.check_movement`).
"""

from __future__ import annotations

from typing import NamedTuple

import parser as syntax
from variants import UNIT_WORDS

from ..board import Unit, a_unit, place_name, unit_phrase
from ..legality import Board, Command, Illegal, check_movement, find_unit
from .board import GARRISON, MachBoard

# What an order does, beside the generic Command of an army's or a fleet's ordinary order.
HOLD, ORDINARY, BESIEGE, LIFT, CONVERT, SUPPORT_GARRISON, GARRISON_SUPPORT = (
    "hold", "ordinary", "besiege", "lift", "convert", "support garrison", "garrison support",
)  # fmt: skip


class MachOrder(NamedTuple):
    """A possible order for one unit of the board (a garrison: the unit in its city)."""

    kind: str
    unit: Unit
    command: Command | None = None  # ORDINARY: the order as the resolver takes it
    into: Unit | None = None  # CONVERT: the unit it becomes
    target: Unit | None = None  # the unit supported
    dest: str | None = None  # GARRISON_SUPPORT: where the supported unit moves (its province)

    def __str__(self) -> str:
        u = str(self.unit)
        if self.kind == ORDINARY:
            return str(self.command)
        if self.kind == HOLD:
            return f"{u} H"
        if self.kind == BESIEGE:
            return f"{u} B"
        if self.kind == LIFT:
            return f"{u} LS"
        if self.kind == "disband":  # a garrison's (SET DISBAND), as any unit's reads
            return f"{u} D"
        if self.kind == CONVERT:
            into = self.into
            assert into is not None
            return f"{u} C {into.type}" + (
                f" /{into.location[-2:]}" if "/" in into.location else ""
            )
        if self.kind == SUPPORT_GARRISON:
            return f"{u} S {self.target} C"
        dest = f" - {self.dest}" if self.dest else ""
        return f"{u} S {self.target}{dest}"

    @property
    def key(self) -> tuple[str, str]:
        """The unit's place on the board: its province, and whether it is in the city."""
        return (self.unit.province, GARRISON if self.unit.type == GARRISON else "")


def check_order(
    board: MachBoard,
    legal: Board,
    sieges: frozenset[str],
    power: str,
    order: syntax.Order,
    rebel_cities: frozenset[str] = frozenset(),
) -> MachOrder | Illegal:
    """A movement-phase order on a Machiavelli board, or why it is impossible. `legal` is
    the board of armies and fleets (and Venice's garrison) the ordinary checks read;
    `rebel_cities` the provinces whose city rebels (a siege may be laid to it)."""
    variant = board.variant
    spec = getattr(order, "unit", None)
    if not isinstance(spec, syntax.UnitSpec):
        return check_movement(legal, power, order)  # a waive: the ordinary refusal
    province = spec.location.province
    unit = board.unit_named(power, spec.type, province)
    if unit is None or unit.power != power or (spec.type and spec.type != unit.type):
        return find_unit({province: unit} if unit else {}, variant, power, spec)  # type: ignore[return-value]
    if unit.type == GARRISON:
        return _garrison_order(board, unit, order)
    if isinstance(order, syntax.Besiege):
        return _besiege(board, unit, order, rebel_cities)
    if isinstance(order, syntax.LiftSiege):
        if unit.province not in sieges:
            return Illegal("no siege", f"No siege in progress in {place_name(variant, province)}.")
        if board.rules.mach2:
            return Illegal(
                "no siege", "No need: any non-besiege order will lift siege in this game."
            )
        return MachOrder(LIFT, unit)
    if isinstance(order, syntax.Convert):
        return _convert(board, unit, order)
    supported = _supported(order)
    if supported is not None:
        target = board.unit_named(power, supported.type, supported.location.province)
        if target is not None and target.type == GARRISON and board.is_city_unit(target):
            return _support_garrison(board, legal, unit, target, order)
        if isinstance(order, syntax.SupportConvert):
            return Illegal("syntax", "Can only support conversions from Garrison.")
        order = _plain_support(order)
    command = check_movement(legal, power, order)
    if isinstance(command, Illegal):
        return command
    return MachOrder(ORDINARY, unit, command)


def _supported(order: syntax.Order) -> syntax.UnitSpec | None:
    if isinstance(order, syntax.SupportHold | syntax.SupportMove | syntax.SupportConvert):
        return order.supported
    return None


def _plain_support(order: syntax.Order) -> syntax.Order:
    """A support of a conversion whose target is no garrison in a city: Venice's garrison
    holds the one space there, so the support is a support to hold."""
    if isinstance(order, syntax.SupportConvert):
        return syntax.SupportHold(order.unit, order.supported)
    return order


def _garrison_order(board: MachBoard, unit: Unit, order: syntax.Order) -> MachOrder | Illegal:
    """A garrison holds, supports into its own province, converts, or (SET DISBAND)
    disbands; nothing else (rules.machiavelli, "Garrison units")."""
    variant = board.variant
    if isinstance(order, syntax.Hold):
        return MachOrder(HOLD, unit)
    if isinstance(order, syntax.Convert):
        return _convert(board, unit, order)
    if isinstance(order, syntax.Disband):
        if not board.rules.move_disband:
            return Illegal(
                "wrong phase", "This game does not allow disband orders in movement phases."
            )
        return MachOrder("disband", unit)
    if isinstance(order, syntax.SupportHold | syntax.SupportMove):
        spec = order.supported
        dest = getattr(order, "destination", None)
        place = dest.province if dest else spec.location.province
        if place != unit.province:
            return Illegal(
                "not adjacent",
                f"{_cap(unit_phrase(variant, unit))} can't get to "
                f"{place_name(variant, place)} to support.",
            )
        found = board.field.get(spec.location.province)
        at = {found.province: found} if found is not None else {}
        target = find_unit(at, variant, found.power if found else "", spec)
        if isinstance(target, Illegal):
            return target  # no such unit there, or not of the type named
        return MachOrder(GARRISON_SUPPORT, unit, target=target, dest=dest and dest.province)
    if isinstance(order, syntax.Bare):
        return Illegal("syntax", f"Invalid order for {unit_phrase(variant, unit)}.")
    return Illegal("syntax", "Invalid order for garrison.")


def _besiege(
    board: MachBoard, unit: Unit, order: syntax.Besiege, rebel_cities: frozenset[str]
) -> MachOrder | Illegal:
    variant = board.variant
    province = unit.province
    name = place_name(variant, province)
    if order.place is not None and order.place.province != province:
        return Illegal(
            "not adjacent", f"{_cap(unit_phrase(variant, unit))} can only besiege {name}."
        )
    if not board.walled(province):
        return Illegal("no fortress", f"{name} has no fortress to siege.")
    if unit.type == "F" and not variant.provinces[province].port:
        return Illegal("not a port", "A fleet can only besiege ports.")
    if province not in board.garrisons and province not in rebel_cities:
        return Illegal("no garrison", f"{name} has no garrison or rebellion to siege.")
    return MachOrder(BESIEGE, unit)


def _convert(board: MachBoard, unit: Unit, order: syntax.Convert) -> MachOrder | Illegal:
    """`A gen C G`, `G gen C A`: into the city or out of it, where the walls and the
    port allow (rules.machiavelli, "Conversion between unit types")."""
    variant = board.variant
    province = unit.province
    prov = variant.provinces[province]
    name = place_name(variant, province)
    into = order.into
    if unit.type == GARRISON and into is None:
        if prov.port:
            return Illegal("syntax", "Conversion must specify army or fleet in port.")
        into = "A"
    elif unit.type != GARRISON and into not in (None, GARRISON):
        return Illegal("syntax", "Fleets and armies can only convert to garrisons.")
    into = into or GARRISON
    if into == unit.type:
        word = UNIT_WORDS[unit.type].lower()
        return Illegal("syntax", f"The {word} in {name} already is {a_unit(into)}.")
    if not board.walled(province):
        return Illegal("no fortress", f"No fortress or fortified city in {name}.")
    if into == "F" and not prov.port:
        return Illegal("not a port", f"{name} is not a port.  Can only convert to an army.")
    if unit.type == "F" and not prov.port:
        return Illegal("not a port", f"{name} is not a port.  Cannot convert.")
    if into == GARRISON and not board.rules.garrisons:
        return Illegal("no garrisons", "This game does not use garrisons.")
    location = province
    if into == "F" and prov.coasts:
        if order.coast is None:
            return Illegal("coast missing", "Province has coasts - please specify one.")
        location = f"{province}/{order.coast}"
    elif into == "A" and variant.provinces[province].kind.value == "sea":
        return Illegal("not adjacent", f"An army cannot stand in {name}.")
    return MachOrder(CONVERT, unit, into=Unit(unit.power, into, location))


def _support_garrison(
    board: MachBoard, legal: Board, unit: Unit, target: Unit, order: syntax.Order
) -> MachOrder | Illegal:
    """A support of a garrison counts for its conversion into the province, as the
    njudge counts it; the supporter must reach that province (ma_movement.c)."""
    variant = board.variant
    province = target.province
    if province == unit.province:
        return Illegal("own province", "A unit cannot support a move into its own province.")
    if province not in legal.geo.reach(unit.type, unit.location):
        return Illegal(
            "not adjacent",
            f"{_cap(unit_phrase(variant, unit))} can't get to {place_name(variant, province)} "
            "to support.",
        )
    return MachOrder(SUPPORT_GARRISON, unit, target=target)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
