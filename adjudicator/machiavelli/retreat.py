"""A Machiavelli retreat phase: each dislodged army or fleet retreats, disbands, or goes
into its province's city as a garrison where its retreats allow (`A gen C G`; ma_retreat.c,
rules.machiavelli "Conversion between unit types"). Two retreats into one province both
fail, as anywhere; then the campaign ends (`season`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import parser as syntax

from ..board import Unit, unit_phrase
from ..given import GivenOrder, Position
from ..legality import Illegal
from ..options import Options
from ..outcome import FAILS, SUCCEEDED_VERDICT, SUCCEEDS, OrderResult, PhaseResult, result_lines
from ..retreats import Dislodged, RetreatCommand, check_retreat, resolve_retreats
from .board import GARRISON, city, mach_rules
from .rebellions import Rebels
from .season import season_ends
from .special_units import carried
from .state import starting_state


class IntoCity(RetreatCommand):
    """A retreat into the unit's own city, as a garrison."""

    def __str__(self) -> str:
        return f"{self.unit} C G"


def mach_retreats(
    position: Position, orders: Sequence[GivenOrder], options: Options
) -> PhaseResult:
    variant = position.variant
    rules = mach_rules(variant, options)
    state = position.mach or starting_state(variant)
    field = {u.province: u for u in position.units if u.type != GARRISON}
    dislodged = {d.unit.province: d for d in position.dislodged}
    # The retreats by land and sea; a unit's own province in its list is its city.
    elsewhere = {
        p: replace(d, retreats=tuple(r for r in d.retreats if r.split("/")[0] != p))
        for p, d in dislodged.items()
    }
    checked: list[RetreatCommand | Illegal] = []
    chosen: dict[str, int] = {}
    for index, given in enumerate(orders):
        parsed = given.parsed
        if type(parsed) is syntax.Convert:
            command = _into_city(position, dislodged, given.power, parsed)
        elif type(parsed) is Illegal:
            command = parsed
        else:
            command = check_retreat(variant, field, elsewhere, given.power, parsed)  # type: ignore[arg-type]
        if type(command) is not Illegal:
            chosen[command.unit.province] = index  # type: ignore[union-attr]
        checked.append(command)  # type: ignore[arg-type]
    commands = [checked[i] for i in chosen.values()]
    retreated = resolve_retreats(commands)  # type: ignore[arg-type]
    units = list(position.units)
    moved: list[tuple[Unit, Unit]] = []  # each retreat, for the unit's special kind
    unordered: list[OrderResult] = []
    for province, entry in dislodged.items():
        if province not in chosen:
            unit = entry.unit
            why = "no order" if entry.retreats else "destroyed"
            unordered.append(OrderResult(unit.power, "", RetreatCommand(unit, None), SUCCEEDS, why))
            continue
        command = checked[chosen[province]]
        assert isinstance(command, RetreatCommand)
        unit = command.unit
        if isinstance(command, IntoCity):
            units.append(Unit(unit.power, GARRISON, unit.province))
            moved.append((unit, units[-1]))
        elif retreated[unit] and command.destination is not None:
            units.append(Unit(unit.power, unit.type, command.destination))
            moved.append((unit, units[-1]))
    verdicts: list = [None] * len(orders)
    for index in chosen.values():
        unit = checked[index].unit  # type: ignore[union-attr]
        verdicts[index] = SUCCEEDED_VERDICT if retreated[unit] else (FAILS, "bounce", None)
    lines = result_lines(orders, checked, verdicts)
    lines.extend(unordered)
    events: list[dict[str, Any]] = []
    if state.rebellions:  # "Retreating units liberate rebellions" not against their power
        rebels = Rebels(variant, rules, state.rebellions, state.control, events)
        for _, after in moved:
            if after.type != GARRISON:
                rebels.liberate(after.province, after.power)
        state = replace(state, rebellions=dict(rebels.places))
    state = replace(state, special=carried(variant, state.special, moved, units))
    return season_ends(position, units, lines, [], [], state, events, rules)


def _into_city(
    position: Position, dislodged: dict[str, Dislodged], power: str, order: syntax.Convert
) -> RetreatCommand | Illegal:
    variant = position.variant
    province = order.unit.location.province
    entry = dislodged.get(province)
    if entry is None or entry.unit.power != power:
        field = {u.province: u for u in position.units if u.type != GARRISON}
        return check_retreat(variant, field, dislodged, power, syntax.Disband(order.unit))  # type: ignore[return-value]
    if order.into not in (None, GARRISON):
        return Illegal("syntax", "Retreat phase conversions can only be to Garrisons.")
    unit = entry.unit
    if province not in entry.retreats:
        phrase = unit_phrase(variant, unit)
        return Illegal(
            "cannot retreat", f"{phrase[:1].upper()}{phrase[1:]} can't convert to a Garrison."
        )
    # Its destination is its city: no other retreat can bounce it.
    return IntoCity(unit, city(province))
