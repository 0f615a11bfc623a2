"""The mach_eos scenario (and mach_este like it) on the first edition's board
(facts/mach_sfd1.py) without France, the Alps and the Danube: Avignon, Marseilles, Provence,
the Swiss, Tyrolea, Carinthia, Austria and Hungary are no province's land."""

from __future__ import annotations

from . import mach_sfd1
from ._derive import renamed, without

globals().update(
    without(renamed(mach_sfd1, {}), ("aus", "avi", "cri", "hun", "mar", "pro", "swi", "tyr"))
)
