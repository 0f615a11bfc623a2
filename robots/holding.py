"""`hold`: Loeb's civil disorder. Every unit holds, a dislodged unit disbands, builds are
waived, and removals take the units farthest from home first.

The weakest sensible player: the yardstick every other strategy must beat.
"""

from __future__ import annotations

import random

from adjudicator.given import Position
from adjudicator.options import Options

from .strategy import adjustment, farthest_first, own_units


def play(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], options: Options
) -> list[str]:
    kind = position.phase.kind
    if kind == "movement":
        return [f"{u} H" for u in own_units(position, power)]
    if kind == "retreat":
        return [f"{d.unit} D" for d in position.dislodged if d.unit.power == power]
    balance, _ = adjustment(position, power, options)
    if balance > 0:
        return ["WAIVE"] * balance
    if balance < 0:
        return farthest_first(position, power, -balance)
    return []
