"""The texts of the notices about who joins and leaves a game, in the njudge's words and
layout (its test suite's transcripts Bug91-02 to -16; `ml_signon.c`, `ml_set.c`, `mail.c`):
sign-ups and observers, preference lists, resignations, returns and takeovers.

Pure functions of names and addresses: who receives which copy, and under what subject, is
the caller's business. These notices carry no `:: Judge:` header, as the njudge's do not.
"""

from __future__ import annotations

from collections.abc import Sequence


def signed_up(address: str, game: str, count: int) -> str:
    """`New Player Signon: #3`: a player joined a forming game."""
    players = f"{count} player{'' if count == 1 else 's'}"
    return (
        f"{address} has signed up to play a power in game '{game}'.\n"
        f"Game '{game}' now has {players}.\n"
    )


def observing(address: str, game: str) -> str:
    """`New Player Signon: O`."""
    return f"{address} has signed on as an Observer in game '{game}'.\n"


def preference_lists(changer: str, lists: Sequence[tuple[str, str]]) -> str:
    """For the masters: who changed his list, and every player's list as it now stands
    (`ml_set.c: ShowPreferences`, with its leading space)."""
    lines = [f"Player {changer} changed preference list.", ""]
    if lists:
        lines.append(" Preference lists are now:")
        lines.extend(f"{address} has set '{preference}'." for address, preference in lists)
    return "\n".join(lines) + "\n"


def resigned(resigner: str, holder: str, powers: Sequence[str], game: str) -> str:
    """`Resignation: France, Russia`: one paragraph a power."""
    return "".join(
        f"{resigner} has resigned {holder}\nas {p} in game '{game}'.\n\n" for p in powers
    )


def resigned_reply(powers: Sequence[str], game: str) -> str:
    return "\n\n".join(f"{p} has resigned from game '{game}'." for p in powers)


def returned(address: str, powers: Sequence[str], game: str) -> str:
    """`player returned as France, Russia` (the trailing blank is the njudge's)."""
    return "".join(f"{address} has returned as {p} in {game}. \n" for p in powers)


def returned_reply(powers: Sequence[str], game: str) -> str:
    lines = [f"You have returned as {powers[0]} in {game}. "]
    lines.extend(f"You also returned as {p} in {game}. " for p in powers[1:])
    return "\n".join(lines)


def taken_over(address: str, powers: Sequence[str], game: str) -> str:
    """The masters' copy of `Takeover of France, Russia`; the others learn only what it does
    to the clock."""
    return "".join(
        f"{address} has taken over the abandoned\n{p} in game '{game}'.\n" for p in powers
    )


def taken_over_reply(powers: Sequence[str]) -> str:
    first, *rest = powers
    lines = [
        f"Take over of abandoned {first} allowed.",
        "Wait has been set automatically for you - send 'set nowait' to clear.",
    ]
    lines.extend(f"\nTake over of abandoned {p} allowed." for p in rest)
    return "\n".join(lines)


def clock_moved(game: str, deadline: str, grace: str) -> str:
    """A power back in play moves the deadline (or leaves it where it was, later)."""
    return (
        f"Deadline for '{game}' advanced to {deadline}.\n"
        f"Grace period for '{game}' advanced to {grace}.\n"
    )


WAIT_PLACED = (
    "Also, a wait has been placed for all active players.\n"
    "This can be removed with the 'SET NOWAIT' command.\n"
)


def powers_named(powers: Sequence[str]) -> str:
    """`France, Russia`, as subjects name them."""
    return ", ".join(powers)


# Under a Machiavelli game's start notice (not the njudge's: its players had only the
# rulebook, rules.machiavelli): where the orders and money lines of the game are told.
MACHIAVELLI_HELP = (
    "This is a Machiavelli game: GET machiavelli tells how to write its orders, sieges,\n"
    "money lines and bribes, what each costs, and what the results will show."
)
