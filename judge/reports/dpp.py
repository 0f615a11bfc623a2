"""The texts of DPP press (parser/dpp.py): a message with its English reading beneath it,
the sender's refusal when it does not read, and a robot's answer as its addressee gets it."""

from __future__ import annotations


def with_reading(text: str, reading: str) -> str:
    """The body as delivered: the DPP as written, then what it says in English."""
    return f"{text}\n\n[In plain English: {reading}]"


def dpp_refused(what: str, marked: str, reason: str) -> str:
    """The sender's answer to DPP that does not read or names what the game has not:
    DAIDE's HUH, ERR before the first word that fails, and why."""
    return (
        f"{what}: the message is not good DPP press, and was not sent:\n\n"
        f"  {marked}\n\n{reason}  (GET dpp for the language.)"
    )


def robot_header(game: str, robot: str, to: str) -> str:
    """`Message from France (robot) to England in 'war':`."""
    return f"Message from {robot} (robot) to {to} in '{game}':"
