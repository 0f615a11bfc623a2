"""`dumbbot`: David Norman's DumbBot method, in our own code.

Every province gets a value: an attack value (a centre someone else owns, worth as much as
its owner is big) and a defence value (our own centre, worth as much as the biggest power
next to it), weighted by season (the autumn, when centres change hands, weighs centres
more). The values spread to neighbours over several steps (proximity), so that units drift
towards what matters even from afar; our strength next to a province adds to its value and
the competition of the strongest other power takes from it. Each unit then chooses, at
random but weighted towards the best, among staying and its moves; a unit that picks a
place another of ours already goes to supports it instead.

Friends (blabbot's, through `play_with_friends`; DumbBot itself has none) are treated like
ourselves: their centres are worth nothing to attack, their units are no competition, and no
move goes where they stand or own a centre.
"""

from __future__ import annotations

import random
from collections import Counter

from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.options import Options

from .board import Choices, options, presence, spread_table
from .convoys import convoy_instead
from .strategy import own_units
from .valued import adjustments, retreats

# Proximity weights, nearest first; attack and defence weights; strength and competition.
Weights = tuple[tuple[int, ...], int, int, int, int]
SPRING: Weights = ((100, 1000, 30, 10, 6, 5, 4, 3, 2, 1), 700, 300, 1000, 1000)
AUTUMN: Weights = ((1000, 100, 30, 10, 6, 5, 4, 3, 2, 1), 600, 400, 1000, 1000)
WINTER: Weights = ((1000, 100, 30, 10, 6, 5, 4, 3, 2, 1), 300, 700, 0, 0)
# Chance of looking past the best choice to the next, before weighing how much worse it is.
ALTERNATIVE = 0.5
# How fast that chance falls as the next choice is worth less than the one before.
DIFFERENCE = 5.0


def values(
    position: Position, power: str, friends: frozenset[str], weights: Weights
) -> dict[str, float]:
    """Province -> how much it is worth to `power` this phase."""
    proximity_weights, attack_w, defence_w, strength_w, competition_w = weights
    variant = position.variant
    size = Counter(position.centers.values())
    around = presence(position)
    ours = {power} | friends
    base: dict[str, float] = {}
    for abbr, province in variant.provinces.items():
        worth = 0.0
        if province.center:
            owner = position.centers.get(abbr)
            if owner == power:
                threat = [size[p] for p in around.get(abbr, ()) if p not in ours]
                worth = defence_w * max(threat, default=0)
            elif owner not in ours or owner is None:
                worth = attack_w * (size[owner] if owner else 1)
        base[abbr] = worth
    order, near_index = spread_table(variant)
    layer = [base[p] for p in order]
    total = [proximity_weights[0] * v for v in layer]
    for weight in proximity_weights[1:]:
        layer = [(layer[i] + sum([layer[j] for j in js])) / 5.0 for i, js in enumerate(near_index)]
        for i, v in enumerate(layer):
            total[i] += weight * v
    value = dict(zip(order, total, strict=True))
    for p, counts in around.items():
        strength = sum(n for who, n in counts.items() if who == power)
        competition = max((n for who, n in counts.items() if who not in ours), default=0)
        value[p] = value.get(p, 0.0) + strength_w * strength - competition_w * competition
    return value


def forbidden(position: Position, friends: frozenset[str]) -> frozenset[str]:
    """Where a friend stands or owns a centre: never attacked."""
    if not friends:
        return frozenset()
    theirs = {u.province for u in position.units if u.power in friends}
    theirs.update(c for c, o in position.centers.items() if o in friends)
    return frozenset(theirs)


def weighted_pick(ranked: list[tuple[float, str | None]], rng: random.Random) -> int:
    """The index of the choice taken: the best, or by chance one a little worse."""
    i = 0
    while i + 1 < len(ranked):
        best, nxt = ranked[i][0], ranked[i + 1][0]
        drop = (best - nxt) / max(abs(best), 1.0)
        if rng.random() >= ALTERNATIVE * max(0.0, 1.0 - DIFFERENCE * drop):
            break
        i += 1
    return i


def movement(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], rules: Options
) -> list[str]:
    weights = AUTUMN if position.phase.in_center_season(position.variant) else SPRING
    value = values(position, power, friends, weights)
    legal = options(position, power, rules)
    barred = forbidden(position, friends)
    units = own_units(position, power)
    rng.shuffle(units)
    going: dict[Unit, str | None] = {}  # unit -> province it moves to, None: stays
    into: dict[str, Unit] = {}  # province -> our unit that ends there
    orders: dict[Unit, str] = {}
    for unit in units:
        choices: list[tuple[float, str | None]] = [(value.get(unit.province, 0.0), None)]
        choices.extend((value.get(p, 0.0), p) for p in legal.moves.get(unit, {}) if p not in barred)
        choices.sort(key=lambda c: (-c[0], c[1] or ""))
        while choices:
            i = weighted_pick(choices, rng)
            _, dest = choices.pop(i)
            place = unit.province if dest is None else dest
            there = into.get(place)
            if there is None:
                going[unit] = dest
                into[place] = unit
                orders[unit] = f"{unit} H" if dest is None else legal.moves[unit][dest]
                break
            # Another of ours already ends there: support it, if we can.
            target = going[there]
            text = legal.supports.get((unit, there, target))
            if text is not None and unit.province not in into:
                going[unit] = None
                into[unit.province] = unit
                orders[unit] = text
                break
        else:
            going[unit] = None
            orders[unit] = f"{unit} H"
    _no_self_bounce(orders, going, legal)
    convoy_instead(orders, legal.convoys, value, barred)
    return [orders[u] for u in own_units(position, power)]


def _no_self_bounce(orders: dict[Unit, str], going: dict[Unit, str | None], legal: Choices) -> None:
    """A move into a province where one of our units stays would fail against ourselves:
    support that unit instead, or hold."""
    staying = {u.province: u for u, d in going.items() if d is None}
    for unit, dest in going.items():
        if dest is not None and dest in staying:
            other = staying[dest]
            orders[unit] = legal.supports.get((unit, other, None), f"{unit} H")
            going[unit] = None


def play(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], rules: Options
) -> list[str]:
    """DumbBot knows no friends (Norman's method has none): whoever the judge's observation
    module or a tournament counts as one, it plays against like anyone."""
    return play_with_friends(position, power, rng, frozenset(), rules)


def play_with_friends(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], rules: Options
) -> list[str]:
    """DumbBot's play with `friends` weighted like ourselves (blabbot's)."""
    kind = position.phase.kind
    if kind == "movement":
        return movement(position, power, rng, friends, rules)
    if kind == "retreat":
        weights = AUTUMN if position.phase.in_center_season(position.variant) else SPRING
        value = values(position, power, friends, weights)
        return retreats(position, power, value, forbidden(position, friends))
    value = values(position, power, friends, WINTER)
    return adjustments(position, power, value, rng, rules)
