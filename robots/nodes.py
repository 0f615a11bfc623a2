"""The map as DumbBot sees it: nodes, each a place where one type of unit can stand
(`A gas`, `F gas`, `F spa/nc`, `F nth`, `W bur`), and which nodes a unit on each can move to.

David Norman's DumbBot values nodes, not provinces (his "coasts": a province with a unit
type, or a named coast): an army and a fleet in Gascony have different neighbours, and so
have fleets on Spain's two coasts. A node is written as the unit standing on it is
(`str(unit)`), so that an order is its node and a word or two (`A gas - bur`, `F gas B`).

Nodes are numbered province by province in the variant's order (army, then each fleet
location, then wing), and each node's neighbours are listed in that order: where the
original's sets were ordered by province number, ours are ordered by this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from variants import ProvinceKind, Variant, province_of


@dataclass(frozen=True)
class Graph:
    """One variant's nodes and their neighbours, by node number."""

    names: tuple[str, ...]  # node number -> "F spa/nc"
    number: Mapping[str, int]  # "F spa/nc" -> node number
    province: tuple[str, ...]  # node number -> "spa"
    near: tuple[tuple[int, ...], ...]  # the nodes a unit on the node can move to
    # The same neighbours by province, for spreading values: a fleet in the Mid-Atlantic
    # reaches Spain by two coasts, and DumbBot counts such a province once. `spread`: the
    # node itself and its neighbours that are their province's only one here; `together`:
    # (node, its other neighbours grouped by province), for the nodes that have such.
    spread: tuple[tuple[int, ...], ...]
    together: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]
    of_province: Mapping[str, tuple[int, ...]]  # province -> its nodes
    # The node's province and the province of each node it reaches, once per node: where a
    # unit on it counts towards strength and competition.
    touches: tuple[tuple[str, ...], ...]


@cache
def graph(variant: Variant) -> Graph:
    """The variant's nodes: an army node on every land province, a fleet node on every sea
    and on each coast of a coastal province, a wing node on every province in a game with
    wings."""
    names: list[str] = []
    for abbr, province in variant.provinces.items():
        if province.impassable:
            continue
        if province.kind is not ProvinceKind.SEA:
            names.append(f"A {abbr}")
        if province.kind is not ProvinceKind.LAND:
            names.extend(f"F {loc}" for loc in province.locations)
        if "W" in variant.unit_types:
            names.append(f"W {abbr}")
    number = {name: i for i, name in enumerate(names)}
    moves = {"A": variant.army_moves, "F": variant.fleet_moves, "W": variant.wing_moves}
    near: list[tuple[int, ...]] = []
    for name in names:
        kind, loc = name.split()
        reach = (number.get(f"{kind} {to}") for to in moves[kind].get(loc, ()))
        near.append(tuple(sorted(n for n in reach if n is not None)))
    province = tuple(province_of(name.split()[1]) for name in names)
    groups = [_by_province(ns, province) for ns in near]
    spread = tuple((i, *(grp[0] for grp in gs if len(grp) == 1)) for i, gs in enumerate(groups))
    together = tuple(
        (i, multiple)
        for i, gs in enumerate(groups)
        if (multiple := tuple(grp for grp in gs if len(grp) > 1))
    )
    of_province: dict[str, tuple[int, ...]] = {}
    for i, p in enumerate(province):
        of_province[p] = (*of_province.get(p, ()), i)
    touches = tuple((province[i], *(province[n] for n in ns)) for i, ns in enumerate(near))
    return Graph(
        tuple(names), number, province, tuple(near), spread, together, of_province, touches
    )


def _by_province(nodes: tuple[int, ...], province: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    for n in nodes:
        if out and province[out[-1][0]] == province[n]:
            out[-1] = (*out[-1], n)
        else:
            out.append((n,))
    return tuple(out)
