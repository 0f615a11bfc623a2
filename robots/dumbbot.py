"""`dumbbot`: David Norman's DumbBot (2002), in our own code after his description and
source (the DAIDE AiClient's bots/dumbbot, read as the reference, not copied).

The first stage values every node (robots/dumbbot_values.py). The second gives the orders:

- Movement: our units in a random order. Each ranks the nodes it can move to by value, and
  its own node at its value + 1 (holding), keeping the first node of each value (the
  source's ranking is a map from value to node). From the best, it goes on to the next with
  chance 50 % × (100 − d) %, d = (this value − next value) × 500 / this value in whole
  numbers (d = 0 when this value is 0), and so on down. Then:
  - its own node: it holds;
  - a province where our unit not yet ordered stands: it waits, ordered again just after
    that unit;
  - a province where our unit stays: it supports that unit if the competition there is
    above 1, else it ranks again without that node;
  - a province another of ours moves to: it supports that move if the competition is above
    0, else it ranks again without it;
  - else it moves there.
  Last, each unit left holding supports, of the neighbouring moves of ours with competition
  above 0 and the neighbours of ours staying with competition above 1, the one at the most
  valuable node, if that is worth more than 0 (the source's check_for_wasted_holds).
- Retreats: the same choice among the places open, never two units to one province, and a
  disband when none is left.
- Builds: the same choice among the nodes of the free build centres (an army or a fleet,
  and which coast), the best first; removals: the same choice from the lowest value up.

Where the source fails, ours goes on, and says so where it does it. Friends (blabbot's,
through `play_with_friends`; DumbBot has none) are valued as ourselves, and no move or
retreat goes where a friend stands or owns a centre. Convoys (robots/convoys.py) are our
own: blabbot has them, `dumbbot` does not, as the source gives no convoy order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.options import Options
from variants import province_of

from .board import options
from .convoys import convoy_instead
from .dumbbot_values import FALL, SPRING, WINTER, Valuation, valuation
from .strategy import adjustment, movement_table

PLAY_ALTERNATIVE = 50  # per cent: the chance of looking past a choice at all
DIFFERENCE_MODIFIER = 500  # how fast that falls as the next choice is worth less
RAND_MAX = 2**31 - 1  # the unit order's random keys, as C's rand() gives them
# How many times a unit waits for the same other unit before it gives that place up: the
# source waits for ever, and two units that each want the other's place never move on.
PATIENCE = 8

Choice = TypeVar("Choice")


def pick(ranked: Sequence[tuple[int, Choice]], rng: random.Random) -> int:
    """The index taken in `ranked` (best first, or for removals lowest first)."""
    i = 0
    while i + 1 < len(ranked):
        here, after = ranked[i][0], ranked[i + 1][0]
        chance = 0 if here == 0 else _c_divide((here - after) * DIFFERENCE_MODIFIER, here)
        if rng.randrange(100) < PLAY_ALTERNATIVE and rng.randrange(100) >= chance:
            i += 1
        else:
            break
    return i


def _c_divide(a: int, b: int) -> int:
    """C's integer division, which rounds towards zero."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def ranking(candidates: Sequence[tuple[int, Choice]]) -> list[tuple[int, Choice]]:
    """(value, choice) best first, one choice per value: the first one given of each value,
    as the source's map keyed by value keeps it."""
    by_value: dict[int, Choice] = {}
    for value, choice in candidates:
        by_value.setdefault(value, choice)
    return sorted(by_value.items(), key=lambda vc: vc[0], reverse=True)


def in_map_order(units: Sequence[Unit], v: Valuation) -> list[Unit]:
    """Units by node number: the order the source keeps its units in (by province)."""
    last = len(v.graph.names)
    return sorted(units, key=lambda u: (v.graph.number.get(str(u), last), str(u)))


def forbidden(position: Position, friends: frozenset[str]) -> frozenset[str]:
    """Where a friend stands or owns a centre: never attacked."""
    if not friends:
        return frozenset()
    theirs = {u.province for u in position.units if u.power in friends}
    theirs.update(c for c, o in position.centers.items() if o in friends)
    return frozenset(theirs)


def random_order(units: Sequence[Unit], rng: random.Random) -> list[list]:
    """The queue of units to order: [key, arrival, unit], taken highest key first."""
    return [[rng.randrange(RAND_MAX), i, u] for i, u in enumerate(units)]


class Movement:
    """One power's movement orders, as the source gives them."""

    def __init__(
        self,
        position: Position,
        power: str,
        rng: random.Random,
        friends: frozenset[str],
        rules: Options,
    ) -> None:
        season = FALL if position.phase.in_center_season(position.variant) else SPRING
        self.v = valuation(position, power, season, friends)
        self.rng = rng
        self.barred = forbidden(position, friends)
        mine = [u for u in position.units if u.power == power]
        self.units = in_map_order(mine, self.v)
        table = movement_table(position, mine, rules)  # as board.options asks: one table
        self.legal = {u: frozenset(table[u]) for u in self.units}
        self.at = {u.province: u for u in self.units}
        self.orders: dict[Unit, str] = {}
        self.moving_to: dict[str, Unit] = {}  # province -> our unit ordered to move there
        self.moves: set[Unit] = set()

    def choices(self, unit: Unit) -> list[tuple[int, str]]:
        """The nodes the unit may go to, ranked, its own (holding) among them."""
        g, v, here = self.v.graph, self.v, str(unit)
        number = g.number.get(here)
        if number is None:
            return [(0, here)]
        found = []
        for n in g.near[number]:
            if g.province[n] not in self.barred and self._move(unit, n) in self.legal[unit]:
                found.append((v.value[n], g.names[n]))
        found.append((v.value[number] + 1, here))
        return ranking(found)

    def _move(self, unit: Unit, node: int) -> str:
        return f"{unit} - {self.v.graph.names[node].split()[1]}"

    def _support(self, unit: Unit, other: Unit, province: str | None) -> str | None:
        text = f"{unit} S {other}" if province is None else f"{unit} S {other} - {province}"
        return text if text in self.legal[unit] else None

    def play(self) -> dict[Unit, str]:
        queue = random_order(self.units, self.rng)
        waits: dict[tuple[Unit, Unit], int] = {}
        arrivals = len(queue)
        while queue:
            entry = max(queue, key=lambda e: (e[0], -e[1]))
            queue.remove(entry)
            _, _, unit = entry
            ranked = self.choices(unit)
            while ranked:
                i = pick(ranked, self.rng)
                node = ranked[i][1]
                if node == str(unit):
                    self.orders[unit] = f"{unit} H"
                    break
                province = province_of(node.split()[1])
                other = self.at.get(province)
                if other is not None and other not in self.orders:
                    if waits.get((unit, other), 0) < PATIENCE:
                        waits[(unit, other)] = waits.get((unit, other), 0) + 1
                        behind = next(e[0] for e in queue if e[2] == other) - 1
                        queue.append([behind, arrivals, unit])
                        arrivals += 1
                        break
                    del ranked[i]
                    continue
                if other is not None and other not in self.moves:
                    text = self._support(unit, other, None)
                    if self.v.competition.get(province, 0) > 1 and text:
                        self.orders[unit] = text
                        break
                    del ranked[i]
                    continue
                mover = self.moving_to.get(province)
                if mover is not None:
                    text = self._support(unit, mover, province)
                    if self.v.competition.get(province, 0) > 0 and text:
                        self.orders[unit] = text
                        break
                    del ranked[i]
                    continue
                self.orders[unit] = f"{unit} - {node.split()[1]}"
                self.moving_to[province] = unit
                self.moves.add(unit)
                break
            else:  # every choice given up (the source would read past its list's end)
                self.orders[unit] = f"{unit} H"
        self.check_for_wasted_holds()
        return self.orders

    def check_for_wasted_holds(self) -> None:
        """A unit left holding supports the best neighbouring move or stay of ours that
        could need it, if there is one at a node worth more than 0."""
        g, v = self.v.graph, self.v
        for unit in self.units:
            number = g.number.get(str(unit))
            if self.orders[unit] != f"{unit} H" or number is None:
                continue
            best, chosen = 0, None
            for n in g.near[number]:
                province = g.province[n]
                mover = self.moving_to.get(province)
                if mover is not None:
                    needs = v.competition.get(province, 0) > 0
                    text = self._support(unit, mover, province)
                else:
                    other = self.at.get(province)
                    if other is None or other in self.moves:
                        continue
                    needs = v.competition.get(province, 0) > 1
                    text = self._support(unit, other, None)
                if needs and text and v.value[n] > best:
                    best, chosen = v.value[n], text
            if chosen is not None:
                self.orders[unit] = chosen


def retreats(
    position: Position, power: str, rng: random.Random, friends: frozenset[str]
) -> list[str]:
    """Our dislodged units in a random order, each choosing among its places open as a
    unit chooses its move, never where another of ours retreats."""
    mine = {d.unit: d for d in position.dislodged if d.unit.power == power}
    if not mine:
        return []
    season = FALL if position.phase.in_center_season(position.variant) else SPRING
    v = valuation(position, power, season, friends)
    barred = forbidden(position, friends)
    queue = random_order(in_map_order(list(mine), v), rng)
    queue.sort(key=lambda e: (-e[0], e[1]))
    taken: set[str] = set()
    orders = []
    for _, _, unit in queue:
        places = [
            loc
            for loc in mine[unit].retreats
            if province_of(loc) != unit.province and province_of(loc) not in barred
        ]
        last = len(v.graph.names)
        places.sort(key=lambda loc: v.graph.number.get(f"{unit.type} {loc}", last))
        ranked = ranking([(v.of(f"{unit.type} {loc}"), loc) for loc in places])
        while ranked:
            i = pick(ranked, rng)
            if province_of(ranked[i][1]) not in taken:
                break
            del ranked[i]
        if ranked:
            taken.add(province_of(ranked[i][1]))
            orders.append(f"{unit} R {ranked[i][1]}")
        else:
            orders.append(f"{unit} D")
    return orders


def adjustments(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], rules: Options
) -> list[str]:
    """Builds in the free centres the game's rules allow (SET ANY CENTER and the like; the
    source knows home centres only), removals of units where the least is lost."""
    balance, legal = adjustment(position, power, rules)
    if balance == 0:
        return []
    v = valuation(position, power, WINTER, friends)
    if balance > 0:
        last = len(v.graph.names)
        nodes = sorted(
            (t[: -len(" B")] for t in legal if t.endswith(" B")),
            key=lambda node: (v.graph.number.get(node, last), node),
        )
        ranked = ranking([(v.of(node), node) for node in nodes])
        orders = []
        while ranked and len(orders) < balance:
            node = ranked[pick(ranked, rng)][1]
            orders.append(f"{node} B")
            site = province_of(node.split()[1])
            ranked = [r for r in ranked if province_of(r[1].split()[1]) != site]
        return orders  # builds not ordered are waived
    mine = in_map_order([u for u in position.units if u.power == power], v)
    by_value = {v.of(str(u)): u for u in mine}  # the last unit of each value
    ranked = sorted(by_value.items(), key=lambda vu: vu[0])
    chosen: list[Unit] = []
    while ranked and len(chosen) < -balance:
        chosen.append(ranked.pop(pick(ranked, rng))[1])
    # Units of equal value share one place in the source's list, which it would read past
    # the end of: the rest go lowest value first.
    rest = sorted((u for u in mine if u not in chosen), key=lambda u: v.of(str(u)))
    chosen.extend(rest[: -balance - len(chosen)])
    return [f"{u} D" for u in chosen]


def play(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], rules: Options
) -> list[str]:
    """DumbBot knows no friends and gives no convoy (Norman's has neither): whoever the
    judge's observation module or a tournament counts as one, it plays against like anyone."""
    return play_with_friends(position, power, rng, frozenset(), rules, convoys=False)


def play_with_friends(
    position: Position,
    power: str,
    rng: random.Random,
    friends: frozenset[str],
    rules: Options,
    *,
    convoys: bool = True,
) -> list[str]:
    """DumbBot's play with `friends` weighted like ourselves (blabbot's), and with
    `convoys` an army carried by its own fleets where the values call for it."""
    kind = position.phase.kind
    if kind == "movement":
        movement = Movement(position, power, rng, friends, rules)
        orders = movement.play()
        if convoys:
            province_value = {p: movement.v.province_value(p) for p in movement.v.graph.of_province}
            barred = movement.barred
            convoy_instead(orders, options(position, power, rules).convoys, province_value, barred)
        return [orders[u] for u in position.units if u in orders]
    if kind == "retreat":
        return retreats(position, power, rng, friends)
    return adjustments(position, power, rng, friends, rules)
