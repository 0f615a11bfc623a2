"""Every order a unit of a Machiavelli board could be given (adjudicator/possible.py's lists
for this map): what robots choose from, so that they never give an order the adjudicator
refuses. An army's or a fleet's ordinary orders come from the map as on any variant; then
the orders Machiavelli adds (besiege, lift siege, conversions, a garrison's own orders),
and each candidate is kept only if the movement checks (`orders.check_order`) take it.

Adjustments without money: a power builds in its home cities it holds with their
provinces, an army, a fleet in a port, a garrison in a walled city, and removes any unit
(`adjustments.py`'s checks). With money every unit is paid for or removed: a robot keeps
each unit its treasury pays for and removes the others (`mach_upkeep_orders`), builds
nothing and spends nothing else.
"""

from __future__ import annotations

from ..board import Unit
from ..geography import geography
from ..given import Position, order_reader
from ..legality import Board, Illegal
from ..options import Options
from ..possible import movement_orders
from .adjustments import COST, legal_build
from .board import GARRISON, MachBoard, mach_rules
from .orders import CONVERT, MachOrder, check_order
from .season import unit_balances
from .special_units import conversion_refusal, kind_of
from .state import starting_state


def mach_movement_orders(
    position: Position, options: Options, only: list[Unit] | None = None
) -> dict[Unit, list[str]]:
    """For each unit of the board (or of `only`): the movement orders it could be given.
    The last answer is remembered: every robot of a game asks it of the same position."""
    key = (id(position), options, None if only is None else tuple(only))
    if _LAST and _LAST[0][0] == key and _LAST[0][1] is position:
        return _LAST[0][2]
    out = _movement_orders(position, options, only)
    _LAST[:] = [(key, position, out)]
    return out


_LAST: list[tuple[tuple, Position, dict[Unit, list[str]]]] = []


def _movement_orders(
    position: Position, options: Options, only: list[Unit] | None
) -> dict[Unit, list[str]]:
    variant = position.variant
    rules = mach_rules(variant, options)
    state = position.mach or starting_state(variant)
    board = MachBoard(variant, rules, position.units)
    geo = geography(variant, options.dual(variant.rules), rules.coastal_convoys)
    legal = Board(variant, geo, list(board.field.values()), rules.move_disband)
    wanted = board.units() if only is None else only
    # An army's or a fleet's ordinary orders are checked as on any map, on the same board
    # of armies and fleets the movement checks read: legal as they come (supports and
    # convoys among the units asked about, as possible.py gives them).
    plain = [u for u in wanted if u.type != GARRISON]
    base = movement_orders(variant, plain, options.dual(variant.rules), rules.coastal_convoys)
    read = order_reader(variant, "movement")
    out: dict[Unit, list[str]] = {}
    for unit in wanted:
        here = unit.province
        if unit.type == GARRISON:
            extra = [f"{unit} C A", f"{unit} C F"]
        else:
            # A besiege of one's own garrison, or a conversion into a city a garrison
            # holds, is legal but fails: not worth offering.
            garrison = board.garrisons.get(here)
            extra = [f"{unit} LS"]
            if garrison is None:
                extra.append(f"{unit} C G")
            elif garrison.power != unit.power:
                extra.append(f"{unit} B")
            elif garrison in wanted:
                extra.append(f"{unit} S G {here}")
            if rules.move_disband:
                extra.append(f"{unit} D")
        kept = list(base.get(unit, ())) or [f"{unit} H"]
        for text in extra:
            parsed = read(text)
            if type(parsed) is Illegal:
                continue
            found = check_order(board, legal, state.sieges, unit.power, parsed)  # type: ignore[arg-type]
            if type(found) is not MachOrder or found.unit != unit:
                continue
            if found.kind == CONVERT:
                into = found.into.type  # type: ignore[union-attr]
                if conversion_refusal(variant, rules, state, found.unit, into):
                    continue
            kept.append(text)
        out[unit] = kept
    return out


def mach_adjustment_orders(
    position: Position, options: Options
) -> dict[str, tuple[int, list[str]]]:
    """Per power: how many it must build (+) or remove (-) without money, and the orders
    that could do it, each one the adjustment checks take."""
    variant = position.variant
    rules = mach_rules(variant, options)
    state = position.mach or starting_state(variant)
    board = MachBoard(variant, rules, position.units)
    due = unit_balances(variant, position.units, position.centers, state)
    out: dict[str, tuple[int, list[str]]] = {}
    for power, balance in due.items():
        if balance < 0:
            mine = [u for u in position.units if u.power == power]
            out[power] = (balance, [f"{u} D" for u in mine])
        elif balance > 0:
            orders = []
            for home in variant.power(power).homes:
                prov = variant.provinces[home]
                for kind, where in (("A", [home]), ("F", list(prov.locations)), ("G", [home])):
                    for location in where:
                        unit = Unit(power, kind, location)
                        if legal_build(board, position, state, power, unit):
                            orders.append(f"{kind} {location} B")
            out[power] = (balance, orders)
    return out


def mach_upkeep_orders(position: Position, options: Options, power: str) -> list[str] | None:
    """With money, a power's adjustment orders that keep every unit its treasury can pay
    for, in the order the adjustments pay them, and remove the others (one maintained and
    not paid for would be an error, `adjustments.py`); None without money."""
    if not mach_rules(position.variant, options).money:
        return None
    state = position.mach or starting_state(position.variant)
    left = state.treasury.get(power, 0)
    first = not str(position.phase).endswith("B")  # F####A: the first income pays all
    kept = []
    for unit in (u for u in position.units if u.power == power):
        cost = COST[kind_of(position.variant, state, unit)]
        if first or cost <= left:  # a unit it cannot pay is removed, not left NSF
            left -= cost
            kept.append(f"maintain {unit}")
        else:
            kept.append(f"remove {unit}")
    return kept
