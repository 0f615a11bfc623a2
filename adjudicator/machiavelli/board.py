"""A Machiavelli board: the units in the provinces, the garrisons in their cities, and the
game's rule choices (docs/machiavelli.md).

A garrison stands in its province's city, beside any army or fleet in the province. The
resolver sees the city as a place of its own (rules.machiavelli, "Conversion": "This
adjudicator treats the city as if it were a separate space on the map"): the garrison of
Genoa stands at `gen*`, and a conversion is a move between `gen` and `gen*`. Venice is the
exception: province and city are one space, and its garrison stands at `ven`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from variants import Variant

from ..board import Unit
from ..options import Options

CITY = "*"
GARRISON = "G"


def city(province: str) -> str:
    """The resolver's name for a province's city."""
    return province + CITY


@dataclass(frozen=True, slots=True)
class MachRules:
    """A game's Machiavelli settings, resolved against its variant's defaults."""

    mach2: bool  # SET MACH2: the second edition's rules
    garrisons: bool  # SET NO GARRISONS: none may be built or converted to
    fortresses: bool  # SET FORTRESSES: the fortresses are walled places in use
    # The random events: SET NO DICE turns them all off (and fixes the variable income's
    # dice), whatever SET FAMINE, PLAGUE or STORM said; SET [NO] SPECIAL: elite units.
    dice: bool
    famine: bool
    plague: bool
    storms: bool
    special: bool
    money: bool  # SET NO MONEY: a unit per city, no income
    # The money rules (docs/machiavelli.md "The settings"): bank loans and the assassination
    # expense (none without money or dice), bribes only next to one's units (SET ADJACENCY).
    loans: bool
    adjacent: bool
    assassins: bool
    coastal_convoys: bool
    move_disband: bool


def mach_rules(variant: Variant, options: Options) -> MachRules:
    fortresses = "fortresses" in variant.rules if options.fortresses is None else options.fortresses
    return MachRules(
        mach2=options.second_edition(variant),
        garrisons=options.garrisons,
        fortresses=fortresses,
        dice=options.dice,
        famine=options.dice and options.famine,
        plague=options.dice and options.plague,
        storms=options.dice and options.storms,
        special=options.special and options.money,
        money=options.money,
        loans=options.money and options.dice and options.loans,
        adjacent=options.adjacent,
        assassins=options.money and options.dice and options.assassins,
        coastal_convoys=options.coastal(variant),
        move_disband=options.disbands(variant),
    )


class MachBoard:
    """The units of one phase: armies and fleets by province, garrisons by their city."""

    def __init__(self, variant: Variant, rules: MachRules, units: Iterable[Unit]) -> None:
        self.variant = variant
        self.rules = rules
        self.field: dict[str, Unit] = {}  # A and F, and a garrison of Venice
        self.garrisons: dict[str, Unit] = {}  # G, by province
        provinces = variant.provinces
        for unit in units:
            prov = provinces[unit.province]
            if unit.type == GARRISON and not prov.venice:
                if not (prov.walled or prov.income):
                    raise ValueError(f"units: no city in {prov.abbr} for a garrison")
                where = self.garrisons
            else:
                where = self.field
            if unit.province in where:
                raise ValueError(
                    f"units: two units in {unit.province} ({where[unit.province]}, {unit})"
                )
            where[unit.province] = unit

    def walled(self, province: str) -> bool:
        """Can a garrison stand in this province's city now: a fortified city, or a
        fortress when the game uses them."""
        prov = self.variant.provinces[province]
        return prov.fortified or (prov.fortress and self.rules.fortresses)

    def unit_named(self, power: str, type_: str | None, province: str) -> Unit | None:
        """The unit an order names (the njudge's ma_movein): a garrison if it says G, an
        army or fleet if it says A or F, else the ordering power's own unit there (the
        one in the province first), else whichever is there."""
        field, garrison = self.field.get(province), self.garrisons.get(province)
        if field is not None and field.type == GARRISON:  # Venice's garrison
            field, garrison = None, field
        if type_ == GARRISON:
            return garrison
        if type_ is not None:
            return field
        for unit in (field, garrison):
            if unit is not None and unit.power == power:
                return unit
        return field or garrison

    def is_city_unit(self, unit: Unit) -> bool:
        """Is this a garrison inside a city (not Venice's, which holds the one space)?"""
        return unit.type == GARRISON and self.garrisons.get(unit.province) == unit

    def resolver_unit(self, unit: Unit) -> Unit:
        """The unit as the resolver places it: a garrison in its city's own place."""
        return Unit(unit.power, GARRISON, city(unit.province)) if self.is_city_unit(unit) else unit

    def units(self) -> list[Unit]:
        return [*self.field.values(), *self.garrisons.values()]


@cache
def army_reach_with_cities(variant: Variant) -> Mapping[str, frozenset[str]]:
    """The army moves the resolver knows, with each walled province's step into its own
    city: an army converting to a garrison goes there by land, never by convoy."""
    out = {}
    for abbr, prov in variant.provinces.items():
        reach = variant.army_moves.get(abbr, frozenset())
        if prov.walled or prov.income:
            reach = reach | {city(abbr)}
        if reach:
            out[abbr] = reach
    return out
