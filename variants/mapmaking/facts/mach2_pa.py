"""The Papal Ambitions scenario on the second edition's board (facts/mach2_sfd1.py), where
Bosnia and Slavonia are neighbours: a crossing of the Sava drawn between them."""

from __future__ import annotations

from . import mach2_sfd1
from ._derive import renamed

globals().update(renamed(mach2_sfd1, {}))
LINKS = (*mach2_sfd1.LINKS, ("bos", "sla", ((17.60, 44.95), (17.75, 45.45))))
