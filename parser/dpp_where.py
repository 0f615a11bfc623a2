"""A place in DPP press, a province and its coast: the one value DAIDE's forms
(dpp_values.py) and EP 191's (ep191_values.py) both hold, kept apart from both so that
neither imports the other's."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Where:
    province: str
    coast: str | None = None  # NCS SCS ECS WCS
