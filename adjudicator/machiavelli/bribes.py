"""Machiavelli's expenditures, bribes first (rules.machiavelli "Expenditures phase", "List of
allowed expenditures and bribes", "Self-bribes", "set [no]adjacency"; the njudge's
ma_expenses.c for what the text leaves open and for the words of its report).

Each power has up to four expenses, paid in their numerical order out of its treasury,
valid or not; a treasury short of one pays what is left ("NSF"); only whole threes count.
Then:

- with SET ADJACENCY every expense but an assassination needs a unit of the power in the
  target's province or a bordering one ("No adjacency, wasted");
- several bribes at one unit: the largest alone goes on, a tie wastes them all ("Larger
  bribe, wasted"); the unit's counter-bribes are taken off it ("Counter-Bribed");
- a bribe must then still pay its price ("15d required, wasted"): the price doubled for a
  garrison in a major city and for citizen's militia and elite professionals;
- a power may buy no second special unit ("Existing special unit, wasted"), nor its own
  unit (the njudge's "No Order Processed").

What succeeds is done: units disbanded, bought (their special kind and orders go with them:
the buyer orders the unit this campaign), garrisons made autonomous, famine relieved,
rebellions pacified or caused (`rebellions.py`); an assassination rolls its die here, its
effects are `assassins.py`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, NamedTuple

from parser.values_money import (
    ASSASSINATE,
    BUY,
    CAUSE_REBELLION,
    COUNTER_BRIBE,
    DISBAND,
    FAMINE_RELIEF,
    PACIFY,
    PROVINCE_KINDS,
    TO_AUTONOMOUS,
    UNIT_KINDS,
    Expense,
)
from variants import AUTONOMOUS, Variant

from ..board import Unit, place_name
from ..legality import Illegal
from ..outcome import FAILS, SUCCEEDED_VERDICT, Verdict
from .board import GARRISON, MachBoard, MachRules
from .dice import Dice
from .money import NO_MONEY, Books, power_named
from .rebellions import Rebels
from .special_units import ORDINARY, carried, kind_of, place, refusal
from .state import MachState

BRIBES = frozenset({DISBAND, BUY, TO_AUTONOMOUS})  # what a counter-bribe counts against
DOUBLED_KINDS = frozenset({"militia", "professional"})
MAX_ASSASSINATION = 36


class Spend(NamedTuple):
    """An expense checked: its target found on the board (a unit, a province, a power)."""

    number: int
    kind: str
    ducats: int | None
    unit: Unit | None = None
    place: str | None = None
    victim: str | None = None

    def __str__(self) -> str:
        amount = "" if self.ducats is None else f"{self.ducats} ducats "
        target = self.unit or self.place or self.victim
        return f"expense {self.number}: {amount}{self.kind} {target}"


def check_expense(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    board: MachBoard,
    power: str,
    order: Expense,
) -> Spend | Illegal:
    """Is this expense possible (the njudge's refusals when it reads one)?"""
    if not rules.money:
        return Illegal("no money", NO_MONEY)
    if not 1 <= order.number <= 4:
        return Illegal("bad number", "Expense number must be 1-4.")
    if order.kind == ASSASSINATE:
        if not rules.assassins:
            return Illegal("no assassins", "This game does not allow assassinations.")
        victim = power_named(variant, order.power or "")
        if victim is None:
            return Illegal("no such power", f"Invalid power specified -> {order.power}")
        return Spend(order.number, order.kind, order.ducats, victim=victim)
    if order.kind in PROVINCE_KINDS:
        assert order.place is not None
        province = order.place.province
        if order.kind == CAUSE_REBELLION and variant.provinces[province].venice:
            name = place_name(variant, province)
            return Illegal("venice", f"No rebellion may be placed in {name}")
        return Spend(order.number, order.kind, order.ducats, place=province)
    assert order.unit is not None and order.kind in UNIT_KINDS
    wanted = order.unit.type
    if order.kind == TO_AUTONOMOUS:
        if wanted not in (None, GARRISON):
            return Illegal("not a garrison", "Only garrisons can be made autonomous.")
        wanted = GARRISON
    province = order.unit.location.province
    unit = _target(board, power, order.kind, wanted, province)
    name = place_name(variant, province)
    where = f"in the {name}" if variant.provinces[province].is_sea else f"in {name}"
    if unit is None:
        word = {"A": "army", "F": "fleet", "G": "garrison"}.get(wanted or "", "unit")
        return Illegal("no such unit", f"No {word} present {where}.")
    if order.kind == BUY:
        kind = kind_of(variant, state, unit)
        kind = kind if rules.special else ORDINARY
        if refusal(variant, rules, state, (), power, unit.type, kind, "bribed"):
            return Illegal("not permitted", "You are not permitted to buy this unit type.")
    return Spend(order.number, order.kind, order.ducats, unit=unit)


def _target(
    board: MachBoard, power: str, kind: str, wanted: str | None, province: str
) -> Unit | None:
    """The unit an expense names (the njudge's choice): a garrison if it says G, else the
    army or fleet if it names a type; unnamed, a counter-bribe's own unit first and a
    bribe's other power's unit first, the one in the province before the garrison."""
    field, garrison = board.field.get(province), board.garrisons.get(province)
    if field is not None and field.type == GARRISON:  # Venice's garrison
        field, garrison = None, field
    if wanted == GARRISON:
        return garrison
    if wanted is not None:
        return field if field is not None and field.type == wanted else None
    own = kind == COUNTER_BRIBE
    for unit in (field, garrison):
        if unit is not None and (unit.power == power) == own:
            return unit
    return field or garrison


def price(variant: Variant, state: MachState, spend: Spend) -> int:
    """The least an expense costs (its "required" ducats)."""
    kind = spend.kind
    if kind in (FAMINE_RELIEF, COUNTER_BRIBE):
        return 3
    if kind in (PACIFY, ASSASSINATE):
        return 12
    if kind == CAUSE_REBELLION:
        controller = state.control.get(spend.place or "")
        return 15 if controller and state.homes.get(spend.place or "") == controller else 9
    unit = spend.unit
    assert unit is not None
    autonomous = unit.power == AUTONOMOUS
    base = {DISBAND: 6 if autonomous else 12, BUY: 9 if autonomous else 18, TO_AUTONOMOUS: 9}[kind]
    if kind_of(variant, state, unit) in DOUBLED_KINDS:
        base *= 2
    if unit.type == GARRISON and variant.provinces[unit.province].income > 1:
        base *= 2
    return base


@cache
def _neighbours(variant: Variant) -> Mapping[str, frozenset[str]]:
    """Each province's bordering provinces, by land or by sea ("a province is always
    adjacent to any bordering province and any cities in the bordering provinces")."""
    out: dict[str, set[str]] = {p: set(v) for p, v in variant.army_moves.items()}
    for frm, tos in variant.fleet_moves.items():
        out.setdefault(frm.split("/")[0], set()).update(t.split("/")[0] for t in tos)
    return {p: frozenset(v) for p, v in out.items()}


def adjacent(variant: Variant, units: Sequence[Unit], power: str, province: str) -> bool:
    """Has the power a unit (in a province or a city) in this province or a bordering one
    (rules.machiavelli "set [no]adjacency"; straits do not matter)?"""
    near = _neighbours(variant).get(province, frozenset()) | {province}
    return any(u.power == power and u.province in near for u in units)


class Spent(NamedTuple):
    """What the expenses did: the verdict of each line, the powers assassinated (victim ->
    who paid for it), and the units bribed away, (power, place) -> what became of them."""

    verdicts: dict[int, Verdict]
    assassinated: dict[str, list[str]]
    bribed: dict[tuple[str, str], str]


class _Item:
    """One expense being carried out."""

    def __init__(self, index: int, power: str, spend: Spend, ducats: int) -> None:
        self.index, self.power, self.spend = index, power, spend
        self.ducats = ducats
        self.paid = 0
        self.counted = 0
        self.notes: list[str] = []
        self.outcome = ""
        self.die: int | None = None


def expenditures(
    variant: Variant,
    rules: MachRules,
    dice: Dice,
    books: Books,
    state: MachState,
    units: list[Unit],
    rebels: Rebels,
    spends: Mapping[str, Mapping[int, tuple[int, Spend]]],
) -> tuple[Spent, MachState]:
    """Carry out every power's expenses; `units` and `rebels` are changed in place."""
    items: list[_Item] = []
    for power in (p.name for p in variant.powers):
        for number in sorted(spends.get(power, {})):
            index, spend = spends[power][number]
            item = _Item(index, power, spend, spend.ducats or price(variant, state, spend))
            item.paid = books.spend(power, item.ducats)
            whole = item.ducats - item.ducats % 3
            item.counted = item.paid - item.paid % 3
            if item.ducats % 3:
                item.notes.append("not 3x")
            if item.counted < whole:
                item.notes.append("nsf")
            target = spend.unit.province if spend.unit else spend.place
            if rules.adjacent and target and not adjacent(variant, units, power, target):
                item.outcome = "no adjacency"
            items.append(item)
    _largest_bribes(items)
    _counter_bribes(items)
    for item in items:
        if not item.outcome:
            _price_paid(variant, state, units, dice, books, item)
    return _carry_out(variant, rules, books, state, units, rebels, items)


def _largest_bribes(items: list[_Item]) -> None:
    """Of the bribes at one unit the largest alone goes on; a tie wastes them all."""
    at: dict[Unit, list[_Item]] = {}
    for item in items:
        if item.spend.kind in BRIBES and not item.outcome:
            at.setdefault(item.spend.unit, []).append(item)  # type: ignore[arg-type]
    for rivals in at.values():
        best = max(i.counted for i in rivals)
        winners = [i for i in rivals if i.counted == best]
        for item in rivals:
            if item.counted < best or len(winners) > 1:
                item.outcome = "larger bribe"


def _counter_bribes(items: list[_Item]) -> None:
    """Each unit's counter-bribes (those not wasted) are taken off the bribe at it."""
    against: dict[Unit, int] = {}
    for item in items:
        if item.spend.kind == COUNTER_BRIBE and not item.outcome:
            against[item.spend.unit] = against.get(item.spend.unit, 0) + item.counted  # type: ignore[index]
            item.outcome = "done"
    for item in items:
        unit = item.spend.unit
        if item.spend.kind in BRIBES and not item.outcome and against.get(unit):  # type: ignore[arg-type]
            item.notes.append("countered")
            item.counted -= against.pop(unit)  # type: ignore[arg-type]


def _price_paid(
    variant: Variant, state: MachState, units: list[Unit], dice: Dice, books: Books, item: _Item
) -> None:
    """Is the price paid, and the rest of what the expense needs (a chit, no second
    special unit)? An assassination rolls its die."""
    spend = item.spend
    required = price(variant, state, spend)
    if spend.kind == ASSASSINATE and item.counted > MAX_ASSASSINATION:
        item.notes.append("36 maximum")
        item.counted = MAX_ASSASSINATION
    if item.counted < required:
        item.outcome = "required"
        return
    if spend.kind == BUY:
        unit = spend.unit
        assert unit is not None
        if unit.power == item.power:
            item.outcome = "own unit"
            return
        if kind_of(variant, state, unit) != ORDINARY and any(
            u.power == item.power and kind_of(variant, state, u) != ORDINARY for u in units
        ):
            item.outcome = "existing special unit"
            return
    if spend.kind == ASSASSINATE:
        held = books.chits.get(item.power, [])
        if spend.victim not in held:
            item.outcome = "no chit"
            return
        held.remove(spend.victim)  # the chit is spent on the attempt
        chances = item.counted // 12
        item.die = dice.roll("assassination", f"{spend.victim} by {item.power}")[0]
        item.outcome = "success" if item.die <= chances else "failed"
        return
    item.outcome = "done"


def _carry_out(
    variant: Variant,
    rules: MachRules,
    books: Books,
    state: MachState,
    units: list[Unit],
    rebels: Rebels,
    items: list[_Item],
) -> tuple[Spent, MachState]:
    verdicts: dict[int, Verdict] = {}
    assassinated: dict[str, list[str]] = {}
    bribed: dict[tuple[str, str], str] = {}
    famine = set(state.famine)
    sieges = set(state.sieges)
    moves: list[tuple[Unit, Unit]] = []
    for item in items:
        spend, power = item.spend, item.power
        unit = spend.unit
        if item.outcome == "done" and unit is not None and unit not in units:
            item.outcome = "gone"  # disbanded or taken by an earlier expense
        if item.outcome == "done":
            if spend.kind == DISBAND:
                units.remove(unit)  # type: ignore[arg-type]
                bribed[unit.power, place(variant, unit)] = "disbanded"  # type: ignore[union-attr]
                if unit.province in sieges:  # type: ignore[union-attr]
                    sieges.discard(unit.province)  # type: ignore[union-attr]
                    books.events.append(
                        {"event": "siege lifted", "place": unit.province, "power": unit.power}  # type: ignore[union-attr]
                    )
            elif spend.kind in (BUY, TO_AUTONOMOUS):
                owner = power if spend.kind == BUY else AUTONOMOUS
                new = Unit(owner, unit.type, unit.location)  # type: ignore[union-attr]
                units[units.index(unit)] = new  # type: ignore[arg-type]
                moves.append((unit, new))  # type: ignore[arg-type]
                how = "bought" if spend.kind == BUY else "made autonomous"
                bribed[unit.power, place(variant, unit)] = how  # type: ignore[union-attr]
                if spend.kind == BUY:
                    rebels.bought(unit, power)  # type: ignore[arg-type]
            elif spend.kind == FAMINE_RELIEF:
                famine.discard(spend.place)  # type: ignore[arg-type]
            elif spend.kind == PACIFY:
                rebels.pacify(spend.place, power)  # type: ignore[arg-type]
            elif spend.kind == CAUSE_REBELLION and not rebels.cause(spend.place, power, units):  # type: ignore[arg-type]
                item.outcome = "wasted"
        if item.outcome == "success":
            assassinated.setdefault(spend.victim, []).append(power)  # type: ignore[arg-type]
        books.events.append(_event(variant, state, item))
        done = item.outcome in ("done", "success")
        verdicts[item.index] = SUCCEEDED_VERDICT if done else (FAILS, item.outcome, None)
    special = carried(variant, state.special, moves, units)
    new_state = replace(state, famine=frozenset(famine), sieges=frozenset(sieges), special=special)
    return Spent(verdicts, assassinated, bribed), new_state


def _event(variant: Variant, state: MachState, item: _Item) -> dict[str, Any]:
    spend = item.spend
    event: dict[str, Any] = {
        "event": "expense",
        "power": item.power,
        "number": spend.number,
        "kind": spend.kind,
        "ducats": item.ducats,
        "paid": item.paid,
        "counted": item.counted,
        "required": price(variant, state, spend),
    }
    if spend.unit is not None:
        event["target"] = f"{spend.unit.type} {spend.unit.location}"
        event["owner"] = spend.unit.power
        kind = kind_of(variant, state, spend.unit)
        if kind != ORDINARY:
            event["special"] = kind
    else:
        event["target"] = spend.place or spend.victim
    event["notes"] = item.notes
    if item.die is not None:
        event["die"] = item.die
    event["outcome"] = item.outcome
    return event
