"""The judge service: mail in and out, the game store, the clock and the command engine.

See docs/architecture.md for how a mail flows through it, docs/operations.md for running it.
"""

__version__ = "0.1.0"
