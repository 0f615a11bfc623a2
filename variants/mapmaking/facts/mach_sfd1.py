"""The first edition's Machiavelli board (facts/machiavelli.py) as its scenarios name it:
Salerno and Saluzzo slr and slz, not sle and slu. mach_sfd1 is drawn from these facts;
mach_sfd2 and mach_span are played `like` it."""

from __future__ import annotations

from . import machiavelli
from ._derive import renamed

globals().update(renamed(machiavelli, {"sle": "slr", "slu": "slz"}))
