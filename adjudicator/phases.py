"""One phase, adjudicated: the typed library API the judge calls.

`adjudicate_phase(position, orders, options)` takes the board before a phase and the orders
given (each already read by the parser, or the syntax error it raised; see
`adjudicator.given`) and returns what happened to every order and the board after, with the
next phase that is needed (`adjudicator.outcome`). The JSON contract of
shared/phase-format.md (`adjudicator.document`) is a thin layer over this.
"""

from __future__ import annotations

from collections.abc import Sequence

from .adjustment_phase import adjustments
from .given import GivenOrder, Position
from .machiavelli.phases import mach_phase
from .movement_phase import movement
from .options import Options
from .outcome import PhaseResult
from .retreat_phase import retreats


def adjudicate_phase(
    position: Position, orders: Sequence[GivenOrder], options: Options | None = None
) -> PhaseResult:
    options = options or Options()
    if position.variant.is_machiavelli:
        return mach_phase(position, orders, options)
    kind = position.phase.kind
    if kind == "movement":
        return movement(position, orders, options)
    if kind == "retreat":
        return retreats(position, orders, options)
    return adjustments(position, orders, options)
