"""Machiavelli's dice: every roll a phase makes, replayable and recorded.

A game's `seed` (MachState.seed) and the phase's code decide every die; each rule rolls from
a stream of its own (`purpose`: "variable income", "famine", "plague", "storms",
"assassination", ...), so that adding or skipping one rule's rolls never shifts another's,
and a phase adjudicated again (ROLLBACK, PREDICT, a master's audit) rolls exactly the same.
Every roll is written as an event of the phase's result, so the stored phases show them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any


def stream(seed: int, phase: str, purpose: str) -> random.Random:
    """The generator of one rule's rolls in one phase (a string seed is hashed by SHA-512,
    not by Python's per-process salted hash, so it is the same in every process)."""
    return random.Random(f"{seed}:{phase}:{purpose}")


@dataclass
class Dice:
    """The dice of one phase: `roll` draws from the purpose's stream and records the roll
    in `events` (the phase result's `events`, docs/phase-format.md)."""

    seed: int
    phase: str
    events: list[dict[str, Any]] = field(default_factory=list)
    _streams: dict[str, random.Random] = field(default_factory=dict)

    def roll(self, purpose: str, subject: str = "", count: int = 1, sides: int = 6) -> list[int]:
        """`count` dice of `sides` sides for `purpose` (and what they decide, `subject`:
        "Florence" for its variable income), recorded as `{"event": "die", ...}`."""
        generator = self._streams.get(purpose)
        if generator is None:
            generator = self._streams[purpose] = stream(self.seed, self.phase, purpose)
        rolls = [generator.randint(1, sides) for _ in range(count)]
        said = f"{purpose} {subject}".strip()
        self.events.append({"event": "die", "for": said, "rolls": rolls})
        return rolls
