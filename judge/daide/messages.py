"""DAIDE's message syntax as data: a message is a sequence of tokens and bracketed
sub-messages (`Message`), read from and written to the flat tokens of the wire.

Bad brackets are the protocol's PRN; a message whose words do not fit what is expected is
HUH, with ERR put before the first word that does not (`huh`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .tokens import CLOSE, OPEN, T, is_number, text_tokens, value_of

Item = "int | Message"


@dataclass(frozen=True)
class Message:
    """Tokens and bracketed sub-messages, in order."""

    items: list  # list[int | Message]

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int):
        return self.items[i]

    def __iter__(self):
        return iter(self.items)

    def flat(self) -> list[int]:
        """The tokens on the wire (without the brackets around the whole)."""
        out: list[int] = []
        for item in self.items:
            if isinstance(item, Message):
                out.append(OPEN)
                out.extend(item.flat())
                out.append(CLOSE)
            else:
                out.append(item)
        return out

    def head(self) -> int | None:
        first = self.items[0] if self.items else None
        return first if isinstance(first, int) else None

    def text(self) -> str | None:
        """The text of a sub-message of text tokens ('DumbBot'), else None."""
        if self.items and all(isinstance(x, int) and x >> 8 == 0x4B for x in self.items):
            return "".join(chr(x & 0xFF) for x in self.items)
        return None

    def number(self) -> int | None:
        if len(self.items) == 1 and isinstance(self.items[0], int) and is_number(self.items[0]):
            return value_of(self.items[0])
        return None

    def tokens(self) -> list[int]:
        """The tokens of a sub-message that holds no brackets."""
        return [x for x in self.items if isinstance(x, int)]


def bracket(*items: int | Message | str) -> Message:
    """A bracketed sub-message; a str is put in as text tokens (`bracket("STANDARD")` is
    ('STANDARD'))."""
    return Message(_items(items))


def message(*items: int | Message | str) -> Message:
    """A whole message (no brackets around it)."""
    return Message(_items(items))


def _items(items: Iterable[int | Message | str]) -> list:
    out: list = []
    for item in items:
        if isinstance(item, str):
            out.extend(text_tokens(item))
        else:
            out.append(item)
    return out


class BracketError(ValueError):
    """PRN: the brackets do not pair."""


def parse(tokens: Sequence[int]) -> Message:
    stack: list[list] = [[]]
    for token in tokens:
        if token == OPEN:
            stack.append([])
        elif token == CLOSE:
            if len(stack) == 1:
                raise BracketError("a closing bracket with none open")
            inner = stack.pop()
            stack[-1].append(Message(inner))
        else:
            stack[-1].append(token)
    if len(stack) != 1:
        raise BracketError("a bracket left open")
    return Message(stack[0])


def huh(tokens: Sequence[int], at: int) -> list[int]:
    """HUH (message) with ERR before the token at index `at` of the flat message."""
    at = max(0, min(at, len(tokens)))
    return [T("HUH"), OPEN, *tokens[:at], T("ERR"), *tokens[at:], CLOSE]
