"""The texts of a game's clock (users' manual 5.1, 7.2, 8.6; njudge-formats 2.10 and 6.1):
late notices, abandonment, civil disorder, the wait for a replacement, a paused game's
reminder, absences, and the changes of its timing and dates.

Pure functions of names and of times already written out (`njudge_time`): who receives
which copy, and under what subject, is the caller's business.
"""

from __future__ import annotations

from collections.abc import Sequence

from .counts import agreeing, counted

# -- the clock's notices ----------------------------------------------------------------------


def still_paused(game: str) -> str:
    """`Game Paused`, now and then, while a master keeps the game paused."""
    return (
        f"Game '{game}' is still paused: nothing is processed and no deadline passes\n"
        "until a master resumes it.\n"
    )


def late_powers(powers: Sequence[str], hidden: bool) -> str:
    """`France's`, `England, France and Italy's`; in a quiet game, to its players, only
    `some power's`."""
    names = sorted(powers)
    if hidden:
        return agreeing(len(names), "some power's", "some powers'")
    if len(names) == 1:
        return f"{names[0]}'s"
    return ", ".join(names[:-1]) + f" and {names[-1]}'s"


def late_notice(game: str, who: str, times: int | None, nmr: bool, when: str) -> str:
    """`Late Notice`: whose orders the game waits for (`who`, from `late_powers`), how
    often that power has been late if the game counts it, and what happens at `when`."""
    count = f": {counted(times, 'time')} late" if times is not None else ""
    fate = "in civil disorder" if nmr else "abandoned and free for takeover"
    return (
        f"Diplomacy game '{game}' is waiting for {who} orders{count}.\n\n"
        f"This power will be considered {fate}\nif orders are not received by {when}.\n"
    )


def abandoned(powers: Sequence[str], game: str, disorder_at: str | None) -> str:
    """`Abandoned`; `disorder_at`: when an NMR game puts them in civil disorder."""
    names = ", ".join(sorted(powers))
    text = (
        f"{names} in game '{game}' {agreeing(len(powers), 'is', 'are')} now considered "
        "abandoned.  Anyone not playing in the game\nmay take over by signing on to the power.\n"
    )
    if disorder_at is not None:
        text += (
            f"It will be considered in civil disorder if orders are not received by "
            f"{disorder_at}.\n"
        )
    return text


def civil_disorder(powers: Sequence[str], game: str) -> str:
    names = ", ".join(sorted(powers))
    return (
        f"{names} in game '{game}' {agreeing(len(powers), 'is', 'are')} now in civil "
        "disorder: the phase is processed without them.\n"
    )


def waiting_for_replacement(game: str, power: str) -> str:
    return f"Diplomacy game '{game}' is waiting for someone to take over the abandoned {power}.\n"


# -- absences -------------------------------------------------------------------------------


def span(start: str, end: str) -> str:
    """An absence as its answers and notices name it."""
    return f"from {start} to {end}"


def absence_set(shown: str, game: str) -> str:
    return (
        f"Absence {shown} set for game '{game}'.\n"
        "It does not change the current deadline; no later deadline will fall inside it."
    )


def absence_cancelled(shown: str, game: str) -> str:
    return f"Absence {shown} cancelled for game '{game}'."


def absences_full(what: str, most: int, game: str) -> str:
    return (
        f"{what}: you already have {most} absences pending in game "
        f"'{game}'; cancel one with SET NO ABSENCE first."
    )


def absence_overlaps(what: str, shown: str, other: str) -> str:
    return f"{what}: an absence {shown} overlaps the one you have {other}."


def absence_too_long(what: str, shown: str, limit: int, game: str) -> str:
    return (
        f"{what}: an absence {shown} is longer than the {counted(limit, 'day')} game "
        f"'{game}' allows (MAX ABSENCE).  Its master has been told, and may set it "
        "for you."
    )


def absence_asked(who: str, game: str, shown: str, limit: int) -> str:
    """`Absence Request`, to the masters, for an absence over the game's MAX ABSENCE."""
    return (
        f"{who} in game '{game}' asks for an absence {shown},\nlonger than the "
        f"game's MAX ABSENCE of {counted(limit, 'day')}.  To grant it, BECOME the power and SET "
        "ABSENCE.\n"
    )


def absence_coming(who: str, game: str, shown: str) -> str:
    """`Absence Request`, to the masters, for an absence set."""
    return f"{who} in game '{game}' will be absent {shown}.\n"


def absence_withdrawn(who: str, game: str, shown: str) -> str:
    """`Absence Cancelled`, to the masters."""
    return f"{who} in game '{game}' has cancelled the absence {shown}.\n"


def absences_pending(game: str, absences: Sequence[tuple[str, str, str]]) -> str:
    """What a master reads with every mail for the game: each absence to come, as (who,
    start, end)."""
    lines = [f"  {who:<12} from {start} to {end}" for who, start, end in absences]
    return "Absences pending in game '" + game + "':\n" + "\n".join(lines)


# -- SET MOVE / RETREAT / ADJUST, SET DEADLINE / GRACE / START ---------------------------------


def timing_set(label: str, game: str, line: str) -> str:
    """The answer: the new timing of one kind of phase, as its parameter line."""
    return f"{label} timing of game '{game}' set:\n{line}"


def timing_changed(changer: str, label: str, game: str, line: str) -> str:
    """`Parameter Change`, to everyone else in the game."""
    return f"{changer} has changed the {label.lower()} timing of game '{game}':\n{line}\n"


def deadline_moved(when: str) -> str:
    return f"The deadline is now {when}."


def grace_moved(when: str) -> str:
    return f"The grace period now ends {when}."


def start_moved(when: str) -> str:
    return f"Orders will not be processed before {when}."


def date_set(game: str, change: str) -> str:
    """The answer to SET DEADLINE / GRACE / START; `change` from `deadline_moved` etc."""
    return f"Game '{game}': {change}"


def date_changed(changer: str, game: str, change: str) -> str:
    """`Deadline Adjustment to: ...` and the like, to everyone else in the game."""
    return f"{changer} has changed the clock of game '{game}'.\n{change}\n"
