"""`loeb`: Daniel Loeb's "somewhat serious" program from the Diplomacy Programming Project
(1990), in our own code.

Each movement phase goes in the five stages Loeb described:
(a) vulnerability: for every province, how many of our, friendly and enemy units could
    move there this turn;
(b) valuation: an importance from the kind of province (a neutral centre, an enemy's
    centre, our own centre under threat, a plain province), the season (the autumn weighs
    centres), the forces counted in (a), and a small random factor so that the program is
    not outguessed; a fraction of the neighbours' importance is added, to draw units the
    right way and towards crossroads;
(c) targeting: units one at a time take as target the most important place they can reach;
    once a place has the units it needs (one if undefended, as many as could oppose us if
    not) its importance falls;
(d) assignment: a unit already in its target holds and the others targeting it support it;
    otherwise one unit moves in, the one leaving the least important place, supported by
    the rest; a target where another of our units stands is dealt with after that unit;
(e) reassignment: a unit left holding supports a neighbouring target if it can.
Then an army goes by convoy where landing it, with the fleets that carry it staying at sea,
is worth more than what they were to do (robots/convoys.py); Loeb's program never convoyed.
Retreats, builds and removals follow the same importances.
"""

from __future__ import annotations

import random
from collections import defaultdict

from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.options import Options

from .board import neighbours, options, presence
from .convoys import convoy_instead
from .strategy import own_units
from .valued import adjustments, retreats

NEUTRAL_CENTER = 8.0
ENEMY_CENTER = 6.0
HOME_BONUS = 2.0  # an enemy's home centre: he must defend it, we gain a build site from him
OWN_CENTER = 2.0
THREAT = 4.0  # per enemy unit that could enter our centre
PLAIN = 1.0
AUTUMN_CENTERS = 2.0  # centres count at the end of the autumn
SPREAD = 0.15  # the fraction of a neighbour's importance added, per step
STEPS = 2
RANDOM = 0.1  # up to 10 % more importance, at random
SATISFIED = 0.2  # what is left of a place's importance once it has the units it needs


def importance(
    position: Position, power: str, rng: random.Random, friends: frozenset[str]
) -> tuple[dict[str, float], dict[str, int]]:
    """(b): province -> importance; and (a): province -> enemy units that could enter it."""
    variant = position.variant
    around = presence(position)
    ours = {power} | friends
    autumn = position.phase.in_center_season(variant)
    homes = {c: p.name for p in variant.powers for c in p.homes}
    enemies: dict[str, int] = {}
    base: dict[str, float] = {}
    for abbr, province in variant.provinces.items():
        counts = around.get(abbr, {})
        enemy = sum(n for who, n in counts.items() if who not in ours)
        enemies[abbr] = enemy
        if province.center:
            owner = position.centers.get(abbr)
            if owner == power:
                worth = OWN_CENTER + THREAT * enemy
            elif owner in friends:
                worth = 0.0
            elif owner is None:
                worth = NEUTRAL_CENTER
            else:
                worth = ENEMY_CENTER + (HOME_BONUS if homes.get(abbr) == owner else 0.0)
            if autumn:
                worth *= AUTUMN_CENTERS
        else:
            worth = PLAIN
        base[abbr] = worth * (1.0 + RANDOM * rng.random())
    near = neighbours(variant)
    value = base
    for _ in range(STEPS):
        value = {p: base[p] + SPREAD * sum(value.get(q, 0.0) for q in near[p]) for p in base}
    return value, enemies


def movement(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], rules: Options
) -> list[str]:
    value, enemies = importance(position, power, rng, friends)
    legal = options(position, power, rules)
    barred = {u.province for u in position.units if u.power in friends}
    barred.update(c for c, o in position.centers.items() if o in friends)
    units = own_units(position, power)
    # (c) targeting: the units with the fewest choices first, so that they are not crowded out.
    current = dict(value)
    needed = {p: max(1, enemies[p]) for p in value}
    targets: dict[Unit, str] = {}
    counted: dict[str, int] = defaultdict(int)
    for unit in sorted(units, key=lambda u: (len(legal.moves.get(u, ())), u)):
        places = [unit.province, *(p for p in legal.moves.get(unit, {}) if p not in barred)]
        target = max(places, key=lambda p: (current.get(p, 0.0), p == unit.province, p))
        targets[unit] = target
        counted[target] += 1
        if counted[target] >= needed[target]:
            current[target] = value[target] * SATISFIED
    # (d) assignment.
    orders: dict[Unit, str] = {}
    staying: set[str] = set()
    by_target: dict[str, list[Unit]] = defaultdict(list)
    for unit, target in targets.items():
        by_target[target].append(unit)
    done: set[str] = set()

    def assign(target: str, path: frozenset[str]) -> None:
        if target in done:
            return
        done.add(target)
        group = by_target[target]
        inside = [u for u in group if u.province == target]
        if inside:
            holder = inside[0]
            orders[holder] = f"{holder} H"
            staying.add(target)
            for other in group:
                if other is not holder:
                    orders[other] = legal.supports.get((other, holder, None), f"{other} H")
            return
        occupant = next((u for u in units if u.province == target), None)
        if occupant is not None and targets[occupant] != target and target not in path:
            assign(targets[occupant], path | {target})  # deal with the other place first
        if target in staying:  # our unit there stays after all: support it instead
            holder = next(u for u in units if u.province == target)
            for other in group:
                orders[other] = legal.supports.get((other, holder, None), f"{other} H")
            return
        mover = min(group, key=lambda u: (value.get(u.province, 0.0), u))
        orders[mover] = legal.moves[mover][target]
        for other in group:
            if other is not mover:
                orders[other] = legal.supports.get((other, mover, target), f"{other} H")
                staying.add(other.province)

    for target in sorted(by_target, key=lambda p: -value.get(p, 0.0)):
        assign(target, frozenset())
    # (e) reassignment of holds: support a neighbouring target.
    movers = {u: t for u, t in targets.items() if orders[u] == legal.moves.get(u, {}).get(t)}
    for unit in units:
        if orders[unit] != f"{unit} H":
            continue
        helps = [
            (value.get(t, 0.0), text)
            for (frm, other, t), text in legal.supports.items()
            if frm == unit and other.power == power and movers.get(other) == t and t is not None
        ]
        if helps:
            orders[unit] = max(helps)[1]
    convoy_instead(orders, legal.convoys, value, barred)
    return [orders[u] for u in units]


def play(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], rules: Options
) -> list[str]:
    kind = position.phase.kind
    if kind == "movement":
        return movement(position, power, rng, friends, rules)
    value, _ = importance(position, power, rng, friends)
    if kind == "retreat":
        return retreats(position, power, value)
    return adjustments(position, power, value, rng, rules)
