"""Machiavelli's rebellions (rules.machiavelli "Rebellions", "Effects of rebellions",
"Effects of assassination" 5, "Movement" on retreats; the njudge's ma_expenses.c,
ma_movement.c and ma_retreat.c for its words: "Rebellion in Padua liberated.", "... put
down.").

A rebellion rises against the power controlling the province: in the province, and in its
city too when the city is walled (a fortress in use counts) and no garrison holds it; never
in a garrisoned city, nor in Venice while a unit stands there (Venice has one rebellion, in
its one space). The state's `rebellions` holds them, the province `pad` and the city
`pad*`, each with the power it is against. Control is not affected. A rebellion:

- supports (one point) the move into its province of a unit of another power, when no
  other such unit moves there; the affected power cannot convert into a rebelling city
  ("siege required"), nor retreat into it (nobody retreats into a rebelling city), nor
  build in the rebelling place; in Venice the affected power's units cannot enter at all;
- takes the income of its province, and of its city (an unwalled city goes with its
  province);
- ends when put down by the affected power (an army or fleet holding in the province for
  the campaign; a rebelling city besieged twice, which ends both), liberated by another
  power (a unit entering the province or city, by move, conversion or retreat, or buying a
  unit of the affected power there), or pacified (the expense, for both).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from variants import AUTONOMOUS, Variant

from ..board import Unit
from .board import CITY, GARRISON, MachRules, city


class Rebels:
    """The rebellions of a phase being worked out, and the events of their changes."""

    def __init__(
        self,
        variant: Variant,
        rules: MachRules,
        rebellions: Mapping[str, str],
        control: Mapping[str, str],
        events: list[dict[str, Any]],
    ) -> None:
        self.variant = variant
        self.rules = rules
        self.places = dict(rebellions)
        self.control = control
        self.events = events

    def at(self, province: str) -> list[str]:
        """The rebelling places of a province: itself, its city."""
        return [p for p in (province, city(province)) if p in self.places]

    def walled(self, province: str) -> bool:
        prov = self.variant.provinces[province]
        return prov.fortified or (prov.fortress and self.rules.fortresses)

    def cause(self, province: str, by: str, units: Iterable[Unit], why: str = "expense") -> bool:
        """A rebellion against the province's controller; False if none can rise there."""
        prov = self.variant.provinces[province]
        against = self.control.get(province)
        if prov.is_sea or against is None or against == AUTONOMOUS:
            return False
        here = [u for u in units if u.province == province]
        if prov.venice:
            if here:
                return False
            places = [province]
        else:
            places = [province]
            garrisoned = any(u.type == GARRISON for u in here)
            if self.walled(province) and not garrisoned:
                places.append(city(province))
        for place in places:
            self.places[place] = against
            event = {"event": "rebellion", "place": place, "against": against, "cause": why}
            self.events.append(event | {"outcome": "begun", "by": by})
        return True

    def _end(self, places: list[str], by: str, cause: str, outcome: str) -> None:
        for place in places:
            against = self.places.pop(place)
            event = {"event": "rebellion", "place": place, "against": against, "cause": cause}
            self.events.append(event | {"outcome": outcome, "by": by})

    def pacify(self, province: str, by: str) -> None:
        """The expense: both rebellions of the province end."""
        self._end(self.at(province), by, "pacified", "pacified")

    def liberate(self, province: str, by: str, cause: str = "entered") -> None:
        """Another power's unit enters: the province's rebellions not against it end."""
        places = [p for p in self.at(province) if self.places[p] != by]
        self._end(places, by, cause, "liberated")

    def bought(self, unit: Unit, buyer: str) -> None:
        """A unit of the affected power bought in a rebelling province liberates it."""
        places = [p for p in self.at(unit.province) if self.places[p] == unit.power != buyer]
        self._end(places, buyer, "bought", "liberated")

    def held(self, unit: Unit) -> None:
        """An army or fleet of the affected power holding for the campaign: the province's
        rebellion is put down (the city's must be besieged)."""
        province = unit.province
        if unit.type != GARRISON and self.places.get(province) == unit.power:
            self._end([province], unit.power, "held", "put down")

    def besieged(self, province: str, by: str) -> None:
        """A rebelling city besieged a second time: both rebellions are put down."""
        self._end(self.at(province), by, "siege", "put down")

    def against(self, province: str, power: str) -> bool:
        """Is a rebellion in this province (or its city) against this power?"""
        return any(self.places[p] == power for p in self.at(province))


def support_bonus(
    rebellions: Mapping[str, str], moves: Iterable[tuple[int, str, str]]
) -> dict[int, int]:
    """The rebels' point of support: for each move (index, power, destination province)
    into a rebelling province of a power it is not against, when no other such move goes
    there (the njudge's extra support, ma_movement.c)."""
    moves = list(moves)
    out = {}
    for index, power, dest in moves:
        against = rebellions.get(dest) or rebellions.get(city(dest))
        if against is None or against == power:
            continue
        rivals = [i for i, p, d in moves if d == dest and i != index and p != against]
        if not rivals:
            out[index] = 1
    return out


def city_in_rebellion(rebellions: Mapping[str, str], province: str) -> bool:
    return city(province) in rebellions


def venice_closed(variant: Variant, rebellions: Mapping[str, str], power: str, dest: str) -> bool:
    """Venice in rebellion against a power: its units cannot enter ("failed, destination in
    rebellion")."""
    return variant.provinces[dest].venice and rebellions.get(dest) == power


def rebel_cities(rebellions: Mapping[str, str]) -> frozenset[str]:
    """The provinces whose city is in rebellion (a siege may be laid to it)."""
    return frozenset(p[:-1] for p in rebellions if p.endswith(CITY))
