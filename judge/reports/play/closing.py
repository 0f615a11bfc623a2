"""The lines a phase's results close with: the next phase and its deadline, or the end of
the game.
"""

from __future__ import annotations

from adjudicator.phase import Phase
from variants import Variant

from .layout import as_phase

GAME_OVER = "The game is over.  Thank you for playing."


def next_phase_lines(
    variant: Variant, game: str, next_phase: Phase | str, deadline_text: str
) -> str:
    """The two lines every result ends with, naming the phase as the njudge does (`Adjustments
    for Winter of 1901`) so that players' tools recognise it."""
    phase = as_phase(variant, next_phase)
    return (
        f"The next phase of '{game}' will be {phase.describe()}.\n"
        f"The deadline for orders will be {deadline_text}.\n"
    )


def game_over_line() -> str:
    """The line the last result of a game ends with (two spaces, as the njudge writes it)."""
    return GAME_OVER + "\n"


def split_results(body: str, game: str) -> tuple[str, str]:
    """A results mail's text (as the game's history keeps it) cut into its report and
    what follows it, the same for every reader (the next phase, postal press): a blind
    game's reader, or a Machiavelli reader with money, gets his own report before the
    same rest."""
    for mark in (f"\n\nThe next phase of '{game}' will be ", f"\n\n{GAME_OVER}"):
        at = body.find(mark)
        if at >= 0:
            return body[:at], body[at:]
    return body, ""
