"""What a phase is given: the board before it, and the orders as the powers gave them.

`read_orders` runs each order's text through the parser; a text it cannot read becomes an
`Illegal("syntax")` that carries the parser's message, so every phase takes the same kind
of order list whether it came from a mail or from `adjudicator.document`.

Robots and tournaments adjudicate again and again with the same few thousand order texts, so
what a text reads as is remembered (`order_reader`): per variant and kind of phase, the two
things the reading depends on, in a bounded memo that forgets the least recently used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import parser as syntax
from parser.nearest import did_you_mean
from variants import Variant

from .board import Unit
from .legality import Illegal
from .machiavelli.state import MachState
from .phase import Phase
from .retreats import Dislodged
from .variant_rules import misplaced


@dataclass(frozen=True, slots=True)
class Position:
    """The board at the start of a phase."""

    variant: Variant
    phase: Phase
    units: tuple[Unit, ...]
    centers: Mapping[str, str]  # centre -> owner (a Machiavelli city -> its controller)
    dislodged: tuple[Dislodged, ...] = ()  # retreat phases only
    mach: MachState | None = None  # a Machiavelli game's state (adjudicator.machiavelli)


class GivenOrder(NamedTuple):
    """An order as a power gave it: its text and what the parser made of it.

    A named tuple: every phase makes one per order, and a tuple is made fastest."""

    power: str
    text: str
    parsed: syntax.Order | Illegal


class OrderLists(list):
    """A phase document's orders (GivenOrder), with each power's as one tuple (`chunks`,
    each kept by document_lists' memo as long as the power gives the same list), so that
    the check on a board takes a power's list whole."""

    __slots__ = ("chunks",)


def read_orders(
    variant: Variant, phase: Phase, orders: Sequence[tuple[str, str]]
) -> list[GivenOrder]:
    """Parse each (power, text); a text that is not an order becomes an Illegal("syntax")."""
    read = order_reader(variant, phase.kind)
    new = tuple.__new__
    return [new(GivenOrder, (power, text, read(text))) for power, text in orders]


Reading = syntax.Order | Illegal

# Texts remembered per variant and kind of phase: a robot's or a tournament's orders are a few
# thousand texts on a map, and an order is about a hundred bytes with what it reads as.
ORDERS_REMEMBERED = 8192
# Readers kept: one per variant and phase kind in use (three kinds; variants with a summer or
# wings are variants of their own).
READERS_KEPT = 48

# id(variant), kind -> (the variant, kept so that its id is not reused, and its reader).
_READERS: dict[tuple[int, str], tuple[Variant, Callable[[str], Reading]]] = {}


def order_reader(variant: Variant, kind: str) -> Callable[[str], Reading]:
    """What each order text reads as on this variant in a phase of this kind, remembered.

    The reading depends on the variant (its names; its railways and gateways, which an
    order may not name everywhere; the provinces' full names in a syntax error's hint) and
    on the kind of phase (the grammar's start), and on nothing else: the board is the
    legality check's business. A variant is one object for as long as it is in use
    (variants.load, with_summer and with_wings keep theirs), so it is known by identity.
    """
    key = (id(variant), kind)
    known = _READERS.get(key)
    if known is not None and known[0] is variant:
        return known[1]
    if len(_READERS) >= READERS_KEPT:
        del _READERS[next(iter(_READERS))]  # the oldest reader made
    reader = lru_cache(maxsize=ORDERS_REMEMBERED)(_reading(variant, kind))
    _READERS[key] = (variant, reader)
    return reader


def forget_readings() -> None:
    """Forget every text read (for the benchmark's cold runs, and tests that count)."""
    _READERS.clear()


def _reading(variant: Variant, kind: str) -> Callable[[str], Reading]:
    # A Machiavelli map reads its own orders too (parser/machiavelli.lark).
    dialect = variant.dialect
    parser = syntax.OrderParser.for_names(variant.names, dialect)

    def read(text: str) -> Reading:
        try:
            parsed = parser.parse(text, kind)  # type: ignore[arg-type]
        except syntax.OrderSyntaxError as exc:
            return Illegal("syntax", explained(exc, variant))
        return misplaced(variant, kind, parsed) or parsed

    return read


def explained(error: syntax.OrderSyntaxError, variant: Variant) -> str:
    """The parser's message, and on the line after it the provinces the player may have
    meant, when a province name could not be read: the parser knows names, the map knows
    what each province is called in full."""
    if error.unknown is None:
        return error.message
    titles = {abbr: province.name for abbr, province in variant.provinces.items()}
    hint = did_you_mean(error.unknown, variant.names, titles)
    return error.message if hint is None else f"{error.message}\n{hint}"
