"""The texts of what the judge does so that orders come in on time, beyond the njudge
(issue 35): the reminder before a deadline (SET REMINDER / REMINDERS), the notice of an
excuse used (SET EXCUSES) and the excuses left in LIST, and reliability (INFO PLAYER, SET
RELIABILITY). Pure functions of names, numbers and times already written out.
"""

from __future__ import annotations

from collections.abc import Sequence

from .counts import counted

# -- reminders ----------------------------------------------------------------------------


def hours_words(hours: float) -> str:
    """`24 hours`, `1 hour`, `1.5 hours`."""
    if hours == int(hours):
        return counted(int(hours), "hour")
    return f"{hours:g} hours"


def reminder(game: str, power: str, phase: str, deadline: str, hours_left: float) -> str:
    """`Reminder`: the head of the mail; the orders as they stand and what is missing
    (the reply's own listing and words) follow it."""
    return (
        f"Reminder: the deadline for {phase} in game '{game}' is\n{deadline}, "
        f"{hours_words(hours_left)} from now,\nand {power}'s orders are not complete.  "
        "What is missing is below,\nwith the orders the judge holds for you."
    )


REMINDER_TAIL = (
    "You will get no other reminder for this deadline.  SET NO REMINDER stops them;\n"
    "SET REMINDER hours chooses when they come."
)


def missing_lines(lines: Sequence[str]) -> str:
    """The units still without an order, or the builds or removals still to give."""
    return "Still missing:\n" + "\n".join(f"  {line}" for line in lines)


def reminder_set(game: str, hours: float | None) -> str:
    """The answer to a player's SET REMINDER / SET NO REMINDER."""
    if hours is None:
        return f"You will get no reminders before the deadlines of game '{game}'."
    return (
        f"Reminder set: {hours_words(hours)} before each deadline of game '{game}', when\n"
        "your orders are not complete by then."
    )


def reminders_words(hours: float | None) -> str:
    """SET REMINDERS as a parameter change and LIST name it."""
    if hours is None:
        return "No Reminders"
    return f"Reminders: {hours_words(hours)} before the deadline"


# -- excuses --------------------------------------------------------------------------------


def excuse_used(
    game: str, uses: Sequence[tuple[str, int]], deadline: str, grace: str | None
) -> str:
    """`Excuse`: the powers that missed the deadline and used an excuse, each with the
    excuses it has left (none named: a QUIET game's players' copy)."""
    if uses:
        lines = [
            f"{power} has missed the deadline of game '{game}' and uses an excuse:\n"
            f"{counted(left, 'excuse')} left."
            for power, left in uses
        ]
        head = "\n".join(lines)
    else:
        head = f"A power has missed the deadline of game '{game}' and uses an excuse."
    text = f"{head}\n\nThe phase waits another deadline period.  The deadline is now\n{deadline}."
    if grace is not None:
        text += f"\nThe grace period now ends {grace}."
    return text + "\n"


def excuses_left_line(uses: Sequence[tuple[str, int]]) -> str:
    """LIST: each power's excuses left."""
    return "Excuses left:  " + ", ".join(f"{power} {left}" for power, left in uses) + "."


# -- reliability ----------------------------------------------------------------------------


def reliability_line(percent: int, turns: int, missed: int) -> str:
    """INFO PLAYER's line, beside the dedication systems."""
    if not turns:
        return f"  Reliability:           {percent}%  (no phases in the last year)"
    return (
        f"  Reliability:           {percent}%  ({counted(missed, 'phase')} missed of "
        f"{turns} in the last year)"
    )
