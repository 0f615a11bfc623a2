"""Playing one phase of a small made-up variant, for the tests of the variants' own rules.

The phase goes through the same steps as the judge's: the orders are read by the parser
for the variant's names, checked and resolved by the adjudicator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.board import Unit
from adjudicator.given import Position, read_orders
from adjudicator.options import Options
from adjudicator.outcome import OrderResult, PhaseResult
from adjudicator.phase import Phase
from adjudicator.phases import adjudicate_phase
from variants import Variant


def play(
    variant: Variant,
    phase: str,
    units: Mapping[str, Sequence[str]],
    orders: Mapping[str, Sequence[str]],
    centers: Mapping[str, str] | None = None,
    **options: object,
) -> PhaseResult:
    """One phase: `units` and `orders` by power (`{"Russia": ["A vla"]}`)."""
    at = Phase.parse(phase, variant)
    board = tuple(
        Unit(power, text.split()[0], text.split()[1])
        for power, mine in units.items()
        for text in mine
    )
    owned = dict(variant.ownership if centers is None else centers)
    given = read_orders(variant, at, [(p, t) for p, texts in orders.items() for t in texts])
    return adjudicate_phase(Position(variant, at, board, owned), given, Options(**options))  # type: ignore[arg-type]


def line(result: PhaseResult, text: str) -> OrderResult:
    """The result line of the order given as `text`."""
    found = [o for o in result.orders if o.text == text]
    assert len(found) == 1, [o.text for o in result.orders]
    return found[0]


def where(result: PhaseResult) -> set[str]:
    """The board after the phase, as `Power A loc` strings."""
    return {f"{u.power} {u.type} {u.location}" for u in result.units}
