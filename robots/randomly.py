"""`random`: Loeb's second program (Electronic Protocol 191, 1990): "All units move to an
adjacent province at random. Legal retreats are randomly taken when possible. Removals are
chosen at random. Builds are in a random open supply center, and if applicable the choice
of fleet/army and of coast is at random."

A unit with no adjacent province to move to holds. The orders come from
adjudicator/possible.py's list, so they are legal on any variant. As an option for whoever
calls `play` (not a strategy of its own), `kinds` lets a unit also support and convoy: each
kind of order its list has is then chosen with the weight WEIGHTS gives it.
"""

from __future__ import annotations

import random

from adjudicator.given import Position
from adjudicator.options import Options
from adjudicator.possible import retreat_orders
from variants import province_of

from .board import unit_reach
from .strategy import adjustment, distinct_builds, movement_table, own_units

MOVES = "-"
# How often each kind of order is chosen, under `kinds` of more than moves.
WEIGHTS = {"H": 1, "-": 4, "S": 2, "C": 1}


def play(
    position: Position,
    power: str,
    rng: random.Random,
    friends: frozenset[str],
    options: Options,
    kinds: str = MOVES,
) -> list[str]:
    """`kinds`: the order letters a unit may be given in a movement phase ("-" moves only,
    Loeb's; "-SCH" any order)."""
    phase = position.phase.kind
    if phase == "movement":
        return _movement(position, power, rng, options, kinds)
    if phase == "retreat":
        mine = [d for d in position.dislodged if d.unit.power == power]
        orders = []
        for texts in retreat_orders(mine).values():
            open_ = [t for t in texts if not t.endswith(" D")]
            orders.append(rng.choice(open_ or texts))
        return orders
    balance, choices = adjustment(position, power, options)
    if balance > 0:
        sites = distinct_builds(choices)
        chosen = rng.sample(sorted(sites), min(balance, len(sites)))
        return [rng.choice(sites[site]) for site in chosen]
    if balance < 0:
        return rng.sample(choices, min(-balance, len(choices)))
    return []


def _movement(
    position: Position, power: str, rng: random.Random, options: Options, kinds: str
) -> list[str]:
    mine = own_units(position, power)
    if not mine:
        return []
    # Moves need only the power's own units' list; supports and convoys everybody's.
    table = movement_table(position, mine if kinds == MOVES else list(position.units), options)
    orders = []
    for unit in mine:
        reach = unit_reach(position.variant, unit)
        by_kind: dict[str, list[str]] = {}
        for text in table[unit]:
            words = text.split()
            if words[2] == "-" and "C" not in kinds and province_of(words[-1]) not in reach:
                continue  # a move by convoy: not to an adjacent province
            if words[2] in kinds:
                by_kind.setdefault(words[2], []).append(text)
        if not by_kind:
            orders.append(f"{unit} H")
            continue
        letters = list(by_kind)
        pick = rng.choices(letters, weights=[WEIGHTS.get(k, 1) for k in letters])[0]
        orders.append(rng.choice(by_kind[pick]))
    return orders
