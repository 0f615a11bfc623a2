"""The judge's command language: Lark grammars and the values they are turned into.

`parser` depends on nothing else of the judge's; it is handed the names a map accepts.
"""

from .orders import (
    PHASE_KINDS,
    Adjust,
    Bare,
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    OrderParser,
    OrderSyntaxError,
    PhaseKind,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitSpec,
    Waive,
)

__all__ = [
    "PHASE_KINDS",
    "Adjust",
    "Bare",
    "Build",
    "Convoy",
    "Disband",
    "Hold",
    "Location",
    "Move",
    "Order",
    "OrderParser",
    "OrderSyntaxError",
    "PhaseKind",
    "Remove",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "UnitSpec",
    "Waive",
]
