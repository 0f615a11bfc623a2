"""A Machiavelli adjustment phase without money (SET NO MONEY): one unit for each city a
power controls together with its province, built in the cities of its own home country
(the njudge's ma_build_basic.c, rules.machiavelli "Military unit adjustments"):

- a build goes in a home province the power controls, whose city it controls too; an army
  or a fleet in the province, a garrison in a fortified city (a fleet only in a port);
- one new unit per province, in a place no unit holds (Venice: one unit in all);
- too many builds or removals: the game's excess_adjustments rule; removals not ordered:
  the power's units in the order the board lists them, as the njudge's "Defaults".

With money (the default) the phase pays for every unit kept and built: the next stage
(docs/machiavelli.md); asked for it now, the adjudicator says so.
"""

from __future__ import annotations

from collections.abc import Sequence

import parser as syntax
from variants import UNIT_WORDS

from ..adjustments import AdjustCommand, choose
from ..board import Unit, place_name
from ..given import GivenOrder, Position
from ..legality import Illegal
from ..options import Options
from ..outcome import FAILS, SUCCEEDED_VERDICT, SUCCEEDS, OrderResult, PhaseResult, result_lines
from .board import GARRISON, MachBoard, mach_rules
from .season import unit_balances
from .state import starting_state


def mach_adjustments(
    position: Position, orders: Sequence[GivenOrder], options: Options
) -> PhaseResult:
    variant = position.variant
    rules = mach_rules(variant, options)
    if rules.money:
        raise ValueError(
            "Machiavelli's adjustments with money are not carried out yet: set money false"
        )
    state = position.mach or starting_state(variant)
    board = MachBoard(variant, rules, position.units)
    due = unit_balances(variant, position.units, position.centers, state)
    checked: list[AdjustCommand | Illegal] = []
    legal: dict[str, list[tuple[int, AdjustCommand]]] = {}
    for index, given in enumerate(orders):
        parsed = given.parsed
        if type(parsed) is Illegal:
            checked.append(parsed)
            continue
        command = _check(
            board, position, state.control, given.power, due.get(given.power, 0), parsed
        )  # type: ignore[arg-type]
        checked.append(command)
        if type(command) is AdjustCommand and command.kind != "waive":
            legal.setdefault(given.power, []).append((index, command))
    removed: set[Unit] = set()
    built: list[Unit] = []
    failed: dict[int, str] = {}
    disorder: list[OrderResult] = []
    for power, balance in due.items():
        commands = _one_per_province(legal.get(power, []), failed)
        kept, refused = choose(commands, abs(balance), options.excess_adjustments)
        failed.update(refused)
        for index, command in commands:
            if index in kept:
                (built.append if command.kind == "build" else removed.add)(command.unit)  # type: ignore[operator]
        if balance < 0:
            missing = -balance - sum(1 for i, c in commands if i in kept and c.kind == "remove")
            for unit in [u for u in position.units if u.power == power and u not in removed][
                :missing
            ]:
                removed.add(unit)
                removal = AdjustCommand(power, "remove", unit)
                disorder.append(OrderResult(power, "", removal, SUCCEEDS, "civil disorder"))
    verdicts = [
        (FAILS, failed[i], None) if i in failed else SUCCEEDED_VERDICT for i in range(len(orders))
    ]
    lines = result_lines(orders, checked, verdicts)  # type: ignore[arg-type]
    lines.extend(disorder)
    after = [u for u in position.units if u not in removed] + built
    return PhaseResult(
        phase=position.phase,
        next_phase=position.phase.following(variant),
        orders=lines,
        units=after,
        centers=dict(position.centers),
        mach=state,
    )


def _one_per_province(
    commands: list[tuple[int, AdjustCommand]], failed: dict[int, str]
) -> list[tuple[int, AdjustCommand]]:
    """Only one new unit may go in a province (the later build replaces the earlier)."""
    last: dict[str, int] = {}
    for index, command in commands:
        if command.kind == "build":
            last[command.province] = index  # type: ignore[index]
    out = []
    for index, command in commands:
        if command.kind == "build" and last[command.province] != index:  # type: ignore[index]
            failed[index] = "replaced"
            continue
        out.append((index, command))
    return out


def _check(
    board: MachBoard,
    position: Position,
    control: dict[str, str],
    power: str,
    balance: int,
    order: syntax.Order,
) -> AdjustCommand | Illegal:
    variant = board.variant
    if isinstance(order, syntax.Waive):
        if balance <= 0:
            return Illegal("no builds", f"{power} is not permitted to build any units.")
        return AdjustCommand(power, "waive", None)
    if not isinstance(order, syntax.Build | syntax.Remove | syntax.Adjust):
        return Illegal("wrong phase", "That order is not allowed in an adjustment phase.")
    spec = order.unit
    province = spec.location.province
    build = isinstance(order, syntax.Build) or (isinstance(order, syntax.Adjust) and balance >= 0)
    if build and balance <= 0:
        return Illegal("no builds", f"{power} is not permitted to build any units.")
    if not build and balance >= 0:
        return Illegal("no removals", f"{power} is not permitted to remove any units.")
    if not build:
        unit = board.unit_named(power, spec.type, province)
        if unit is None or unit.power != power:
            where = place_name(variant, province)
            return Illegal("no such unit", f"{power} does not own a unit in {where} to remove.")
        return AdjustCommand(power, "remove", unit)
    return _check_build(board, position, control, power, spec)


def legal_build(
    board: MachBoard, position: Position, control: dict[str, str], power: str, unit: Unit
) -> bool:
    """Could the power build this unit (the robots' question, adjudicator/possible.py)?"""
    province, _, coast = unit.location.partition("/")
    spec = syntax.UnitSpec(unit.type, syntax.Location(province, coast or None))
    return type(_check_build(board, position, control, power, spec)) is AdjustCommand


def _check_build(
    board: MachBoard, position: Position, control: dict[str, str], power: str, spec: syntax.UnitSpec
) -> AdjustCommand | Illegal:
    variant = board.variant
    province = spec.location.province
    prov = variant.provinces[province]
    name = place_name(variant, province)
    kind = spec.type
    if kind == GARRISON and not board.walled(province):
        return Illegal("no fortress", f"There is no fort in {name} to have a garrison.")
    if prov.is_sea:
        return Illegal("not a centre", f"{name} is not a supply centre.")
    if province not in variant.power(power).homes:
        return Illegal("not home", f"{name} is not a home province for {power}.")
    if position.centers.get(province) != power:
        return Illegal("not owned", f"{power} does not control {name} city.")
    if control.get(province) != power:
        return Illegal("not owned", f"{power} does not control {name} province.")
    if not prov.income:
        return Illegal("not a city", f"{name} is not a city.")
    if kind is None:
        return Illegal("no type", "Unit type must be specified for build.")
    if kind == GARRISON and not board.rules.garrisons:
        return Illegal("no garrisons", "This game does not use garrisons.")
    if kind == "F" and not prov.port:
        return Illegal("not a port", f"Cannot build fleet in {name} as it is not a port.")
    if kind not in ("A", "F", GARRISON):
        return Illegal("bad type", f"{UNIT_WORDS.get(kind, kind)}s are not built here.")
    location = province
    if kind == "F" and prov.coasts:
        coast = spec.location.coast
        if coast is None:
            return Illegal("coast missing", "Province has coasts - please specify one.")
        if coast not in prov.coasts:
            return Illegal("bad coast", f"Invalid coast specified for fleet in {name}.")
        location = f"{province}/{coast}"
    in_city = kind == GARRISON and not prov.venice
    taken = board.garrisons.get(province) if in_city else board.field.get(province)
    if taken is not None:
        return Illegal("occupied", f"{name} already has a unit present.")
    return AdjustCommand(power, "build", Unit(power, kind, location))
