"""An adjustment phase: builds, removals and waives, and civil disorder for the rest.

The checks of a single adjustment order, the choice among too many and civil disorder are
in `adjudicator.adjustments`; this module applies them, with the rule options that change
the phase (ANY DISBAND, SET TRANSFORM), and writes a line per order.
"""

from __future__ import annotations

from collections.abc import Sequence

import parser as syntax

from .adjustments import AdjustCommand, check_adjustment, choose, civil_disorder
from .board import Unit
from .geography import geography
from .given import GivenOrder, Position
from .legality import Illegal
from .options import Options
from .outcome import (
    FAILS,
    REPLACED_VERDICT,
    SUCCEEDED_VERDICT,
    SUCCEEDS,
    OrderResult,
    PhaseResult,
    Verdict,
    balances,
    finish,
    result_lines,
)
from .transforms import transformed


def adjustments(position: Position, orders: Sequence[GivenOrder], options: Options) -> PhaseResult:
    """Builds, removals and waives; with ANY DISBAND (the njudge's AnyDisband) also a
    `maintain` or a removal for any unit, the builds counted after the removals, and a
    maintain for every unit left without an order; with SET TRANSFORM, units that change
    their type (unless they are removed)."""
    variant = position.variant
    geo = geography(variant, options.dual(variant.rules), options.coastal(variant))
    at = {u.province: u for u in position.units}
    due = balances(variant, position.units, position.centers)
    checked: list[AdjustCommand | Illegal | None] = [None] * len(orders)
    # SET TRANSFORM: a unit -> its order that counts and the unit it becomes.
    transforms: dict[Unit, tuple[int, Unit]] = {}
    for index, given in enumerate(orders):
        if type(given.parsed) is syntax.Transform:
            found = transformed(
                variant, at, position.centers, given.power, given.parsed,
                options.transform_build, "adjustment", options.blind,
            )  # fmt: skip
            if isinstance(found, Illegal):
                checked[index] = found
                continue
            unit, into = found
            checked[index] = AdjustCommand(given.power, "transform", unit, into)
            if unit in transforms:
                checked[transforms[unit][0]] = Illegal("replaced", REPLACED_VERDICT[2])
            transforms[unit] = (index, into)
    kept_units: dict[Unit, int] = {}  # ANY DISBAND: a unit -> its order that counts
    if options.any_disband:
        for index, given in enumerate(orders):
            parsed = given.parsed
            balance = due.get(given.power, 0)
            if isinstance(parsed, syntax.Remove | syntax.Maintain) or (
                isinstance(parsed, syntax.Adjust) and balance < 0
            ):
                command = check_adjustment(
                    variant, geo, at, position.centers, given.power, balance, parsed,
                    options.build_centers, any_disband=True, blind=options.blind,
                )  # fmt: skip
                checked[index] = command
                if type(command) is AdjustCommand:
                    kept_units[command.unit] = index  # type: ignore[index]
        going = [u for u, i in kept_units.items() if checked[i].kind == "remove"]  # type: ignore[union-attr]
        for unit in going:
            due[unit.power] = due.get(unit.power, 0) + 1
            del at[unit.province]
    legal: dict[str, list[tuple[int, AdjustCommand]]] = {}
    for index, given in enumerate(orders):
        parsed = given.parsed
        command = checked[index]
        if command is None:
            if type(parsed) is Illegal:
                command = parsed
            else:
                command = check_adjustment(
                    variant, geo, at, position.centers, given.power, due.get(given.power, 0),
                    parsed, options.build_centers, any_disband=options.any_disband,
                    blind=options.blind,
                )  # type: ignore[arg-type]  # fmt: skip
            checked[index] = command
        elif (
            type(command) is AdjustCommand
            and command.kind in ("remove", "maintain")
            and kept_units.get(command.unit) != index  # type: ignore[arg-type]
        ):
            checked[index] = Illegal("replaced", REPLACED_VERDICT[2])  # type: ignore[arg-type]
            continue
        if type(command) is AdjustCommand and command.kind not in ("maintain", "transform"):
            legal.setdefault(given.power, []).append((index, command))
    removed: set[Unit] = set()
    built: list[Unit] = []
    failed: dict[int, str] = {}
    disorder: list[OrderResult] = []
    for power, balance in due.items():
        commands = legal.get(power, [])
        if options.any_disband:
            # Every removal ordered counts; the builds are what the removals left room for.
            removals = [(i, c) for i, c in commands if c.kind == "remove"]
            removed.update(c.unit for _, c in removals)  # type: ignore[misc]
            commands = [(i, c) for i, c in commands if c.kind != "remove"]
        kept, refused = choose(commands, abs(balance), options.excess_adjustments)
        failed.update(refused)
        for index, command in commands:
            if index in kept:
                if command.kind == "build":
                    built.append(command.unit)  # type: ignore[arg-type]
                elif command.kind == "remove":
                    removed.add(command.unit)  # type: ignore[arg-type]
        if balance < 0:
            missing = -balance - sum(1 for i, c in commands if i in kept and c.kind == "remove")
            left = [u for u in position.units if u.power == power and u not in removed]
            owned = [c for c, o in position.centers.items() if o == power]
            for unit in civil_disorder(variant, geo, left, owned, missing, options.civil_disorder):
                removed.add(unit)
                removal = AdjustCommand(power, "remove", unit)
                disorder.append(OrderResult(power, "", removal, SUCCEEDS, "civil disorder"))
    if options.any_disband:
        for unit in position.units:
            if unit not in kept_units and unit not in transforms and unit not in removed:
                maintain = AdjustCommand(unit.power, "maintain", unit)
                disorder.append(OrderResult(unit.power, "", maintain, SUCCEEDS, "no order"))
    for unit, (index, _into) in transforms.items():
        if unit in removed:
            failed[index] = "removed"

    verdicts: list[Verdict | None] = [
        (FAILS, failed[index], None) if index in failed else SUCCEEDED_VERDICT
        for index in range(len(orders))
    ]
    lines = result_lines(orders, checked, verdicts)  # type: ignore[arg-type]
    lines.extend(disorder)
    after = [
        transforms[u][1] if u in transforms else u for u in position.units if u not in removed
    ] + built
    return finish(
        position, after, dict(position.centers), position.phase.following(variant), lines, options
    )
