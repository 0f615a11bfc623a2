"""Colonial 96's board: Colonial's (facts/colonial.py) with Sakhalin joined to Hokkaido
across La Pérouse and to the mainland across the Tatar strait's narrows, for armies and
fleets alike: links across the straits, which stay as wide as Colonial draws them."""

from __future__ import annotations

from . import colonial
from ._derive import renamed

globals().update(renamed(colonial, {}))

LINKS = (
    *colonial.LINKS,
    ("sak", "ota", ((142.0, 46.3), (141.95, 45.3))),
    ("sak", "vla", ((142.2, 52.2), (140.7, 52.2))),
)
