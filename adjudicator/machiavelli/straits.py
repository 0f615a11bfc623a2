"""Machiavelli's straits: Piombino and Messina, and whatever a variant's `[straits]` lists
(rules.machiavelli, "Special mapboard features" 1; rules.machiavelli2, "Movement").

A fleet in the keeper's province (Messina) controls the strait between two places (the
Gulf of Naples and the Ionian Sea): no fleet of another power may move, support or convoy
between them without the leave of the fleet's power (its `ally` order: the state's
`allies`). The resolver sees each order through a strait as gated (`special.Special.gate`,
as colonial's gateways are): shut outright by a fleet that began the campaign in the keeper
("control is always with the fleet beginning the movement"; it blocks even when it moves
away or is ordered to convert, e and f), or, first edition, by a fleet that enters a keeper
with no fleet, or a garrison converting to a fleet there, if that move succeeds (c, d). The
second edition's rule: "Only a fleet *already present* in Messina can block ... The fleet
will *not* be able to block if it is converting to or from garrison."

An army is convoyed through a strait when the fleets convoying it must pass between its two
places: its move needs the leave as the njudge asks it, of the army's power. A dislodged
fleet may not retreat through a strait that a fleet of another power holds after the
movement (h).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from variants import Variant
from variants.mach_model import Strait

from ..board import Unit
from ..legality import CONVOY, MOVE, SUPPORT, Command
from ..special import SHUT
from .board import MachRules, city
from .state import MachState


def gates(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    units: Sequence[Unit],
    commands: Sequence[Command],
    to_fleet: frozenset[int],
    maps: tuple[Mapping[str, frozenset[str]], Mapping[str, frozenset[str]]],
) -> dict[int, int | tuple[int, ...]]:
    """For the resolver: each order through a strait without the keeper's leave, SHUT, or
    the indexes of the fleets whose entry into an empty keeper would block it. `units` are
    the board's units in the commands' order; `to_fleet`, the indexes of the garrisons
    converting to fleets."""
    data = variant.machiavelli
    if data is None or not data.straits:
        return {}
    found: dict[int, list[int]] = {}
    for strait in data.straits:
        keepers: list[int] = []
        entering: list[int] = []
        for i, unit in enumerate(units):
            command = commands[i]
            into = command.dest if command.kind == MOVE else None
            if unit.type == "F" and unit.province == strait.keeper:
                if not (rules.mach2 and into == city(strait.keeper)):
                    keepers.append(i)
            elif not rules.mach2 and into == strait.keeper and (unit.type == "F" or i in to_fleet):
                entering.append(i)  # a fleet sailing in, a garrison converting to one
        if not keepers and not entering:
            continue
        for i, command in enumerate(commands):
            user = units[i].power
            if not _through(strait, units[i], command, commands, maps):
                continue
            if keepers:
                if any(_barred(state, units[k].power, user) for k in keepers):
                    found.setdefault(i, []).append(SHUT)
                continue
            hostile = [k for k in entering if _barred(state, units[k].power, user)]
            if hostile:
                found.setdefault(i, []).extend(hostile)
    out: dict[int, int | tuple[int, ...]] = {}
    for i, by in found.items():
        out[i] = SHUT if SHUT in by else by[0] if len(by) == 1 else tuple(by)
    return out


def barred_retreats(
    variant: Variant, state: MachState, unit: Unit, after: Sequence[Unit]
) -> frozenset[str]:
    """The places a dislodged fleet may not retreat to: across a strait whose keeper holds
    a fleet of a power that does not let it pass, after the movement."""
    data = variant.machiavelli
    if data is None or unit.type != "F" or not data.straits:
        return frozenset()
    out = set()
    for strait in data.straits:
        one, two = strait.ends
        if unit.province not in (one, two):
            continue
        held = [u for u in after if u.type == "F" and u.province == strait.keeper]
        if any(_barred(state, u.power, unit.power) for u in held):
            out.add(two if unit.province == one else one)
    return frozenset(out)


def _barred(state: MachState, keeper: str, user: str) -> bool:
    return keeper != user and user not in state.allies.get(keeper, ())


def _through(
    strait: Strait,
    unit: Unit,
    command: Command,
    commands: Sequence[Command],
    maps: tuple[Mapping[str, frozenset[str]], Mapping[str, frozenset[str]]],
) -> bool:
    """Does this order pass between the strait's two places: a fleet's move or support, or
    an army's convoy whose fleets can only carry it across?"""
    one, two = strait.ends
    kind = command.kind
    if unit.type == "F":
        if kind == MOVE:
            there = command.dest
        elif kind == SUPPORT:
            there = command.dest or command.target.province  # type: ignore[union-attr]
        else:
            return False
        return {unit.province, there} == {one, two}
    if unit.type != "A" or kind != MOVE:
        return False
    start, end = unit.province, command.dest
    if command.route:
        hops = zip((start, *command.route), (*command.route, end), strict=True)
        return any({a, b} == {one, two} for a, b in hops)
    places = {
        c.unit.province
        for c in commands
        if c.kind == CONVOY and c.target == unit and c.dest == end  # type: ignore[union-attr]
    }
    if not ({one, two} & (places | {start, end})):
        return False
    return not _carried(start, end, places, maps, (one, two)) and _carried(
        start, end, places, maps, None
    )


def _carried(
    start: str,
    end: str,
    places: set[str],
    maps: tuple[Mapping[str, frozenset[str]], Mapping[str, frozenset[str]]],
    avoid: tuple[str, str] | None,
) -> bool:
    """Can the convoying fleets at `places` carry an army from `start` to `end`, without
    passing between the two places `avoid`?"""
    shores, links = maps

    def crosses(a: str, b: str) -> bool:
        return avoid is not None and {a, b} == set(avoid)

    frontier = [p for p in places if start in shores.get(p, ()) and not crosses(start, p)]
    seen = set(frontier)
    while frontier:
        here = frontier.pop()
        if end in shores.get(here, ()) and not crosses(here, end):
            return True
        for nxt in links.get(here, ()):
            if nxt in places and nxt not in seen and not crosses(here, nxt):
                seen.add(nxt)
                frontier.append(nxt)
    return False
