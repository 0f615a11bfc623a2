"""Is an order possible on this board? Each check gives the njudge's reason when it is not.

Illegal orders are ignored by the adjudicator (DATC 4.E.1, 2023 rules): the unit acts as if
it had no order. What can be decided by looking at one order and the board is decided here;
what depends on other orders (does a support match, is a convoy used) is the resolver's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

import parser as syntax
from variants import UNIT_WORDS, Variant

from .board import Unit, a_unit, place_name, unit_phrase
from .geography import _NOWHERE, Geography

# The orders of the rule settings come last (movement_phase.py tells the standard ones by
# `kind < DISBAND`): DISBAND (SET DISBAND) holds through the movement, then leaves the
# board; TRANSFORM (SET TRANSFORM) holds, then becomes `target` unless dislodged.
HOLD, MOVE, SUPPORT, CONVOY, DISBAND, TRANSFORM = range(6)
HOLDING = (HOLD, DISBAND, TRANSFORM)  # kinds the resolver treats as holding


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why an order cannot be carried out: a short code and the sentence players see."""

    code: str
    message: str


class Command(NamedTuple):
    """A possible movement-phase order, bound to the unit it moves.

    A named tuple: a phase makes one per unit, and the resolver reads them in its hot path.
    """

    kind: int
    unit: Unit
    # MOVE: the province and exact location entered. SUPPORT of a move: the province.
    dest: str | None = None
    dest_loc: str | None = None
    # SUPPORT and CONVOY: the unit supported or convoyed.
    target: Unit | None = None
    # SUPPORT of a fleet's move: the coast the support names, if any (DATC 6.B.9).
    coast: str | None = None
    # MOVE: the army asked to go by sea (`via convoy`, or a named route).
    via_convoy: bool = False
    route: tuple[str, ...] = ()

    def __str__(self) -> str:
        u = str(self.unit)
        if self.kind == HOLD:
            return f"{u} H"
        if self.kind == DISBAND:
            return f"{u} D"
        if self.kind == TRANSFORM:
            return f"{u} transform {self.target.kind_text}"  # type: ignore[union-attr]
        if self.kind == MOVE:
            path = "".join(f" - {sea}" for sea in self.route)
            via = " via convoy" if self.via_convoy and not self.route else ""
            return f"{u}{path} - {self.dest_loc}{via}"
        # A blind game's support of a unit not there and not named by its type (`S mun`).
        target = str(self.target) if self.target.type else self.target.location  # type: ignore[union-attr]
        if self.kind == SUPPORT:
            if self.dest is None:
                return f"{u} S {target}"
            dest = f"{self.dest}/{self.coast}" if self.coast else self.dest
            return f"{u} S {target} - {dest}"
        return f"{u} C {target} - {self.dest}"


def new_command(
    kind: int,
    unit: Unit,
    dest: str | None = None,
    dest_loc: str | None = None,
    target: Unit | None = None,
    coast: str | None = None,
    via_convoy: bool = False,
    route: tuple[str, ...] = (),
) -> Command:
    """A Command, made without the named tuple's keyword handling: phases make many."""
    return _tuple_new(Command, (kind, unit, dest, dest_loc, target, coast, via_convoy, route))


_tuple_new = tuple.__new__


class Board:
    """The units of one phase by province, with the map facts the checks need.

    `blind` (a blind game): the checks must not tell a power where other powers' units
    are, so a convoy is judged possible on the map alone, as if a fleet stood in every
    place one could convoy from; the resolver still finds the real fleets (`maps`).
    """

    def __init__(
        self,
        variant: Variant,
        geo: Geography,
        units: list[Unit],
        move_disband: bool = False,
        blind: bool = False,
    ) -> None:
        self.variant = variant
        self.geo = geo
        self.units = units
        self.at: dict[str, Unit] = {u.province: u for u in units}
        self.maps = geo.convoy_maps(units)  # the real board's, for the resolver
        if blind:
            self.fleet_seas = geo.convoy_seas
            self.shores, self.links = geo.sea_shores, geo.sea_links
        else:
            self.fleet_seas = frozenset(
                u.province for u in units if u.type == "F" and u.province in geo.convoy_seas
            )
            self.shores, self.links = self.maps
        self.move_disband = move_disband
        self.blind = blind
        # (power, station) -> stations its army could ride to (railways.py, SET RAILWAYS).
        self.rail_reach: dict[tuple[str, str], frozenset[str]] = {}
        self._necessary: dict[tuple[str, str], frozenset[str]] = {}
        # Order text -> [power, what `check_movement` made of it on this board, its unit's
        # index in `holds` (-1: none), the line the document call writes (made when first
        # written)]: a board kept (`board_for`) is asked about the same orders again and
        # again; and by id, a power's list of orders with what they made (movement_phase).
        self.checked: dict[str, list] = {}
        self.lists: dict[int, tuple] = {}
        self._holds: list[tuple[str, Command]] | None = None
        self._hold_list: list[Command] | None = None
        # The resolver's per-unit columns of this board, once made (movement_phase.py).
        self.columns: tuple | None = None

    def holds(self) -> list[tuple[str, Command]]:
        """Each unit's province and its command to hold, in province order: the commands
        of the units that have no order."""
        if self._holds is None:
            self._holds = [
                (u.province, _tuple_new(Command, (HOLD, u, None, None, None, None, False, ())))
                for u in sorted(self.units, key=_province_field)
            ]
        return self._holds

    def hold_list(self) -> list[Command]:
        """`holds`' commands alone (never changed: copied before use)."""
        if self._hold_list is None:
            self._hold_list = [hold for _, hold in self.holds()]
        return self._hold_list

    def necessary_convoyers(self, source: str, destination: str) -> frozenset[str]:
        key = (source, destination)
        found = self._necessary.get(key)
        if found is None:
            found = self.geo.necessary_convoyers(
                source, destination, self.fleet_seas, (self.shores, self.links)
            )
            self._necessary[key] = found
        return found

    def can_convoy(self, source: str, destination: str, without: str | None = None) -> bool:
        """Could fleets now on the board (blind: anywhere) carry an army from source to
        destination?"""
        geo = self.geo
        if source not in geo.coastal or destination not in geo.coastal:
            return False
        seas = self.fleet_seas - {without} if without else self.fleet_seas
        return geo.convoy_route_exists(source, destination, seas, (self.shores, self.links))


_province_field = itemgetter(3)  # a Unit's province

# Boards kept: the boards robots and tournaments ask about, each with its orders checked.
BOARDS_KEPT = 256
CHECKS_KEPT = 4096  # order texts remembered on one board
_BOARDS: dict[tuple[int, int, bool, bool], tuple[tuple[Unit, ...], Board]] = {}


def board_for(
    variant: Variant, geo: Geography, units: tuple[Unit, ...], move_disband: bool, blind: bool
) -> Board:
    """The board of these units, kept while the same tuple of units comes again (a phase
    document's position is remembered whole: adjudicator.document); its `checked` memo
    is then warm. A railway map's board is made afresh (its rail reach is the game's)."""
    if variant.railways:
        return Board(variant, geo, units, move_disband, blind)  # type: ignore[arg-type]
    key = (id(units), id(geo), move_disband, blind)
    known = _BOARDS.get(key)
    if known is not None and known[0] is units:
        return known[1]
    if len(_BOARDS) >= BOARDS_KEPT:
        del _BOARDS[next(iter(_BOARDS))]  # the oldest kept
    board = Board(variant, geo, units, move_disband, blind)  # type: ignore[arg-type]
    _BOARDS[key] = (units, board)
    return board


def forget_boards() -> None:
    """Forget every board kept (for the benchmark's cold runs)."""
    _BOARDS.clear()


def find_unit(
    at: dict[str, Unit], variant: Variant, power: str, spec: syntax.UnitSpec, blind: bool = False
) -> Unit | Illegal:
    """The ordering power's unit at the place named; the coast named does not matter
    (DATC 6.B.10), the type does when it is given.

    `blind`: where the power has no unit, one answer whatever stands there (info.blind: "No
    information will be given to players attempting illegal moves")."""
    unit = at.get(spec.location.province)
    if blind and (unit is None or unit.power != power):
        return not_yours(variant, power, spec.location.province)
    if unit is None or (spec.type and spec.type != unit.type):
        return _absent(variant, spec, unit)
    if unit.power != power:
        return Illegal("not your unit", f"{power} doesn't own {unit_phrase(variant, unit)}.")
    return unit


def not_yours(variant: Variant, power: str, province: str) -> Illegal:
    """A blind game's answer to an order for a place where the power has no unit: the same
    whether the place is empty or holds another power's unit, of whatever type."""
    where = place_name(variant, province)
    return Illegal("not your unit", f"{power} does not own a unit in {where}.")


def _absent(variant: Variant, spec: syntax.UnitSpec, unit: Unit | None) -> Illegal:
    """No unit where the order says, or not of the type it says."""
    where = place_name(variant, spec.location.province)
    if unit is None:
        word = UNIT_WORDS[spec.type].lower() if spec.type else "unit"
        return Illegal("no such unit", f"No {word} present in {where}.")
    is_, not_ = a_unit(unit.type), a_unit(spec.type or "")
    return Illegal("wrong unit type", f"The unit in {where} is {is_}, not {not_}.")


def check_movement(board: Board, power: str, order: syntax.Order) -> Command | Illegal:
    """A movement-phase order as a Command, or the reason it is impossible."""
    check = _MOVEMENT_CHECKS.get(type(order))
    if check is None:
        if isinstance(order, syntax.Waive):
            return Illegal("wrong phase", "Waive is an adjustment order.")
        return Illegal("wrong phase", "That order is not allowed in a movement phase.")
    spec = order.unit  # type: ignore[union-attr]
    unit = board.at.get(spec.location.province)
    if unit is None or unit.power != power or (spec.type and spec.type != unit.type):
        found = find_unit(board.at, board.variant, power, spec, board.blind)
        assert isinstance(found, Illegal)
        return found
    if check is _check_move and not order.via_convoy:  # type: ignore[union-attr]
        # The common case first: a step to a neighbour, with no coast to think about.
        dest = order.destination.province  # type: ignore[union-attr]
        if dest in board.geo.simple_steps.get((unit.type, unit.location), _NOWHERE):
            return _tuple_new(Command, (MOVE, unit, dest, dest, None, None, False, ()))
    return check(board, unit, order)


def _check_hold(board: Board, unit: Unit, order: syntax.Hold) -> Command:
    return _tuple_new(Command, (HOLD, unit, None, None, None, None, False, ()))


def _check_bare(board: Board, unit: Unit, order: syntax.Bare) -> Illegal:
    return Illegal("syntax", f"Invalid order for {unit_phrase(board.variant, unit)}.")


def _check_disband(board: Board, unit: Unit, order: syntax.Disband) -> Command | Illegal:
    if not board.move_disband:
        return Illegal("wrong phase", "This game does not allow disband orders in movement phases.")
    return _tuple_new(Command, (DISBAND, unit, None, None, None, None, False, ()))


def fleet_destination(
    variant: Variant, geo: Geography, location: str, dest: syntax.Location
) -> str | Illegal:
    """Where exactly a fleet at `location` ends up moving to `dest` (DATC 6.B.1-6.B.3, 6.B.13).

    A coast may be left out when only one coast is reachable; a wrong coast is an error.
    """
    province = variant.provinces[dest.province]
    if not province.coasts:
        if dest.province in geo.fleet_reach.get(location, ()):
            return dest.province
        return _cannot_reach(variant, "not adjacent", location, dest.province)
    moves = variant.fleet_moves.get(location, frozenset())
    if dest.coast:
        target = f"{dest.province}/{dest.coast}"
        if target in moves:
            return target
        return _cannot_reach(variant, "bad coast", location, target)
    reachable = [loc for loc in province.locations if loc in moves]
    if len(reachable) == 1:
        return reachable[0]
    if not reachable:
        return _cannot_reach(variant, "not adjacent", location, dest.province)
    return Illegal("coast missing", "Province has coasts - please specify one.")


def _cannot_reach(variant: Variant, code: str, location: str, target: str) -> Illegal:
    return Illegal(
        code,
        f"The fleet in {place_name(variant, location)} can't get to {place_name(variant, target)}.",
    )


def _check_move(board: Board, unit: Unit, order: syntax.Move) -> Command | Illegal:
    geo = board.geo
    dest = order.destination.province
    variant = board.variant
    if dest == unit.province:
        return Illegal("same province", _sentence(variant, unit, "is already in", dest))
    if unit.type == "F":
        if order.route or order.via_convoy:
            return Illegal("cannot convoy fleet", "Only armies can be convoyed.")
        loc = fleet_destination(variant, geo, unit.location, order.destination)
        if isinstance(loc, Illegal):
            return loc
        return new_command(MOVE, unit, dest, loc)
    if unit.type == "W":
        if dest not in geo.reach("W", unit.location):
            return Illegal("not adjacent", _sentence(variant, unit, "can't get to", dest))
        return new_command(MOVE, unit, dest, dest)
    # An army: the coast it names does not matter (DATC 6.B.12).
    if dest in geo.seas:
        return Illegal("not adjacent", _sentence(variant, unit, "can't get to", dest))
    if order.route:
        problem = _check_route(board, unit, dest, order.route)
        if problem:
            return problem
        return new_command(MOVE, unit, dest, dest, via_convoy=True, route=order.route)
    adjacent = dest in geo.army_reach.get(unit.province, ())
    if (order.via_convoy or not adjacent) and not board.can_convoy(unit.province, dest):
        if unit.province not in geo.coastal or dest not in geo.coastal:
            return Illegal("not adjacent", _sentence(variant, unit, "can't get to", dest))
        return Illegal(
            "no convoy route",
            _sentence(variant, unit, "can't get to", dest, ": no fleets could convoy it there"),
        )
    return new_command(MOVE, unit, dest, dest, via_convoy=order.via_convoy)


def _check_route(board: Board, unit: Unit, dest: str, route: tuple[str, ...]) -> Illegal | None:
    """A convoy route named the njudge way (`A Lon-Nth-Nwy`) must be a chain of seas with
    fleets in them from the army's coast to the destination's."""
    variant, geo = board.variant, board.geo
    here = unit_phrase(variant, unit)
    previous: str | None = None
    for sea in route:
        if sea not in geo.convoy_seas:
            return Illegal(
                "bad route",
                f"{_cap(here)} can't convoy through {place_name(variant, sea)}.",
            )
        if sea not in board.fleet_seas:
            return Illegal(
                "bad route", f"There is no fleet in {place_name(variant, sea)} to convoy it."
            )
        touches = (
            unit.province in board.shores[sea] if previous is None else sea in board.links[previous]
        )
        if not touches:
            frm = unit.province if previous is None else previous
            return Illegal(
                "bad route",
                f"{_cap(here)} can't convoy from {place_name(variant, frm)} "
                f"to {place_name(variant, sea)}.",
            )
        previous = sea
    assert previous is not None
    if dest not in board.shores[previous]:
        return Illegal(
            "bad route",
            f"{_cap(here)} can't convoy from {place_name(variant, previous)} "
            f"to {place_name(variant, dest)}.",
        )
    return None


def _check_support(
    board: Board, unit: Unit, order: syntax.SupportHold | syntax.SupportMove
) -> Command | Illegal:
    variant, geo = board.variant, board.geo
    spec = order.supported
    target = board.at.get(spec.location.province)
    # A blind game's support of a unit the power does not see: only what the power's own
    # unit and the map decide is checked (can the supporter reach the place it supports?);
    # whether a unit stands there, and whether it could make the move, is not told (the
    # njudge in a blind game did not check it either), and the support reads "unknown unit".
    unseen = board.blind and (target is None or target.power != unit.power)
    if unseen:
        target = unseen_unit(board, spec)
    elif target is None or (spec.type and spec.type != target.type):
        return _absent(variant, spec, target)
    elif target is unit:
        return Illegal("support self", "A unit cannot support itself.")
    assert target is not None
    reach = geo.reach_of.get((unit.type, unit.location), _NOWHERE)
    if type(order) is syntax.SupportHold:
        if target.province not in reach:
            return Illegal(
                "not adjacent",
                _sentence(variant, unit, "can't get to", target.province, " to support"),
            )
        return _tuple_new(Command, (SUPPORT, unit, None, None, target, None, False, ()))
    dest = order.destination.province  # type: ignore[union-attr]
    if dest == unit.province:
        # DATC 6.D.34: a unit cannot help take the province it stands in.
        return Illegal("own province", "A unit cannot support a move into its own province.")
    if dest not in reach:
        return Illegal(
            "not adjacent", _sentence(variant, unit, "can't get to", dest, " to support")
        )
    if unseen:
        # The coast as the order names it (the resolver weighs it for a fleet only):
        # dropping it for an army would tell what the unit is.
        fleet = spec.type in (None, "F")
    elif dest == target.province or (
        dest not in geo.reach_of.get((target.type, target.location), _NOWHERE)
        and not _move_possible(board, target, dest, unit.province)
    ):
        return Illegal("impossible move", _sentence(variant, target, "can't get to", dest))
    else:
        fleet = target.type == "F"
    coast = order.destination.coast if fleet else None  # type: ignore[union-attr]
    return _tuple_new(Command, (SUPPORT, unit, dest, None, target, coast, False, ()))


def unseen_unit(board: Board, spec: syntax.UnitSpec, default_type: str = "") -> Unit:
    """A blind game: the unit an order supports or convoys where the ordering power has no
    unit. The one standing there if it is of the type named (any, if none is named), else a
    unit of the type named that is not on the board: the resolver finds no such unit, and
    the order is void (movement.py). (The njudge took whatever unit stood there; a unit of
    another type than the order names is not the one it means.)"""
    unit = board.at.get(spec.location.province)
    if unit is not None and (not spec.type or spec.type == unit.type):
        return unit
    return Unit("", spec.type or default_type, spec.location.province)


def find_unit_any(board: Board, spec: syntax.UnitSpec) -> Unit | Illegal:
    """A supported or convoyed unit: any power's, of the type named if one is."""
    unit = board.at.get(spec.location.province)
    if unit is None or (spec.type and spec.type != unit.type):
        return _absent(board.variant, spec, unit)
    return unit


def _move_possible(board: Board, unit: Unit, dest: str, supporter: str) -> bool:
    """Could this unit ever move to dest? An army that must be convoyed needs fleets other
    than the supporter, which cannot convoy and support at once (DATC 6.D.31)."""
    geo = board.geo
    if unit.type == "A":
        return (
            dest in geo.army_reach.get(unit.province, ())
            or board.can_convoy(unit.province, dest, without=supporter)
            or dest in board.rail_reach.get((unit.power, unit.province), ())
        )
    return dest in geo.reach(unit.type, unit.location)


def _check_convoy(board: Board, unit: Unit, order: syntax.Convoy) -> Command | Illegal:
    variant, geo = board.variant, board.geo
    if unit.type != "F" or unit.province not in geo.convoy_seas:
        return Illegal(
            "cannot convoy", f"{_cap(unit_phrase(variant, unit))} can't convoy anything."
        )
    seen = board.at.get(order.convoyed.location.province)
    if board.blind and (seen is None or seen.power != unit.power):
        # A blind game: the army convoyed is not looked for (see _check_support); only
        # the type the order names, the map and the power's own fleet are checked.
        if order.convoyed.type not in (None, "A"):
            return Illegal("cannot convoy fleet", "Only armies can be convoyed.")
        army = unseen_unit(board, order.convoyed, "A")
        if army.type != "A":  # another kind of unit is there: not the army convoyed
            army = Unit("", "A", army.province)
    else:
        found = find_unit_any(board, order.convoyed)
        if isinstance(found, Illegal):
            return found
        army = found
    if army.type != "A":
        return Illegal("cannot convoy fleet", "Only armies can be convoyed.")
    dest = order.destination.province
    if army.province not in geo.coastal:
        return Illegal(
            "landlocked",
            f"The unit in {place_name(variant, army.province)} is landlocked and cannot be "
            f"convoyed.",
        )
    if dest == army.province or dest not in geo.coastal:
        return Illegal("impossible move", _sentence(variant, army, "can't be convoyed to", dest))
    if unit.province not in board.necessary_convoyers(army.province, dest):
        return Illegal(
            "not on route",
            f"{_cap(unit_phrase(variant, unit))} is on no convoy route from "
            f"{place_name(variant, army.province)} to {place_name(variant, dest)}.",
        )
    return new_command(CONVOY, unit, dest, None, army)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(variant: Variant, unit: Unit, verb: str, place: str, tail: str = "") -> str:
    """`The army in Paris can't get to Moscow.`: written only when an order is refused."""
    return f"{_cap(unit_phrase(variant, unit))} {verb} {place_name(variant, place)}{tail}."


_MOVEMENT_CHECKS: dict[type, Callable[..., Command | Illegal]] = {
    syntax.Hold: _check_hold,
    syntax.Move: _check_move,
    syntax.SupportHold: _check_support,
    syntax.SupportMove: _check_support,
    syntax.Convoy: _check_convoy,
    syntax.Bare: _check_bare,
    syntax.Disband: _check_disband,
}
