"""What a phase ends with: a line for every order, the board after it, the next phase.

The three kinds of phase (movement_phase, retreat_phase, adjustment_phase) share this:
the result line of each order given, in the order given, and `finish`, which takes the
board a phase leaves and works out what comes next: the adjustments due (and whether the
adjustment phase can be skipped), the centres taken at the end of the year, the winner.
"""

from __future__ import annotations

from collections import Counter, _count_elements  # type: ignore[attr-defined]
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from operator import itemgetter
from typing import NamedTuple

import parser as syntax
from parser.notation import order_text
from variants import Variant

from .adjustments import build_sites
from .board import Unit
from .given import GivenOrder, Position
from .legality import Illegal
from .machiavelli.state import MachState
from .options import Options
from .phase import Phase
from .retreats import Dislodged
from .wings import WING, blockaded, counted

SUCCEEDS, FAILS, ILLEGAL = "succeeds", "fails", "illegal"

Verdict = tuple[str, str | None, str | None]  # result, reason, message
REPLACED_VERDICT: Verdict = (
    ILLEGAL,
    "replaced",
    "A later order for the same unit replaces this one.",
)
SUCCEEDED_VERDICT: Verdict = (SUCCEEDS, None, None)


class OrderResult(NamedTuple):
    """What became of one order: its normal notation, the result and the reason."""

    power: str
    text: str  # as given; "" for a unit that had no order
    # What `order` is written from: the command, the order as read, or None if unreadable.
    notation: object
    result: str = SUCCEEDS  # succeeds, fails or illegal
    reason: str | None = None  # bounce, cut, void, no convoy, dislodged, no order, ...
    message: str | None = None  # the njudge's sentence for an illegal order

    @property
    def order(self) -> str | None:
        """The normal notation (`F nth - bel`), written when somebody asks for it."""
        return None if self.notation is None else str(self.notation)


@dataclass(slots=True)
class PhaseResult:
    phase: Phase
    next_phase: Phase
    orders: list[OrderResult]
    units: list[Unit]
    centers: dict[str, str]
    dislodged: list[Dislodged] = field(default_factory=list)  # after movement only
    contested: list[str] = field(default_factory=list)  # after movement only
    adjustments: dict[str, int] | None = None  # when the next phase is an adjustment phase
    winner: str | None = None
    # A Machiavelli game's state after the phase, and what happened beside the orders
    # (sieges, control changing hands, eliminations: adjudicator.machiavelli).
    mach: MachState | None = None
    events: list[dict[str, str]] = field(default_factory=list)


_ORDERS = PhaseResult.__dict__["orders"]  # PhaseResult's own slot of `orders`


class LineParts(NamedTuple):
    """What a movement phase's lines are made from: the orders given, what each was checked
    as (a command, or why it is impossible), the verdict on each (None: replaced by a later
    order), and the fields of the lines of units with no order (OrderResult's)."""

    orders: Sequence[GivenOrder]
    checked: Sequence[object]
    verdicts: Sequence[Verdict | None]
    unordered: list[tuple]
    # Per order, its entry in the board's memo of order texts (legality.Board.checked), the
    # line written for it kept in the entry; None: no memo.
    known: Sequence[list | None] | None = None


class MovementResult(PhaseResult):
    """A phase's result whose order lines are made only when somebody reads `orders`: the
    document call writes its lines straight from `line_parts`, and making an OrderResult
    of each would be wasted."""

    __slots__ = ("line_parts",)

    @property  # type: ignore[override]
    def orders(self) -> list[OrderResult]:
        try:
            parts = self.line_parts
        except AttributeError:  # made by dataclasses.replace or unpickled: lines made
            parts = None
        if parts is not None:
            new = tuple.__new__
            lines = result_lines(parts.orders, parts.checked, parts.verdicts)
            lines.extend(new(OrderResult, fields) for fields in parts.unordered)
            _ORDERS.__set__(self, lines)
            self.line_parts = None
        return _ORDERS.__get__(self, MovementResult)

    @orders.setter
    def orders(self, lines: list[OrderResult]) -> None:
        _ORDERS.__set__(self, lines)

    def pending_lines(self) -> LineParts | None:
        """What the lines are made from, if no OrderResult has been made of them yet."""
        try:
            return self.line_parts
        except AttributeError:
            return None


class _Rendered:
    """An order as read, to be written in the normal notation only if asked."""

    __slots__ = ("parsed",)

    def __init__(self, parsed: syntax.Order) -> None:
        self.parsed = parsed

    def __str__(self) -> str:
        return order_text(self.parsed)


def result_lines(
    orders: Sequence[GivenOrder],
    checked: Sequence[object],
    verdicts: Sequence[Verdict | None],
) -> list[OrderResult]:
    """One line per order given, in the order given: why it was impossible, or the verdict
    the phase reached on it (no verdict: a later order for the unit replaced it)."""
    new = tuple.__new__
    return [new(OrderResult, fields) for fields in line_fields(orders, checked, verdicts)]


def line_fields(
    orders: Sequence[GivenOrder],
    checked: Sequence[object],
    verdicts: Sequence[Verdict | None],
) -> list[tuple]:
    """`result_lines` as plain tuples of an OrderResult's fields: what the document call
    writes its lines from, with no OrderResult made (`MovementResult`)."""
    fields: list[tuple] = []
    for given, command, verdict in zip(orders, checked, verdicts, strict=True):
        if type(command) is Illegal:
            parsed = given[2]
            notation = None if type(parsed) is Illegal else _Rendered(parsed)  # type: ignore[arg-type]
            fields.append((given[0], given[1], notation, ILLEGAL, command.code, command.message))
        else:
            fields.append((given[0], given[1], command) + (verdict or REPLACED_VERDICT))
    return fields


def finish(
    position: Position,
    units: list[Unit],
    centers: dict[str, str],
    after: Phase,
    lines: list[OrderResult],
    options: Options,
    kind: type[PhaseResult] = PhaseResult,
) -> PhaseResult:
    """The next phase that is needed, and what it will have to do (in a result of that
    `kind`)."""
    variant = position.variant
    nxt = after
    due = None
    if nxt.letter == "B":
        due = balances(variant, units, centers)
        needed = (options.every_winter and bool(units)) or _adjustments_needed(
            variant, units, centers, due, options.build_centers
        )
        if not needed:
            nxt, due = nxt.following(variant), None
    return kind(
        phase=position.phase,
        next_phase=nxt,
        orders=lines,
        units=units,
        centers=centers,
        adjustments=due,
        winner=winner(variant, centers, units),
    )


def balances(variant: Variant, units: Sequence[Unit], centers: Mapping[str, str]) -> dict[str, int]:
    """Builds (positive) or removals (negative) due, per power that has units or centres;
    a centre a wing blockades counts for nobody (wings.py), though its owner keeps it."""
    # Only a wing blockades: on a map without them no unit is looked at. Counted into plain
    # dicts by Counter's own C loop, without a Counter's setting up (a few µs a phase).
    owners: dict[str, int] = {}
    _count_elements(owners, centers.values())
    owned = counted(units, centers) if WING in variant.unit_types else owners
    kept: dict[str, int] = {}
    _count_elements(kept, map(_power_field, units))
    return {
        name: owned.get(name, 0) - kept.get(name, 0)
        for name in _power_names(variant)
        if name in owners or name in kept
    }


@cache
def _power_names(variant: Variant) -> tuple[str, ...]:
    return tuple(p.name for p in variant.powers)


def _adjustments_needed(
    variant: Variant,
    units: list[Unit],
    centers: Mapping[str, str],
    due: Mapping[str, int],
    build_at: str,
) -> bool:
    """Skip the adjustments when nobody must remove and nobody can build (njudge)."""
    if any(balance < 0 for balance in due.values()):
        return True
    occupied: set[str] | None = None  # made only if somebody may build
    for power, balance in due.items():
        if balance > 0:
            if occupied is None:
                occupied = set(map(_province_field, units))
            if build_sites(variant, power, centers, occupied, build_at):
                return True
    return False


def winner(variant: Variant, centers: Mapping[str, str], units: Sequence[Unit] = ()) -> str | None:
    """The power with the most centres, if it has the victory count and no equal; a centre
    a wing blockades counts for nobody."""
    victory = variant.victory
    if len(centers) < victory:
        return None  # too few centres owned for anybody to have won
    # Only a wing blockades: on a map without them no unit is looked at.
    shut = blockaded(units, centers) if WING in variant.unit_types else _NOBODY
    owners = (
        tuple(o for c, o in centers.items() if c not in shut) if shut else tuple(centers.values())
    )
    best, leader = _leader(owners)
    return leader if best >= victory else None


_NOBODY: frozenset[str] = frozenset()
_power_field, _province_field = itemgetter(0), itemgetter(3)  # a Unit's


@lru_cache(maxsize=4096)
def _leader(owners: tuple[str, ...]) -> tuple[int, str | None]:
    """The most centres one power owns, and that power if no other owns as many; the
    owners of a board's centres, in the board's order, recur phase after phase."""
    counts = Counter(owners)
    if not counts:
        return 0, None
    best = max(counts.values())
    leaders = [p for p, c in counts.items() if c == best]
    return best, leaders[0] if len(leaders) == 1 else None


def take_centers(
    variant: Variant,
    units: list[Unit],
    centers: Mapping[str, str],
    uncounted: Mapping[str, frozenset[str]] | None = None,
) -> dict[str, str]:
    """At the end of the centre season every centre belongs to whoever stands on it; one
    the power does not count (`uncounted`: SET HONG KONG) is nobody's while it stands there.
    A wing takes nothing: it blockades (wings.py)."""
    out = dict(centers)
    supply = _supply_centers(variant)
    for power, kind, _, province in units:  # a unit's fields, by position
        if province in supply and kind != WING:
            if uncounted and province in uncounted.get(power, ()):
                out.pop(province, None)
            else:
                out[province] = power
    return out


@cache
def _supply_centers(variant: Variant) -> frozenset[str]:
    return frozenset(p.abbr for p in variant.provinces.values() if p.center)
