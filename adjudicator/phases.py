"""One phase, adjudicated: the typed library API the judge calls.

`adjudicate_phase(position, orders, options)` takes the board before a phase and the orders
given (each already read by the parser, or the syntax error it raised) and returns what
happened to every order and the board after, with the next phase that is needed. The JSON
contract of shared/phase-format.md (`adjudicator.document`) is a thin layer over this.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import parser as syntax
from parser.nearest import did_you_mean
from parser.notation import order_text
from variants import Variant

from .adjustments import (
    AdjustCommand,
    build_sites,
    check_adjustment,
    choose,
    civil_disorder,
)
from .board import Unit
from .geography import ConvoyMaps, geography
from .legality import (
    DISBAND,
    HOLD,
    MOVE,
    TRANSFORM,
    Board,
    Command,
    Illegal,
    check_movement,
    new_command,
)
from .movement import Resolver
from .options import Options
from .phase import Phase
from .retreats import Dislodged, RetreatCommand, check_retreat, resolve_retreats, retreat_options
from .transforms import transformed

SUCCEEDS, FAILS, ILLEGAL = "succeeds", "fails", "illegal"


@dataclass(frozen=True, slots=True)
class Position:
    """The board at the start of a phase."""

    variant: Variant
    phase: Phase
    units: tuple[Unit, ...]
    centers: Mapping[str, str]  # centre -> owner
    dislodged: tuple[Dislodged, ...] = ()  # retreat phases only


@dataclass(frozen=True, slots=True)
class GivenOrder:
    """An order as a power gave it: its text and what the parser made of it."""

    power: str
    text: str
    parsed: syntax.Order | Illegal


class OrderResult(NamedTuple):
    """What became of one order: its normal notation, the result and the reason."""

    power: str
    text: str  # as given; "" for a unit that had no order
    # What `order` is written from: the command, the order as read, or None if unreadable.
    notation: object
    result: str = SUCCEEDS  # succeeds, fails or illegal
    reason: str | None = None  # bounce, cut, void, no convoy, dislodged, no order, ...
    message: str | None = None  # the njudge's sentence for an illegal order

    @property
    def order(self) -> str | None:
        """The normal notation (`F nth - bel`), written when somebody asks for it."""
        return None if self.notation is None else str(self.notation)


@dataclass(slots=True)
class PhaseResult:
    phase: Phase
    next_phase: Phase
    orders: list[OrderResult]
    units: list[Unit]
    centers: dict[str, str]
    dislodged: list[Dislodged] = field(default_factory=list)  # after movement only
    contested: list[str] = field(default_factory=list)  # after movement only
    adjustments: dict[str, int] | None = None  # when the next phase is an adjustment phase
    winner: str | None = None


def read_orders(
    variant: Variant, phase: Phase, orders: Sequence[tuple[str, str]]
) -> list[GivenOrder]:
    """Parse each (power, text); a text that is not an order becomes an Illegal("syntax")."""
    parser = syntax.OrderParser.for_names(variant.names)
    out = []
    for power, text in orders:
        try:
            parsed: syntax.Order | Illegal = parser.parse(text, phase.kind)  # type: ignore[arg-type]
        except syntax.OrderSyntaxError as exc:
            parsed = Illegal("syntax", explained(exc, variant))
        out.append(GivenOrder(power, text, parsed))
    return out


def explained(error: syntax.OrderSyntaxError, variant: Variant) -> str:
    """The parser's message, and on the line after it the provinces the player may have
    meant, when a province name could not be read: the parser knows names, the map knows
    what each province is called in full."""
    if error.unknown is None:
        return error.message
    titles = {abbr: province.name for abbr, province in variant.provinces.items()}
    hint = did_you_mean(error.unknown, variant.names, titles)
    return error.message if hint is None else f"{error.message}\n{hint}"


def adjudicate_phase(
    position: Position, orders: Sequence[GivenOrder], options: Options | None = None
) -> PhaseResult:
    options = options or Options()
    kind = position.phase.kind
    if kind == "movement":
        return movement(position, orders, options)
    if kind == "retreat":
        return retreats(position, orders, options)
    return adjustments(position, orders, options)


# -- shared ------------------------------------------------------------------------------


class _Rendered:
    """An order as read, to be written in the normal notation only if asked."""

    __slots__ = ("parsed",)

    def __init__(self, parsed: syntax.Order) -> None:
        self.parsed = parsed

    def __str__(self) -> str:
        return order_text(self.parsed)


Verdict = tuple[str, str | None, str | None]  # result, reason, message
_REPLACED_VERDICT: Verdict = (
    ILLEGAL,
    "replaced",
    "A later order for the same unit replaces this one.",
)
_SUCCEEDED: Verdict = (SUCCEEDS, None, None)


def _result_lines(
    orders: Sequence[GivenOrder],
    checked: Sequence[object],
    verdicts: Sequence[Verdict | None],
) -> list[OrderResult]:
    """One line per order given, in the order given: why it was impossible, or the verdict
    the phase reached on it (no verdict: a later order for the unit replaced it)."""
    new = tuple.__new__
    lines: list[OrderResult] = []
    for index, given in enumerate(orders):
        command = checked[index]
        if type(command) is Illegal:
            parsed = given.parsed
            notation = None if type(parsed) is Illegal else _Rendered(parsed)  # type: ignore[arg-type]
            fields = (given.power, given.text, notation, ILLEGAL, command.code, command.message)
        else:
            fields = (given.power, given.text, command) + (verdicts[index] or _REPLACED_VERDICT)
        lines.append(new(OrderResult, fields))
    return lines


def _finish(
    position: Position,
    units: list[Unit],
    centers: dict[str, str],
    after: Phase,
    lines: list[OrderResult],
    options: Options,
) -> PhaseResult:
    """The next phase that is needed, and what it will have to do."""
    variant = position.variant
    nxt = after
    due = None
    if nxt.letter == "B":
        due = balances(variant, units, centers)
        needed = (options.every_winter and bool(units)) or _adjustments_needed(
            variant, units, centers, due, options.build_centers
        )
        if not needed:
            nxt, due = nxt.following(variant), None
    return PhaseResult(
        phase=position.phase,
        next_phase=nxt,
        orders=lines,
        units=units,
        centers=centers,
        adjustments=due,
        winner=winner(variant, centers),
    )


def balances(variant: Variant, units: Sequence[Unit], centers: Mapping[str, str]) -> dict[str, int]:
    """Builds (positive) or removals (negative) due, per power that has units or centres."""
    owned = Counter(centers.values())
    kept = Counter(u.power for u in units)
    return {
        p.name: owned[p.name] - kept[p.name]
        for p in variant.powers
        if p.name in owned or p.name in kept
    }


def _adjustments_needed(
    variant: Variant,
    units: list[Unit],
    centers: Mapping[str, str],
    due: Mapping[str, int],
    build_at: str,
) -> bool:
    """Skip the adjustments when nobody must remove and nobody can build (njudge)."""
    occupied = {u.province for u in units}
    for power, balance in due.items():
        if balance < 0:
            return True
        if balance > 0 and build_sites(variant, power, centers, occupied, build_at):
            return True
    return False


def winner(variant: Variant, centers: Mapping[str, str]) -> str | None:
    """The power with the most centres, if it has the victory count and no equal."""
    counts = Counter(centers.values())
    if not counts:
        return None
    best = max(counts.values())
    if best < variant.victory:
        return None
    leaders = [p for p, c in counts.items() if c == best]
    return leaders[0] if len(leaders) == 1 else None


def _take_centers(
    variant: Variant, units: list[Unit], centers: Mapping[str, str]
) -> dict[str, str]:
    """At the end of the centre season every centre belongs to whoever stands on it."""
    out = dict(centers)
    provinces = variant.provinces
    for unit in units:
        if provinces[unit.province].center:
            out[unit.province] = unit.power
    return out


# -- movement ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckedOrders:
    """A movement phase's orders checked against its board, ready to be resolved.

    The judge checks orders as they arrive (a reply shows each error) and the board does not
    change before the deadline, so the check and the resolution are separate steps.
    """

    orders: Sequence[GivenOrder]
    checked: list[Command | Illegal]  # per order given: its command, or why it is impossible
    chosen: dict[str, int]  # province -> the order that counts (the last possible one)
    commands: list[Command]  # one per unit, ordered or holding, in province order
    maps: ConvoyMaps  # the board's convoy places: shores and links


def movement(position: Position, orders: Sequence[GivenOrder], options: Options) -> PhaseResult:
    return resolve_movement(position, check_movement_orders(position, orders, options), options)


def check_movement_orders(
    position: Position, orders: Sequence[GivenOrder], options: Options
) -> CheckedOrders:
    geo = geography(position.variant, options.duality, options.coastal_convoys)
    board = Board(position.variant, geo, position.units, options.move_disband, options.blind)
    checked: list[Command | Illegal] = []
    chosen: dict[str, int] = {}
    for index, given in enumerate(orders):
        parsed = given.parsed
        if type(parsed) is Illegal:
            checked.append(parsed)
            continue
        if type(parsed) is syntax.Transform:
            command = _transform_command(position, board, given.power, parsed, options)
        else:
            command = check_movement(board, given.power, parsed)  # type: ignore[arg-type]
        checked.append(command)
        if type(command) is not Illegal:
            chosen[command.unit.province] = index  # type: ignore[union-attr]
    # One command per unit, in a fixed order, so the result never depends on the input order.
    commands: list[Command] = []
    for unit in sorted(position.units, key=_by_province):
        index = chosen.get(unit.province, -1)
        commands.append(checked[index] if index >= 0 else new_command(HOLD, unit))  # type: ignore[arg-type]
    return CheckedOrders(orders, checked, chosen, commands, board.maps)


def _transform_command(
    position: Position, board: Board, power: str, order: syntax.Transform, options: Options
) -> Command | Illegal:
    found = transformed(
        position.variant, board.at, position.centers, power, order, options.transform_move,
        "movement", options.blind,
    )  # fmt: skip
    if isinstance(found, Illegal):
        return found
    unit, into = found
    return new_command(TRANSFORM, unit, None, into.location, into)


def resolve_movement(position: Position, ready: CheckedOrders, options: Options) -> PhaseResult:
    """Adjudicate checked orders: the resolution and the board that follows."""
    variant = position.variant
    geo = geography(variant, options.duality, options.coastal_convoys)
    orders, checked, chosen, commands = ready.orders, ready.checked, ready.chosen, ready.commands
    shores, links = ready.maps
    resolver = Resolver(
        commands, geo.army_reach, shores, links, options.convoy_via, options.paradox
    )
    via_sea = resolver.via_sea
    resolver.run()
    outcomes = resolver.outcomes()

    after: list[Unit] = []
    beaten: list[int] = []
    unordered: list[OrderResult] = []
    attacked: set[int] = set()  # transformations failed by an attack (NO ATTACK TRANSFORM)
    new = tuple.__new__
    for i, command in enumerate(commands):
        outcome = outcomes[i]
        unit = command.unit
        kind = command.kind
        if outcome.dislodged_by is not None:
            if kind != DISBAND:  # a disbanding unit is gone and never retreats
                beaten.append(i)
        elif kind == MOVE and outcome.succeeded:
            # The unit where it moved to (a Unit's fields, its province already known).
            after.append(new(Unit, (unit.power, unit.type, command.dest_loc, command.dest)))
        elif kind < DISBAND:  # holding, supporting, convoying, or a move that failed
            after.append(unit)
        elif kind == TRANSFORM:
            if options.attack_transform or not _attacked(resolver, commands, i):
                after.append(command.target)  # type: ignore[arg-type]
            else:
                after.append(unit)
                attacked.add(i)
        if unit.province not in chosen:
            result = SUCCEEDS if outcome.succeeded else FAILS
            unordered.append(OrderResult(unit.power, "", command, result, "no order"))
    verdicts: list[Verdict | None] = [None] * len(orders)
    unit_at = resolver.unit_at
    for province, index in chosen.items():
        succeeded, reason, _ = outcomes[unit_at[province]]
        if unit_at[province] in attacked:
            succeeded, reason = False, "attacked"
        verdicts[index] = _SUCCEEDED if succeeded else (FAILS, reason, None)
    lines = _result_lines(orders, checked, verdicts)
    lines.extend(unordered)
    dislodged: list[Dislodged] = []
    standoffs: set[str] = set()
    if beaten:
        occupied = {u.province for u in after}
        standoffs = resolver.standoffs(occupied)
        for i in beaten:
            by = outcomes[i].dislodged_by
            assert by is not None
            origin = commands[by].unit.province
            options_ = (
                ()
                if options.auto_disband
                else retreat_options(
                    variant, commands[i].unit, occupied, standoffs, origin, via_sea[by]
                )
            )
            dislodged.append(Dislodged(commands[i].unit, options_, origin))
    elif resolver.moves_into:
        standoffs = resolver.standoffs({u.province for u in after})
    nxt = position.phase.following(variant)
    if nxt.letter == "R" and not any(d.retreats for d in dislodged):
        nxt = nxt.following(variant)
    centers = position.centers
    if nxt.letter != "R" and position.phase.in_center_season(variant):
        centers = _take_centers(variant, after, centers)
    result = _finish(position, after, dict(centers), nxt, lines, options)
    result.dislodged = dislodged
    result.contested = sorted(standoffs)
    return result


def _attacked(resolver: Resolver, commands: Sequence[Command], i: int) -> bool:
    """Did another power order a move into the unit's province?"""
    unit = commands[i].unit
    return any(
        commands[j].unit.power != unit.power for j in resolver.moves_into.get(unit.province, ())
    )


def _by_province(unit: Unit) -> str:
    return unit.province


# -- retreats ----------------------------------------------------------------------------


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
        verdicts[index] = _SUCCEEDED if retreated[unit] else (FAILS, "bounce", None)
    lines = _result_lines(orders, checked, verdicts)
    lines.extend(unordered)
    centers = dict(position.centers)
    if position.phase.in_center_season(variant):
        centers = _take_centers(variant, units, centers)
    return _finish(position, units, centers, position.phase.following(variant), lines, options)


# -- adjustments -------------------------------------------------------------------------


def adjustments(position: Position, orders: Sequence[GivenOrder], options: Options) -> PhaseResult:
    """Builds, removals and waives; with ANY DISBAND (the njudge's AnyDisband) also a
    `maintain` or a removal for any unit, the builds counted after the removals, and a
    maintain for every unit left without an order; with SET TRANSFORM, units that change
    their type (unless they are removed)."""
    variant = position.variant
    geo = geography(variant, options.duality, options.coastal_convoys)
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
                checked[transforms[unit][0]] = Illegal("replaced", _REPLACED_VERDICT[2])
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
            checked[index] = Illegal("replaced", _REPLACED_VERDICT[2])  # type: ignore[arg-type]
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
        (FAILS, failed[index], None) if index in failed else _SUCCEEDED
        for index in range(len(orders))
    ]
    lines = _result_lines(orders, checked, verdicts)  # type: ignore[arg-type]
    lines.extend(disorder)
    after = [
        transforms[u][1] if u in transforms else u for u in position.units if u not in removed
    ] + built
    return _finish(
        position, after, dict(position.centers), position.phase.following(variant), lines, options
    )
