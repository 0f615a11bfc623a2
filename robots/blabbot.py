"""`blabbot`: DumbBot's movement with BlabBot's peace. The powers it is at peace with (the
`friends` argument) are weighted like itself: their centres are no target, their units no
competition, and it never moves into a province a friend holds or owns a centre in.

Its press (proposing peace to everyone, accepting proposals, offering a draw when all are
friends) is robots/talk.py's; here is only how it plays the board.
"""

from __future__ import annotations

import random

from adjudicator.given import Position
from adjudicator.options import Options

from .dumbbot import play_with_friends


def play(
    position: Position, power: str, rng: random.Random, friends: frozenset[str], options: Options
) -> list[str]:
    return play_with_friends(position, power, rng, friends - {power}, options)
