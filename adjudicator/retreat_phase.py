"""A retreat phase: each dislodged unit retreats as ordered, or is disbanded.

The checks of a single retreat order and the bounces between retreats are in
`adjudicator.retreats`; this module applies them to the board and writes a line per order.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Unit
from .given import GivenOrder, Position
from .legality import Illegal
from .options import Options
from .outcome import (
    FAILS,
    SUCCEEDED_VERDICT,
    SUCCEEDS,
    OrderResult,
    PhaseResult,
    Verdict,
    finish,
    result_lines,
    take_centers,
)
from .retreats import RetreatCommand, check_retreat, resolve_retreats
from .variant_rules import uncounted


def retreats(position: Position, orders: Sequence[GivenOrder], options: Options) -> PhaseResult:
    variant = position.variant
    board = {u.province: u for u in position.units}
    dislodged = {d.unit.province: d for d in position.dislodged}
    checked: list[RetreatCommand | Illegal] = []
    chosen: dict[str, int] = {}  # province -> the order that counts (the last possible one)
    for index, given in enumerate(orders):
        parsed = given.parsed
        if type(parsed) is not Illegal:
            parsed = check_retreat(variant, board, dislodged, given.power, parsed, options.blind)  # type: ignore[arg-type]
            if type(parsed) is not Illegal:
                chosen[parsed.unit.province] = index  # type: ignore[union-attr]
        checked.append(parsed)  # type: ignore[arg-type]
    commands = [checked[i] for i in chosen.values()]
    retreated = resolve_retreats(commands)  # type: ignore[arg-type]
    units = list(position.units)
    unordered: list[OrderResult] = []
    for province, entry in dislodged.items():
        if province in chosen:
            command = checked[chosen[province]]
            assert isinstance(command, RetreatCommand)
            if retreated[command.unit] and command.destination is not None:
                unit = command.unit
                units.append(Unit(unit.power, unit.type, command.destination))
        else:
            unit = entry.unit
            unordered.append(
                OrderResult(unit.power, "", RetreatCommand(unit, None), SUCCEEDS, "no order")
            )

    verdicts: list[Verdict | None] = [None] * len(orders)
    for index in chosen.values():
        unit = checked[index].unit  # type: ignore[union-attr]
        verdicts[index] = SUCCEEDED_VERDICT if retreated[unit] else (FAILS, "bounce", None)
    lines = result_lines(orders, checked, verdicts)
    lines.extend(unordered)
    centers = dict(position.centers)
    if position.phase.in_center_season(variant):
        centers = take_centers(variant, units, centers, uncounted(variant, options))
    return finish(position, units, centers, position.phase.following(variant), lines, options)
