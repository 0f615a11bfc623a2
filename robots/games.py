"""One game between robots, in-process through the adjudicator: what `judge tournament`,
the benchmarks and the tests play.

Seats map each power to a strategy, a blabbot's with its policy after a colon
("blabbot:mac"; robots.seat_of). At the start of each phase the robots talk through
robots/talk.py's `converse`, as the judge's robots do: a blabbot proposes peace, the others
answer as their strategy does (HUH and TRY for those without press), and friends are only
those the press made, kept all game. A blabbot under Joe whose every power left is a friend
votes for a draw each phase (`votes_draw`); when every survivor votes, the game is drawn,
as the judge declares a draw all survivors voted (DIAS). Seven BlabBots under Joe therefore
draw at once, in the spring of the first year, as the seed says they do. A game that reaches
its last year with neither a solo nor a draw is unfinished, not drawn. The strategies that
remember (Loeb's trustworthiness list) are given the game's memory, kept here phase by
phase as the judge reads it from its results (robots/memory.py): the seed, the powers their
kin hold, and every move ordered into a centre another power owned.
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

from . import REMEMBER, play, rng_for, seat_of
from .loeb import KIN
from .memory import Intrusions, Memory, remember
from .talk import Said, Speaker, converse, tokens_for, votes_draw

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
    press: list[Said] = field(default_factory=list)  # what the robots said, oldest first

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


def speakers(seats: Mapping[str, str]) -> dict[str, Speaker]:
    """Each seat as robots/talk.py's Speaker (its strategy and policy)."""
    return {p: Speaker(*seat_of(s)) for p, s in seats.items()}


def remaining_of(position: Position) -> frozenset[str]:
    """The powers still in the game: a unit or a centre."""
    return frozenset(u.power for u in position.units) | frozenset(
        o for o in position.centers.values() if o
    )


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
    talking = speakers(seats)
    tokens = tokens_for([p.name for p in variant.powers])
    friends: dict[str, frozenset[str]] = {p: frozenset() for p in seats}
    tried: dict[str, frozenset[str]] = {}
    programs = frozenset(p for p, x in talking.items() if x.strategy in KIN)
    intrusions: Intrusions = {}
    record = GameRecord(seed, dict(seats), {}, None, 0)
    last = first - 1  # the year of the last phase played
    while position.phase.year < first + years:
        last = position.phase.year
        if on_phase is not None:
            on_phase(position)
        phase = str(position.phase)
        left = remaining_of(position)
        said = record.press
        talk = converse(talking, left, friends, phase=phase, said=said, tokens=tokens, tried=tried)
        said += talk.said
        friends, tried = talk.friends, talk.tried
        if len(left) > 1 and all(
            votes_draw(talking[p].strategy, p, left, friends[p], talking[p].policy) for p in left
        ):
            record.ended = "draw"
            break
        given = []
        memory = Memory(seed, programs, intrusions)  # read only while the phase is ordered
        for power, x in talking.items():
            rng = rng_for(seed, phase, power)
            mind = memory if x.strategy in REMEMBER else None
            ordered = play(
                x.strategy, position, power, rng, friends[power], options, mind, x.policy, left
            )
            given.extend((power, text) for text in ordered)
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
    record.years = last - first + 1
    counts = Counter(position.centers.values())
    record.centers = {p.name: counts.get(p.name, 0) for p in variant.powers}
    return record
