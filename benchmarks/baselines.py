"""The other adjudicators of benchmarks/adjudicate.py, and our results set beside theirs.

Our orders as carried out are spelled out in full (`Plain`: which unit, which kind of order,
which army goes by sea) and given to MILA `diplomacy` as a `Game` and to `pydip` as its
commands; what each leaves on the board is read back in our notation (`After`), so that
the runner can time them on the same position and orders and compare their results with
ours. Both come from the `bench` extra; without it this module says so and exits.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import parser as syntax
from adjudicator.board import Unit
from adjudicator.geography import geography
from adjudicator.given import GivenOrder, Position
from adjudicator.movement import Resolver
from adjudicator.movement_phase import check_movement_orders
from adjudicator.options import Options
from adjudicator.outcome import PhaseResult
from variants import Variant, province_of

try:
    from diplomacy import Game
    from pydip.map.predefined import vanilla_dip
    from pydip.player.command import command as pydip_command
    from pydip.player.player import Player
    from pydip.player.unit import Unit as PydipUnit
    from pydip.player.unit import UnitTypes
    from pydip.turn.resolve import resolve_turn
except ImportError as exc:
    sys.exit(f"{exc}: the benchmark needs the bench extra: pip install -e '.[bench]'")


# The rule options every adjudicator is run with: the standard ones.
OPTIONS = Options()

# A unit in our notation: (power, type, location), ("Russia", "F", "stp/sc").
UnitKey = tuple[str, str, str]


# -- the orders carried out, spelled out for the other adjudicators ----------------------


@dataclass(frozen=True)
class Plain:
    """A unit's order as our adjudicator carried it out, with nothing left implicit."""

    unit: Unit
    kind: str  # "H", "-", "S" or "C"
    target: Unit | None = None  # the unit supported or convoyed
    dest: str | None = None  # a move's location (a fleet's with its coast); else a province
    coast: str | None = None  # the coast a support of a fleet's move names
    via: bool = False  # the order said "via convoy" or named a route
    by_sea: bool = False  # the army goes by convoy (the 2023 rule, as ours)


def carried_out(
    position: Position, given: Sequence[GivenOrder], result: PhaseResult
) -> tuple[list[Plain], int]:
    """Each unit's order as ours carried it out (the last legal one; else a hold), and how
    many orders ours found illegal. The lines of a result follow the orders given."""
    variant = position.variant
    at = {u.province: u for u in position.units}
    plain = {province: Plain(unit, "H") for province, unit in at.items()}
    illegal = 0
    for order, line in zip(given, result.orders, strict=False):
        assert (line.power, line.text) == (order.power, order.text)
        if line.result == "illegal":
            illegal += 1
            continue
        spelled = spell(variant, at, order.parsed)  # type: ignore[arg-type]
        plain[spelled.unit.province] = spelled
    # Which armies go by sea, as our resolver decided it (DATC 4.A.3, the 2023 rule).
    ready = check_movement_orders(position, given, OPTIONS)
    geo = geography(variant, OPTIONS.duality)
    resolver = Resolver(ready.commands, geo.army_reach, geo.sea_shores, geo.sea_links)
    for command, by_sea in zip(ready.commands, resolver.via_sea, strict=True):
        if by_sea:
            province = command.unit.province
            plain[province] = replace(plain[province], by_sea=True)
    return list(plain.values()), illegal


def spell(variant: Variant, at: Mapping[str, Unit], order: syntax.Order) -> Plain:
    unit = at[order.unit.location.province]  # type: ignore[union-attr]
    if isinstance(order, syntax.Hold):
        return Plain(unit, "H")
    if isinstance(order, syntax.Move):
        dest = order.destination
        where = dest.province
        if unit.type == "F":
            # The coast entered: the one named, else the only one the fleet can reach.
            where = str(dest) if dest.coast else _only_reachable(variant, unit, dest.province)
        return Plain(unit, "-", dest=where, via=order.via_convoy or bool(order.route))
    if isinstance(order, syntax.SupportHold):
        return Plain(unit, "S", at[order.supported.location.province])
    if isinstance(order, syntax.SupportMove):
        target = at[order.supported.location.province]
        coast = order.destination.coast if target.type == "F" else None
        return Plain(unit, "S", target, order.destination.province, coast)
    assert isinstance(order, syntax.Convoy), order
    return Plain(unit, "C", at[order.convoyed.location.province], order.destination.province)


def _only_reachable(variant: Variant, unit: Unit, province: str) -> str:
    moves = variant.fleet_moves.get(unit.location, ())
    places = [loc for loc in variant.provinces[province].locations if loc in moves]
    return places[0] if len(places) == 1 else province


def our_after(result: PhaseResult) -> After:
    units = frozenset((u.power, u.type, u.location) for u in result.units)
    retreats = {
        (d.unit.power, d.unit.type, d.unit.location): frozenset(province_of(r) for r in d.retreats)
        for d in result.dislodged
    }
    return After(units, frozenset(retreats), retreats)


@dataclass(frozen=True)
class After:
    """Where the units are after a movement phase, in our notation."""

    units: frozenset[UnitKey]
    dislodged: frozenset[UnitKey]
    retreats: Mapping[UnitKey, frozenset[str]]  # dislodged unit -> provinces it may go to


# -- MILA diplomacy ----------------------------------------------------------------------


def mila_order(p: Plain) -> str:
    """MILA's notation: `A YOR - NWY`, `A YOR - NWY VIA`, `F NTH C A YOR - NWY`,
    `F MAO - SPA/NC`, `A WAL S F LON`. MILA judges by itself whether an army that could walk
    goes by sea (its own power's convoy shows the intent, as in the 2023 rules): `VIA` only
    when the order said so."""
    if p.kind == "H":
        text = f"{p.unit} H"
    elif p.kind == "-":
        text = f"{p.unit} - {p.dest}" + (" VIA" if p.via else "")
    elif p.kind == "S":
        text = f"{p.unit} S {p.target}"
        if p.dest is not None:
            text += f" - {p.dest}" + (f"/{p.coast}" if p.coast else "")
    else:
        text = f"{p.unit} C {p.target} - {p.dest}"
    return text.upper()


def mila_game(position: Position, orders: Sequence[Plain]) -> tuple[Game, int]:
    """A MILA game at the position with the orders given, and how many of these MILA refused
    (the unit holds). The orders are in MILA's own form, so MILA need not expand them."""
    game = Game()
    game.clear_units()
    game.clear_centers()
    powers = [p.name for p in position.variant.powers]
    for power in powers:
        units = [str(u).upper() for u in position.units if u.power == power]
        game.set_units(power.upper(), units)
        centers = [c.upper() for c, owner in position.centers.items() if owner == power]
        game.set_centers(power.upper(), centers)
    game.set_current_phase(str(position.phase))
    refused = 0
    for power in powers:
        texts = [mila_order(p) for p in orders if p.unit.power == power]
        if texts:
            game.set_orders(power.upper(), texts, expand=False)
            refused += len(texts) - len(game.get_power(power.upper()).orders)
    game.error = []
    return game, refused


def mila_copy(game: Game) -> Game:
    """A copy to process, with its caches as `set_orders` would have left them. Copied
    caches are no good: the unit-owner cache would hold copies of the powers that are not
    the copy's own, and every order would be ignored."""
    fresh = copy.deepcopy(game)
    fresh.build_caches()
    return fresh


def mila_after(game: Game, position: Position) -> After:
    owner = {u.province: u.power for u in position.units}
    units = frozenset(
        (power.title(), unit[0], unit[2:].lower())
        for power, state in game.powers.items()
        for unit in state.units
    )
    options: dict[str, list[str]] = {}
    for state in game.powers.values():
        options.update(state.retreats)  # cleared for units that cannot retreat
    retreats = {}
    for unit in game.dislodged:  # every unit dislodged, whether it can retreat or not
        location = unit[2:].lower()
        key = (owner[province_of(location)], unit[0], location)
        retreats[key] = frozenset(loc[:3].lower() for loc in options.get(unit, ()))
    return After(units, frozenset(retreats), retreats)


# -- pydip -------------------------------------------------------------------------------

# pydip names provinces in full, and gives each coastal province a "... Coast" for fleets.
PYDIP_NAMES = {
    "eas": "Eastern Mediterranean Sea",
    "wes": "Western Mediterranean Sea",
    "stp": "St. Petersburg",
}
PYDIP_COASTS = {"nc": "North Coast", "sc": "South Coast", "ec": "North Coast"}  # bul/ec


class Pydip:
    """pydip's map, and our places as its territory names."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.game_map = vanilla_dip.generate_map()
        known = self.game_map.name_map
        self.land: dict[str, str] = {}  # our province -> pydip territory (land or sea)
        self.fleet: dict[str, str] = {}  # our fleet location -> pydip coast or sea
        self.ours: dict[str, str] = {}  # pydip territory -> our location
        for province in variant.provinces.values():
            name = PYDIP_NAMES.get(province.abbr, province.name)
            if name not in known:
                continue  # Switzerland, impassable, is not on pydip's map
            self.land[province.abbr] = name
            self.ours[name] = province.abbr
            coasts = {f"{province.abbr}/{c}": f"{name} {PYDIP_COASTS[c]}" for c in province.coasts}
            if province.is_sea:
                coasts = {province.abbr: name}
            elif not coasts and f"{name} Coast" in known:
                coasts = {province.abbr: f"{name} Coast"}
            for loc, coast in coasts.items():
                assert coast in known, coast
                self.fleet[loc] = coast
                self.ours[coast] = loc

    def unit(self, unit: Unit) -> PydipUnit:
        if unit.type == "A":
            return PydipUnit(UnitTypes.TROOP, self.land[unit.province])
        return PydipUnit(UnitTypes.FLEET, self.fleet[unit.location])

    def commands(self, orders: Sequence[Plain]) -> tuple[list[Any], int]:
        """pydip commands for the orders, and how many of them pydip refused (a constructor's
        assertion failed; the unit holds)."""
        players: dict[str, Player] = {}
        for power in {p.unit.power for p in orders}:
            units = [self.unit(p.unit) for p in orders if p.unit.power == power]
            config = [{"territory_name": u.position, "unit_type": u.unit_type} for u in units]
            players[power] = Player(power, self.game_map, config)
        moves = {p.unit.province: p for p in orders}
        out: list[Any] = []
        refused = 0
        for p in orders:
            player = players[p.unit.power]
            try:
                out.append(self.command(player, p, moves))
            except AssertionError:
                refused += 1
                out.append(pydip_command.HoldCommand(player, self.unit(p.unit)))
        return out, refused

    def command(self, player: Player, p: Plain, orders: Mapping[str, Plain]) -> Any:
        unit = self.unit(p.unit)
        if p.kind == "H":
            return pydip_command.HoldCommand(player, unit)
        assert p.dest is not None or p.kind == "S"
        if p.kind == "-":
            if p.by_sea:
                return pydip_command.ConvoyMoveCommand(player, unit, self.land[p.dest])
            where = self.land[p.dest] if p.unit.type == "A" else self.fleet[p.dest]  # type: ignore[index]
            return pydip_command.MoveCommand(player, unit, where)
        assert p.target is not None
        target = self.unit(p.target)
        if p.kind == "C":
            return pydip_command.ConvoyTransportCommand(player, unit, target, self.land[p.dest])
        if p.dest is None:
            return pydip_command.SupportCommand(player, unit, target, target.position)
        if p.target.type == "A":
            return pydip_command.SupportCommand(player, unit, target, self.land[p.dest])
        # pydip supports a fleet into a coast it can reach (and then ignores the coast): the
        # one named, else the one the fleet moves to, else the first it could reach.
        theirs = orders[p.target.province]
        if p.coast:
            loc = f"{p.dest}/{p.coast}"
        elif theirs.kind == "-" and theirs.dest and province_of(theirs.dest) == p.dest:
            loc = theirs.dest
        else:
            moves = self.variant.fleet_moves.get(p.target.location, ())
            places = self.variant.provinces[p.dest].locations
            loc = next((loc for loc in places if loc in moves), p.dest)
        return pydip_command.SupportCommand(player, unit, target, self.fleet[loc])

    def resolution(self, commands: Sequence[Any]) -> Callable[[], Any]:
        """pydip's resolution of the commands, to be run (and timed) by the caller."""
        return lambda: resolve_turn(self.game_map, commands)

    def after(self, result: Mapping[str, Mapping[Any, set[str] | None]]) -> After:
        units: set[UnitKey] = set()
        retreats: dict[UnitKey, frozenset[str]] = {}
        for power, outcome in result.items():
            for unit, options in outcome.items():
                kind = "A" if unit.unit_type == UnitTypes.TROOP else "F"
                key = (power, kind, self.ours[unit.position])
                if options is None:
                    units.add(key)
                else:
                    retreats[key] = frozenset(province_of(self.ours[o]) for o in options)
        return After(frozenset(units), frozenset(retreats), retreats)
