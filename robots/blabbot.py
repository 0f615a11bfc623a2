"""`blabbot`: DumbBot's movement with BlabBot's peace (seeds/blabbot.txt). The powers it is
at peace with (the `friends` argument: those its press made friends, robots/talk.py) are
weighted like itself: their centres are no target, their units no competition, and it never
moves into a province a friend holds or owns a centre in (the seed's step [6]).

When every power left is a friend (step [5]) the policy decides: under Mac ("Mac the
Knife") friendship is ignored from then on and it plays DumbBot's strategy against everyone,
its friends of a moment ago first among them, as they still spare it (the stab); under Joe
("Honest Joe") it stays honest to the end, and votes for a draw (robots/talk.py,
`votes_draw`). Its press (proposing peace, accepting it, offering a draw) is robots/talk.py's;
here is only how it plays the board.
"""

from __future__ import annotations

import random

from adjudicator.given import Position
from adjudicator.options import Options

from .dumbbot import play_with_friends
from .talk import everyone_a_friend

POLICIES = ("joe", "mac")
DEFAULT_POLICY = "joe"


def play(
    position: Position,
    power: str,
    rng: random.Random,
    friends: frozenset[str],
    options: Options,
    *,
    policy: str = DEFAULT_POLICY,
    remaining: frozenset[str] | None = None,
) -> list[str]:
    """The power's orders. `remaining`: the powers still in the game (None: those with a
    unit or a centre on the board given)."""
    return play_with_friends(
        position, power, rng, friends_in_play(position, power, friends, policy, remaining), options
    )


def friends_in_play(
    position: Position,
    power: str,
    friends: frozenset[str],
    policy: str,
    remaining: frozenset[str] | None = None,
) -> frozenset[str]:
    """The friends the board is played with: none under Mac once every power left is a
    friend (the seed's step [5]: "use normal DumbBot strategy; that is, ignore
    friendship"); else the friends still in the game."""
    if remaining is None:
        remaining = frozenset(u.power for u in position.units) | frozenset(
            o for o in position.centers.values() if o
        )
    mine = (friends & remaining) - {power}
    if policy == "mac" and everyone_a_friend(power, remaining, mine):
        return frozenset()
    return mine
