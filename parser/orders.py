"""Order text to order values, for all three kinds of phase.

The grammar is `orders.lark`; this module turns its trees into frozen dataclasses. The parser
knows nothing of any map: the caller hands it the names a map accepts (`names`: every name,
lower case, to its abbreviation), and gets back orders whose provinces are abbreviations.
Whether an order makes sense on the board is for the adjudicator to say.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from lark import Lark, Token, Transformer, UnexpectedInput

PhaseKind = Literal["movement", "retreat", "adjustment"]
PHASE_KINDS: tuple[PhaseKind, ...] = ("movement", "retreat", "adjustment")

GRAMMAR = (Path(__file__).parent / "orders.lark").read_text(encoding="utf-8")


@dataclass(frozen=True, slots=True)
class Location:
    province: str
    coast: str | None = None

    def __str__(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """A unit as an order names it: the type may be left out, as the njudge allows."""

    type: str | None
    location: Location

    def __str__(self) -> str:
        return f"{self.type} {self.location}" if self.type else str(self.location)


@dataclass(frozen=True, slots=True)
class Hold:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Move:
    unit: UnitSpec
    destination: Location
    # The seas of a named convoy route, njudge style (`A Lon-Nth-Nwy` -> ("nth",)).
    route: tuple[str, ...] = ()
    via_convoy: bool = False


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit: UnitSpec
    supported: UnitSpec


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit: UnitSpec
    supported: UnitSpec
    destination: Location


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: UnitSpec
    convoyed: UnitSpec
    destination: Location


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: UnitSpec
    destination: Location


@dataclass(frozen=True, slots=True)
class Disband:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Build:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Remove:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Adjust:
    """`F StP/sc` in an adjustment phase: a build or a removal, as the power's count says."""

    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Waive:
    pass


@dataclass(frozen=True, slots=True)
class Bare:
    """A unit with no action word (`A Par`): the njudge calls that an invalid order."""

    unit: UnitSpec


Order = (
    Hold
    | Move
    | SupportHold
    | SupportMove
    | Convoy
    | Retreat
    | Disband
    | Build
    | Remove
    | Adjust
    | Waive
    | Bare
)


class OrderSyntaxError(ValueError):
    """The text is not an order; `message` says why in the njudge's words where it has them."""

    def __init__(self, message: str, text: str, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.column = column


_COAST_LETTER = {"n": "nc", "s": "sc", "e": "ec", "w": "wc"}
_WS = re.compile(r"\s+")


class _ToOrders(Transformer):
    def __init__(self, names: Mapping[str, str]) -> None:
        super().__init__()
        self._names = names

    def location(self, items: list[Token]) -> Location:
        name = _WS.sub(" ", str(items[0]))
        province = self._names[name]
        coast = None
        if len(items) > 1:
            word = str(items[1]).strip("/() \t")
            coast = _COAST_LETTER[word[0]]
        return Location(province, coast)

    def unit(self, items: list) -> UnitSpec:
        if len(items) == 2:
            return UnitSpec(_unit_type(items[0]), items[1])
        return UnitSpec(None, items[0])

    target = unit

    def hold(self, items: list) -> Hold:
        return Hold(items[0])

    def move(self, items: list) -> Move:
        unit = items[0]
        places = [i for i in items[1:] if isinstance(i, Location)]
        via = any(isinstance(i, Token) and i.type == "VIA" for i in items)
        route = tuple(p.province for p in places[:-1])
        return Move(unit, places[-1], route, via_convoy=via or bool(route))

    def support_hold(self, items: list) -> SupportHold:
        return SupportHold(items[0], items[2])

    def support_move(self, items: list) -> SupportMove:
        return SupportMove(items[0], items[2], items[4])

    def convoy(self, items: list) -> Convoy:
        return Convoy(items[0], items[2], items[4])

    def retreat(self, items: list) -> Retreat:
        return Retreat(items[0], items[2])

    def disband(self, items: list) -> Disband:
        return Disband(items[0])

    def bare(self, items: list) -> Bare:
        return Bare(items[0])

    def build(self, items: list) -> Build:
        return Build(next(i for i in items if isinstance(i, UnitSpec)))

    def remove(self, items: list) -> Remove:
        return Remove(next(i for i in items if isinstance(i, UnitSpec)))

    def adjust(self, items: list) -> Adjust:
        return Adjust(items[0])

    def waive(self, items: list) -> Waive:
        return Waive()


def _unit_type(token: Token) -> str:
    return str(token)[0].upper()


def normalise(text: str) -> str:
    """What the grammar sees: lower case, periods dropped (`St. Petersburg.`), one line."""
    return _WS.sub(" ", text.replace(".", "").lower()).strip()


class OrderParser:
    """Reads orders for one map; build it with `for_names` to share it between callers."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = dict(names)
        alternation = "|".join(
            r"\s+".join(re.escape(word) for word in name.split())
            for name in sorted(self.names, key=len, reverse=True)
        )
        grammar = GRAMMAR + f"\nPROVINCE: /({alternation})(?![a-z0-9])/\n"
        self._lark = Lark(
            grammar, parser="lalr", lexer="contextual", start=list(PHASE_KINDS), cache=False
        )
        self._transformer = _ToOrders(self.names)

    @staticmethod
    @lru_cache(maxsize=32)
    def _cached(names: tuple[tuple[str, str], ...]) -> OrderParser:
        return OrderParser(dict(names))

    @classmethod
    def for_names(cls, names: Mapping[str, str]) -> OrderParser:
        return cls._cached(tuple(sorted(names.items())))

    def parse(self, text: str, phase: PhaseKind) -> Order:
        """One order; raises OrderSyntaxError with a message a player can act on."""
        clean = normalise(text)
        if not clean:
            raise OrderSyntaxError("Empty order.", text)
        result = self._parse_clean(clean, phase)
        if isinstance(result, OrderSyntaxError):
            raise OrderSyntaxError(result.message, text, result.column)
        return result

    @lru_cache(maxsize=4096)  # noqa: B019 - one parser per map lives as long as the process
    def _parse_clean(self, clean: str, phase: PhaseKind) -> Order | OrderSyntaxError:
        """Orders repeat (every reply re-reads a power's orders): parse each text once."""
        try:
            tree = self._lark.parse(clean, start=phase)
        except UnexpectedInput as exc:
            return OrderSyntaxError(self._explain(clean, exc), clean, exc.column)
        return self._transformer.transform(tree)

    def split_valid_prefix(self, text: str, phase: PhaseKind) -> tuple[Order, str] | None:
        """`A Par-Bur please` -> (the order, "please"): the njudge reads leftover text as a
        new order, so the judge can report it without losing the good order before it."""
        clean = normalise(text)
        try:
            self._lark.parse(clean, start=phase)
            return None
        except UnexpectedInput as exc:
            pos = getattr(exc, "pos_in_stream", None)
            if not pos:
                return None
            head, tail = clean[:pos].strip(), clean[pos:].strip()
            if not head or not tail:
                return None
            try:
                return self.parse(head, phase), tail
            except OrderSyntaxError:
                return None

    def _explain(self, clean: str, exc: UnexpectedInput) -> str:
        pos = getattr(exc, "pos_in_stream", None) or 0
        rest = clean[pos:].strip() or clean
        first = _first_word(clean)
        if pos == 0 or (
            pos <= len(first) + 1 and first in {"a", "f", "w", "army", "fleet", "wing"}
        ):
            return f"Unrecognized source province -> {rest}"
        before = clean[:pos].rstrip()
        if (before and before[-1] == "-") or before.endswith(("move", "moves", "to", " m")):
            return f"Movement to unrecognized province -> {rest}"
        return f"Invalid order syntax -> {rest}"


def _first_word(text: str) -> str:
    return text.split(" ", 1)[0]
