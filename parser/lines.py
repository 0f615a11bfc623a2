"""One line of a mail to the commands it holds: the command grammar, built once, and what
a command line begins with. The mail reader (mail.py) reads a mail's lines with it, and
passwords.py finds the passwords of lines the reader did not carry out.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from lark import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .commands import Command, CommandError, ToCommands
from .commands.base import cut_short
from .grammar import GRAMMAR
from .lalr import lalr

MAX_LINE = 10_000  # longer lines are refused, not read: no command or order is that long

# The words a command line begins with; anything else is orders (or, before signing on,
# not a command). Keywords that may be glued to what follows (SETNOWAIT) need no word end.
COMMAND_START = re.compile(
    r"(?:set|signon|signoff|sign\s*on|sign\s*off|iamalso|i\s+am\s+also|infoplayer|whois|whogame"
    r"|reply-to:|(?:help|version|get|send|info|who|register|history|list|map|summary|status|relations"
    r"|create|hello|login|observe|watch|phase|clear|if|else|endif|end\s*if|resign|withdraw"
    r"|press|broadcast|postal|diary|become|eject|force|pause|suspend|resume|predict|promote"
    r"|process|rollback|roll\s*back|terminate|unstart|revoke)(?![a-z0-9]))",
    re.IGNORECASE,
)


class CommandReader:
    """The command grammar, built once: reads one line into commands."""

    def __init__(self) -> None:
        self._lark = lalr(GRAMMAR, lexer="contextual")

    def read(self, text: str, now: datetime) -> list[Command] | str:
        """The commands of one line, or the reason it is not one."""
        return _cached_read(self, text, now.date(), now)

    def _read(self, text: str, now: datetime) -> list[Command] | str:
        try:
            tree = self._lark.parse(text)
        except UnexpectedInput as exc:
            return _explain(text, exc)
        try:
            return ToCommands(now).transform(tree)
        except Exception as exc:  # the transformer's CommandError, wrapped by Lark
            cause = exc.__context__ if not isinstance(exc, CommandError) else exc
            if isinstance(cause, CommandError):
                return str(cause)
            return f"cannot read this line ({type(exc).__name__})"


@lru_cache(maxsize=8192)
def _cached_read(
    reader: CommandReader, text: str, day: object, now: datetime
) -> list[Command] | str:
    """Command lines repeat from mail to mail (SIGN OFF, ENDPRESS, PRESS TO F): read each
    once a day. The day is part of the key because dates in a line are read against it; the
    time of day is not, and nothing in a line depends on it."""
    return reader._read(text, now)


def _explain(text: str, exc: UnexpectedInput) -> str:
    """A reason a player can act on, for a line the grammar did not accept."""
    column = getattr(exc, "column", None) or 1
    start = column - 1
    while start > 0 and not text[start - 1].isspace():
        start -= 1  # show the whole word the reading stumbled in
    rest = text[start:].strip()
    first = text.split()[0].upper() if text.split() else ""
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        return f"{first} is not complete: something is missing at the end"
    if isinstance(exc, UnexpectedCharacters | UnexpectedToken):
        if not rest:
            return f"{first} is not complete"
        return f"cannot read '{cut_short(rest)}' here"
    return "cannot read this line"


_READER: CommandReader | None = None


def command_reader() -> CommandReader:
    global _READER
    if _READER is None:
        _READER = CommandReader()
    return _READER
