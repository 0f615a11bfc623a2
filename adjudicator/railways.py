"""Railways (colonial's Trans-Siberian Railway; njudge SET RAILWAYS; info.colonial).

An army of the railway's power standing on one station may move to any other station in
one move, written like a convoy through the line: `A vla - tsr - mos`. The move is
supported as any other move into the destination. A unit of another power standing on a
station between the two (when the orders are given) blocks the line: the move is blocked and
has no effect on the destination. An army whose railway move fails stops at the free
station nearest the destination on its way (not beyond a blocking unit), and stays where it
was if there is none, to be dislodged there as any other unit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import parser as syntax
from variants import Railway, Variant

from .board import Unit, place_name, unit_phrase
from .legality import MOVE, Command, Illegal, find_unit, new_command


def railway_named(variant: Variant, route: tuple[str, ...]) -> Railway | None:
    """The railway a move goes by (its route is the line's name alone), or None."""
    if len(route) != 1:
        return None
    for railway in variant.railways:
        if railway.abbr == route[0]:
            return railway
    return None


def check_rail_move(
    variant: Variant,
    at: Mapping[str, Unit],
    power: str,
    order: syntax.Move,
    railway: Railway,
    enabled: bool,
) -> Command | Illegal:
    """A railway move as a MOVE command (its route the line), or why it cannot be made."""
    if not enabled:
        return Illegal("no railways", f"This game does not use the {railway.name}.")
    unit = find_unit(dict(at), variant, power, order.unit)
    if isinstance(unit, Illegal):
        return unit
    if unit.type != "A":
        return Illegal("not an army", f"Only armies may use the {railway.name}.")
    if railway.power is not None and unit.power != railway.power:
        adjective = variant.power(railway.power).adjective
        return Illegal("not yours", f"Only {adjective} armies may use the {railway.name}.")
    dest = order.destination.province
    for place in (unit.province, dest):
        if place not in railway.stations:
            return Illegal(
                "not on railway", f"{place_name(variant, place)} is not on the {railway.name}."
            )
    if dest == unit.province:
        return Illegal("same province", f"{_cap(unit_phrase(variant, unit))} is already there.")
    return new_command(MOVE, unit, dest, dest, route=(railway.abbr,))


def between(railway: Railway, start: str, dest: str) -> list[str]:
    """The stations passed from start to dest, in the order the train meets them."""
    stations = railway.stations
    i, j = stations.index(start), stations.index(dest)
    return list(stations[i + 1 : j]) if i < j else list(reversed(stations[j + 1 : i]))


def open_line(railway: Railway, unit: Unit, dest: str, at: Mapping[str, Unit]) -> list[str]:
    """The stations the army can pass, from its own on: up to a unit of another power."""
    out = []
    for station in between(railway, unit.province, dest):
        other = at.get(station)
        if other is not None and other.power != unit.power:
            break
        out.append(station)
    return out


def blocked(railway: Railway, unit: Unit, dest: str, at: Mapping[str, Unit]) -> bool:
    return len(open_line(railway, unit, dest, at)) < len(between(railway, unit.province, dest))


def stopping_places(
    variant: Variant,
    commands: Sequence[Command],
    failed: Sequence[int],
    at: Mapping[str, Unit],
    taken: set[str],
) -> dict[int, str]:
    """Where each failed railway move (command index) stops: the free station nearest its
    destination on the open line. `taken`: the provinces held after the movement; each
    stop taken is added to it."""
    out: dict[int, str] = {}
    for i in failed:
        command = commands[i]
        railway = railway_named(variant, command.route)
        assert railway is not None and command.dest is not None
        for station in reversed(open_line(railway, command.unit, command.dest, at)):
            if station not in taken:
                taken.add(station)
                out[i] = station
                break
    return out


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
