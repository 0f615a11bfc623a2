"""What a variant's own rules tell the resolver (movement.py): straits crossed, railway
moves, orders gated or shut, units of more than one strength, bonuses. The variant_rules,
railways, gateways, special_orders and wings modules each fill in their part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

SHUT = -2  # a `Special.gate` value: the order is blocked whatever happens


@dataclass(frozen=True, slots=True)
class Special:
    """What a variant's own rules tell the resolver (docs/rules.md, variant rules).

    `crossings`: an army's move across one of these straits has the strength of its
    supports alone. `rail`: the commands that are railway moves (no convoy, no head-to-head
    battle). `gate`: command -> SHUT for an order blocked outright, or the index of the unit
    whose successful move blocks it (a gateway keeper moving away, a fleet entering a
    Machiavelli strait's keeper), or a tuple of such indexes. `strength`: command -> the
    strength of a unit that is not of 1 (Machiavelli's elite units: 2 to move, hold and
    support). `bonus`: command -> strength a move has beside its unit's and its supports'
    (Machiavelli's rebels, a point of support for a move into their province)."""

    crossings: Mapping[str, frozenset[str]] = field(default_factory=dict)
    rail: frozenset[int] = frozenset()
    gate: Mapping[int, int | tuple[int, ...]] = field(default_factory=dict)
    strength: Mapping[int, int] = field(default_factory=dict)
    bonus: Mapping[int, int] = field(default_factory=dict)


PLAIN = Special()  # a map with no rules of its own (never changed)
