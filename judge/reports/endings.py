"""The texts of a game's end (users' manual 7.3, 8.3): a victory, a draw or a concession
declared, and the game that follows one with SET AUTO CREATE.

Pure functions of names: who receives which copy, and under what subject, is the caller's
business.
"""

from __future__ import annotations

from collections.abc import Sequence

from .play import GAME_OVER


def victory(game: str, winner: str) -> str:
    """`Victory: F`, to everyone, after the results of the phase that won it."""
    return f"Game '{game}' has been won by {winner}.  Congratulations!\n\n{GAME_OVER}\n"


def concession_declared(game: str, winner: str) -> str:
    """`. Game conceded to France`, to everyone; kept in the game's history too."""
    return f"Game '{game}' has been conceded to {winner}.  Congratulations!\n"


def draw_declared(game: str, powers: Sequence[str]) -> str:
    """`Draw Declared: AEF`, to everyone; `powers` in the variant's order."""
    names = ", ".join(powers[:-1]) + f" and {powers[-1]}" if len(powers) > 1 else powers[0]
    return (
        f"Game '{game}' has been declared a draw between {names}.\n"
        "Congratulations on a game well-played.\n"
    )


def no_successor(game: str) -> str:
    """To the masters: SET AUTO CREATE found no free name for the next game."""
    return f"AUTO CREATE: no name follows '{game}'; no new game was created.\n"


def successor(name: str, game: str) -> str:
    """To everyone in the game that ended: the game that follows it."""
    return (
        f"Game '{name}' has been created to follow '{game}', with the same settings.\n"
        f"Sign on with 'SIGN ON ?{name} password'.\n"
    )
