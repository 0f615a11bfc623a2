"""Retreats, builds and removals by a table of province values, for loeb (dumbbot and
blabbot choose theirs as David Norman's DumbBot does, robots/dumbbot.py).

Retreat to the most valuable place left (never two units to one place, never a disband
when a retreat is open); build where the value is highest, the unit type whose next moves
reach the most value; remove the units standing where the value is lowest.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.options import Options
from adjudicator.possible import retreat_orders
from variants import province_of

from .board import unit_reach
from .strategy import adjustment, distinct_builds, own_units

Values = Mapping[str, float]


def retreats(
    position: Position, power: str, value: Values, forbidden: frozenset[str] = frozenset()
) -> list[str]:
    mine = [d for d in position.dislodged if d.unit.power == power]
    taken: set[str] = set()
    orders = []
    for unit, texts in retreat_orders(mine).items():
        places = [t for t in texts if t.split()[2] == "R"]
        places = [t for t in places if province_of(t.split()[3]) not in taken | forbidden]
        if not places:
            orders.append(f"{unit} D")
            continue
        best = max(places, key=lambda t: value.get(province_of(t.split()[3]), 0.0))
        taken.add(province_of(best.split()[3]))
        orders.append(best)
    return orders


def adjustments(
    position: Position, power: str, value: Values, rng: random.Random, rules: Options
) -> list[str]:
    """Builds where the game's rules allow them (`rules`: SET ANY CENTER and the like),
    most valuable first; removals where the least is lost."""
    balance, options = adjustment(position, power, rules)
    variant = position.variant
    if balance > 0:
        sites = distinct_builds(options)
        ranked = sorted(sites, key=lambda s: (-value.get(s, 0.0), s))
        orders = []
        for site in ranked[:balance]:

            def reach_value(text: str) -> float:
                words = text.split()
                unit = Unit(power, words[0], words[1])
                return sum(value.get(p, 0.0) for p in unit_reach(variant, unit)) + rng.random()

            orders.append(max(sites[site], key=reach_value))
        return orders
    if balance < 0:
        ranked = sorted(own_units(position, power), key=lambda u: (value.get(u.province, 0.0), u))
        return [f"{u} D" for u in ranked[:-balance]]
    return []
