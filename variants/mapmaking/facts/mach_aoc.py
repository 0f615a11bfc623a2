"""The Age of Condottieri scenario (mach_aoc, and mach_aoc2 like it) on the first edition's
board (facts/mach_sfd1.py) without the Balkans, Austria, Hungary and the Swiss: their land
is no province's."""

from __future__ import annotations

from . import mach_sfd1
from ._derive import renamed, without

globals().update(
    without(renamed(mach_sfd1, {}), ("alb", "aus", "bos", "dur", "her", "hun", "sla", "swi"))
)
