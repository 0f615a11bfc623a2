"""Convoys on purpose, for the thinking strategies (loeb, blabbot): an army on a
coast may be carried by a chain of its own power's fleets to a province it cannot walk to,
and is, where the board's values call for it.

A strategy first orders its units as it always has; then `convoy_instead` looks at each
army that could go by sea. If the army landed where a chain of fleets leads, and those
fleets stayed at sea to carry it, would the places these units end in be worth more,
together, than where they end now? Then the army moves by convoy and the fleets convoy it.
(England's army in Yorkshire, idle at home, goes to Norway by the North Sea while the fleet
keeps the sea; a fleet with a centre of its own to take takes it.)

The orders come from adjudicator/possible.py's list like every other order of a strategy
(the army's move, each fleet's convoy), so they are legal under the game's rules; the chain
is a shortest one, in which every fleet is needed (DATC 6.G.19).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from adjudicator.board import Unit
from adjudicator.geography import geography
from adjudicator.given import Position
from adjudicator.options import Options
from variants import province_of


@dataclass(frozen=True)
class Convoy:
    """An army's move by sea and the convoy order of each fleet that carries it."""

    move: str  # "A yor - nwy"
    fleets: tuple[tuple[Unit, str], ...]  # ((F nth, "F nth C A yor - nwy"), ...)


def convoy_routes(
    position: Position, mine: list[Unit], table: Mapping[Unit, list[str]], rules: Options
) -> dict[Unit, dict[str, Convoy]]:
    """Army -> province it cannot walk to -> how its own fleets carry it there (a shortest
    chain), for every such move in `table` (movement_orders of the power's units alone)."""
    variant = position.variant
    geo = geography(variant, rules.dual(variant.rules), rules.coastal_convoys)
    fleets = {u.province: u for u in mine if u.type == "F" and u.province in geo.convoy_seas}
    if not fleets:
        return {}
    shores, links = geo.convoy_maps(mine)
    out: dict[Unit, dict[str, Convoy]] = {}
    for army in mine:
        if army.type != "A" or army.province not in geo.coastal:
            continue
        walk = geo.army_reach.get(army.province, frozenset())
        found: dict[str, Convoy] = {}
        for text in table[army]:
            words = text.split()
            if words[2] != "-" or province_of(words[3]) in walk:
                continue
            dest = province_of(words[3])
            chain = _chain(army.province, dest, fleets, shores, links)
            if chain is None or dest in found:
                continue
            orders = tuple((fleets[sea], f"{fleets[sea]} C {army} - {dest}") for sea in chain)
            if all(order in table[fleet] for fleet, order in orders):
                found[dest] = Convoy(text, orders)
        if found:
            out[army] = found
    return out


def _chain(
    source: str,
    dest: str,
    fleets: Mapping[str, Unit],
    shores: Mapping[str, frozenset[str]],
    links: Mapping[str, frozenset[str]],
) -> list[str] | None:
    """The seas of a shortest chain of the fleets from source's shore to dest's, or None."""
    came: dict[str, str | None] = {s: None for s in sorted(fleets) if source in shores[s]}
    queue = deque(came)
    while queue:
        sea = queue.popleft()
        if dest in shores[sea]:
            path: list[str] = []
            at: str | None = sea
            while at is not None:
                path.append(at)
                at = came[at]
            return path[::-1]
        for nxt in sorted(links[sea]):
            if nxt in fleets and nxt not in came:
                came[nxt] = sea
                queue.append(nxt)
    return None


def convoy_instead(
    orders: dict[Unit, str],
    convoys: Mapping[Unit, Mapping[str, Convoy]],
    value: Mapping[str, float],
    barred: Collection[str] = (),
) -> None:
    """Change `orders` (one power's, every unit ordered) so that each army goes by convoy
    where that is worth more than what it and its fleets do now: the value of the army's
    landing place and the fleets' seas against the value of where all of them end now.
    Units that give or are given a support are left alone (the support would be lost), as
    are places another of ours ends in (a bounce against ourselves) and `barred` ones (a
    friend's)."""
    if not convoys:
        return
    ends = {unit: _end(unit, text) for unit, text in orders.items()}
    leaned_on = _in_supports(orders)
    used: set[Unit] = set()
    for army in sorted(convoys):
        best: tuple[float, Convoy, str] | None = None
        for dest, convoy in sorted(convoys[army].items()):
            team = [army, *(fleet for fleet, _ in convoy.fleets)]
            if dest in barred or any(u in used or u in leaned_on for u in team):
                continue
            others = {ends[u] for u in orders if u not in team}
            if dest in others or any(u.province in others for u in team[1:]):
                continue
            now = sum(value.get(ends[u], 0.0) for u in team)
            then = value.get(dest, 0.0) + sum(value.get(u.province, 0.0) for u in team[1:])
            if then > now and (best is None or then - now > best[0]):
                best = (then - now, convoy, dest)
        if best is None:
            continue
        _, convoy, dest = best
        orders[army] = convoy.move
        ends[army] = dest
        used.add(army)
        for fleet, text in convoy.fleets:
            orders[fleet] = text
            ends[fleet] = fleet.province
            used.add(fleet)


def _end(unit: Unit, text: str) -> str:
    """The province a unit's order leaves it in, if all goes well."""
    words = text.split()
    return province_of(words[-1]) if len(words) == 4 and words[2] == "-" else unit.province


def _in_supports(orders: Mapping[Unit, str]) -> set[Unit]:
    """The units that support, or are supported by, another of ours."""
    by_name = {str(u): u for u in orders}
    found: set[Unit] = set()
    for unit, text in orders.items():
        words = text.split()
        if len(words) > 4 and words[2] == "S":
            found.add(unit)
            helped = by_name.get(f"{words[3]} {words[4]}")
            if helped is not None:
                found.add(helped)
    return found
