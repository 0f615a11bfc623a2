"""Variant data: one readable text file per map, and the loader that checks and reads it.

`load("standard")` returns the `Variant` for `variants/data/standard.variant`; the file format
is documented in docs/variant-format.md.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .loader import VariantError, load_file, load_text
from .model import (
    COAST_WORDS,
    PHASE_WORDS,
    SEASON_WORDS,
    UNIT_WORDS,
    Power,
    Province,
    ProvinceKind,
    StartingUnit,
    Variant,
    province_of,
)

DATA_DIR = Path(__file__).parent / "data"

__all__ = [
    "COAST_WORDS",
    "DATA_DIR",
    "PHASE_WORDS",
    "SEASON_WORDS",
    "UNIT_WORDS",
    "Power",
    "Province",
    "ProvinceKind",
    "StartingUnit",
    "Variant",
    "VariantError",
    "available",
    "load",
    "load_file",
    "load_text",
    "province_of",
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
