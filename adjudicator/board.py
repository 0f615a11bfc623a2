"""Units on the board, and how the rules and the njudge speak of them."""

from __future__ import annotations

from typing import NamedTuple

from variants import COAST_WORDS, UNIT_WORDS, Variant, province_of


class _UnitFields(NamedTuple):
    power: str
    type: str  # "A", "F" or "W"
    location: str  # "lon", "stp/sc"
    province: str  # the location without its coast


class Unit(_UnitFields):
    """A unit: `Unit("Russia", "F", "stp/sc")`; its province (`stp`) is worked out once.

    A tuple underneath, because phases make and compare many of them.
    """

    __slots__ = ()

    def __new__(cls, power: str, type: str, location: str) -> Unit:
        slash = location.find("/")
        province = location if slash < 0 else location[:slash]
        return tuple.__new__(cls, (power, type, location, province))

    def __getnewargs__(self) -> tuple[str, str, str]:  # type: ignore[override]
        return (self.power, self.type, self.location)

    def __repr__(self) -> str:
        return f"Unit({self.power!r}, {self.type!r}, {self.location!r})"

    def __str__(self) -> str:
        return f"{self.type} {self.location}"

    @property
    def kind_text(self) -> str:
        """`F` or `F/nc`: the type, with the coast, as a transform order names what a unit
        becomes."""
        slash = self.location.find("/")
        return self.type if slash < 0 else f"{self.type}{self.location[slash:]}"


def place_name(variant: Variant, location: str) -> str:
    """`the North Sea`, `Paris`, `Spain (north coast)`: the njudge's words for a place."""
    province = variant.provinces[province_of(location)]
    name = f"the {province.name}" if province.is_sea else province.name
    if "/" in location:
        name += f" ({COAST_WORDS[location.rsplit('/', 1)[1]]})"
    return name


def a_unit(unit_type: str) -> str:
    """`an army`, `a fleet`: a unit type with its article, as sentences and reports say it."""
    word = UNIT_WORDS.get(unit_type, "unit").lower()
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def unit_phrase(variant: Variant, unit: Unit) -> str:
    """`the army in Paris`, `the fleet in the North Sea`."""
    return f"the {UNIT_WORDS[unit.type].lower()} in {place_name(variant, unit.location)}"
