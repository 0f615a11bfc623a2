"""The texts of press (users' manual 7.4): a message's header and subject as its readers
see them, the sender's copy, postal press as the results carry it, and diaries.

Pure functions of names already chosen: whether a sender is named at all (grey press, a
gunboat game) and who receives which copy is the caller's business. A sender given as
None is not named; addressees given as None are everyone (a broadcast).

A press keeps its text, but nothing in it may pass for the lines the judge writes around
it (`press_text`): it loses escape sequences, control and invisible characters (a bidi
override would make a line read otherwise than it is: store/fields.py), and a line of it
that begins as one of the judge's own (FRAME) is shown after `> `, as mail has long marked
a `>From` line written by someone else.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..store.fields import shown_text

# How the judge's own lines begin around a press (press_header, press_body's `[from`,
# press_sent, postal press, diaries) and at the top of every mail (`:: Judge:`).
FRAME = (
    "message from", "message to", "message sent", "broadcast message", "end of message",
    "[from", "postal press", "diary of", "diary entry", "::",
)  # fmt: skip


def press_text(text: str) -> str:
    """A press (or diary) as its readers are shown it: see the module's docstring."""
    lines = shown_text(text, lines=True).split("\n")
    return "\n".join(f"> {x}" if x.lstrip().lower().startswith(FRAME) else x for x in lines)


# -- PRESS and BROADCAST --------------------------------------------------------------------


def sender_named(address: str, role: str) -> str:
    """`anna@example.org as France`."""
    return f"{address} as {role}"


def press_header(game: str, sender: str | None, names: str | None) -> str:
    """`Message from anna@example.org as France to England, Germany in 'mygame':`;
    `names`: the addressees shown."""
    if sender is None:
        if names is None:
            return f"Broadcast message in '{game}':"
        return f"Message to {names} in '{game}':"
    if names is None:
        return f"Broadcast message from {sender} in '{game}':"
    return f"Message from {sender} to {names} in '{game}':"


def press_subject(sender: str | None, letters: str | None) -> str:
    """`Press from F to EG`, `Broadcast`, ...: the event of the subject line, by letters."""
    if sender is None:
        return "Broadcast" if letters is None else f"Press to {letters}"
    if letters is None:
        return f"Broadcast from {sender}"
    return f"Press from {sender} to {letters}"


def press_body(header: str, text: str, revealed: str | None = None) -> str:
    """A message as it is mailed and kept; `revealed`: who sent grey press, for a
    master's copy."""
    return header + (f"\n[from {revealed}]" if revealed else "") + f"\n\n{press_text(text)}\n"


def press_sent(names: str | None, header: str, text: str) -> str:
    """The sender's answer: to whom it went, and the message as they read it."""
    sent_to = "Broadcast message sent" if names is None else f"Message sent to {names}"
    return f"{sent_to}:\n\n{header}\n\n{press_text(text)}\n\nEnd of message."


# -- POSTAL PRESS ---------------------------------------------------------------------------


def postal_accepted(phase: str) -> str:
    return f"Postal press accepted: it will be published with the results of {phase}."


def postal_published(game: str, messages: Sequence[tuple[str | None, str]]) -> str:
    """The postal press of a phase, as (sender, text), for the end of its results."""
    blocks = []
    for sender, text in messages:
        if sender is None:
            head = f"Postal press in '{game}':"
        else:
            head = f"Postal press from {sender} in '{game}':"
        blocks.append(f"{head}\n\n{press_text(text)}\n")
    return "\n" + "\n".join(blocks) if blocks else ""


# -- DIARY ----------------------------------------------------------------------------------


def diary_recorded(number: int, game: str) -> str:
    return f"Diary entry {number} recorded for game '{game}'."


def diary_empty(game: str) -> str:
    return f"You have no diary entries in game '{game}'."


def diary_list(game: str, entries: Sequence[tuple[int, str]]) -> str:
    """DIARY LIST: each entry's number and when it was recorded."""
    lines = [f"  {number:3d}  {when}" for number, when in entries]
    return f"Your diary entries in game '{game}':\n" + "\n".join(lines)


def diary_entry(number: int, when: str, text: str) -> str:
    """DIARY READ n."""
    return f"Diary entry {number} ({when}):\n\n{press_text(text)}"


def diary_deleted(number: int) -> str:
    return f"Diary entry {number} deleted."


def diaries(entries: Sequence[tuple[str, int, str, str]]) -> str:
    """`Diaries`, to everyone at the end of a game: each entry as (whose, number, when,
    text)."""
    blocks = [
        f"Diary of {who}, entry {number} ({when}):\n\n{press_text(text)}"
        for who, number, when, text in entries
    ]
    return "\n\n".join(blocks) + "\n"
