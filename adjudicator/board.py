"""Units on the board, and how the rules and the njudge speak of them."""

from __future__ import annotations

from dataclasses import dataclass

from variants import UNIT_WORDS, Variant, province_of


@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    type: str  # "A", "F" or "W"
    location: str  # "lon", "stp/sc"

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        return f"{self.type} {self.location}"


def place_name(variant: Variant, location: str) -> str:
    """`the North Sea`, `Paris`, `Spain (north coast)`: the njudge's words for a place."""
    from variants import COAST_WORDS

    province = variant.provinces[province_of(location)]
    name = f"the {province.name}" if province.is_sea else province.name
    if "/" in location:
        name += f" ({COAST_WORDS[location.rsplit('/', 1)[1]]})"
    return name


def unit_phrase(variant: Variant, unit: Unit) -> str:
    """`the army in Paris`, `the fleet in the North Sea`."""
    return f"the {UNIT_WORDS[unit.type].lower()} in {place_name(variant, unit.location)}"
