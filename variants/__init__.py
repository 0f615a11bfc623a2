"""Variant data: one readable text file per map, and the loader that checks and reads it.

`load("standard")` returns the `Variant` for `variants/data/standard.variant`; the file format
is documented in docs/variant-format.md.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

from .draft import VariantError
from .loader import load_file, load_text
from .mach_model import MachData, Strait, UnitLimits, VariableIncome
from .model import (
    AUTONOMOUS,
    COAST_WORDS,
    PHASE_WORDS,
    SEASON_WORDS,
    UNIT_WORDS,
    Gateway,
    Power,
    Province,
    ProvinceKind,
    Railway,
    StartingUnit,
    Variant,
    province_of,
)

DATA_DIR = Path(__file__).parent / "data"

__all__ = [
    "AUTONOMOUS",
    "COAST_WORDS",
    "DATA_DIR",
    "PHASE_WORDS",
    "SEASON_WORDS",
    "UNIT_WORDS",
    "Gateway",
    "MachData",
    "Power",
    "Province",
    "ProvinceKind",
    "Railway",
    "StartingUnit",
    "Strait",
    "UnitLimits",
    "VariableIncome",
    "Variant",
    "VariantError",
    "available",
    "load",
    "load_file",
    "load_text",
    "province_of",
    "with_summer",
]


def available() -> list[str]:
    """The names of the variants shipped with the judge."""
    return sorted(p.stem for p in DATA_DIR.glob("*.variant"))


@cache
def load(name: str) -> Variant:
    """The shipped variant of that name (any case); KeyError if there is none."""
    key = name.strip().lower()
    path = DATA_DIR / f"{key}.variant"
    if not key.replace("_", "").isalnum() or not path.is_file():
        raise KeyError(name)
    return load_file(path)


@cache
def with_summer(variant: Variant, summer: bool) -> Variant:
    """The variant with a Summer movement phase (and its retreats) between Spring and Fall,
    or without one: SET [NO] SUMMER (users' manual 9.1). The same map and rules; only the
    year's phases differ, so every phase code (`U1901M`) reads against the result."""
    cycle = list(variant.phases)
    has = any(code[0] == "U" for code in cycle)
    if summer == has:
        return variant
    if summer:
        springs = [i for i, code in enumerate(cycle) if code[0] == "S"]
        if not springs:
            return variant
        at = springs[-1] + 1
        cycle[at:at] = ["U" + cycle[i][1] for i in springs if cycle[i][1] != "B"]
    else:
        cycle = [code for code in cycle if code[0] != "U"]
    tag = "summer" if summer else "no summer"
    return dataclasses.replace(variant, phases=tuple(cycle), source=f"{variant.source} ({tag})")
