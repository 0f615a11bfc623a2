"""One game between robots, in-process through the adjudicator: what `judge tournament`,
the benchmarks and the tests play.

Seats map each power to a strategy. Robots seated with `blabbot` keep peace with each other
(what their PCE proposals, always accepted, would agree), and a game whose surviving powers
are all at peace ends as a draw among them, as BlabBot's DRW would. A game that reaches its
last year with neither is unfinished, not drawn. The strategies that remember (Loeb's
trustworthiness list) are given the game's memory, kept here phase by phase as the judge
reads it from its results (robots/memory.py): the seed, the powers their kin hold, and
every move ordered into a centre another power owned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

import variants
from adjudicator.board import Unit
from adjudicator.given import Position, read_orders
from adjudicator.options import Options
from adjudicator.outcome import ILLEGAL, OrderResult
from adjudicator.phase import Phase
from adjudicator.phases import adjudicate_phase
from variants import Variant

from . import REMEMBER, play, rng_for
from .loeb import KIN
from .memory import Intrusions, Memory, remember

PEACEFUL = frozenset({"blabbot"})

Ending = Literal["solo", "draw", "unfinished"]  # how a game ended, or was cut off


@dataclass
class GameRecord:
    seed: int
    seats: dict[str, str]
    centers: dict[str, int]
    winner: str | None
    years: int
    ended: Ending = "unfinished"
    phases: int = 0
    illegal: list[OrderResult] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {
            "seed": self.seed,
            "seats": self.seats,
            "centers": self.centers,
            "winner": self.winner,
            "years": self.years,
            "ended": self.ended,
        }


def starting_position(variant: Variant) -> Position:
    return Position(
        variant,
        Phase.parse(variant.start, variant),
        tuple(Unit(u.power, u.type, u.location) for u in variant.units),
        dict(variant.ownership),
    )


def friendships(seats: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """Each power's friends: the other peaceful robots."""
    peaceful = frozenset(p for p, s in seats.items() if s in PEACEFUL)
    return {p: (peaceful - {p} if p in peaceful else frozenset()) for p in seats}


def play_game(
    variant: Variant | str,
    seats: Mapping[str, str],
    years: int,
    seed: int,
    options: Options | None = None,
    on_phase: Callable[[Position], None] | None = None,
) -> GameRecord:
    """Play `years` game years (fewer if someone wins or the peaceful survivors draw); a
    game still going after them is unfinished."""
    if isinstance(variant, str):
        variant = variants.load(variant)
    position = starting_position(variant)
    first = position.phase.year
    friends = friendships(seats)
    programs = frozenset(p for p, s in seats.items() if s in KIN)
    intrusions: Intrusions = {}
    record = GameRecord(seed, dict(seats), {}, None, 0)
    last = first - 1  # the year of the last phase played
    while position.phase.year < first + years:
        last = position.phase.year
        if on_phase is not None:
            on_phase(position)
        phase = str(position.phase)
        given = []
        memory = Memory(seed, programs, intrusions)  # read only while the phase is ordered
        for power, strategy in seats.items():
            rng = rng_for(seed, phase, power)
            mind = memory if strategy in REMEMBER else None
            for text in play(strategy, position, power, rng, friends[power], options, mind):
                given.append((power, text))
        result = adjudicate_phase(position, read_orders(variant, position.phase, given), options)
        if position.phase.letter == "M":
            kept = [(r.power, r.text) for r in result.orders if r.result != ILLEGAL]
            remember(intrusions, position.centers, kept)
        record.phases += 1
        record.illegal.extend(r for r in result.orders if r.result == ILLEGAL)
        position = Position(
            variant,
            result.next_phase,
            tuple(result.units),
            result.centers,
            tuple(d for d in result.dislodged if d.retreats),
        )
        if result.winner:
            record.winner, record.ended = result.winner, "solo"
            break
        if position.phase.letter == "M" and _peace(position, friends):
            record.ended = "draw"
            break
    record.years = last - first + 1
    counts = Counter(position.centers.values())
    record.centers = {p.name: counts.get(p.name, 0) for p in variant.powers}
    return record


def _peace(position: Position, friends: Mapping[str, frozenset[str]]) -> bool:
    """All powers still in the game are friends of each other (and there are two or more)."""
    alive = {u.power for u in position.units} | set(position.centers.values())
    if len(alive) < 2:
        return False
    return all(alive - {p} <= friends.get(p, frozenset()) for p in alive)
