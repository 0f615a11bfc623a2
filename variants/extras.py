"""Checking the sections few maps have: railways, gateways and uncounted centres.

They name provinces and powers defined elsewhere in the file, so they are checked once the
map itself is known; a refusal names the line of the railway, gateway or power at fault.
Colonial has all three (the njudge's RAILWAYS, GATEWAYS and HONG KONG settings).
"""

from __future__ import annotations

from collections.abc import Mapping

from .draft import ABBR, Draft, name_key
from .model import Gateway, Power, Province, Railway


def check_railways(
    draft: Draft,
    provinces: Mapping[str, Province],
    names: Mapping[str, str],
    army: Mapping[str, frozenset[str]],
    powers: Mapping[str, Power],
) -> tuple[Railway, ...]:
    """Each railway runs through land provinces, each station next to the one before it,
    and belongs to a power of the map (or to every power)."""
    by_name = {p.lower(): p for p in powers}
    taken: dict[str, int] = {}
    out = []
    for line, rail in draft.railways:
        _check_own_names(draft, line, rail.abbr, rail.name, names, taken, "railway")
        owner = rail.power
        if owner is not None:
            if owner.lower() not in by_name:
                raise draft.fail(line, f"unknown power '{owner}'")
            owner = by_name[owner.lower()]
        if len(rail.stations) < 2:
            raise draft.fail(line, f"railway {rail.abbr} needs two stations or more")
        for i, station in enumerate(rail.stations):
            prov = provinces.get(station)
            if prov is None:
                raise draft.fail(line, f"unknown province '{station}'")
            if prov.is_sea or prov.impassable:
                raise draft.fail(line, f"railway {rail.abbr} cannot run through {station}")
            if station in rail.stations[:i]:
                raise draft.fail(line, f"railway {rail.abbr} passes {station} twice")
            if i and rail.stations[i - 1] not in army.get(station, ()):
                raise draft.fail(
                    line,
                    f"railway {rail.abbr} joins {rail.stations[i - 1]} and {station}, "
                    "which are not neighbours",
                )
        out.append(Railway(rail.abbr, rail.name, owner, rail.stations))
    return tuple(out)


def check_gateways(
    draft: Draft,
    provinces: Mapping[str, Province],
    names: Mapping[str, str],
    fleet: Mapping[str, frozenset[str]],
) -> tuple[Gateway, ...]:
    """Each gateway stands on a coastal province and joins two waters or more, each of them
    beside that province."""
    taken: dict[str, int] = {}
    out = []
    for line, gate in draft.gateways:
        _check_own_names(draft, line, gate.abbr, gate.name, names, taken, "gateway")
        at = provinces.get(gate.at)
        if at is None:
            raise draft.fail(line, f"unknown province '{gate.at}'")
        if at.is_sea:
            raise draft.fail(line, f"gateway {gate.abbr} must stand on land, not {gate.at}")
        if len(set(gate.joins)) < 2:
            raise draft.fail(line, f"gateway {gate.abbr} needs two waters or more")
        for water in gate.joins:
            prov = provinces.get(water)
            if prov is None:
                raise draft.fail(line, f"unknown province '{water}'")
            if not prov.is_sea:
                raise draft.fail(line, f"gateway {gate.abbr} joins waters; {water} is not one")
            if not any(water in fleet.get(loc, ()) for loc in at.locations):
                raise draft.fail(line, f"{water} is not beside {gate.at}, the gateway's province")
        out.append(gate)
    return tuple(out)


def check_uncounted(
    draft: Draft, provinces: Mapping[str, Province], powers: Mapping[str, Power]
) -> dict[str, frozenset[str]]:
    """Each power named is a power of the map, each centre a supply centre."""
    by_name = {p.lower(): p for p in powers}
    out: dict[str, frozenset[str]] = {}
    for written, (line, centers) in draft.uncounted.items():
        power = by_name.get(written.lower())
        if power is None:
            raise draft.fail(line, f"unknown power '{written}'")
        for center in centers:
            if center not in provinces or not provinces[center].center:
                raise draft.fail(line, f"'{center}' is not a supply center")
        out[power] = frozenset(centers)
    return out


def _check_own_names(
    draft: Draft,
    line: int,
    abbr: str,
    name: str,
    names: Mapping[str, str],
    taken: dict[str, int],
    what: str,
) -> None:
    """A railway's or a gateway's abbreviation and name mean it alone: orders name it."""
    if not ABBR.match(abbr):
        raise draft.fail(line, f"'{abbr}' is not a valid {what} abbreviation")
    for key in (abbr, name_key(name)):
        if key in names:
            raise draft.fail(line, f"name '{key}' already means the province {names[key]}")
        if key in taken:
            raise draft.fail(line, f"name '{key}' is already used on line {taken[key]}")
        taken[key] = line
