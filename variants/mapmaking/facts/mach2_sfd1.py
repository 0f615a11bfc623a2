"""The second edition's Machiavelli board (facts/machiavelli2.py) as its scenarios name it:
the Gulf of Lyons is gol, not wgl. mach2_sfd1 is drawn from these facts; the other
scenarios but one are played `like` it."""

from __future__ import annotations

from . import machiavelli2
from ._derive import renamed

globals().update(renamed(machiavelli2, {"wgl": "gol"}))
