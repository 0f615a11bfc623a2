"""A Machiavelli phase adjudicated: its kind's module. The year is Spring, Summer and Fall
movement, each with its retreats, then the adjustments (docs/machiavelli.md, "The year";
the game's first phase, F####A, is the adjustment phase with the income before it)."""

from __future__ import annotations

from collections.abc import Sequence

from ..given import GivenOrder, Position
from ..options import Options
from ..outcome import PhaseResult
from .adjustments import mach_adjustments
from .movement import mach_movement
from .retreat import mach_retreats


def mach_phase(position: Position, orders: Sequence[GivenOrder], options: Options) -> PhaseResult:
    kind = position.phase.kind
    if kind == "movement":
        return mach_movement(position, orders, options)
    if kind == "retreat":
        return mach_retreats(position, orders, options)
    return mach_adjustments(position, orders, options)
