"""The opening of a Machiavelli campaign, before its movement (rules.machiavelli "Sequence of
play and order resolution" a to d): the money lines of the movement phase checked and
carried out: the chits handed over and the straits' leave, the banking (`money.py`), the
expenditures, bribes first (`bribes.py`), control of what the bribes changed (first
edition), then the assassinations (`assassins.py`).

Of the lines of one power a later one replaces an earlier for the same payee, the same loan
duration, the same expense number (`expense 2: none` cancels); a chit handed over or an
`ally` line stands on its own. What comes out is the board the movement starts from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from parser.values_money import BANK, Ally, Borrow, Expense, GiveChit, NoExpense, Pay
from variants import Variant

from ..board import Unit
from ..given import GivenOrder, Position
from ..legality import Illegal
from ..outcome import SUCCEEDED_VERDICT, Verdict
from . import money
from .assassins import BANKERS, assassinate
from .board import MachBoard, MachRules
from .bribes import Spend, check_expense, expenditures
from .control import settle
from .dice import Dice
from .rebellions import Rebels
from .state import MachState

MONEY_LINES = (Borrow, Pay, GiveChit, Expense, NoExpense, Ally)


class Opening(NamedTuple):
    """The board after the money steps, and what became of each money line."""

    units: list[Unit]
    centers: dict[str, str]
    state: MachState
    events: list[dict[str, Any]]
    checked: dict[int, object]  # index of a money line -> the line checked, or Illegal
    verdicts: dict[int, Verdict]  # its verdict (none: replaced by a later line)
    victims: frozenset[str]  # the powers assassinated: their units hold
    bribed: dict[tuple[str, str], str]  # (former owner, place) -> "disbanded", "bought", ...


def is_money_line(given: GivenOrder) -> bool:
    return isinstance(given.parsed, MONEY_LINES)


def open_campaign(
    position: Position, orders: Sequence[GivenOrder], rules: MachRules, state: MachState
) -> Opening:
    variant = position.variant
    units = list(position.units)
    lines = [(i, g) for i, g in enumerate(orders) if is_money_line(g)]
    centers = dict(position.centers)
    if not lines and not (rules.money and _anything_due(state, position)):
        return Opening(units, centers, state, [], {}, {}, frozenset(), {})
    checked: dict[int, object] = {}
    verdicts: dict[int, Verdict] = {}
    last = _last_lines(lines)
    board = MachBoard(variant, rules, units)
    banking: dict[str, list[tuple[int, Pay | Borrow]]] = {}
    spends: dict[str, dict[int, tuple[int, Spend]]] = {}
    books = money.Books.of(state)
    for index, given in lines:
        power, order = given.power, given.parsed
        if index not in last:
            checked[index] = order  # replaced: result_lines says so
            continue
        if not rules.money and not isinstance(order, Ally):  # the straits' leave is free
            checked[index] = Illegal("no money", money.NO_MONEY)
            continue
        found = _check(variant, rules, state, board, power, order, lines, last)
        checked[index] = found
        if isinstance(found, Illegal):
            continue
        if isinstance(found, GiveChit):
            verdicts[index] = money.give_chit(books, power, found)
        elif isinstance(found, Ally):
            verdicts[index] = money.ally(books, power, found)
        elif isinstance(found, Spend) and found.ducats != 0:
            spends.setdefault(power, {})[found.number] = (index, found)
        elif isinstance(found, NoExpense | Spend):  # `none`, or 0 ducats: no expense
            verdicts[index] = SUCCEEDED_VERDICT
        else:
            banking.setdefault(power, []).append((index, found))  # type: ignore[arg-type]
    if not rules.money:  # nothing but ALLY lines carried out: the leave they give, kept
        state = books.state(state)
        return Opening(units, centers, state, books.events, checked, verdicts, frozenset(), {})
    paid, defaulters = money.banking(variant, position.phase, books, banking)
    verdicts.update(paid)
    dice = Dice(state.seed, str(position.phase))
    rebels = Rebels(variant, rules, state.rebellions, state.control, books.events)
    spent, state = expenditures(variant, rules, dice, books, state, units, rebels, spends)
    verdicts.update(spent.verdicts)
    touched = {place.rstrip("*") for _, place in spent.bribed}
    state = replace(state, rebellions=dict(rebels.places))
    centers, state, changes = settle(variant, rules, state, centers, units, touched)
    books.events.extend(changes)
    victims = {v: list(by) for v, by in spent.assassinated.items()}
    for power in defaulters:
        victims.setdefault(power, []).append(BANKERS)
    if victims:
        rebels = Rebels(variant, rules, state.rebellions, state.control, books.events)
        state = assassinate(variant, dice, state, units, rebels, victims)
        state = replace(state, rebellions=dict(rebels.places))
    state = books.state(state)
    events = [*dice.events, *books.events]
    return Opening(
        units, centers, state, events, checked, verdicts, frozenset(victims), spent.bribed
    )


def _anything_due(state: MachState, position: Position) -> bool:
    """Loans fall due even when nobody writes a money line."""
    phase = position.phase
    now = (phase.year, "SUF".find(phase.season))
    return any(
        (int(loan.due[1:5]), "SUF".find(loan.due[0])) <= now
        for loans in state.loans.values()
        for loan in loans
    )


def _key(power: str, order: object) -> tuple | None:
    """What a line replaces: the same payee, loan duration or expense number."""
    if isinstance(order, Pay):
        return (power, "pay", order.to.lower())
    if isinstance(order, Borrow):
        return (power, "borrow", order.years)
    if isinstance(order, Expense | NoExpense):
        return (power, "expense", order.number)
    return None


def _last_lines(lines: list[tuple[int, GivenOrder]]) -> set[int]:
    """The lines that count: the last of each key, and every chit and ally line."""
    latest: dict[tuple, int] = {}
    keep = set()
    for index, given in lines:
        key = _key(given.power, given.parsed)
        if key is None:
            keep.add(index)
        else:
            latest[key] = index
    return keep | set(latest.values())


def _check(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    board: MachBoard,
    power: str,
    order: Any,
    lines: list[tuple[int, GivenOrder]],
    last: set[int],
) -> object:
    if isinstance(order, Expense):
        return check_expense(variant, rules, state, board, power, order)
    if isinstance(order, NoExpense):
        return order
    mine = [g.parsed for i, g in lines if i in last and g.power == power]
    borrowing = {o.years: o.ducats for o in mine if isinstance(o, Borrow)}
    to_bank = sum(o.ducats for o in mine if isinstance(o, Pay) and o.to == BANK)
    return money.check_banking(variant, rules, state, power, order, borrowing, to_bank)
