"""A Machiavelli map's own data, beside its provinces and units (docs/machiavelli.md).

The njudge kept these in the last part of its map file (the famine, plague and storm
tables, the variable income, the orders of the ownership reports, the unit limits) and in
the ownership records of its seed; `Variant.machiavelli` holds them, checked by
`mach_checking`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

# A disaster table: the province struck at each (row, column) of two dice rolls, 2 to 12 each
# way; None where the table has `-----`. `table[row - 2][column - 2]`.
DisasterTable = tuple[tuple[str | None, ...], ...]

# The kinds of unit a limit line speaks of, in its order (rules.machiavelli2, appendix 2).
LIMIT_KINDS = ("ordinary", "militia", "mercenary", "professional")
# What each letter of a limit allows: x anytime, b only built, r only bribed, . never.
LIMIT_LETTERS = {"x": "anytime", "b": "built", "r": "bribed", ".": "never"}


@dataclass(frozen=True, slots=True)
class VariableIncome:
    """One line of the variable income: the holder of `province`'s home country (or of its
    city, where it is no home) rolls `dice` dice and takes `ducats[face - 1]` for each."""

    province: str
    dice: int
    ducats: tuple[int, ...]  # six values, by die face
    # The fixed income of the game's first income phase (the Mach2 scenarios' "Initial").
    initial: int | None = None


@dataclass(frozen=True, slots=True)
class UnitLimits:
    """Which units one power may have under the Mach2 rules: for armies, fleets and
    garrisons, a letter per kind of unit (LIMIT_KINDS) from LIMIT_LETTERS."""

    army: str
    fleet: str
    garrison: str

    def allows(self, unit_type: str, kind: str, how: str) -> bool:
        """May the power get a unit of this type and kind this way (`built` or `bribed`)?"""
        letters = {"A": self.army, "F": self.fleet, "G": self.garrison}[unit_type]
        letter = letters[LIMIT_KINDS.index(kind)]
        return letter == "x" or LIMIT_LETTERS[letter] == how


@dataclass(frozen=True, slots=True)
class Strait:
    """Waters a fleet passes between only with the leave of the power whose fleet holds
    `keeper` (Piombino, Messina: rules.machiavelli, special mapboard features)."""

    keeper: str
    ends: tuple[str, str]


@dataclass(frozen=True)
class MachData:
    # Land province -> who controls it at the start (a power or AUTONOMOUS); the cities'
    # owners are the variant's `ownership`.
    control: Mapping[str, str]
    # The provinces in the order the ownership reports and SUMMARY list them.
    province_order: tuple[str, ...]
    variable_income: tuple[VariableIncome, ...] = ()
    famine: DisasterTable | None = None
    plague: DisasterTable | None = None
    storms: DisasterTable | None = None
    limits: Mapping[str, UnitLimits] = field(default_factory=dict)
    straits: tuple[Strait, ...] = ()

    def __post_init__(self) -> None:
        for attr in ("control", "limits"):
            object.__setattr__(self, attr, MappingProxyType(dict(getattr(self, attr))))
