"""A Machiavelli movement phase (rules.machiavelli, "Movement", "Sieges", "Conversion
between unit types"): the orders checked, then turned into the one resolver's commands
(`adjudicator.movement.Resolver`), the city of each province a place of its own:

- a garrison stands at `gen*`; its conversion into an army or fleet is a move from
  `gen*` into `gen`, supported like any move, bouncing off (or dislodging) what holds
  there; an army's or fleet's conversion into the garrison is a move into the empty city;
- a besieging or lifting unit holds; a besieged garrison cannot convert (first edition),
  and the besieger may do nothing but besiege or lift (first edition: any other order
  holds, "siege in progress", and the siege ends); a second besiege in a row takes the
  city and destroys the garrison;
- in Venice, province and city are one space: a conversion there holds, and a garrison's
  conversion fails if any unit moves in.

Then the board after it, the retreats (with the retreat into the city as a garrison), the
sieges, and at the campaign's end the control of provinces and cities (`control`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from parser.notation import order_text
from variants import AUTONOMOUS, Variant

from ..board import Unit
from ..geography import geography
from ..given import GivenOrder, Position
from ..legality import DISBAND, HOLD, MOVE, SUPPORT, TRANSFORM, Board, Command, Illegal, new_command
from ..movement import Resolver
from ..options import Options
from ..outcome import (
    FAILS,
    SUCCEEDED_VERDICT,
    SUCCEEDS,
    OrderResult,
    PhaseResult,
    Verdict,
    result_lines,
)
from ..retreats import Dislodged, retreat_options
from ..special import Special
from ..verdicts import outcomes as unit_outcomes
from ..verdicts import standoffs as left_contested
from . import orders as kinds
from . import rebellions, straits
from .board import CITY, GARRISON, MachBoard, MachRules, army_reach_with_cities, city, mach_rules
from .campaign import Opening, open_campaign
from .orders import MachOrder, check_order
from .rebellions import Rebels
from .season import season_ends
from .special_units import carried, conversion_refusal, strengths
from .state import MachState, starting_state


def mach_movement(
    position: Position, orders: Sequence[GivenOrder], options: Options
) -> PhaseResult:
    variant = position.variant
    rules = mach_rules(variant, options)
    state = position.mach or starting_state(variant)
    # Banking, expenses and bribes, assassinations: the board the movement starts from.
    opening = open_campaign(position, orders, rules, state)
    state = opening.state
    position = replace(position, units=tuple(opening.units), centers=opening.centers, mach=state)
    board = MachBoard(variant, rules, position.units)
    geo = geography(variant, options.dual(variant.rules), rules.coastal_convoys)
    legal = Board(variant, geo, list(board.field.values()), rules.move_disband)
    checked: list[MachOrder | Illegal] = []
    chosen: dict[tuple[str, str], int] = {}
    preset = dict(opening.verdicts)  # the money lines', and the orders of units bribed away
    rebel_cities = rebellions.rebel_cities(state.rebellions)
    for index, given in enumerate(orders):
        parsed = given.parsed
        if index in opening.checked:
            checked.append(opening.checked[index])  # type: ignore[arg-type]
            continue
        found = parsed if type(parsed) is Illegal else check_order(
            board, legal, state.sieges, given.power, parsed, rebel_cities  # type: ignore[arg-type]
        )  # fmt: skip
        gone = _bribed_away(opening.bribed, given.power, parsed)
        if type(found) is Illegal and gone is not None:
            found, preset[index] = Bribed(parsed), (FAILS, gone, None)  # type: ignore[assignment]
        if type(found) is MachOrder and found.kind == kinds.CONVERT:
            refused = conversion_refusal(variant, rules, state, found.unit, found.into.type)  # type: ignore[union-attr]
            if refused:
                found = Illegal("not permitted", refused)
        checked.append(found)  # type: ignore[arg-type]
        if type(found) is MachOrder:
            chosen[found.key] = index
    plan = _Plan(board, state, rules, checked, chosen, opening.victims)
    army_reach = {**geo.army_reach, **army_reach_with_cities(variant)}
    shores, links = legal.maps
    resolver = Resolver(
        plan.commands,
        army_reach,
        shores,
        links,
        options.convoy_via,
        options.paradox,
        _special(variant, rules, state, plan, legal.maps),
    )
    resolver.run()
    outcome = unit_outcomes(resolver)
    return _after(position, orders, checked, plan, resolver, outcome, rules, state, opening, preset)


class Bribed(NamedTuple):
    """The order of a unit its power lost to a bribe before the movement."""

    order: object

    def __str__(self) -> str:
        return order_text(self.order)  # type: ignore[arg-type]


def _bribed_away(bribed: dict[tuple[str, str], str], power: str, parsed: object) -> str | None:
    """What became of the power's unit an order names, if a bribe took it."""
    spec = getattr(parsed, "unit", None)
    if not bribed or spec is None or not hasattr(spec, "location"):
        return None
    province = spec.location.province
    return bribed.get((power, city(province))) or bribed.get((power, province))


def _special(
    variant: Variant, rules: MachRules, state: MachState, plan: _Plan, maps: tuple
) -> Special | None:
    """What Machiavelli tells the resolver: the elite units' strength, the straits."""
    strength = strengths(variant, state, plan.units)
    to_fleet = frozenset(
        i
        for i, order in enumerate(plan.orders)
        if order is not None and order.kind == kinds.CONVERT and order.into.type == "F"  # type: ignore[union-attr]
    )
    gate = straits.gates(variant, rules, state, plan.units, plan.commands, to_fleet, maps)
    bonus = {}
    if state.rebellions:
        moves = [
            (i, c.unit.power, c.dest)
            for i, c in enumerate(plan.commands)
            if c.kind == MOVE and not c.dest.endswith(CITY)  # type: ignore[union-attr]
        ]
        bonus = rebellions.support_bonus(state.rebellions, moves)
    if not strength and not gate and not bonus:
        return None
    return Special(gate=gate, strength=strength, bonus=bonus)


class _Plan:
    """The resolver's command for every unit, in a fixed order, and for each the board
    unit, its order (if any) and the reason it failed before the resolution (if any)."""

    def __init__(
        self,
        board: MachBoard,
        state: MachState,
        rules: MachRules,
        checked: list[MachOrder | Illegal],
        chosen: dict[tuple[str, str], int],
        victims: frozenset[str] = frozenset(),
    ) -> None:
        self.board = board
        self.victims = victims
        units = sorted(board.units(), key=lambda u: (u.province, u.type == GARRISON))
        self.units = units
        self.orders: list[MachOrder | None] = []
        self.index: list[int] = []  # the order given's index, -1 for none
        self.failed: list[str | None] = []
        commands: list[Command] = []
        later: list[int] = []  # supports of a garrison wait for the garrison's command
        for i, unit in enumerate(units):
            key = (unit.province, GARRISON if unit.type == GARRISON else "")
            at = chosen.get(key, -1)
            order = checked[at] if at >= 0 else None
            self.orders.append(order)  # type: ignore[arg-type]
            self.index.append(at)
            command, why = self._command(unit, order, state, rules)  # type: ignore[arg-type]
            commands.append(command)
            self.failed.append(why)
            if order is not None and order.kind == kinds.SUPPORT_GARRISON:  # type: ignore[union-attr]
                later.append(i)
        where = {c.unit.province: c for c in commands}
        for i in later:
            order = self.orders[i]
            assert order is not None and order.target is not None
            garrison = board.resolver_unit(order.target)
            moving = where[garrison.province].kind == MOVE
            dest = order.target.province if moving else None
            commands[i] = new_command(SUPPORT, units[i], dest, None, garrison)
        self.commands = commands

    def _command(
        self, unit: Unit, order: MachOrder | None, state: MachState, rules: MachRules
    ) -> tuple[Command, str | None]:
        board = self.board
        here = board.resolver_unit(unit)
        province = unit.province
        garrison = board.garrisons.get(province)
        rebel_city = city(province) in state.rebellions
        besieged = rebel_city if garrison is None else garrison.power != unit.power
        besieger = (
            not rules.mach2 and province in state.sieges and unit.type != GARRISON and besieged
        )
        if order is None:
            return new_command(HOLD, here), None
        if unit.power in self.victims:  # assassinated: every order a hold
            return new_command(HOLD, here), "assassinated"
        kind = order.kind
        if besieger and kind not in (kinds.BESIEGE, kinds.LIFT):
            return new_command(HOLD, here), "siege in progress"  # and the siege ends
        if kind == kinds.ORDINARY:
            command = order.command
            if command.kind == MOVE and rebellions.venice_closed(  # type: ignore[union-attr]
                board.variant,
                state.rebellions,
                unit.power,
                command.dest,  # type: ignore[union-attr]
            ):
                return new_command(HOLD, here), "failed, destination in rebellion"
            return command, None  # type: ignore[return-value]
        if kind == "disband":
            return new_command(DISBAND, here), None
        if kind == kinds.BESIEGE:
            own = garrison is not None and garrison.power == unit.power
            return new_command(HOLD, here), "self-besiege, siege lifted" if own else None
        if kind == kinds.GARRISON_SUPPORT:
            return new_command(SUPPORT, here, order.dest, None, order.target), None
        if kind != kinds.CONVERT:
            return new_command(HOLD, here), None
        into = order.into
        assert into is not None
        if board.variant.provinces[province].venice:
            return new_command(TRANSFORM, here, None, into.location, into), None
        if unit.type != GARRISON:
            if garrison is not None or rebel_city:
                return new_command(HOLD, here), "siege required"
            return new_command(MOVE, here, city(province), city(province)), None
        if province in state.sieges and not rules.mach2:
            return new_command(HOLD, here), "siege in progress"
        return new_command(MOVE, here, province, into.location), None


def _after(
    position: Position,
    orders: Sequence[GivenOrder],
    checked: list[MachOrder | Illegal],
    plan: _Plan,
    resolver: Resolver,
    outcome: list,
    rules: MachRules,
    state: MachState,
    opening: Opening,
    preset: dict[int, Verdict],
) -> PhaseResult:
    """The board the resolution leaves, with its sieges, retreats and order lines."""
    variant = position.variant
    board = plan.board
    commands = plan.commands
    after: list[Unit] = []
    beaten: list[int] = []
    verdicts: list = [preset.get(i) for i in range(len(orders))]
    attacked = set(resolver.moves_into)  # Venice: a garrison converts only if unattacked
    sieges = set(state.sieges)
    events: list[dict[str, Any]] = list(opening.events)
    rebels = Rebels(variant, rules, state.rebellions, state.control, events)
    destroyed: list[Dislodged] = []
    unordered: list[OrderResult] = []
    taken: list[str] = []  # cities whose siege is complete
    moved: list[tuple[Unit, Unit]] = []  # what each unit became, for its special kind
    for i, unit in enumerate(plan.units):
        command, order, why = commands[i], plan.orders[i], plan.failed[i]
        succeeded, reason, by = outcome[i]
        if by is not None and command.kind != DISBAND:
            beaten.append(i)
        elif command.kind == MOVE and succeeded:
            into = order.into if order is not None and order.kind == kinds.CONVERT else None
            after.append(into or Unit(unit.power, unit.type, command.dest_loc))  # type: ignore[arg-type]
            moved.append((unit, after[-1]))
        elif command.kind == TRANSFORM:
            if unit.type == GARRISON and unit.province in attacked:
                after.append(unit)  # Venice: a garrison's conversion bounces when attacked
                succeeded, reason = False, "bounce"
            else:
                after.append(command.target)  # type: ignore[arg-type]
                moved.append((unit, after[-1]))
        elif command.kind != DISBAND:
            after.append(unit)
        if why is not None:
            succeeded, reason = False, why if by is None else f"{why}, dislodged"
        _rebels_after(rebels, unit, command, order, succeeded and by is None, plan.victims)
        if order is not None and order.kind == kinds.BESIEGE and why is None and by is None:
            if unit.province in state.sieges:
                taken.append(unit.province)
            else:
                sieges.add(unit.province)
                events.append({"event": "siege begun", "place": unit.province, "power": unit.power})
        elif unit.type != GARRISON and unit.province in sieges:
            sieges.discard(unit.province)  # lifted, or given up, or the besieger dislodged
            events.append({"event": "siege lifted", "place": unit.province, "power": unit.power})
        verdict = SUCCEEDED_VERDICT if succeeded else (FAILS, reason, None)
        if plan.index[i] >= 0:
            verdicts[plan.index[i]] = verdict
        elif unit.power != AUTONOMOUS:
            result = SUCCEEDS if succeeded else FAILS
            held = MachOrder(kinds.HOLD, unit)  # written as the board has it (`G gen H`)
            unordered.append(OrderResult(unit.power, "", held, result, "no order"))
    for province in taken:
        garrison = board.garrisons.get(province)
        if garrison is None:  # a rebelling city: the rebellions of the province end
            sieges.discard(province)
            power = next(u.power for u in after if u.province == province)
            rebels.besieged(province, power)
            events.append({"event": "siege completed", "place": province, "power": power})
            continue
        if garrison not in after:  # it left its city, dislodging no besieger: none taken
            continue
        after.remove(garrison)
        sieges.discard(province)
        destroyed.append(Dislodged(garrison, (), province))
        events.append({"event": "siege completed", "place": province, "power": garrison.power})
    lines = result_lines(orders, checked, verdicts)
    lines.extend(unordered)
    dislodged = destroyed + _retreats(
        position, plan, resolver, outcome, after, beaten, rules, state
    )
    occupied = _field_places(variant, after)
    contested = {p for p in left_contested(resolver, occupied) if not p.endswith(CITY)}
    present = [*after, *(d.unit for d in dislodged if d.retreats)]
    special = carried(variant, state.special, moved, present)
    new_state = replace(
        state, sieges=frozenset(sieges), special=special, rebellions=dict(rebels.places)
    )
    return season_ends(
        position, after, lines, dislodged, sorted(contested), new_state, events, rules
    )


def _rebels_after(
    rebels: Rebels,
    unit: Unit,
    command: Command,
    order: MachOrder | None,
    done: bool,
    victims: frozenset[str],
) -> None:
    """A unit entering a rebelling province liberates it; an army or fleet holding there
    (ordered to, not assassinated, not dislodged) puts its rebellion down."""
    if not done or not rebels.places:
        return
    if command.kind == MOVE and not command.dest.endswith(CITY):  # type: ignore[union-attr]
        rebels.liberate(command.dest, unit.power)  # type: ignore[arg-type]
    elif (
        command.kind == HOLD
        and order is not None
        and order.kind == kinds.ORDINARY
        and unit.power not in victims
    ):
        rebels.held(unit)


def _field_places(variant: Variant, units: list[Unit]) -> set[str]:
    """The provinces a unit holds: armies and fleets, and Venice's garrison (the cities'
    garrisons hold only their cities)."""
    provinces = variant.provinces
    return {u.province for u in units if u.type != GARRISON or provinces[u.province].venice}


def _retreats(
    position: Position,
    plan: _Plan,
    resolver: Resolver,
    outcome: list,
    after: list[Unit],
    beaten: list[int],
    rules: MachRules,
    state: MachState,
) -> list[Dislodged]:
    """Where each dislodged unit may go: a province as anywhere (rules.machiavelli,
    "Retreats"), or into its own city as a garrison (its province written as the place):
    a walled city left empty, not Venice, a port for a fleet, not whence the attack
    came; under the first edition only when there is nowhere else to go."""
    variant = position.variant
    board = plan.board
    occupied = _field_places(variant, after)
    garrisoned = {u.province for u in after if u.type == GARRISON}
    standoffs = {p for p in left_contested(resolver, occupied) if not p.endswith(CITY)}
    out = []
    for i in beaten:
        unit = plan.units[i]
        by = outcome[i].dislodged_by
        origin = plan.commands[by].unit.province
        if unit.type == GARRISON:  # Venice's: there is nowhere for it to go
            out.append(Dislodged(unit, (), origin))
            continue
        options = retreat_options(variant, unit, occupied, standoffs, origin, resolver.via_sea[by])
        barred = straits.barred_retreats(variant, state, unit, after)
        if barred:
            options = tuple(o for o in options if o.split("/")[0] not in barred)
        prov = variant.provinces[unit.province]
        into_city = (
            rules.garrisons
            and board.walled(unit.province)
            and city(unit.province) not in state.rebellions
            and not prov.venice
            and unit.province not in garrisoned
            and (unit.type == "A" or prov.port)
            and origin != city(unit.province)
        )
        if into_city and (rules.mach2 or not options):
            options = (*options, unit.province)
        out.append(Dislodged(unit, options, origin))
    return out
