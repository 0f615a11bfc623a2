"""What the judge says when mail to the unsubscribe address of its mail has stopped a
stream (engine/unsubscribe.py): what stopped, why, and the commands that bring it back."""

from __future__ import annotations

from .master import receiving

WHY = (
    "A mail came to the address in the List-Unsubscribe header of the judge's mail\n"
    "to you, which asks for this."
)


def stopped_observing(game: str) -> str:
    """An observer's copies: he observes no more (RESIGN's words)."""
    return (
        f"You are no longer observing game '{game}'.\n{WHY}\n\n"
        f"To observe the game again, send the judge:\n\n  OBSERVE {game} password\n"
    )


def stopped_address(game: str, address: str, others: list[str]) -> str:
    """An observer's copies to one of the addresses his place reports to (SET ADDRESS):
    that one taken off, the others kept."""
    return (
        f"The mail of game '{game}' is no longer sent to {address}.\n{WHY}\n\n"
        f"It still goes to {', '.join(others)}.  To change where it goes, send the judge:\n\n"
        f"  OBSERVE {game} password\n  SET ADDRESS address, ...\n"
    )


def stopped_watching(game: str) -> str:
    """An observer's watched press (his SET ALL PRESS under WATCH ALL PRESS)."""
    return (
        f"{receiving('all partial press', game, False)}  You still observe the game.\n"
        f"{WHY}\n\nTo receive the partial press again, send the judge:\n\n"
        f"  OBSERVE {game} password\n  SET ALL PRESS\n"
    )


def stopped_broadcasts(game: str, sign_on: str) -> str:
    """Broadcast press (SET NO BROADCAST); `sign_on` the line a player or a master signs on
    with (`SIGN ON Fwar password`)."""
    return (
        f"{receiving('broadcasts', game, False)}  The rest of its mail still comes.\n"
        f"{WHY}\n\nTo receive broadcasts again, send the judge:\n\n"
        f"  {sign_on}\n  SET BROADCAST\n"
    )


def stopped_all_press(game: str) -> str:
    """A master's copies of the partial press under ALL PRESS, for him alone (the game's
    setting, and the other masters' copies, stay)."""
    return (
        f"{receiving('copies of the partial press', game, False)}  The game stays set\n"
        f"ALL PRESS for its other masters.\n{WHY}\n\n"
        f"To receive the copies again, send the judge:\n\n"
        f"  SIGN ON M{game} password\n  SET ALL PRESS\n"
    )
