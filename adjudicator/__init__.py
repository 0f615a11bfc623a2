"""The rules engine: pure functions from a board and orders to the board that follows.

No I/O, no clock, no database. `adjudicate(doc)` takes and returns the documents of
shared/phase-format.md; `python -m adjudicator` is the same as a command-line tool.
"""

from .document import adjudicate
from .options import Options

__all__ = ["Options", "adjudicate"]
