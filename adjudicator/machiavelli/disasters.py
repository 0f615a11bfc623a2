"""Machiavelli's disasters: famine, plague and the storms at sea (rules.machiavelli,
"Sequence of play for adjustment phases" 1, "Sequence of play for movement phases" 1,
"Sequence of play and order resolution" i to l, "set [no]storm"; the njudge's ma_famplag.c
for what the text leaves open and for the words of the report).

Each is a roll on the variant's table (`[famine]`, `[plague]`, `[storms]`): a first roll of
2d6 says how bad the year is (2-3 no disaster, 4 or 6 a row only, 5 or 7 a column only, 8
to 12 a row and a column, as the njudge codes it; the second edition rolls 1d6, 1 none, 2-3
a row, 4-5 a column, 6 both), then 2d6 pick the row and the column (the column first, as
the njudge rolls them). At the end of a campaign, after its retreats and before control is
taken:

- after the Spring: the units still in last year's famine provinces die, garrisons
  included, and the famine ends; then the plague (with the Summer only: SET NO SUMMER
  "ignores the summer turn (and plague)"; never before 1348, as the njudge has it) kills
  every unit in the provinces it strikes;
- after the Fall: the storms sink the fleets in the seas they strike, then the famine is
  rolled; its provinces (`MachState.famine`) yield no income and take no builds this
  winter, and their units die after the next Spring unless relieved.

Autonomous units suffer as any. A unit's death ends the siege of its province (the
njudge's remove_siege). The dice come from the campaign's movement phase (`S1454M`), so the
plague of a Spring is the same whether or not a retreat phase followed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from variants import Variant
from variants.mach_model import DisasterTable

from ..board import Unit
from ..phase import Phase
from .board import MachRules
from .dice import Dice
from .special_units import ORDINARY, kind_of
from .state import MachState

FIRST_PLAGUE_YEAR = 1348  # the Black Death: the njudge rolls no plague before it


def campaign_ends(
    variant: Variant, rules: MachRules, phase: Phase, state: MachState, units: Sequence[Unit]
) -> tuple[list[Unit], MachState, list[dict[str, Any]]]:
    """The disasters at the end of a campaign: the units left, the state, the events (the
    dice rolled, each disaster's roll, the units destroyed)."""
    data = variant.machiavelli
    kept = list(units)
    if data is None or phase.season not in ("S", "F"):
        return kept, state, []
    dice = Dice(state.seed, f"{phase.season}{phase.year:04d}M")
    events: list[dict[str, Any]] = []
    dead: list[Unit] = []
    if phase.season == "S":
        if state.famine:
            dead += _destroy(variant, state, kept, set(state.famine), "famine", events)
            state = replace(state, famine=frozenset())
        summer = any(code[0] == "U" for code in variant.phases)
        if rules.plague and summer and phase.year >= FIRST_PLAGUE_YEAR and data.plague:
            struck = strike(variant, rules, dice, "plague", data.plague, events)
            dead += _destroy(variant, state, kept, struck, "plague", events)
    else:
        if rules.storms and data.storms:
            struck = strike(variant, rules, dice, "storms", data.storms, events)
            dead += _destroy(variant, state, kept, struck, "storm", events, fleets_only=True)
        if rules.famine and data.famine:
            struck = strike(variant, rules, dice, "famine", data.famine, events)
            state = replace(state, famine=frozenset(struck))
    if dead:
        sieges = state.sieges - {u.province for u in dead}
        state = replace(state, sieges=sieges)
    return kept, state, [*dice.events, *events]


def strike(
    variant: Variant,
    rules: MachRules,
    dice: Dice,
    purpose: str,
    table: DisasterTable,
    events: list[dict[str, Any]],
) -> list[str]:
    """Roll for one disaster on its table; the provinces struck, in the variant's order:
    land ones for famine and plague, seas for the storms, as the njudge lists them."""
    if rules.mach2:
        severity = {1: 2, 2: 4, 3: 4, 4: 5, 5: 5, 6: 12}[dice.roll(purpose, "severity")[0]]
    else:
        severity = sum(dice.roll(purpose, "severity", 2))
    row = column = None
    if severity in (4, 6):
        row = sum(dice.roll(purpose, "row", 2))
    elif severity in (5, 7):
        column = sum(dice.roll(purpose, "column", 2))
    elif severity >= 8:
        column = sum(dice.roll(purpose, "column", 2))
        row = sum(dice.roll(purpose, "row", 2))
    hit: set[str] = set()
    if row is not None:
        hit.update(p for p in table[row - 2] if p)
    if column is not None:
        hit.update(line[column - 2] for line in table if line[column - 2])
    at_sea = purpose == "storms"
    provinces = variant.provinces
    struck = [p for p in provinces if p in hit and provinces[p].is_sea == at_sea]
    name = "storm" if at_sea else purpose
    events.append({"event": name, "roll": severity, "row": row, "column": column, "struck": struck})
    return struck


def _destroy(
    variant: Variant,
    state: MachState,
    units: list[Unit],
    places: set[str],
    cause: str,
    events: list[dict[str, Any]],
    *,
    fleets_only: bool = False,
) -> list[Unit]:
    """Remove from `units` those in the struck provinces (in their cities too), and say so
    (`Venetian Army in Padua eliminated by plague.`)."""
    dead = [u for u in units if u.province in places and (u.type == "F" or not fleets_only)]
    for unit in dead:
        units.remove(unit)
        event = {"event": "destroyed", "cause": cause, "power": unit.power, "unit": str(unit)}
        kind = kind_of(variant, state, unit)
        if kind != ORDINARY:
            event["special"] = kind
        events.append(event)
    return dead


def build_refusal(state: MachState, province: str) -> str | None:
    """ "b) New units may not be built in famined provinces", in the njudge's words
    (ma_build.c): for the adjustments, with money or without."""
    if province in state.famine:
        return "You cannot build in a famined province."
    return None
