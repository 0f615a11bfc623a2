"""`loeb`: Daniel Loeb's "somewhat serious" program (Electronic Protocol 191, 1990), in our
own code.

Allies: the other countries sorted by trustworthiness, once, at random, copies of itself
and the civil-disorder and random programs before humans; every country that attempts to
move into a centre it owns goes to the bottom (robots/memory.py keeps who did). The first
third of the list are allies, the last third enemies, the rest neutrals (two, two and two
on the Standard map). Allies are never attacked.

Spring 1901: a book opening chosen by the list (robots/loeb_book.py). Afterwards each
movement phase goes in Loeb's five stages:
(a) vulnerability: for every province, how many of our, allied, neutral and enemy units
    stand in it or could move there this turn;
(b) valuation: an importance from the kind of province (a neutral centre, an enemy's or a
    neutral's centre, a home centre of theirs, our own centre as threatened as the enemy
    and neutral units beside it make it, a plain province), the season (the autumn weighs
    centres), and a small random factor so that the program is not outguessed; a fraction
    of the neighbours' importance is added, to draw units the right way and towards
    crossroads;
(c) targeting: units one at a time, those with the fewest moves first, take as target "the
    space nearest them with the highest importance", within three moves, each move beyond
    this turn's counting less, and a place held against us that no other of our units
    could help to attack counting half; once a place has the units it needs its importance
    falls: one for a place nobody else can reach, one more than the units that could
    defend it for any other, and as many as could attack it for a place of ours;
(d) assignment: a unit already in its target holds and the others targeting it support it;
    otherwise one unit moves in, the one leaving the least important place, supported by
    the rest; a target where another of our units stands is dealt with after that unit; a
    unit whose target is further moves a step towards it; two units never change places,
    and none moves where one of ours stays (either would only bounce: they hold instead);
(e) reassignment: a unit left holding supports a neighbouring target if it can, a move
    into it or a unit holding it.
Then an army goes by convoy where landing it, with the fleets that carry it staying at sea,
is worth more than what they were to do (robots/convoys.py): Loeb's own extension to (e),
"consider all possible convoys", which his program of 1990 did not make. Retreats, builds
and removals follow the same importances: it never disbands when it can retreat.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import NamedTuple

from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.options import Options
from variants import Variant, province_of

from .board import Choices, neighbours, options, presence
from .convoys import convoy_instead
from .loeb_book import opening
from .memory import Memory
from .strategy import own_units
from .valued import adjustments, retreats

# "The program considers copies of itself (and strategies 1 and 2) as being more
# trustworthy than humans": the strategies whose powers go first on its list.
KIN = frozenset({"loeb", "hold", "random"})

NEUTRAL_CENTER = 8.0  # a centre nobody owns
ENEMY_CENTER = 6.0
NEUTRALS_CENTER = 4.0  # a centre of a power in the middle of the list
HOME_BONUS = 2.0  # an enemy's home centre: he must defend it, we gain a build site from him
OWN_CENTER = 2.0
THREAT = 1.0  # per enemy unit that could enter our centre
NEUTRAL_THREAT = 0.5  # a neutral's unit threatens half as much
PLAIN = 1.0
AUTUMN_CENTERS = 2.0  # centres count at the end of the autumn
SPREAD = 0.15  # the fraction of a neighbour's importance added, per step
STEPS = 2
RANDOM = 0.1  # up to 10 % more importance, at random
SATISFIED = 0.2  # what is left of a place's importance once it has the units it needs
RANGE = 3  # how many moves away a unit looks for its target
FARTHER = 0.7  # what a target is worth one move further away
ALONE = 0.5  # what a place held against us is worth to a unit that would attack it alone


class Sides(NamedTuple):
    """The other powers as the trustworthiness list divides them."""

    allies: frozenset[str]
    neutrals: frozenset[str]
    enemies: frozenset[str]


class Forces(NamedTuple):
    """(a): the units of each side that stand in a province or could move into it."""

    own: int
    allied: int
    neutral: int
    enemy: int


def trust_list(variant: Variant, power: str, memory: Memory) -> list[str]:
    """The other powers, most trusted first: at random (the same all game), programs before
    humans, then every power that has moved against our centres, the latest lowest."""
    others = [p.name for p in variant.powers if p.name != power]
    random.Random(f"{memory.seed}/trust/{power}").shuffle(others)
    others.sort(key=lambda p: p not in memory.programs)
    last = memory.intrusions.get(power, {})
    return sorted(others, key=lambda p: last.get(p, 0))


def sides(trust: list[str]) -> Sides:
    third = len(trust) // 3
    allies, enemies = trust[:third], trust[len(trust) - third :]
    neutrals = trust[third : len(trust) - third]
    return Sides(frozenset(allies), frozenset(neutrals), frozenset(enemies))


def forces(position: Position, power: str, side: Sides) -> dict[str, Forces]:
    """(a) for every province."""
    out: dict[str, Forces] = {}
    for province, counts in presence(position).items():
        own = allied = neutral = enemy = 0
        for who, n in counts.items():
            if who == power:
                own += n
            elif who in side.allies:
                allied += n
            elif who in side.neutrals:
                neutral += n
            else:
                enemy += n
        out[province] = Forces(own, allied, neutral, enemy)
    return out


NOBODY = Forces(0, 0, 0, 0)


def importance(
    position: Position, power: str, rng: random.Random, side: Sides, force: dict[str, Forces]
) -> dict[str, float]:
    """(b): province -> importance."""
    variant = position.variant
    autumn = position.phase.in_center_season(variant)
    homes = {c: p.name for p in variant.powers for c in p.homes}
    base: dict[str, float] = {}
    for abbr, province in variant.provinces.items():
        if province.center:
            owner = position.centers.get(abbr)
            if owner == power:
                f = force.get(abbr, NOBODY)
                worth = OWN_CENTER + THREAT * (f.enemy + NEUTRAL_THREAT * f.neutral)
            elif owner in side.allies:
                worth = 0.0
            elif owner is None:
                worth = NEUTRAL_CENTER
            else:
                worth = ENEMY_CENTER if owner not in side.neutrals else NEUTRALS_CENTER
                worth += HOME_BONUS if homes.get(abbr) == owner else 0.0
            if autumn:
                worth *= AUTUMN_CENTERS
        else:
            worth = PLAIN
        base[abbr] = worth * (1.0 + RANDOM * rng.random())
    near = neighbours(variant)
    value = base
    for _ in range(STEPS):
        value = {p: base[p] + SPREAD * sum(value.get(q, 0.0) for q in near[p]) for p in base}
    return value


def needed(position: Position, power: str, force: dict[str, Forces]) -> dict[str, int]:
    """(c): how many of our units each place needs: as many as could attack a place of ours
    (one at least), one for a place nobody else can reach, one more than the units that
    could defend any other."""
    ours = {u.province for u in position.units if u.power == power}
    out: dict[str, int] = {}
    for province in position.variant.provinces:
        f = force.get(province, NOBODY)
        hostile = f.neutral + f.enemy
        out[province] = max(1, hostile) if province in ours else hostile + 1
    return out


def paths(
    variant: Variant, unit: Unit, barred: set[str], held: set[str]
) -> dict[str, tuple[int, str]]:
    """Province -> (moves the unit needs to get there, the province of its first move), for
    the provinces within RANGE moves, none through a barred one (an ally's) nor through one
    `held` (where another power's unit stands: it is the end of a path, to be attacked)."""
    moves = {"F": variant.fleet_moves, "W": variant.wing_moves}.get(unit.type, variant.army_moves)
    start = unit.location if unit.type == "F" else unit.province
    out = {unit.province: (0, unit.province)}
    seen = {start}
    frontier: list[tuple[str, str | None]] = [(start, None)]
    for distance in range(1, RANGE + 1):
        further: list[tuple[str, str | None]] = []
        for at, first in frontier:
            for to in sorted(moves.get(at, ())):
                province = province_of(to)
                if to in seen or province in barred:
                    continue
                seen.add(to)
                step = first or province
                out.setdefault(province, (distance, step))
                if province not in held:
                    further.append((to, step))
        frontier = further
    return out


def movement(
    position: Position, power: str, rng: random.Random, side: Sides, rules: Options
) -> list[str]:
    variant = position.variant
    force = forces(position, power, side)
    value = importance(position, power, rng, side, force)
    legal = options(position, power, rules)
    barred = {u.province for u in position.units if u.power in side.allies}
    barred.update(c for c, o in position.centers.items() if o in side.allies)
    held = {u.province for u in position.units if u.power != power}
    units = own_units(position, power)
    # (c) targeting: "the space nearest them with the highest importance", each move further
    # away counting FARTHER less, a place held against us that no other of our units could
    # help to attack ALONE less; the units with the fewest choices first, so that they are
    # not crowded out.
    current = dict(value)
    need = needed(position, power, force)
    targets: dict[Unit, str] = {}
    further: dict[Unit, tuple[str, int]] = {}  # a target beyond this turn's reach, how far
    counted: dict[str, int] = defaultdict(int)
    for unit in sorted(units, key=lambda u: (len(legal.moves.get(u, ())), u)):
        moves = legal.moves.get(unit, {})
        near = paths(variant, unit, barred, held)

        def worth(p: str, near: dict[str, tuple[int, str]] = near) -> float:
            distance = near[p][0]
            alone = distance == 1 and p in held and force.get(p, NOBODY).own < 2
            return current.get(p, 0.0) * FARTHER ** max(0, distance - 1) * (ALONE if alone else 1)

        places = [p for p in near if near[p][0] != 1 or p in moves]
        target = max(places, key=lambda p: (worth(p), p == unit.province, p))
        if near[target][0] > 1:
            further[unit] = (target, near[target][0])
        else:
            targets[unit] = target
        counted[target] += 1
        if counted[target] >= need[target]:
            current[target] *= SATISFIED
    orders = assign(units, targets, value, legal)
    ends = {_end(u, orders[u]) for u in orders}
    for unit, (target, distance) in further.items():
        moves = legal.moves.get(unit, {})
        go = approach(variant, unit, target, distance, moves, ends | held, barred)
        orders[unit] = go or f"{unit} H"
        targets[unit] = _end(unit, orders[unit])
        ends.add(targets[unit])
    for unit in _bouncing(orders):
        orders[unit], targets[unit] = f"{unit} H", unit.province
    reassign_holds(units, orders, targets, value, legal)
    convoy_instead(orders, legal.convoys, value, barred)
    return [orders[u] for u in units]


def approach(
    variant: Variant,
    unit: Unit,
    target: str,
    distance: int,
    moves: dict[str, str],
    ends: set[str],
    barred: set[str],
) -> str | None:
    """The move that takes `unit` a step nearer its target, into a province none of our
    units ends in; None if there is none."""
    best: tuple[int, str] | None = None
    for province, text in sorted(moves.items()):
        if province in ends or province in barred:
            continue
        there = Unit(unit.power, unit.type, text.split()[3])
        left = paths(variant, there, barred, ends).get(target, (RANGE + 1, ""))[0]
        if left < distance and (best is None or left < best[0]):
            best = (left, text)
    return best[1] if best else None


def _bouncing(orders: dict[Unit, str]) -> set[Unit]:
    """Our moves that would bounce off our own units: two units changing places, and then
    any unit moving where one of ours stays."""
    ends = {u: _end(u, o) for u, o in orders.items()}
    moving = {u.province: ends[u] for u in orders if ends[u] != u.province}
    out = {u for u in orders if moving.get(moving.get(u.province, ""), "") == u.province}
    while True:
        stays = {u.province for u in orders if u in out or ends[u] == u.province}
        more = {u for u in orders if u not in out and ends[u] != u.province and ends[u] in stays}
        if not more:
            return out
        out |= more


def _end(unit: Unit, order: str) -> str:
    words = order.split()
    return province_of(words[3]) if len(words) == 4 and words[2] == "-" else unit.province


def assign(
    units: list[Unit],
    targets: dict[Unit, str],
    value: dict[str, float],
    legal: Choices,
) -> dict[Unit, str]:
    """(d): for each target, most important first, one unit holds in it or moves into it and
    the others targeting it support that unit."""
    orders: dict[Unit, str] = {}
    staying: set[str] = set()
    by_target: dict[str, list[Unit]] = defaultdict(list)
    for unit, target in targets.items():
        by_target[target].append(unit)
    done: set[str] = set()

    def support(group: list[Unit], unit: Unit, target: str | None) -> None:
        for other in group:
            if other is not unit:
                orders[other] = legal.supports.get((other, unit, target), f"{other} H")
                staying.add(other.province)

    def place(target: str, path: frozenset[str]) -> None:
        if target in done:
            return
        done.add(target)
        group = by_target[target]
        inside = [u for u in group if u.province == target]
        if inside:
            orders[inside[0]] = f"{inside[0]} H"
            staying.add(target)
            support(group, inside[0], None)
            return
        occupant = next((u for u in targets if u.province == target), None)
        if occupant is not None and targets[occupant] != target and target not in path:
            place(targets[occupant], path | {target})  # deal with the other place first
        if target in staying:  # our unit there stays after all: support it instead
            holder = next(u for u in units if u.province == target)
            support([*group, holder], holder, None)
            return
        mover = min(group, key=lambda u: (value.get(u.province, 0.0), u))
        orders[mover] = legal.moves[mover][target]
        support(group, mover, target)

    for target in sorted(by_target, key=lambda p: -value.get(p, 0.0)):
        place(target, frozenset())
    return orders


def reassign_holds(
    units: list[Unit],
    orders: dict[Unit, str],
    targets: dict[Unit, str],
    value: dict[str, float],
    legal: Choices,
) -> None:
    """(e): a unit left holding supports a neighbouring target: a move of ours into it, or
    our unit holding in it, the most important."""
    moving = {u: t for u, t in targets.items() if orders[u] == legal.moves.get(u, {}).get(t)}
    for unit in units:
        if orders[unit] != f"{unit} H":
            continue
        helps = [
            (value.get(to or other.province, 0.0), text)
            for (frm, other, to), text in legal.supports.items()
            if frm == unit
            and (
                moving.get(other) == to
                if to is not None
                else other not in moving and targets[other] == other.province
            )
        ]
        if helps:
            orders[unit] = max(helps)[1]


def play(
    position: Position,
    power: str,
    rng: random.Random,
    friends: frozenset[str],
    rules: Options,
    memory: Memory | None = None,
) -> list[str]:
    """Loeb's orders. `friends` is not read: the program's allies are its own list's."""
    trust = trust_list(position.variant, power, memory or Memory())
    side = sides(trust)
    kind = position.phase.kind
    if kind == "movement":
        book = _book(position, power, trust, rules)
        return book if book is not None else movement(position, power, rng, side, rules)
    value = importance(position, power, rng, side, forces(position, power, side))
    if kind == "retreat":
        return retreats(position, power, value)
    return adjustments(position, power, value, rng, rules)


def _book(position: Position, power: str, trust: list[str], rules: Options) -> list[str] | None:
    """The book opening in the first spring, if the map has one for the power's units and
    every order of it is legal here."""
    variant = position.variant
    first = variant.start.upper()
    if str(position.phase) != first or not first.startswith("S"):
        return None
    units = own_units(position, power)
    chosen = opening(power, trust, [f"{u.type} {u.location}" for u in units])
    if chosen is None:
        return None
    legal = options(position, power, rules)
    allowed = {t for m in legal.moves.values() for t in m.values()} | set(legal.supports.values())
    allowed |= {f"{u} H" for u in units}
    return list(chosen.orders) if set(chosen.orders) <= allowed else None
