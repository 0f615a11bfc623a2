"""The orders a variant's own rules add to a movement phase, between the checks of
`legality` and the resolver: railway moves, gateway orders, and what the resolver must be
told of them and of crossings (`special.Special`). The rules are in `railways`,
`gateways` and `variant_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import parser as syntax
from variants import Variant

from .board import Unit
from .gateways import GateOrder, check_gate_order, gates, gateway_at
from .given import Position
from .legality import MOVE, Board, Command, Illegal
from .movement import Outcome
from .options import Options
from .railways import blocked, check_rail_move, railway_named, stopping_places
from .special import SHUT, Special

NO_SPECIAL = Special()


def special_command(
    position: Position, board: Board, power: str, order: syntax.Order, options: Options
) -> Command | GateOrder | Illegal | None:
    """A railway move or a gateway's order, checked; None for any other order."""
    variant = position.variant
    if not variant.railways and not variant.gateways:
        return None
    if type(order) is syntax.Move:
        railway = railway_named(variant, order.route)
        if railway is not None:
            return check_rail_move(variant, board.at, power, order, railway, options.railways)
    spec = getattr(order, "unit", None)
    gateway = gateway_at(variant, spec.location.province) if spec is not None else None
    if gateway is not None:
        return check_gate_order(variant, board.at, power, order, gateway, options.gateways)
    return None


def rail_reach(variant: Variant, options: Options) -> dict[tuple[str, str], frozenset[str]]:
    """(power, station) -> the stations an army of that power there could ride to: what a
    support of a railway move is checked against."""
    out: dict[tuple[str, str], frozenset[str]] = {}
    if not options.railways:
        return out
    for railway in variant.railways:
        for power in [railway.power] if railway.power else [p.name for p in variant.powers]:
            for station in railway.stations:
                out[(power, station)] = frozenset(railway.stations) - {station}
    return out


def special_for(
    position: Position,
    commands: Sequence[Command],
    gate_orders: Mapping[str, GateOrder],
    options: Options,
) -> Special:
    """What the resolver must know of the variant's rules for these commands."""
    variant = position.variant
    rail: set[int] = set()
    gate: dict[int, int] = {}
    if variant.railways and options.railways:
        at = {u.province: u for u in position.units}
        for i, command in enumerate(commands):
            railway = railway_named(variant, command.route) if command.kind == MOVE else None
            if railway is not None:
                rail.add(i)
                if blocked(railway, command.unit, command.dest, at):  # type: ignore[arg-type]
                    gate[i] = SHUT
    if variant.gateways and options.gateways:
        unit_at = {c.unit.province: i for i, c in enumerate(commands)}
        gate.update(gates(variant, commands, gate_orders, unit_at))
    if not rail and not gate and not variant.crossings:
        return NO_SPECIAL
    return Special(variant.crossings, frozenset(rail), gate)


def rail_stops(
    position: Position,
    commands: Sequence[Command],
    outcomes: Sequence[Outcome],
    rail: frozenset[int],
    after: list[Unit],
) -> dict[int, str]:
    """Where each failed railway move stops (command index -> station); `after` changes
    with it: the army leaves where it stood for the station."""
    failed = [i for i in sorted(rail) if not outcomes[i].succeeded]
    if not failed:
        return {}
    at = {u.province: u for u in position.units}
    taken = {u.province for u in after}
    stops = stopping_places(position.variant, commands, failed, at, taken)
    for i, station in stops.items():
        unit = commands[i].unit
        if unit in after:
            after.remove(unit)
        after.append(Unit(unit.power, unit.type, station))
    return stops
