"""The end of a Machiavelli campaign: which phase comes next, control of provinces and
cities when the campaign is over (`control`), the winner, and the adjustments due.

Without money (SET NO MONEY) a power keeps one unit for each city it controls together
with the city's province, as the njudge's basic rules count them (ma_build_basic.c); the
adjustment phase is skipped when no power has a unit to build or to remove. With money
every year has its adjustments, with the income before them (`income.py`), in the result
of the phase that ends the Fall.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from variants import Variant

from ..board import Unit
from ..given import Position
from ..outcome import OrderResult, PhaseResult
from ..retreats import Dislodged
from .board import MachRules
from .control import controls_now, take_control, winner
from .disasters import campaign_ends
from .income import income_phase
from .special_units import carried
from .state import MachState


def season_ends(
    position: Position,
    units: list[Unit],
    lines: list[OrderResult],
    dislodged: list[Dislodged],
    contested: list[str],
    state: MachState,
    events: list[dict[str, Any]],
    rules: MachRules,
) -> PhaseResult:
    variant = position.variant
    phase = position.phase
    nxt = phase.following(variant)
    if nxt.letter == "R" and not any(d.retreats for d in dislodged):
        nxt = nxt.following(variant)
    centers = dict(position.centers)
    won = None
    if nxt.letter != "R":
        # The campaign is over: its disasters, then control (rules.machiavelli, "Sequence
        # of play and order resolution" i to m).
        units, state, struck = campaign_ends(variant, rules, phase, state, units)
        events = [*events, *struck]
    if nxt.letter != "R" and controls_now(rules, phase.season):
        centers, state, units, changes = take_control(variant, rules, state, centers, units)
        events = [*events, *changes]
        won = winner(variant, rules, state, centers)
    if state.special:
        present = [*units, *(d.unit for d in dislodged if d.retreats)]
        state = replace(state, special=carried(variant, state.special, (), present))
    due = None
    if nxt.letter == "B" and rules.money:
        # The income phase, before the adjustments (rules.machiavelli "Income phase").
        state, income = income_phase(variant, rules, phase.year, state, units, centers)
        events = [*events, *income]
    if nxt.letter == "B":
        due = unit_balances(variant, units, centers, state)
        if not rules.money and not any(due.values()):
            nxt, due = nxt.following(variant), None
    result = PhaseResult(
        phase=phase,
        next_phase=nxt,
        orders=lines,
        units=units,
        centers=centers,
        dislodged=dislodged,
        contested=contested,
        adjustments=due,
        winner=won,
        mach=state,
        events=events,
    )
    return result


def unit_balances(
    variant: Variant, units: Sequence[Unit], cities: Mapping[str, str], state: MachState
) -> dict[str, int]:
    """Without money: units each power may build (positive) or must remove (negative), one
    unit per city whose province it controls too (ma_build_basic.c)."""
    kept = Counter(u.power for u in units)
    owned: Counter[str] = Counter()
    for place, who in cities.items():
        if variant.provinces[place].income and state.control.get(place) == who:
            owned[who] += 1
    return {
        p.name: owned[p.name] - kept[p.name]
        for p in variant.powers
        if owned[p.name] or kept[p.name]
    }
