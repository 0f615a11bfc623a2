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
from dataclasses import dataclass, replace
from typing import Any

import parser as syntax
from parser.values_money import BuildSpecial
from variants import AUTONOMOUS, UNIT_WORDS, Variant

from ..adjustments import AdjustCommand, choose
from ..board import Unit, place_name
from ..given import GivenOrder, Position
from ..legality import Illegal
from ..options import Options
from ..outcome import FAILS, SUCCEEDED_VERDICT, SUCCEEDS, OrderResult, PhaseResult, result_lines
from ..phase import Phase
from .board import GARRISON, MachBoard, MachRules, city, mach_rules
from .disasters import build_refusal
from .income import first_income
from .season import unit_balances
from .special_units import ORDINARY, carried, kind_of, place, refusal
from .state import MachState, starting_state


def mach_adjustments(
    position: Position, orders: Sequence[GivenOrder], options: Options
) -> PhaseResult:
    variant = position.variant
    rules = mach_rules(variant, options)
    state = position.mach or starting_state(variant)
    if rules.money:
        return _with_money(position, orders, options, rules, state)
    board = MachBoard(variant, rules, position.units)
    due = unit_balances(variant, position.units, position.centers, state)
    checked: list[AdjustCommand | Illegal] = []
    legal: dict[str, list[tuple[int, AdjustCommand]]] = {}
    for index, given in enumerate(orders):
        parsed = given.parsed
        if type(parsed) is Illegal:
            checked.append(parsed)
            continue
        command = _check(board, position, state, given.power, due.get(given.power, 0), parsed)  # type: ignore[arg-type]
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
    state: MachState,
    power: str,
    balance: int,
    order: syntax.Order,
) -> AdjustCommand | Illegal:
    variant = board.variant
    if isinstance(order, BuildSpecial):
        return Illegal("no special", "This game does not allow special units.")
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
    return _check_build(board, position, state, power, spec)


def legal_build(
    board: MachBoard, position: Position, state: MachState, power: str, unit: Unit
) -> bool:
    """Could the power build this unit (the robots' question, adjudicator/possible.py)?"""
    province, _, coast = unit.location.partition("/")
    spec = syntax.UnitSpec(unit.type, syntax.Location(province, coast or None))
    return type(_check_build(board, position, state, power, spec)) is AdjustCommand


def _check_build(
    board: MachBoard, position: Position, state: MachState, power: str, spec: syntax.UnitSpec
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
    if state.control.get(province) != power:
        return Illegal("not owned", f"{power} does not control {name} province.")
    if not prov.income:
        return Illegal("not a city", f"{name} is not a city.")
    if kind is None:
        return Illegal("no type", "Unit type must be specified for build.")
    famine = build_refusal(state, province)
    if famine:
        return Illegal("famine", famine)
    if (city(province) if kind == GARRISON else province) in state.rebellions:
        return Illegal("rebellion", "You cannot build while a rebellion is in a province.")
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


# -- with money (rules.machiavelli "Military unit adjustments"; the njudge's ma_build.c) ----

COST = {ORDINARY: 3, "militia": 6, "mercenary": 6, "professional": 9}


@dataclass(frozen=True)
class SpecialBuild(AdjustCommand):
    """A build of a special unit (`build elite mercenary A pad`)."""

    special: str = ORDINARY

    def __str__(self) -> str:
        return f"build {self.special} {self.unit}"


def _with_money(
    position: Position,
    orders: Sequence[GivenOrder],
    options: Options,
    rules: MachRules,
    state: MachState,
) -> PhaseResult:
    """Every unit kept is paid for, 3 ducats (6 a militia or an elite mercenary, 9 an elite
    professional), in the board's order, then each build in the order given; a unit the
    treasury cannot pay for is removed, a build it cannot pay for is not made, a unit
    neither maintained nor removed is removed ("No order received, removed"); the
    autonomous units stay for free. The game's first adjustments may overspend (the
    scenarios' fixed incomes), as the njudge let them."""
    variant = position.variant
    events: list[dict[str, Any]] = []
    first = str(position.phase) == str(Phase.parse(variant.start, variant))
    if first and not state.treasury:
        state, events = first_income(replace(position, mach=state), options)
    board = MachBoard(variant, rules, position.units)
    checked: list[object] = []
    last: dict[tuple[str, object], int] = {}  # (power, unit or build province) -> index
    for index, given in enumerate(orders):
        command = _money_order(board, position, state, given)
        checked.append(command)
        if isinstance(command, AdjustCommand):
            key = command.unit if command.kind != "build" else command.province
            last[given.power, key] = index
    failed: dict[int, str] = {}
    chosen = {i for i in last.values()}
    for index, command in enumerate(checked):
        if isinstance(command, AdjustCommand) and index not in chosen:
            failed[index] = "replaced"
    _special_limit(variant, rules, state, position.units, checked, chosen, failed)
    return _pay(position, orders, rules, state, events, checked, chosen, failed, first)


def _money_order(
    board: MachBoard, position: Position, state: MachState, given: GivenOrder
) -> object:
    parsed, power = given.parsed, given.power
    variant = board.variant
    if type(parsed) is Illegal:
        return parsed
    if isinstance(parsed, syntax.Waive):
        return Illegal("waive", "Waive ignored for Machiavelli variant.")
    if isinstance(parsed, syntax.Build | BuildSpecial):
        found = _check_build(board, position, state, power, parsed.unit)
        if isinstance(found, Illegal) or not isinstance(parsed, BuildSpecial):
            return found
        return SpecialBuild(power, "build", found.unit, special=parsed.kind)  # type: ignore[union-attr]
    if not isinstance(parsed, syntax.Remove | syntax.Disband | syntax.Maintain | syntax.Adjust):
        return Illegal("wrong phase", "That order is not allowed in an adjustment phase.")
    spec = parsed.unit
    unit = board.unit_named(power, spec.type, spec.location.province)
    remove = isinstance(parsed, syntax.Remove | syntax.Disband)
    if unit is None or unit.power != power or (spec.type and spec.type != unit.type):
        name = place_name(variant, spec.location.province)
        where = f"the {name}" if variant.provinces[spec.location.province].is_sea else name
        what = "remove" if remove else "maintain"
        return Illegal("no such unit", f"{power} does not own a unit in {where} to {what}.")
    return AdjustCommand(power, "remove" if remove else "maintain", unit)


def _special_limit(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    units: Sequence[Unit],
    checked: list[object],
    chosen: set[int],
    failed: dict[int, str],
) -> None:
    """One special unit a power: a special build is refused while the power keeps another
    (one not removed) or builds one before it (the njudge's ma_build.c)."""
    removed = {c.unit for i, c in enumerate(checked) if i in chosen and _kind(c) == "remove"}  # type: ignore[attr-defined]
    kept = [u for u in units if u not in removed]
    special = dict(state.special)
    for index, command in enumerate(checked):
        if index not in chosen or not isinstance(command, SpecialBuild):
            continue
        unit = command.unit
        assert unit is not None
        now = replace(state, special=special)
        why = refusal(variant, rules, now, kept, command.power, unit.type, command.special, "built")
        if why:
            checked[index] = Illegal("not permitted", why)
            chosen.discard(index)
        else:
            kept.append(unit)
            special[command.power, place(variant, unit)] = command.special


def _kind(command: object) -> str | None:
    return command.kind if isinstance(command, AdjustCommand) else None


def _pay(
    position: Position,
    orders: Sequence[GivenOrder],
    rules: MachRules,
    state: MachState,
    events: list[dict[str, Any]],
    checked: list[object],
    chosen: set[int],
    failed: dict[int, str],
    first: bool,
) -> PhaseResult:
    variant = position.variant
    ordered: dict[Unit, int] = {}
    builds: list[int] = []
    for index in sorted(chosen):
        command = checked[index]
        assert isinstance(command, AdjustCommand)
        if command.kind == "build":
            builds.append(index)
        else:
            ordered[command.unit] = index  # type: ignore[index]
    treasury = dict(state.treasury)
    special = dict(state.special)
    sieges = set(state.sieges)
    after: list[Unit] = []
    paid: dict[str, list[dict[str, Any]]] = {}
    unordered: list[OrderResult] = []
    items = [(u, ordered.get(u)) for u in position.units]
    items += [(checked[i].unit, i) for i in builds]  # type: ignore[attr-defined]
    for unit, index in items:
        command = checked[index] if index is not None else None
        if unit.power == AUTONOMOUS:
            after.append(unit)
            continue
        if command is None or _kind(command) == "remove":
            if unit.province in sieges:
                sieges.discard(unit.province)
                events.append(
                    {"event": "siege lifted", "place": unit.province, "power": unit.power}
                )
            if command is None:
                removal = AdjustCommand(unit.power, "remove", unit)
                unordered.append(OrderResult(unit.power, "", removal, SUCCEEDS, "no order"))
            continue
        kind = (
            command.special if isinstance(command, SpecialBuild) else kind_of(variant, state, unit)
        )
        cost = COST[kind]
        have = treasury.get(unit.power, 0)
        entry: dict[str, Any] = {"unit": str(unit), "kind": command.kind, "ducats": cost}  # type: ignore[attr-defined]
        if kind != ORDINARY:
            entry["special"] = kind
        if have >= cost or first:
            treasury[unit.power] = max(have - cost, 0)
            after.append(unit)
            entry["outcome"] = "paid"
            if isinstance(command, SpecialBuild):
                special[unit.power, place(variant, unit)] = kind
        else:
            entry["outcome"] = "nsf"
            failed[index] = "nsf"  # type: ignore[index]
        paid.setdefault(unit.power, []).append(entry)
    for power in (p.name for p in variant.powers):
        if power in paid:
            spent = sum(e["ducats"] for e in paid[power] if e["outcome"] == "paid")
            upkeep = {"event": "upkeep", "power": power, "ducats": spent}
            events.append(upkeep | {"treasury": treasury.get(power, 0), "units": paid[power]})
    verdicts = [
        (FAILS, failed[i], None) if i in failed else SUCCEEDED_VERDICT for i in range(len(orders))
    ]
    lines = result_lines(orders, checked, verdicts)
    lines.extend(unordered)
    kept_special = carried(variant, special, (), after)
    new_state = replace(state, treasury=treasury, special=kept_special, sieges=frozenset(sieges))
    return PhaseResult(
        phase=position.phase,
        next_phase=position.phase.following(variant),
        orders=lines,
        units=after,
        centers=dict(position.centers),
        mach=new_state,
        events=events,
    )
