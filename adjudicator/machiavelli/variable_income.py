"""Machiavelli's variable income: the dice each home country, and certain cities, roll at
the income phase (rules.machiavelli, "Income" d, its table; "set [no]dice"; the njudge's
income() in ma_porder.c for what the text leaves open). The money stage's income
(`income.py`) adds it to the fixed incomes.

Each line of the variant's `[variable income]` names a province: the power holding its
home country now (its own, or a conqueror: `MachState.homes`) rolls, or, where the province
is no home country's (Genoa in the Balance of Power), the owner of its city. A home country
no power holds (its power eliminated) pays nobody. Each die pays the line's ducats for its
face. Without dice (SET NO DICE) every die shows 4 in odd years and 3 in even ones; at the
game's first income the njudge lets no first die show less than 2; a scenario's `initial`
ducats replace the first income's roll ("Fixed").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from variants import AUTONOMOUS, Variant

from .dice import Dice
from .state import MachState

PURPOSE = "variable income"


def variable_income(
    variant: Variant,
    state: MachState,
    dice: Dice,
    *,
    cities: Mapping[str, str],
    rolling: bool = True,
    first: bool = False,
) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Ducats per power, and an event per line (`{"event": "variable income", "place":
    "flo", "power": "Florence", "rolls": [3, 5], "ducats": 5}`, with `"fixed": true` for a
    scenario's first income), in the table's order, for the income report's `Variable`
    table. `dice` is the income phase's (its rolls are recorded there); `cities` the
    cities' owners; `rolling` false under SET NO DICE; `first` at the game's first
    income."""
    data = variant.machiavelli
    if data is None:
        return {}, []
    year = int(dice.phase[1:5])
    ducats: dict[str, int] = {}
    events: list[dict[str, Any]] = []
    for line in data.variable_income:
        holder = state.homes.get(line.province) or cities.get(line.province) or AUTONOMOUS
        event: dict[str, Any] = {"event": PURPOSE, "place": line.province, "power": holder}
        if first and line.initial is not None:
            amount = line.initial
            event["fixed"] = True
        else:
            if rolling:
                rolls = dice.roll(PURPOSE, line.province, line.dice)
                if first:
                    rolls[0] = max(rolls[0], 2)
            else:
                rolls = [4 if year % 2 else 3] * line.dice
            amount = sum(line.ducats[face - 1] for face in rolls)
            event["rolls"] = rolls
        event["ducats"] = amount
        events.append(event)
        if holder != AUTONOMOUS:
            ducats[holder] = ducats.get(holder, 0) + amount
    return ducats, events
