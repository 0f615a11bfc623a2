"""Machiavelli's texts (docs/machiavelli.md, "Reports, in the njudge's wording"): a
phase's results and a power's orders as they stand, with the end of each campaign (the
disasters, control, eliminations, conquests, victory). Pure functions of the adjudicator's
documents and the variant, as every play text is."""

from .campaign import control_tables
from .money import MASTER, closing_report, opening_report, private_report, treasury_lines
from .results import (
    adjustment_results,
    movement_results,
    power_orders,
    retreat_results,
)

__all__ = [
    "MASTER",
    "adjustment_results",
    "closing_report",
    "control_tables",
    "movement_results",
    "opening_report",
    "power_orders",
    "private_report",
    "retreat_results",
    "treasury_lines",
]
