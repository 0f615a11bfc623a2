"""Machiavelli's texts (docs/machiavelli.md, "Reports, in the njudge's wording"): a
phase's results and a power's orders as they stand, with the end of each campaign (the
disasters, control, eliminations, conquests, victory). Pure functions of the adjudicator's
documents and the variant, as every play text is."""

from .campaign import control_tables
from .results import (
    adjustment_results,
    movement_results,
    power_orders,
    retreat_results,
)

__all__ = [
    "adjustment_results",
    "control_tables",
    "movement_results",
    "power_orders",
    "retreat_results",
]
