"""Program players: strategies that give a power's orders for any phase of any variant, the
press they answer (talk.py) and the observation module (observation.py).

Pure like adjudicator/: a strategy sees the board (`adjudicator.given.Position`) and returns
order texts in the adjudicator's notation, the same texts a player could mail. The judge's
robot players, the `judge tournament` command and the benchmarks all come through `play`.
Randomness is passed in (`rng_for`), so that a game of robots replays exactly from its seed.
"""

from __future__ import annotations

import random

from adjudicator.given import Position
from adjudicator.machiavelli.possible import mach_upkeep_orders
from adjudicator.options import Options

from . import blabbot, dumbbot, holding, loeb, randomly
from .memory import Memory
from .strategy import Strategy

STRATEGIES: dict[str, Strategy] = {
    "hold": holding.play,
    "random": randomly.play,
    "loeb": loeb.play,
    "dumbbot": dumbbot.play,
    "blabbot": blabbot.play,
}

# The strategies whose play reads its `friends` argument; the others ignore it, so whoever
# seats them need not work out their friendships (judge/engine/robots/ordering.py).
KNOW_FRIENDS = frozenset({"blabbot"})

# The strategies that read a `Memory` of the game (robots/memory.py: Loeb's program keeps
# its trustworthiness list all game); the others are not given one.
REMEMBERING = {"loeb": loeb.play}
REMEMBER = frozenset(REMEMBERING)


def play(
    strategy: str,
    position: Position,
    power: str,
    rng: random.Random,
    friends: frozenset[str] = frozenset(),
    options: Options | None = None,
    memory: Memory | None = None,
    policy: str = blabbot.DEFAULT_POLICY,
    remaining: frozenset[str] | None = None,
) -> list[str]:
    """The power's orders for the phase the position is at, legal under the game's rule
    `options` (None: the adjudicator's defaults), with what the strategy remembers of the
    game (`memory`, for REMEMBER's; None: nothing); a blabbot's `policy` (joe, mac) and
    the powers still in the game (`remaining`; None: as the board shows them) decide
    whether it ignores its friends (robots/blabbot.py); KeyError for an unknown name."""
    options = options or DEFAULTS
    if position.variant.is_machiavelli and position.phase.kind == "adjustment":
        kept = mach_upkeep_orders(position, options, power)  # with money: what it can pay
        if kept is not None:
            return kept
    remembering = REMEMBERING.get(strategy)
    if remembering is not None:
        return remembering(position, power, rng, friends, options, memory)
    if strategy == "blabbot":
        return blabbot.play(
            position, power, rng, friends, options, policy=policy, remaining=remaining
        )
    return STRATEGIES[strategy](position, power, rng, friends, options)


DEFAULTS = Options()

# The seat of a robot as `judge tournament` and the games name it: its strategy, and after
# a colon a blabbot's policy ("blabbot:mac").
POLICIES = blabbot.POLICIES


def seat_of(text: str) -> tuple[str, str]:
    """(strategy, policy) of a seat such as "blabbot" or "blabbot:mac"; ValueError for a
    policy that is not one (or given to a strategy that has none)."""
    strategy, _, policy = text.partition(":")
    if not policy:
        return strategy, blabbot.DEFAULT_POLICY
    if strategy != "blabbot" or policy not in POLICIES:
        raise ValueError(text)
    return strategy, policy


def rng_for(seed: int, phase: str, power: str) -> random.Random:
    """The randomness of one robot in one phase: the same seed, phase and power always give
    the same numbers (a string seed is hashed by SHA-512, not by Python's salted hash)."""
    return random.Random(f"{seed}/{phase}/{power}")


__all__ = [
    "KNOW_FRIENDS", "POLICIES", "REMEMBER", "STRATEGIES", "Memory", "play", "rng_for", "seat_of",
]  # fmt: skip
