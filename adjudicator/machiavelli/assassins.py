"""The effects of an assassination (rules.machiavelli "Assassinations", "Effects of
assassination"; the njudge's ma_expenses.c for its words: "Papal leader assassinated.",
"Besieged Garrison Padua disbands.", the table of rebellions).

A power is assassinated by a successful attempt bought with an expense (its die rolled in
`bribes.py`; several attempts on one power have the effect of one), or by the bankers when
it cannot pay a loan due (`money.py`). Then, before the movement:

1) all its orders become holds, which put down no rebellion; every siege its units lay is
   broken (the movement holds them: `victims`);
2) it still retreats; 3) its expenses went through (the bankers' victim had nothing left);
4) its garrisons already under siege are eliminated, unless the besieger's power is
   assassinated too;
5) each province it controls rolls a die and rebels on 1 (a home province with a unit), 1-2
   (a home province without), 1-3 (a conquered province with a unit), 1-5 (without);
6) it is not eliminated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from variants import Variant

from ..board import Unit
from .board import GARRISON
from .dice import Dice
from .rebellions import Rebels
from .special_units import carried
from .state import MachState

BANKERS = "bank"


def rebellion_needs(home: bool, occupied: bool) -> int:
    """The highest face of the die that makes a province of the victim rebel."""
    if home:
        return 1 if occupied else 2
    return 3 if occupied else 5


def assassinate(
    variant: Variant,
    dice: Dice,
    state: MachState,
    units: list[Unit],
    rebels: Rebels,
    victims: Mapping[str, list[str]],
) -> MachState:
    """The effects on each victim (power -> who had it killed: powers, or BANKERS), in the
    variant's order of powers; `units` and `rebels` are changed in place."""
    events = rebels.events
    sieges = set(state.sieges)
    order = [p.name for p in variant.powers if p.name in victims]
    for victim in order:
        events.append({"event": "assassination", "power": victim, "by": list(victims[victim])})
        for unit in [u for u in units if u.power == victim and u.province in sieges]:
            province = unit.province
            if unit.type == GARRISON:
                besiegers = [u for u in units if u.province == province and u.type != GARRISON]
                if any(b.power in victims for b in besiegers):
                    continue  # "If the besieging unit's player is also assassinated"
                units.remove(unit)
                events.append({"event": "garrison disbanded", "place": province, "power": victim})
            else:
                events.append({"event": "siege lifted", "place": province, "power": victim})
            sieges.discard(province)
        _rebellions(variant, dice, state, units, rebels, victim, victims[victim])
    special = carried(variant, state.special, (), units)
    return replace(state, sieges=frozenset(sieges), special=special)


def _rebellions(
    variant: Variant,
    dice: Dice,
    state: MachState,
    units: list[Unit],
    rebels: Rebels,
    victim: str,
    by: list[str],
) -> None:
    occupied = {u.province for u in units}
    for province, prov in variant.provinces.items():
        if prov.is_sea or state.control.get(province) != victim:
            continue
        needed = rebellion_needs(state.homes.get(province) == victim, province in occupied)
        die = dice.roll("rebellion", f"{victim} {province}")[0]
        before = bool(rebels.at(province))
        rose = die <= needed and rebels.cause(province, by[0], units, "assassination")
        status = "rebellion" if rose else "no change" if before else "okay"
        event: dict[str, Any] = {"event": "rebellion roll", "place": province, "power": victim}
        rebels.events.append(event | {"die": die, "needed": needed, "status": status})
