"""Machiavelli's income phase (rules.machiavelli "Income phase", its "Income quick reference
chart", "Effects of rebellions" 7; the njudge's income() in ma_porder.c for what the text
leaves open): after the Fall, before the adjustments, each power receives

a) a ducat for each sea its fleets hold;
b) a ducat for each land province it controls, but none from a famined or rebelling one;
c) each city's ducats (the number on the map, else one), to the city's owner: none from a
   besieged city, nor from a famined city without a garrison, nor from a rebelling city (a
   walled city's own rebellion, an unwalled city's province's);
d) the variable income of each home country it holds and of certain cities
   (`variable_income.py`; SET NO DICE: every die 4 in odd years, 3 in even).

The game's first income (its F####A phase: `first_income`) rolls no first die below 2, pays
a scenario's fixed amounts, and hands out the assassination chits, one for each other
power. The events are docs/machiavelli.md's "Money in the result".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from variants import AUTONOMOUS, Variant

from ..board import Unit
from ..given import Position
from ..options import Options
from .board import GARRISON, MachRules, city, mach_rules
from .dice import Dice
from .state import MachState, starting_state
from .variable_income import variable_income


def income_phase(
    variant: Variant,
    rules: MachRules,
    year: int,
    state: MachState,
    units: Sequence[Unit],
    cities: Mapping[str, str],
    *,
    first: bool = False,
) -> tuple[MachState, list[dict[str, Any]]]:
    """The income of the winter of `year`: the state with each treasury grown, the events
    (the dice, each variable income line, each power's income)."""
    dice = Dice(state.seed, f"F{year:04d}B")
    variable, lines = variable_income(
        variant, state, dice, cities=cities, rolling=rules.dice, first=first
    )
    fixed = {e["power"] for e in lines if e.get("fixed")}
    water = _count(u.power for u in units if u.type == "F" and variant.provinces[u.province].is_sea)
    provinces = _count(
        who
        for place, who in state.control.items()
        if variant.provinces[place].is_land
        and place not in state.famine
        and place not in state.rebellions
    )
    towns = _city_income(variant, rules, state, units, cities)
    treasury = dict(state.treasury)
    events: list[dict[str, Any]] = [*dice.events, *lines]
    # Powers still in the game: an eliminated power holds nothing and has no income.
    present = {*state.control.values(), *cities.values(), *state.homes.values()}
    present |= {u.power for u in units}
    for power in variant.powers:
        if not power.played or power.name not in present:
            continue
        name = power.name
        parts = {
            "water": water.get(name, 0),
            "provinces": provinces.get(name, 0),
            "cities": towns.get(name, 0),
            "variable": variable.get(name, 0),
        }
        total = sum(parts.values())
        treasury[name] = treasury.get(name, 0) + total
        event = {"event": "income", "power": name, "treasury": treasury[name], "income": total}
        events.append(event | parts | {"fixed": name in fixed, "first": first})
    return replace(state, treasury=treasury), events


def _count(powers: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for who in powers:
        if who != AUTONOMOUS:
            out[who] = out.get(who, 0) + 1
    return out


def _city_income(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    units: Sequence[Unit],
    cities: Mapping[str, str],
) -> dict[str, int]:
    garrisoned = {u.province for u in units if u.type == GARRISON}
    out: dict[str, int] = {}
    for place, owner in cities.items():
        prov = variant.provinces[place]
        if not prov.income or owner == AUTONOMOUS:
            continue
        if place in state.famine and place not in garrisoned:
            continue
        walled = prov.fortified or (prov.fortress and rules.fortresses)
        rebelling = city(place) in state.rebellions if walled else place in state.rebellions
        if prov.venice:
            rebelling = place in state.rebellions or city(place) in state.rebellions
        if rebelling or place in state.sieges:
            continue
        out[owner] = out.get(owner, 0) + prov.income
    return out


def chits_at_start(variant: Variant) -> dict[str, tuple[str, ...]]:
    """ "At the start of the game each player is given one assassination chit for each of
    the other players"."""
    played = [p.name for p in variant.powers if p.played]
    return {p: tuple(o for o in played if o != p) for p in played}


def first_income(position: Position, options: Options) -> tuple[MachState, list[dict[str, Any]]]:
    """The game's first income (its F####A phase, read as the adjustments `F####B`): the
    judge runs it when the game starts, before the first adjustments are ordered."""
    variant = position.variant
    rules = mach_rules(variant, options)
    state = position.mach or starting_state(variant)
    if not rules.money:
        return state, []
    if rules.assassins and not state.chits:
        state = replace(state, chits=chits_at_start(variant))
    return income_phase(
        variant, rules, position.phase.year, state, position.units, position.centers, first=True
    )
