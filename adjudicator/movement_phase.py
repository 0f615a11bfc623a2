"""A movement phase: the orders checked against the board, then resolved.

The two steps are separate (`check_movement_orders`, `resolve_movement`) because the judge
checks orders as they arrive and resolves them at the deadline; `movement` does both. The
resolution itself is `adjudicator.movement.Resolver`; this module turns its outcomes into
the board after the phase, the dislodged units with their retreats, and a line per order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter

import parser as syntax
from variants import Variant

from .board import Unit, place_name
from .gateways import GateOrder
from .geography import ConvoyMaps, Geography, geography
from .given import GivenOrder, Position
from .legality import (
    CHECKS_KEPT,
    DISBAND,
    MOVE,
    TRANSFORM,
    Board,
    Command,
    Illegal,
    board_for,
    check_movement,
    new_command,
)
from .movement import Outcome, Resolver
from .options import Options
from .outcome import (
    FAILS,
    SUCCEEDED_VERDICT,
    SUCCEEDS,
    LineParts,
    MovementResult,
    PhaseResult,
    Verdict,
    finish,
    take_centers,
)
from .phase import Phase
from .resolver_tables import board_columns
from .retreats import Dislodged, retreat_options
from .special import Special
from .special_orders import NO_SPECIAL, rail_reach, rail_stops, special_command, special_for
from .transforms import transformed
from .variant_rules import closed_waters, screened, uncounted
from .verdicts import outcomes as unit_outcomes
from .verdicts import standoffs as left_contested


@dataclass(frozen=True, slots=True)
class CheckedOrders:
    """A movement phase's orders checked against its board, ready to be resolved.

    The judge checks orders as they arrive (a reply shows each error) and the board does not
    change before the deadline, so the check and the resolution are separate steps.
    """

    orders: Sequence[GivenOrder]
    checked: list[Command | Illegal]  # per order given: its command, or why it is impossible
    # Per unit, in the commands' order: the index of the order that counts (the last
    # possible one), or -1.
    order_of: list[int]
    commands: list[Command]  # one per unit, ordered or holding, in province order
    maps: ConvoyMaps  # the board's convoy places: shores and links
    special: Special = NO_SPECIAL  # what the variant's own rules tell the resolver
    gated: Mapping[str, int] = field(default_factory=dict)  # gateway -> its order's index
    army_reach: Mapping[str, frozenset[str]] | None = None  # the geography's, if known
    columns: tuple | None = None  # the board's per-unit columns (resolver_tables.Columns)
    # Per order given, its entry in the board's memo of order texts (`Known`), whose line
    # the document call copies; None where there is none.
    known: list | None = None


def movement(position: Position, orders: Sequence[GivenOrder], options: Options) -> PhaseResult:
    return resolve_movement(position, check_movement_orders(position, orders, options), options)


def check_movement_orders(
    position: Position, orders: Sequence[GivenOrder], options: Options
) -> CheckedOrders:
    variant = position.variant
    geo = geography(variant, options.dual(variant.rules), options.coastal(variant))
    board = board_for(variant, geo, position.units, options.disbands(variant), options.blind)
    columns = board.columns
    if columns is None:  # the same board's units are the same every phase it is asked about
        columns = board.columns = board_columns([hold for _, hold in board.holds()])
    if variant.railways or variant.gateways or variant.crossings:
        return _check_special(position, orders, options, geo, board, columns)
    closed = closed_waters(variant, position.phase)
    # What an order text made on this board, remembered (the same board is asked about again
    # with other orders): the power, the command and its unit's index (`Known`).
    memo = board.checked if len(board.checked) < CHECKS_KEPT else None
    chunks = getattr(orders, "chunks", None)
    if chunks is not None and memo is not None and not closed:
        return _check_by_power(position, orders, chunks, options, geo, board, columns)
    get = _NOTHING.get if memo is None else memo.get
    slot_of = columns[3]  # a province's unit's index
    commands = list(board.hold_list())
    order_of = [-1] * len(commands)
    checked: list[Command | Illegal] = []
    known: list[list | None] = []
    add, note = checked.append, known.append
    index = -1
    for power, text, parsed in orders:
        index += 1
        entry = get(text)
        if entry is None or entry[0] != power:
            if type(parsed) is Illegal:
                add(parsed)
                note(None)
                continue
            if type(parsed) is syntax.Transform:
                command = _transform_command(position, board, power, parsed, options)
            else:
                command = check_movement(board, power, parsed)  # type: ignore[arg-type]
            slot = slot_of[command[1][3]] if type(command) is Command else -1  # type: ignore[index]
            entry = [power, command, slot, None]
            if memo is not None and type(parsed) is not syntax.Transform:
                memo[text] = entry  # a transformation depends on the centres: not kept
        command, slot = entry[1], entry[2]
        if closed and slot >= 0:
            command = screened(variant, closed, command)  # arctic water, in the Fall
            if type(command) is not Command:
                slot = -1
        add(command)
        note(entry)
        if slot >= 0:
            commands[slot] = command
            order_of[slot] = index
    return CheckedOrders(
        orders, checked, order_of, commands, board.maps, NO_SPECIAL, {}, geo.army_reach,
        columns, known,
    )  # fmt: skip


def _check_by_power(
    position: Position,
    orders: Sequence[GivenOrder],
    chunks: Sequence[tuple[GivenOrder, ...]],
    options: Options,
    geo: Geography,
    board: Board,
    columns: tuple,
) -> CheckedOrders:
    """`check_movement_orders` taking each power's list of orders whole (a document's, the
    same tuple while the power gives the same list): what it made on this board is kept
    by the list (`Board.lists`), so each order is looked at only in a list not seen."""
    lists, memo = board.lists, board.checked
    commands = list(board.hold_list())
    order_of = [-1] * len(commands)
    checked: list[Command | Illegal] = []
    known: list[list | None] = []
    base = 0
    for chunk in chunks:
        found = lists.get(id(chunk))
        if found is None or found[0] is not chunk:
            found = _power_checked(position, board, chunk, options, memo, columns[3])
            if found[4] and len(lists) < CHECKS_KEPT:
                lists[id(chunk)] = found  # holds the list: its id is not reused meanwhile
        cmds = found[2]
        checked += cmds
        known += found[1]
        for k, slot in found[3]:
            commands[slot] = cmds[k]
            order_of[slot] = base + k
        base += len(chunk)
    return CheckedOrders(
        orders, checked, order_of, commands, board.maps, NO_SPECIAL, {}, geo.army_reach,
        columns, known,
    )  # fmt: skip


def _power_checked(
    position: Position,
    board: Board,
    chunk: tuple[GivenOrder, ...],
    options: Options,
    memo: dict[str, list],
    slot_of: Mapping[str, int],
) -> tuple:
    """A power's list of orders on the board: the list, each order's memo entry (None: not
    an order), its command or why it is impossible, the (order, unit's index) of each
    possible one, and whether all of it may be kept (no transformation: they depend on the
    centres)."""
    entries: list[list | None] = []
    cmds: list[Command | Illegal] = []
    pairs: list[tuple[int, int]] = []
    keep = True
    for k, (power, text, parsed) in enumerate(chunk):
        entry = memo.get(text)
        if entry is None or entry[0] != power:
            if type(parsed) is Illegal:
                entries.append(None)
                cmds.append(parsed)
                continue
            transform = type(parsed) is syntax.Transform
            if transform:
                command = _transform_command(position, board, power, parsed, options)  # type: ignore[arg-type]
                keep = False
            else:
                command = check_movement(board, power, parsed)  # type: ignore[arg-type]
            slot = slot_of[command[1][3]] if type(command) is Command else -1  # type: ignore[index]
            entry = [power, command, slot, None]
            if not transform and len(memo) < CHECKS_KEPT:
                memo[text] = entry
        entries.append(entry)
        cmds.append(entry[1])
        if entry[2] >= 0:
            pairs.append((k, entry[2]))
    return chunk, entries, cmds, tuple(pairs), keep


def _check_special(
    position: Position,
    orders: Sequence[GivenOrder],
    options: Options,
    geo: Geography,
    board: Board,
    columns: tuple,
) -> CheckedOrders:
    """`check_movement_orders` on a map with orders or crossings of its own (railways,
    gateways, straits): nothing remembered, each order checked afresh."""
    variant = position.variant
    if variant.railways:
        board.rail_reach = rail_reach(variant, options)
    closed = closed_waters(variant, position.phase)
    screening = bool(closed or variant.crossings)
    checked: list[Command | GateOrder | Illegal] = []
    chosen: dict[str, int] = {}
    gated: dict[str, int] = {}
    for index, (power, _, parsed) in enumerate(orders):
        if type(parsed) is Illegal:
            checked.append(parsed)
            continue
        command = special_command(position, board, power, parsed, options)  # type: ignore[arg-type]
        if command is None:
            if type(parsed) is syntax.Transform:
                command = _transform_command(position, board, power, parsed, options)
            else:
                command = check_movement(board, power, parsed)  # type: ignore[arg-type]
        if screening and type(command) is Command:
            command = screened(variant, closed, command)
        checked.append(command)
        kind = type(command)
        if kind is Command:
            chosen[command[1][3]] = index  # type: ignore[index]  # the unit's province
        elif kind is GateOrder:
            gated[command.gateway.abbr] = index  # type: ignore[union-attr]
    # One command per unit, in a fixed order, so the result never depends on the input order.
    commands: list[Command] = [
        checked[chosen[province]] if province in chosen else hold  # type: ignore[misc]
        for province, hold in board.holds()
    ]
    slot_of = columns[3]
    order_of = [-1] * len(commands)
    for province, index in chosen.items():
        order_of[slot_of[province]] = index
    gate_orders = {abbr: checked[i] for abbr, i in gated.items()}
    special = special_for(position, commands, gate_orders, options)  # type: ignore[arg-type]
    return CheckedOrders(
        orders,
        checked,
        order_of,
        commands,
        board.maps,
        special,
        gated,
        geo.army_reach,
        columns,  # type: ignore[arg-type]
    )


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
    army_reach = ready.army_reach
    if army_reach is None:
        army_reach = geography(
            variant, options.dual(variant.rules), options.coastal(variant)
        ).army_reach
    orders, checked, order_of, commands = (
        ready.orders,
        ready.checked,
        ready.order_of,
        ready.commands,
    )
    shores, links = ready.maps
    special = ready.special
    resolver = Resolver(
        commands,
        army_reach,
        shores,
        links,
        options.convoy_via,
        options.paradox,
        special,
        ready.columns,
    )
    via_sea = resolver.via_sea
    resolver.run()
    outcomes = unit_outcomes(resolver)

    after: list[Unit] = []
    beaten: list[int] = []
    unordered: list[tuple] = []  # the lines of units with no order (OrderResult's fields)
    attacked: set[int] = set()  # transformations failed by an attack (NO ATTACK TRANSFORM)
    new = tuple.__new__
    # Commands and units are named tuples, read here by position in the hot loop: a
    # command's (kind, unit, dest, dest_loc, target), a unit's (power, type, location,
    # province).
    verdicts: list[Verdict | None] = [None] * len(orders)
    failed, keep = _failed, after.append
    i = -1
    for command, (succeeded, reason, by), index in zip(commands, outcomes, order_of, strict=True):
        i += 1
        kind, unit = command[0], command[1]
        if by is not None:  # dislodged
            if kind != DISBAND:  # a disbanding unit is gone and never retreats
                beaten.append(i)
        elif kind == MOVE and succeeded:
            # The unit where it moved to (a Unit's fields, its province already known).
            keep(new(Unit, (unit[0], unit[1], command[3], command[2])))
        elif kind < DISBAND:  # holding, supporting, convoying, or a move that failed
            keep(unit)
        elif kind == TRANSFORM:
            if options.attack_transform or not _attacked(resolver, commands, i):
                keep(command[4])
            else:
                keep(unit)
                attacked.add(i)
        if index < 0:
            result = SUCCEEDS if succeeded else FAILS
            unordered.append((unit[0], "", command, result, "no order", None))
        else:  # the verdict on the order (a transformation's or a railway move's: below)
            verdicts[index] = SUCCEEDED_VERDICT if succeeded else failed(reason)
    stops = rail_stops(position, commands, outcomes, special.rail, after) if special.rail else {}
    if stops:  # an army that stopped on the railway is not where it was dislodged
        beaten = [i for i in beaten if i not in stops]
    unit_at = resolver.unit_at
    if attacked or stops:
        for i, index in enumerate(order_of):
            if index < 0:
                continue
            succeeded, reason, _ = outcomes[i]
            if i in attacked:
                succeeded, reason = False, "attacked"
            note = None
            if i in stops:
                reason = (reason or "").replace(", dislodged", "")
                note = f"The army stopped in {place_name(variant, stops[i])}."
            verdicts[index] = SUCCEEDED_VERDICT if succeeded else (FAILS, reason, note)
    for index in ready.gated.values():
        verdicts[index] = _gate_verdict(checked[index], commands, outcomes, unit_at)  # type: ignore[arg-type]
    # The lines are made into OrderResults only if somebody reads them (MovementResult).
    lines = LineParts(orders, checked, verdicts, unordered, ready.known)
    dislodged: list[Dislodged] = []
    standoffs: set[str] = set()
    if beaten:
        occupied = set(map(_province_field, after))
        standoffs = left_contested(resolver, occupied)
        barred = standoffs | closed_waters(variant, position.phase)
        for i in beaten:
            by = outcomes[i].dislodged_by
            assert by is not None
            origin = commands[by].unit.province
            options_ = (
                ()
                if options.auto_disband
                else retreat_options(
                    # An attack across a strait is judged as a convoyed one (info.loeb9).
                    variant,
                    commands[i].unit,
                    occupied,
                    standoffs if commands[i].unit.type == "W" else barred,  # wings: no arctic
                    origin,
                    via_sea[by] or not resolver.base[by],
                )
            )
            dislodged.append(Dislodged(commands[i].unit, options_, origin))
    elif resolver.moves_into:
        standoffs = left_contested(resolver, set(map(_province_field, after)))
    nxt, skipping_retreats, center_season = _following(position.phase, variant)
    if nxt.letter == "R" and not any(d.retreats for d in dislodged):
        nxt = skipping_retreats
    if nxt.letter != "R" and center_season:
        centers = take_centers(variant, after, position.centers, uncounted(variant, options))
    else:
        centers = dict(position.centers)
    result = finish(position, after, centers, nxt, [], options, MovementResult)
    result.line_parts = lines  # type: ignore[attr-defined]
    result.dislodged = dislodged
    result.contested = sorted(standoffs)
    return result


_province_field = itemgetter(3)  # a Unit's province
_NOTHING: dict[str, tuple[str, Command | Illegal]] = {}  # no memo (never filled)


@lru_cache(maxsize=256)
def _following(phase: Phase, variant: Variant) -> tuple[Phase, Phase, bool]:
    """The phase after a movement phase, the one after that (when no retreat is needed),
    and whether the movement ends the season that counts the centres."""
    nxt = phase.following(variant)
    return nxt, nxt.following(variant), phase.in_center_season(variant)


@lru_cache(maxsize=64)
def _failed(reason: str | None) -> Verdict:
    """The verdict on an order that failed for this reason: one tuple for each reason (a
    phase has a handful of reasons, and a failed order or two in three)."""
    return (FAILS, reason, None)


def _gate_verdict(
    order: GateOrder, commands: Sequence[Command], outcomes: Sequence[Outcome], unit_at: dict
) -> Verdict:
    """A gateway's order fails when the unit in the gateway's province moves away."""
    keeper = unit_at[order.gateway.at]
    if commands[keeper].kind == MOVE and outcomes[keeper].succeeded:
        return (FAILS, "void", None)
    return SUCCEEDED_VERDICT


def _attacked(resolver: Resolver, commands: Sequence[Command], i: int) -> bool:
    """Did another power order a move into the unit's province?"""
    unit = commands[i].unit
    return any(
        commands[j].unit.power != unit.power for j in resolver.moves_into.get(unit.province, ())
    )
