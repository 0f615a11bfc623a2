"""The board a power stands on, folded from the judge's mails in the order they came.

A start notice or a LIST status sets the whole board; a movement result lists every unit
again; retreat and adjustment results name only what changed, so they are applied to the
board before them. The ownership table, when a result has one, replaces the centres.

It also keeps what Loeb's program remembers (robots/memory.py): each move a movement result
shows into a centre another power owned before it, as the judge's own robots keep it from
the phases they have seen played. The box is the robot's memory as it is its board: each
look folds every mail again, a movement result once however often it came.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.phase import Phase
from adjudicator.retreats import Dislodged
from robots.memory import Intrusions, Memory, remember
from variants import Variant

from .reading import Report


@dataclass
class Board:
    """What the robot knows of one game so far."""

    variant: Variant
    game: str
    power: str | None = None
    phase: Phase | None = None
    units: list[Unit] = field(default_factory=list)
    centers: dict[str, str] = field(default_factory=dict)
    dislodged: list[Dislodged] = field(default_factory=list)
    over: bool = False
    intrusions: Intrusions = field(default_factory=dict)  # memory.Memory's
    remembered: set[str] = field(default_factory=set)  # the movement phases folded into it

    def apply(self, report: Report) -> None:
        """Take one mail's report into the board; reports of another game are ignored."""
        if report.game and report.game != self.game:
            return
        if report.kind in ("start", "status"):
            if report.kind == "start" or not self.centers:
                self.centers = dict(self.variant.ownership)
            self.power = report.power or self.power
            self.phase = report.phase
            self.units = list(report.units or [])
            self.dislodged = list(report.dislodged)
            if report.centers is not None:
                self.centers = dict(report.centers)
            return
        if report.kind == "movement":
            phase = str(report.phase)
            if report.phase is not None and phase not in self.remembered:
                self.remembered.add(phase)
                remember(self.intrusions, self.centers, report.moves)
            self.units = list(report.units or [])
            self.dislodged = list(report.dislodged)
        else:
            gone = set(report.gone)
            self.units = [u for u in self.units if u not in gone] + report.added
            self.dislodged = []
        if report.centers is not None:
            self.centers = dict(report.centers)
        self.phase = report.next_phase
        self.over = report.over or report.next_phase is None

    def position(self) -> Position:
        """The board as the adjudicator and the strategies take it."""
        assert self.phase is not None
        return Position(
            self.variant,
            self.phase,
            tuple(self.units),
            dict(self.centers),
            tuple(self.dislodged) if self.phase.letter == "R" else (),
        )

    def memory(self, seed: int) -> Memory:
        """What Loeb's program remembers of the game so far: its seed, no power known to
        be a program (the mails do not say), and who moved against whose centres."""
        return Memory(seed, frozenset(), self.intrusions)

    def has_orders_to_give(self) -> bool:
        """Does the power have anything to order in this phase? Units to move, units to
        retreat, or a difference between its centres and its units to adjust."""
        if self.over or self.phase is None or self.power is None:
            return False
        mine = [u for u in self.units if u.power == self.power]
        if self.phase.letter == "M":
            return bool(mine)
        if self.phase.letter == "R":
            return any(d.unit.power == self.power for d in self.dislodged)
        owned = sum(1 for owner in self.centers.values() if owner == self.power)
        return owned != len(mine)
