"""Which words of a mail are passwords: the words its commands carry as one.

A password is known from the command that carries it (CREATE, SIGN ON, OBSERVE and WATCH,
SET PASSWORD; the token of I AM ALSO CONFIRM), never guessed from the text, and it is one
whether the judge carries the command out, refuses it (a second SIGN ON) or never reaches
it (a line after SIGN OFF): the judge masks these words wherever it keeps or echoes the
mail (judge/mailin/masking.py). A Subject is not read for commands, as on the njudge, but
one that holds a command has its password found the same way, since the reply echoes it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from datetime import datetime

from .commands import Command
from .lines import COMMAND_START, MAX_LINE, command_reader

# The fields of a command that hold a secret.
SECRET_FIELDS = ("password", "token")
# Words of a Subject read as the start of a command, at most (a Subject of "set set set
# ..." must not cost a parse for each of its words).
SUBJECT_READS = 20
_WORD = re.compile(r"(?<!\S)\S")


def secrets_of(commands: Iterable[Command]) -> list[str]:
    """The passwords (and tokens) the commands carry, in order."""
    found = []
    for command in commands:
        for name in SECRET_FIELDS:
            value = getattr(command, name, None)
            if isinstance(value, str) and value.strip():
                found.append(value)
    return found


def line_passwords(text: str, now: datetime) -> list[str]:
    """The passwords of one line, if it reads as commands; quoted lines (`> SIGN ON ...`)
    are read too, since a reply quoting an old mail keeps its password."""
    text = text.strip().lstrip(">").strip()
    if not text or len(text) > MAX_LINE or not COMMAND_START.match(text):
        return []
    read = command_reader().read(text, now)
    return [] if isinstance(read, str) else secrets_of(read)


def passwords(lines: Iterable[str], now: datetime, deadline: float | None = None) -> list[str]:
    """The passwords of every line that reads as commands; past `deadline` (a
    time.monotonic() value, looked at every 256 lines) the rest is not read."""
    found: list[str] = []
    for n, line in enumerate(lines, 1):
        if deadline is not None and not n % 256 and time.monotonic() > deadline:
            break
        found += line_passwords(line, now)
    return found


def subject_passwords(subject: str, now: datetime) -> tuple[str, ...]:
    """The passwords of the commands a Subject holds, read from each word a command may
    begin with (`Re: my orders: SIGN ON Fwar secret`)."""
    found: list[str] = []
    reads = 0
    for word in _WORD.finditer(subject):
        if reads >= SUBJECT_READS:
            break
        if COMMAND_START.match(subject, word.start()):
            reads += 1
            found += line_passwords(subject[word.start() :], now)
    return tuple(dict.fromkeys(found))
