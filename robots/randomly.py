"""`random`: any legal order for each unit, chosen at random (adjudicator/possible.py lists
them). Moves are picked more often than holds, supports and convoys, so that the board
changes; retreats, builds and removals are random too.
"""

from __future__ import annotations

import random

from adjudicator.given import Position
from adjudicator.options import Options
from adjudicator.possible import retreat_orders

from .strategy import adjustment, distinct_builds, movement_table, own_units

# How often each kind of order is chosen when the unit has one of that kind.
WEIGHTS = {"H": 1, "-": 4, "S": 2, "C": 1}


def play(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], options: Options
) -> list[str]:
    kind = position.phase.kind
    if kind == "movement":
        mine = own_units(position, power)
        if not mine:
            return []
        table = movement_table(position, list(position.units), options)
        orders = []
        for unit in mine:
            by_kind: dict[str, list[str]] = {}
            for text in table[unit]:
                by_kind.setdefault(text.split()[2], []).append(text)
            kinds = list(by_kind)
            pick = rng.choices(kinds, weights=[WEIGHTS.get(k, 1) for k in kinds])[0]
            orders.append(rng.choice(by_kind[pick]))
        return orders
    if kind == "retreat":
        mine = [d for d in position.dislodged if d.unit.power == power]
        return [rng.choice(texts) for texts in retreat_orders(mine).values()]
    balance, choices = adjustment(position, power, options)
    if balance > 0:
        sites = distinct_builds(choices)
        chosen = rng.sample(sorted(sites), min(balance, len(sites)))
        return [rng.choice(sites[site]) for site in chosen]
    if balance < 0:
        return rng.sample(choices, min(-balance, len(choices)))
    return []
