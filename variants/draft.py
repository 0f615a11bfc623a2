"""A variant file as it was read, line by line, before it is checked.

`reading` fills a `Draft` section by section; `checking` turns it into a `Variant` or
refuses it. Each fact keeps the line it came from, so that every refusal can name it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from .mach_model import Strait, UnitLimits, VariableIncome
from .model import Gateway, Power, Province, Railway, StartingUnit

# What a province abbreviation or a variant name may be.
ABBR = re.compile(r"^[a-z0-9][a-z0-9_]*$")


class VariantError(ValueError):
    """A variant file that cannot be used; the message names the file and the line."""

    def __init__(self, source: str, line: int | None, reason: str) -> None:
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {reason}")
        self.source = source
        self.line = line
        self.reason = reason


@dataclass
class Draft:
    """What the file said, with the line each fact came from, before it is checked."""

    source: str
    header: dict[str, tuple[int, str]] = field(default_factory=dict)
    provinces: dict[str, tuple[int, Province]] = field(default_factory=dict)
    powers: dict[str, tuple[int, Power]] = field(default_factory=dict)
    # (from location, unit kind) -> [(line, to location)]
    moves: dict[tuple[str, str], list[tuple[int, str]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    units: list[tuple[int, StartingUnit]] = field(default_factory=list)
    ownership: dict[str, tuple[int, str]] = field(default_factory=dict)
    center_order: list[tuple[int, str]] = field(default_factory=list)
    railways: list[tuple[int, Railway]] = field(default_factory=list)
    gateways: list[tuple[int, Gateway]] = field(default_factory=list)
    # power name as written -> (line, centres)
    uncounted: dict[str, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    # Machiavelli's sections (mach_reading): province -> (line, controller); the province
    # order; the variable income; each disaster table's rows as (line, row, columns); the
    # unit limits by power as written; the straits.
    control: dict[str, tuple[int, str]] = field(default_factory=dict)
    province_order: list[tuple[int, str]] = field(default_factory=list)
    variable_income: list[tuple[int, VariableIncome]] = field(default_factory=list)
    tables: dict[str, list[tuple[int, int, tuple[str | None, ...]]]] = field(default_factory=dict)
    limits: dict[str, tuple[int, UnitLimits]] = field(default_factory=dict)
    straits: list[tuple[int, Strait]] = field(default_factory=list)

    def fail(self, line: int | None, reason: str) -> VariantError:
        return VariantError(self.source, line, reason)


def name_key(name: str) -> str:
    """How names are compared: lower case, periods dropped, runs of spaces folded."""
    return " ".join(name.lower().replace(".", "").split())
