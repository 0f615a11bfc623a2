"""What a phase is given: the board before it, and the orders as the powers gave them.

`read_orders` runs each order's text through the parser; a text it cannot read becomes an
`Illegal("syntax")` that carries the parser's message, so every phase takes the same kind
of order list whether it came from a mail or from `adjudicator.document`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import parser as syntax
from parser.nearest import did_you_mean
from variants import Variant

from .board import Unit
from .legality import Illegal
from .phase import Phase
from .retreats import Dislodged
from .variant_rules import misplaced


@dataclass(frozen=True, slots=True)
class Position:
    """The board at the start of a phase."""

    variant: Variant
    phase: Phase
    units: tuple[Unit, ...]
    centers: Mapping[str, str]  # centre -> owner
    dislodged: tuple[Dislodged, ...] = ()  # retreat phases only


@dataclass(frozen=True, slots=True)
class GivenOrder:
    """An order as a power gave it: its text and what the parser made of it."""

    power: str
    text: str
    parsed: syntax.Order | Illegal


def read_orders(
    variant: Variant, phase: Phase, orders: Sequence[tuple[str, str]]
) -> list[GivenOrder]:
    """Parse each (power, text); a text that is not an order becomes an Illegal("syntax")."""
    parser = syntax.OrderParser.for_names(variant.names)
    out = []
    for power, text in orders:
        try:
            parsed: syntax.Order | Illegal = parser.parse(text, phase.kind)  # type: ignore[arg-type]
        except syntax.OrderSyntaxError as exc:
            parsed = Illegal("syntax", explained(exc, variant))
        else:
            parsed = misplaced(variant, phase.kind, parsed) or parsed  # type: ignore[arg-type]
        out.append(GivenOrder(power, text, parsed))
    return out


def explained(error: syntax.OrderSyntaxError, variant: Variant) -> str:
    """The parser's message, and on the line after it the provinces the player may have
    meant, when a province name could not be read: the parser knows names, the map knows
    what each province is called in full."""
    if error.unknown is None:
        return error.message
    titles = {abbr: province.name for abbr, province in variant.provinces.items()}
    hint = did_you_mean(error.unknown, variant.names, titles)
    return error.message if hint is None else f"{error.message}\n{hint}"
