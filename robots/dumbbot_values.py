"""DumbBot's first stage, in our own code after David Norman's description and source: the
value of every node (robots/nodes.py) to one power this phase.

- The size of a power with x centres is x² + 4x + 16; the centres nobody owns count as one
  more power, "neutral" (twelve at the start: 208, against 37 for a power of three).
- A centre not ours is worth attacking as much as its owner (or the neutral power) is big;
  a centre of ours is worth defending as much as the biggest other power with a unit that
  could move into it is big.
- Proximity 0 of a node is its province's attack value times the season's attack weight
  plus its defence value times the defence weight; proximity n is (proximity n-1 of the
  node, plus that of each neighbouring node, a province reached by two coasts counted once
  at its higher) / 5, in whole numbers, for n up to 9.
- Strength of a province: how many of our units stand in it or next to it (a fleet next to
  two of its coasts counts twice, as in the source); competition: the most any one other
  power has there.
- A node's value: its proximities times the season's ten weights, plus 1000 × strength,
  less 1000 × competition (spring and fall). In the winter: the proximities of the spring's
  attack and defence values times the winter's weights, plus 1000 × the defence value.

Friends (blabbot's; DumbBot has none) count as ourselves: their centres are no target,
their units are no threat and no competition.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.given import Position

from .nodes import Graph, graph

DEPTH = 10  # proximities 0 to 9
DIVISION = 5  # "the average coast has 4 adjacent coasts, plus itself"


@dataclass(frozen=True)
class Season:
    """The weights of one kind of phase."""

    proximity: tuple[int, ...]  # of proximity 0 to 9
    attack: int
    defence: int
    strength: int
    competition: int
    winter_defence: int = 0  # the defence value once more, in the winter


SPRING = Season((100, 1000, 30, 10, 6, 5, 4, 3, 2, 1), 700, 300, 1000, 1000)
FALL = Season((1000, 100, 30, 10, 6, 5, 4, 3, 2, 1), 600, 400, 1000, 1000)
# Builds and removals: the spring's attack and defence weights (the source values the
# winter's factors with them), the build and removal proximity weights (the same ten).
WINTER = Season((1000, 100, 30, 10, 6, 5, 4, 3, 2, 1), 700, 300, 0, 0, 1000)


def power_size(centres: int) -> int:
    return centres * centres + 4 * centres + 16


@dataclass(frozen=True)
class Valuation:
    """What the second stage (robots/dumbbot.py) reads: each node's value, and each
    province's competition (whether a unit of ours there or moving there needs support)."""

    graph: Graph
    value: tuple[int, ...]  # by node number
    competition: Mapping[str, int]  # province -> the most units one other power has at it
    sizes: Mapping[str | None, int]  # power (None: the neutral one) -> its size
    attack: Mapping[str, int]  # province -> its attack value (centres only)
    defence: Mapping[str, int]  # province -> its defence value (our centres only)

    def of(self, node: str) -> int:
        """A node's value; 0 for a place the map has no node for (a Machiavelli garrison)."""
        number = self.graph.number.get(node)
        return 0 if number is None else self.value[number]

    def province_value(self, province: str) -> int:
        """The best of a province's nodes (what the convoy option weighs)."""
        nodes = self.graph.of_province.get(province, ())
        return max((self.value[n] for n in nodes), default=0)


def sizes(position: Position) -> dict[str | None, int]:
    """Every power's size, and the neutral power's (key None)."""
    counts = Counter(
        position.centers.get(abbr)
        for abbr, province in position.variant.provinces.items()
        if province.center
    )
    out: dict[str | None, int] = {
        p.name: power_size(counts[p.name]) for p in position.variant.powers
    }
    out[None] = power_size(counts[None])
    for power, count in counts.items():
        out.setdefault(power, power_size(count))
    return out


def valuation(
    position: Position, power: str, season: Season, friends: frozenset[str] = frozenset()
) -> Valuation:
    """Every node's value to `power` this phase, with the season's weights."""
    variant = position.variant
    g = graph(variant)
    size = sizes(position)
    ours = {power} | friends
    node_of = [g.number.get(str(u)) for u in position.units]
    # Defence: the biggest other power with a unit that can move into the province.
    threat: dict[str, int] = {}
    for unit, node in zip(position.units, node_of, strict=True):
        if node is None or unit.power in ours:
            continue
        big = size.get(unit.power, power_size(0))
        for n in g.near[node]:
            p = g.province[n]
            if big > threat.get(p, 0):
                threat[p] = big
    attack: dict[str, int] = {}
    defence: dict[str, int] = {}
    for abbr, province in variant.provinces.items():
        if not province.center:
            continue
        owner = position.centers.get(abbr)
        if owner == power:
            defence[abbr] = threat.get(abbr, 0)
        elif owner not in friends:
            attack[abbr] = size[owner]
    strength, competition = _forces(position, g, node_of, power, ours)
    first = [
        attack.get(p, 0) * season.attack + defence.get(p, 0) * season.defence for p in g.province
    ]
    total = _proximity_total(g, first, season.proximity)
    value = tuple(
        total[i]
        + season.strength * strength.get(p, 0)
        - season.competition * competition.get(p, 0)
        + season.winter_defence * defence.get(p, 0)
        for i, p in enumerate(g.province)
    )
    return Valuation(g, value, competition, size, attack, defence)


def proximities(g: Graph, first: list[int]) -> list[list[int]]:
    """Proximity 0 to 9 of every node, from proximity 0."""
    layers = [first]
    for _ in range(DEPTH - 1):
        at = layers[-1].__getitem__
        sums = [sum(map(at, nodes)) for nodes in g.spread]
        for i, groups in g.together:
            sums[i] += sum(max(map(at, group)) for group in groups)
        layers.append([s // DIVISION for s in sums])
    return layers


def _proximity_total(g: Graph, first: list[int], weights: tuple[int, ...]) -> list[int]:
    total = [0] * len(first)
    for weight, layer in zip(weights, proximities(g, first), strict=True):
        total = [t + weight * v for t, v in zip(total, layer, strict=True)]
    return total


def _forces(
    position: Position, g: Graph, node_of: list[int | None], power: str, ours: set[str]
) -> tuple[dict[str, int], dict[str, int]]:
    """Strength (our units at each province) and competition (the most of any one other
    power's, friends left out): a unit counts at its own province and once at each node it
    could move to, by the province of that node."""
    strength: dict[str, int] = {}
    theirs: dict[str, dict[str, int]] = {}
    for unit, node in zip(position.units, node_of, strict=True):
        if unit.power == power:
            count = strength
        elif unit.power in ours:
            continue
        else:
            count = theirs.setdefault(unit.power, {})
        for p in (unit.province,) if node is None else g.touches[node]:
            count[p] = count.get(p, 0) + 1
    competition: dict[str, int] = {}
    for count in theirs.values():
        for p, n in count.items():
            if n > competition.get(p, 0):
                competition[p] = n
    return strength, competition
