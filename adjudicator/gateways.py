"""Gateways (colonial's Suez Canal; njudge SET GATEWAYS; info.colonial).

A gateway stands in one province (`at`: Egypt) and joins places (`joins`: the Mediterranean
and the Red Sea). While the game sets GATEWAYS, a move from one joined place to another, and
a support given from one joined place to another, passes through the gateway and needs its
leave. The power with a unit in the gateway's province orders the gateway like a unit: it
holds (`sc H`), or gives one unit leave by supporting that unit's order (`sc S F meds -
reds` for a move through, `sc S F meds` for a unit that supports through while it stays).
That support adds no strength: it is only leave. An order through the gateway without leave
is blocked and fails, having no effect on the place it aims at. Leave given lapses, and the
gateway's order fails, if the unit in the gateway's province moves away successfully.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import parser as syntax
from variants import Gateway, Variant

from .board import Unit, place_name
from .legality import MOVE, SUPPORT, Command, Illegal
from .special import SHUT


@dataclass(frozen=True, slots=True)
class GateOrder:
    """A gateway's order: hold (`target` None), or leave for one unit's order."""

    gateway: Gateway
    power: str
    target: Unit | None = None
    dest: str | None = None  # the place a move given leave goes to

    def __str__(self) -> str:
        name = self.gateway.abbr
        if self.target is None:
            return f"{name} H"
        if self.dest is None:
            return f"{name} S {self.target}"
        return f"{name} S {self.target} - {self.dest}"


def gateway_at(variant: Variant, place: str) -> Gateway | None:
    """The gateway an order names as its unit (`sc`), or None."""
    for gateway in variant.gateways:
        if gateway.abbr == place:
            return gateway
    return None


def check_gate_order(
    variant: Variant,
    at: Mapping[str, Unit],
    power: str,
    order: syntax.Order,
    gateway: Gateway,
    enabled: bool,
) -> GateOrder | Illegal:
    """The gateway's order, or why the power cannot give it."""
    name = gateway.name
    if not enabled:
        return Illegal("no gateways", f"This game does not use the {name}.")
    keeper = at.get(gateway.at)
    if keeper is None or keeper.power != power:
        where = place_name(variant, gateway.at)
        return Illegal("not your unit", f"{power} has no unit in {where} to order the {name}.")
    if isinstance(order, syntax.Hold):
        return GateOrder(gateway, power)
    if not isinstance(order, syntax.SupportHold | syntax.SupportMove):
        return Illegal("gateway order", f"The {name} can only hold or support.")
    spec = order.supported
    target = at.get(spec.location.province)
    if target is None or (spec.type and spec.type != target.type):
        where = place_name(variant, spec.location.province)
        return Illegal("no such unit", f"No such unit present in {where}.")
    joined = " and ".join(place_name(variant, p) for p in gateway.joins)
    if target.province not in gateway.joins:
        return Illegal("not through gateway", f"The {name} joins only {joined}.")
    if isinstance(order, syntax.SupportHold):
        return GateOrder(gateway, power, target)
    dest = order.destination.province
    if dest not in gateway.joins or dest == target.province:
        return Illegal("not through gateway", f"The {name} joins only {joined}.")
    return GateOrder(gateway, power, target, dest)


def through(gateway: Gateway, command: Command) -> bool:
    """Does this order pass through the gateway: a move or support between joined places?"""
    here = command.unit.province
    if here not in gateway.joins:
        return False
    if command.kind == MOVE:
        place = command.dest
    elif command.kind == SUPPORT:
        place = command.dest or command.target.province  # type: ignore[union-attr]
    else:
        return False
    return place in gateway.joins and place != here


def gates(
    variant: Variant,
    commands: Sequence[Command],
    orders: Mapping[str, GateOrder],
    unit_at: Mapping[str, int],
) -> dict[int, int]:
    """For the resolver (`Special.gate`): each order through a gateway, SHUT without leave,
    else the index of the unit whose successful move away withdraws the leave."""
    out: dict[int, int] = {}
    for gateway in variant.gateways:
        given = orders.get(gateway.abbr)
        for i, command in enumerate(commands):
            if not through(gateway, command):
                continue
            out[i] = unit_at[gateway.at] if given and _allows(given, command) else SHUT
    return out


def _allows(given: GateOrder, command: Command) -> bool:
    """Does the gateway's support match the order, as a support matches (DATC 6.D)?"""
    if given.target != command.unit:
        return False
    if command.kind == MOVE:
        return given.dest == command.dest
    return given.dest is None
