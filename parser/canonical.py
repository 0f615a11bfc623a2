"""The adjudicator's own order notation, read without the scanner or the grammar.

What adjudicator/possible.py writes, and robots and tournaments send back by the thousand:
`A par H`, `A par - bur`, `F lon S A wal`, `F lon S A wal - yor`, `F nth C A lon - nwy`,
`F stp/sc R bot`, `A par D`, `A par B`. Split at its spaces, such a text is read in a few
dictionary look-ups; every word is first checked to be what the scanner would make of it
(a province abbreviation the scanner reads as a province, not a keyword spelt the same nor
the first word of a longer name), and a text that is not exactly in this notation is left
to the parser's long way (parser/orders.py), which gives the same values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .values import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitSpec,
)

_TYPES = {"a": "A", "f": "F"}
_COASTS = frozenset({"nc", "sc", "ec", "wc"})
# What each action word makes, by the kind of phase: alone (`A par H`), or with a place.
_ALONE: dict[tuple[str, str], Any] = {
    ("movement", "h"): Hold,
    ("movement", "d"): Disband,
    ("retreat", "d"): Disband,
    ("adjustment", "d"): Remove,
    ("adjustment", "b"): Build,
}
_TO: dict[tuple[str, str], Any] = {
    ("movement", "-"): lambda unit, dest: Move(unit, dest),
    ("retreat", "-"): Retreat,
    ("retreat", "r"): Retreat,
}


class CanonicalReader:
    """Reads the notation for one map; `is_province` is the scanner's word on a word."""

    def __init__(self, names: Mapping[str, str], is_province: Callable[[str], bool]) -> None:
        self.names = names
        self.is_province = is_province
        # First words of names of several words (`st petersburg`): the scanner may read on.
        self.openings = frozenset(name.split(" ")[0] for name in names if " " in name)
        self.places: dict[str, Location | None] = {}

    def read(self, clean: str, phase: str) -> Order | None:
        """The order, if `clean` (normalised) is in the notation; else None."""
        words = clean.split(" ")
        n = len(words)
        if n < 3 or n > 7:
            return None
        unit = self._unit(words, 0)
        act = words[2]
        if unit is None or act in self.names or act in self.openings:
            return None
        if n == 3:
            made = _ALONE.get((phase, act))
            return None if made is None else made(unit)
        if n == 4:
            dest = self._place(words[3])
            made = _TO.get((phase, act))
            return None if dest is None or made is None else made(unit, dest)
        if phase != "movement" or act not in ("s", "c"):
            return None
        other = self._unit(words, 3)
        if other is None:
            return None
        if n == 5:
            return SupportHold(unit, other) if act == "s" else None
        if n != 7 or words[5] != "-":
            return None
        dest = self._place(words[6])
        if dest is None:
            return None
        return SupportMove(unit, other, dest) if act == "s" else Convoy(unit, other, dest)

    def _unit(self, words: list[str], i: int) -> UnitSpec | None:
        word = words[i]
        kind = _TYPES.get(word)
        if kind is None or word in self.names or word in self.openings:
            return None
        place = self._place(words[i + 1])
        return None if place is None else UnitSpec(kind, place)

    def _place(self, word: str) -> Location | None:
        """`par`, `stp/sc`: an abbreviation that the scanner reads as a province, and a coast."""
        known = self.places.get(word, False)
        if known is not False:
            return known  # type: ignore[return-value]
        province, slash, coast = word.partition("/")
        place = None
        if (
            self.names.get(province) == province
            and province not in self.openings
            and (not slash or coast in _COASTS)
            and self.is_province(province)
        ):
            place = Location(province, coast or None)
        if len(self.places) < 4 * len(self.names):  # a map's places and little else
            self.places[word] = place
        return place
