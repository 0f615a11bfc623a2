"""What every family of commands shares: the Command base, phases, dates, errors, and the
helpers the transformer's rules read their tokens with.

Every command is a frozen dataclass carrying the number of the mail line it came from. The
family modules beside this one each hold their commands and a mixin of the transformer's
methods for their rules; `Rules` is the mixins' base, with the methods for the shared rules
(numbers, dates, phases, SET).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from lark import Token, Transformer

from ..dates import DateError, When, resolve

MAX_DIGITS = 6  # in any number of a command (a whole number up to 999999)


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    line: int = 0


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """A phase as a command names it: season S, U (summer), F or W, year, and M, R or B."""

    season: str
    year: int
    kind: str

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"


@dataclass(frozen=True, slots=True)
class LineError:
    """A line that could not be read: its number, its text, and why, for the reply."""

    line: int
    text: str
    reason: str


def cut_short(text: str, width: int = 40) -> str:
    """A line's text as a reply quotes it: cut to `width`, with "..." where it was cut."""
    return text if len(text) <= width else text[: width - 3] + "..."


class CommandError(ValueError):
    """Raised by the transformer for a line that parses but means nothing."""


@dataclass(frozen=True, slots=True)
class WrittenDate:
    """A date as written: its parts as (terminal, text), for dates.resolve."""

    parts: tuple[tuple[str, str], ...]


# -- phases --------------------------------------------------------------------------------

_SEASONS = {"s": "S", "spring": "S", "u": "U", "summer": "U", "f": "F", "fall": "F",
            "autumn": "F", "w": "W", "winter": "W"}  # fmt: skip
_PHASE_LETTERS = {"m": "M", "r": "R", "a": "B", "b": "B"}
_SPEC = re.compile(r"^([a-z]+)\s*(\d{1,4})\s*([a-z]+)$")


def phase_spec(season: str, year: str, kind: str) -> PhaseSpec:
    s = _SEASONS.get(season.lower())
    if s is None:
        raise CommandError(f"'{season}' is not a season (Spring, Summer, Fall or Winter)")
    k = _PHASE_LETTERS.get(kind.lower()[0])
    if k is None:
        raise CommandError(f"'{kind}' is not a phase (Movement, Retreats or Adjustments)")
    if s == "W":
        k = "B"
    return PhaseSpec(s, int(year), k)


def read_phase_code(text: str) -> PhaseSpec:
    """`F1905R`, `Fall 1905 Retreats`, `S 1903 M`: a phase named in one piece."""
    match = _SPEC.match(" ".join(text.lower().split()))
    if not match:
        raise CommandError(f"'{text}' is not a phase like F1905R or Fall 1905 Retreats")
    season, year, kind = match.groups()
    if season not in _SEASONS:
        season = season[0]
    return phase_spec(season, year, kind)


# -- reading the tokens of a rule ----------------------------------------------------------

_WORDLY = re.compile(r"[\s\-]+")


def keyword(text: str) -> str:
    """A keyword as a table looks it up: lower case, no spaces."""
    return _WORDLY.sub("", text.lower())


def token_texts(items: list, kind: str | None = None) -> tuple[str, ...]:
    """The text of each token among `items` (of the terminal `kind` only, when given)."""
    return tuple(str(i) for i in items if isinstance(i, Token) and (kind is None or i.type == kind))


def arguments(items: list) -> tuple[str, ...]:
    """The words of the ARGUMENTS token (the rest of the line) among `items`."""
    return tuple(
        word
        for item in items
        if isinstance(item, Token) and item.type == "ARGUMENTS"
        for word in str(item).split()
    )


def one_argument(items: list, what: str) -> str:
    """The one word of the ARGUMENTS token; `what` says what it should be, if it is not one."""
    words = arguments(items)
    if len(words) != 1:
        raise CommandError(f"expected {what}, found '{' '.join(words)}'")
    return words[0]


def said_no(items: list) -> bool:
    """Whether the setting was written with NO."""
    return any(isinstance(i, Token) and i.type == "NO" for i in items)


def whole_number(token: Token, what: str) -> int:
    text = str(token)
    if "." in text:
        raise CommandError(f"{what} takes a whole number, not {text}")
    return int(text)


# -- the shared rules ----------------------------------------------------------------------


class Rules(Transformer):
    """The transformer's methods for what the families share; each family's mixin adds
    those for its own rules. A method returns a list of commands for a line's command, a
    command for a SET setting, and a value for a piece of either."""

    def __init__(self, now: datetime) -> None:
        super().__init__()
        self.now = now

    def NUMBER(self, token: Token) -> Token:
        """Every number of a command, before any handler reads it: no setting, count or
        span of hours needs more than MAX_DIGITS digits, and a longer one would only
        overflow the dates it is added to (a 400-digit MOVE DELAY)."""
        whole = str(token).lstrip("-").partition(".")[0]
        if len(whole) > MAX_DIGITS:
            raise CommandError(f"number too large: {whole[:12]}... (at most {MAX_DIGITS} digits)")
        return token

    def date(self, items: list) -> WrittenDate:
        # Kept unresolved: what a date means depends on what it is read against (an
        # absence's end is read from its start).
        return WrittenDate(tuple((t.type, str(t)) for t in items))

    def _when(self, written: WrittenDate, now: datetime | None = None) -> When:
        try:
            return resolve(written.parts, now or self.now)
        except DateError as exc:
            raise CommandError(str(exc)) from None

    def phase_spec(self, items: list) -> PhaseSpec:
        texts = [str(t) for t in items]
        if len(texts) == 1:
            return read_phase_code(texts[0])
        if len(texts) == 2:
            return read_phase_code(" ".join(texts))
        return phase_spec(*texts)

    def set_command(self, items: list) -> list[Command]:
        return list(items)
