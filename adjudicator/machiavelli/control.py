"""Who controls Machiavelli's provinces and cities, and what follows from it: elimination,
the conquest of a home country, victory (rules.machiavelli, "Control of provinces and
cities", "Control and conquest of home countries", "Player elimination", "Victory").

The first edition's rule: "the last power whose unit was present in the province always
gains control", checked at the end of each campaign (after its retreats); the second's:
only at the end of the Fall, and a province whose city another power's garrison holds is
nobody's (rules.machiavelli2, "Control of provinces, cities and home countries").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from variants import AUTONOMOUS, Variant

from ..board import Unit
from .board import GARRISON, MachRules, city
from .state import MachState


def controls_now(rules: MachRules, season: str) -> bool:
    """Does control change at the end of this season's campaign?"""
    return season == "F" or not rules.mach2


def take_control(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    centers: Mapping[str, str],
    units: Sequence[Unit],
) -> tuple[dict[str, str], MachState, list[Unit], list[dict[str, str]]]:
    """The cities' owners, the state and the units after a campaign's control check, and
    what changed hands (the njudge's newowner: ma_porder.c)."""
    control = dict(state.control)
    cities = dict(centers)
    _control_by_units(variant, rules, control, cities, units)
    garrison_of = {u.province: u for u in units if u.type == GARRISON}
    events = _changes("province", state.control, control)
    events += _changes("city", centers, cities)
    homes = dict(state.homes)
    kept = list(units)
    gone = _eliminated(variant, homes, control, cities)
    for power in gone:
        events.append({"event": "eliminated", "power": power})
        kept = [u for u in kept if u.power != power]
        for table in (control, cities, homes):
            for place, who in table.items():
                if who == power:
                    table[place] = AUTONOMOUS
    for conqueror, country in _conquests(variant, homes, control, cities):
        events.append({"event": "conquest", "power": conqueror, "country": country})
        for home in variant.power(country).homes:
            homes[home] = conqueror
    # A siege goes on while its garrison (or its city's rebellion) is there.
    sieges = frozenset(p for p in state.sieges if p in garrison_of or city(p) in state.rebellions)
    new = replace(state, control=control, homes=homes, sieges=sieges)
    if gone:  # an eliminated power's money and chits go with it (the njudge's newowner)
        new = replace(
            new,
            treasury={p: d for p, d in new.treasury.items() if p not in gone},
            loans={p: ls for p, ls in new.loans.items() if p not in gone},
            chits={p: cs for p, cs in new.chits.items() if p not in gone},
        )
    return cities, new, kept, events


def _control_by_units(
    variant: Variant,
    rules: MachRules,
    control: dict[str, str],
    cities: dict[str, str],
    units: Sequence[Unit],
) -> None:
    """The control the units give, written into `control` and `cities`: "the last power
    whose unit was present in the province always gains control"."""
    provinces = variant.provinces
    garrison_of = {u.province: u for u in units if u.type == GARRISON}
    field_of = {u.province: u for u in units if u.type != GARRISON}
    for unit in units:
        prov = provinces[unit.province]
        if prov.is_sea:
            continue
        if unit.type == GARRISON:
            if prov.center:
                cities[prov.abbr] = unit.power
            if prov.abbr not in field_of or prov.venice:
                control[prov.abbr] = unit.power
            continue
        garrison = garrison_of.get(prov.abbr)
        if rules.mach2 and garrison is not None and garrison.power != unit.power:
            control[prov.abbr] = AUTONOMOUS  # a divided province is nobody's (Mach2)
        else:
            control[prov.abbr] = unit.power
        if prov.center and garrison is None:
            cities[prov.abbr] = unit.power


def settle(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    centers: Mapping[str, str],
    units: Sequence[Unit],
    provinces: set[str],
) -> tuple[dict[str, str], MachState, list[dict[str, str]]]:
    """Control of the provinces the bribes changed, at once (the rulebook's "control
    adjudication 1": "if a unit is purchased, ownership of the province the unit is in
    changes before the unit moves away"); no elimination (that waits for the campaign's
    end). The first edition only: the second takes control after the Fall alone."""
    if rules.mach2 or not provinces:
        return dict(centers), state, []
    control = dict(state.control)
    cities = dict(centers)
    _control_by_units(
        variant, rules, control, cities, [u for u in units if u.province in provinces]
    )
    events = _changes("province", state.control, control) + _changes("city", centers, cities)
    return cities, replace(state, control=control), events


def _changes(what: str, before: Mapping[str, str], after: Mapping[str, str]) -> list[dict]:
    return [
        {"event": f"{what} control", "place": place, "power": who, "from": before.get(place, "")}
        for place, who in sorted(after.items())
        if before.get(place) != who
    ]


def _eliminated(
    variant: Variant,
    homes: Mapping[str, str],
    control: Mapping[str, str],
    cities: Mapping[str, str],
) -> list[str]:
    """Powers that hold a home country but control none of its cities, yet still control
    something (the njudge's test; a power that has nothing left is simply gone)."""
    out = []
    for power in variant.powers:
        name = power.name
        held = [h for h, who in homes.items() if who == name]
        if any(cities.get(h) == name and variant.provinces[h].income for h in held):
            continue
        if any(who == name for who in (*control.values(), *cities.values())):
            out.append(name)
    return out


def _conquests(
    variant: Variant,
    homes: Mapping[str, str],
    control: Mapping[str, str],
    cities: Mapping[str, str],
) -> list[tuple[str, str]]:
    """(conqueror, country): one power controls every province and city of another
    power's original home country, which it does not hold yet."""
    out = []
    for power in variant.powers:
        country = power.homes
        if not country:
            continue
        who = control.get(country[0])
        if who is None or who == AUTONOMOUS:
            continue
        if any(control.get(h) != who for h in country):
            continue
        if any(variant.provinces[h].center and cities.get(h) != who for h in country):
            continue
        if any(homes.get(h) == who for h in country):
            continue
        out.append((who, power.name))
    return out


def winner(
    variant: Variant, rules: MachRules, state: MachState, cities: Mapping[str, str]
) -> str | None:
    """The power with the cities to win and (first edition) the home countries, one
    country for every eight cities asked, rounded down, as the njudge counts them (by the
    provinces of the variable income whose home country the power holds); of several, the
    one with the most cities, and none on a tie (the njudge then asks one city more)."""
    data = variant.machiavelli
    assert data is not None
    countries_needed = 0 if rules.mach2 else (variant.victory + 1) // 8
    counts: dict[str, int] = {}
    for place, who in cities.items():
        if variant.provinces[place].income:
            counts[who] = counts.get(who, 0) + 1
    able = {}
    for power in variant.powers:
        name = power.name
        countries = sum(1 for v in data.variable_income if state.homes.get(v.province) == name)
        if counts.get(name, 0) >= variant.victory and countries >= countries_needed:
            able[name] = counts[name]
    best = [name for name, n in able.items() if n == max(able.values(), default=0)]
    return best[0] if len(best) == 1 else None
