"""Every order a unit could be given: derived from the board, never stored.

Used to play random games (benchmarks, property tests) and by anything that offers players
their options. Orders are written in the adjudicator's normal notation (`A par - bur`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from variants import Variant

from .adjustments import build_sites
from .board import Unit
from .geography import geography
from .legality import Board
from .retreats import Dislodged
from .wings import WING, blockaded


def movement_orders(
    variant: Variant, units: Iterable[Unit], duality: bool = False, coastal_convoys: bool = False
) -> dict[Unit, list[str]]:
    """For each unit: hold, every move, every support and every convoy it could make
    (`duality`, `coastal_convoys`: the fleets in coastal provinces that may convoy, as the
    game's options have them, Options.dual and Options.coastal_convoys)."""
    geo = geography(variant, duality, coastal_convoys)
    units = list(units)
    board = Board(variant, geo, units)
    # Where each unit could go: (province it enters, text of the destination).
    moves: dict[Unit, list[str]] = {}
    reaches: dict[Unit, set[str]] = {}
    for unit in units:
        options: list[str] = []
        if unit.type == "F":
            for loc in sorted(variant.fleet_moves.get(unit.location, ())):
                options.append(loc)
        elif unit.type == "A":
            options.extend(sorted(geo.army_reach.get(unit.province, ())))
            if unit.province in geo.coastal:
                for dest in sorted(geo.coastal):
                    if (
                        dest != unit.province
                        and dest not in options
                        and board.can_convoy(unit.province, dest)
                    ):
                        options.append(dest)
        else:
            options.extend(sorted(geo.reach("W", unit.location)))
        moves[unit] = options
        reaches[unit] = {o.split("/")[0] for o in options}
    out: dict[Unit, list[str]] = {}
    for unit in units:
        mine = [f"{unit} H"]
        mine.extend(f"{unit} - {dest}" for dest in moves[unit])
        reach = geo.reach(unit.type, unit.location)
        for other in units:
            if other is unit:
                continue
            if other.province in reach:
                mine.append(f"{unit} S {other}")
            for dest in sorted(reaches[other] & reach):
                if dest == unit.province:
                    continue
                # A convoyed move: this unit may not be the only possible convoy (DATC 6.D.31).
                by_sea = other.type == "A" and dest not in geo.army_reach.get(other.province, ())
                if by_sea and not board.can_convoy(other.province, dest, without=unit.province):
                    continue
                mine.append(f"{unit} S {other} - {dest}")
        if unit.type == "F" and unit.province in board.fleet_seas:
            for army in units:
                if army.type != "A" or army.province not in geo.coastal:
                    continue
                for dest in sorted(geo.coastal):
                    if dest == army.province:
                        continue
                    if unit.province in board.necessary_convoyers(army.province, dest):
                        mine.append(f"{unit} C {army} - {dest}")
        out[unit] = mine
    return out


def retreat_orders(dislodged: Iterable[Dislodged]) -> dict[Unit, list[str]]:
    """Disband, or retreat to each place open; a retreat into the unit's own province is a
    Machiavelli unit's into its city, as a garrison (`A gen C G`)."""
    return {
        d.unit: [
            f"{d.unit} D",
            *(
                f"{d.unit} C G" if loc.split("/")[0] == d.unit.province else f"{d.unit} R {loc}"
                for loc in d.retreats
            ),
        ]
        for d in dislodged
    }


def adjustment_orders(
    variant: Variant,
    units: Iterable[Unit],
    centers: Mapping[str, str],
    build_at: str = "variant",
) -> dict[str, tuple[int, list[str]]]:
    """Per power: how many it must build (+) or remove (-), and the orders that could do it
    (a centre a wing blockades counts for nobody, wings.py). `build_at`: where builds go,
    the game's choice (Options.build_centers: variant, home, any, one)."""
    units = list(units)
    occupied = {u.province for u in units}
    shut = blockaded(units, centers)
    out: dict[str, tuple[int, list[str]]] = {}
    for power in variant.powers:
        mine = [u for u in units if u.power == power.name]
        owned = sum(1 for c, o in centers.items() if o == power.name and c not in shut)
        balance = owned - len(mine)
        if balance < 0:
            out[power.name] = (balance, [f"{u} D" for u in mine])
        elif balance > 0:
            orders = []
            for site in build_sites(variant, power.name, centers, occupied, build_at):
                province = variant.provinces[site]
                if "A" in variant.unit_types:
                    orders.append(f"A {site} B")
                if "F" in variant.unit_types and province.kind.value == "coast":
                    orders.extend(f"F {loc} B" for loc in province.locations)
                if WING in variant.unit_types:
                    orders.append(f"W {site} B")
            out[power.name] = (balance, orders)
    return out
