"""Machiavelli's banking, the first step of a campaign (rules.machiavelli "Borrowing and
loans", "Sequence of play and order resolution" a; the njudge's ma_expenses.c for what the
text leaves open and for its words): payments to the bank, payments to other powers,
borrowing, and the bank collecting the loans due; the assassination chits handed over and
the straits' leave (`ally`).

In this order, each power in the variant's order:

a) "Pay to bank": interest of the earliest loan first, then its principal, then the next;
b) payments to other powers, refused while a power owes the bank anything; the ducats
   arrive after all are paid, so none is paid on twice in one campaign;
c) loans, for one year at 20% or two at 50% (interest rounded up), due at the same season a
   year or two later, never above 25 ducats of principal owed (SET LOANS; none to a power
   that once defaulted);
d) the bank collects what is due; a power that cannot pay gives all it has, is
   assassinated by the bankers and never borrows again (`defaulted`).

The balances are the state's `treasury` and `loans`; each step is an event of the phase
(docs/machiavelli.md "Money in the result").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from parser.values_money import BANK, Ally, Borrow, GiveChit, Pay
from variants import Variant

from ..legality import Illegal
from ..outcome import FAILS, SUCCEEDED_VERDICT, Verdict
from ..phase import Phase
from .board import MachRules
from .state import Loan, MachState

MAX_PRINCIPAL = 25  # "Players may borrow up to a total maximum of 25 ducats"
NO_MONEY = "This game does not allow money."
NO_LOANS = "This game does not allow bank loans."


def power_named(variant: Variant, text: str) -> str | None:
    """The power a money line names: its name, adjective or letter, or the beginning of its
    name (two letters or more) when only one power's name begins so (the njudge's
    get_power)."""
    try:
        return variant.power(text).name
    except KeyError:
        pass
    word = text.lower()
    if len(word) < 2:
        return None
    found = [p.name for p in variant.powers if p.name.lower().startswith(word)]
    return found[0] if len(found) == 1 else None


def interest(ducats: int, years: int) -> int:
    """20% for a year, 50% for two, rounded up ("interest is always rounded up")."""
    return (ducats + 4) // 5 if years == 1 else (ducats + 1) // 2


def due_phase(phase: Phase, years: int) -> str:
    """A loan falls due at the same season `years` later: `S1456M`."""
    return f"{phase.season}{phase.year + years:04d}M"


def principal(loans: Iterable[Loan]) -> int:
    return sum(loan.principal for loan in loans)


@dataclass
class Books:
    """The money of a campaign being worked out: working copies of the state's money."""

    treasury: dict[str, int]
    loans: dict[str, list[Loan]]
    chits: dict[str, list[str]]
    defaulted: set[str]
    allies: dict[str, set[str]]
    events: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, state: MachState) -> Books:
        return cls(
            treasury=dict(state.treasury),
            loans={p: sorted(ls, key=_due_key) for p, ls in state.loans.items() if ls},
            chits={p: list(cs) for p, cs in state.chits.items()},
            defaulted=set(state.defaulted),
            allies={p: set(a) for p, a in state.allies.items()},
        )

    def state(self, state: MachState) -> MachState:
        return replace(
            state,
            treasury=dict(self.treasury),
            loans={p: tuple(ls) for p, ls in self.loans.items() if ls},
            chits={p: tuple(cs) for p, cs in self.chits.items() if cs},
            defaulted=frozenset(self.defaulted),
            allies={p: frozenset(a) for p, a in self.allies.items() if a},
        )

    def spend(self, power: str, ducats: int) -> int:
        """Take up to `ducats` from the power's treasury; what was taken."""
        have = self.treasury.get(power, 0)
        paid = min(max(ducats, 0), have)
        self.treasury[power] = have - paid
        return paid


def _due_key(loan: Loan) -> tuple[int, int]:
    """Loans in the order they fall due: year, then season (S, U, F)."""
    return (int(loan.due[1:5]), "SUF".find(loan.due[0]))


def check_banking(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    power: str,
    order: Pay | Borrow | GiveChit | Ally,
    borrowing: Mapping[int, int],
    to_bank: int,
) -> Pay | Borrow | GiveChit | Ally | Illegal:
    """Is this banking line possible (the njudge's refusals when it reads it)? `borrowing`:
    the power's other loan lines (years -> ducats) and `to_bank` its payment to the bank,
    for the 25 ducats' limit."""
    if isinstance(order, Ally):  # the straits' leave (rule k) costs nothing: no money needed
        named = [power_named(variant, p) for p in order.powers]
        if None in named:
            bad = order.powers[named.index(None)]
            return Illegal("no such power", f"Invalid power name -> {bad}")
        return Ally(tuple(n for n in named if n is not None), order.allow)
    if not rules.money:
        return Illegal("no money", NO_MONEY)
    if isinstance(order, Borrow):
        if not rules.loans:
            return Illegal("no loans", NO_LOANS)
        others = sum(d for years, d in borrowing.items() if years != order.years)
        owed = principal(state.loans.get(power, ()))
        if order.ducats + others + owed - to_bank > MAX_PRINCIPAL:
            return Illegal("too much", f"Maximum outstanding principle is {MAX_PRINCIPAL} ducats.")
        return order
    if isinstance(order, Pay):
        if order.to == BANK:
            return order
        to = power_named(variant, order.to)
        if to is None:
            return Illegal("no such power", f"Unrecognized power specified -> {order.to}")
        return Pay(order.ducats, to)
    if isinstance(order, GiveChit):
        victim, to = power_named(variant, order.victim), power_named(variant, order.to)
        if victim is None or to is None:
            bad = order.victim if victim is None else order.to
            return Illegal("no such power", f"Unrecognized power specified -> {bad}")
        if victim not in state.chits.get(power, ()):
            return Illegal("no chit", f"You do not have an assassination chit for {victim}.")
        return GiveChit(victim, to)
    raise TypeError(f"not a banking line: {order!r}")


def banking(
    variant: Variant,
    phase: Phase,
    books: Books,
    lines: Mapping[str, list[tuple[int, Pay | Borrow]]],
) -> tuple[dict[int, Verdict], list[str]]:
    """Steps a to d for every power: the verdict of each line (by its index among the
    orders given) and the powers the bankers assassinate."""
    powers = [p.name for p in variant.powers]
    verdicts: dict[int, Verdict] = {}
    events = books.events
    for power in powers:  # a) to the bank
        for index, order in lines.get(power, ()):
            if isinstance(order, Pay) and order.to == BANK:
                verdicts[index] = _pay_bank(books, power, order.ducats)
    received: dict[str, int] = {}
    for power in powers:  # b) to other powers
        for index, order in lines.get(power, ()):
            if isinstance(order, Pay) and order.to != BANK and order.ducats > 0:
                event = {"event": "payment", "power": power, "to": order.to, "ducats": order.ducats}
                if books.loans.get(power):
                    event |= {"paid": 0, "outcome": "outstanding loan"}
                else:
                    paid = books.spend(power, order.ducats)
                    received[order.to] = received.get(order.to, 0) + paid
                    event |= {"paid": paid, "outcome": "done" if paid == order.ducats else "nsf"}
                events.append(event)
                verdicts[index] = _verdict(event["outcome"])
            elif isinstance(order, Pay) and order.to != BANK:
                verdicts[index] = SUCCEEDED_VERDICT  # 0 ducats: the payment is cancelled
    for power, ducats in received.items():
        books.treasury[power] = books.treasury.get(power, 0) + ducats
    for power in powers:  # c) loans
        for index, order in sorted(
            ((i, o) for i, o in lines.get(power, ()) if isinstance(o, Borrow)),
            key=lambda line: line[1].years,  # type: ignore[union-attr]
        ):
            verdicts[index] = _borrow(books, phase, power, order)  # type: ignore[arg-type]
    defaulters = []
    for power in powers:  # d) the bank collects
        if _collect(books, phase, power):
            defaulters.append(power)
    return verdicts, defaulters


def _pay_bank(books: Books, power: str, ducats: int) -> Verdict:
    if ducats <= 0:
        return SUCCEEDED_VERDICT
    paid = books.spend(power, ducats)
    left = paid
    kept = []
    for loan in books.loans.get(power, []):
        towards_interest = min(left, loan.interest)
        left -= towards_interest
        towards_principal = min(left, loan.principal)
        left -= towards_principal
        rest = Loan(loan.principal - towards_principal, loan.interest - towards_interest, loan.due)
        if rest.principal or rest.interest:
            kept.append(rest)
    books.loans[power] = kept
    outcome = "done" if paid == ducats else "nsf"
    books.events.append(
        {"event": "payment", "power": power, "to": BANK, "ducats": ducats, "paid": paid}
        | {"outcome": outcome}
    )
    return _verdict(outcome)


def _borrow(books: Books, phase: Phase, power: str, order: Borrow) -> Verdict:
    if order.ducats <= 0:
        return SUCCEEDED_VERDICT  # "borrow 0 ducats": no loan
    event: dict[str, Any] = {"event": "loan", "power": power, "asked": order.ducats}
    event["years"] = order.years
    if power in books.defaulted:
        events = {"ducats": 0, "interest": 0, "owed": 0, "due": None, "outcome": "prior default"}
        books.events.append(event | events)
        return _verdict("prior default")
    loans = books.loans.setdefault(power, [])
    ducats = min(order.ducats, MAX_PRINCIPAL - principal(loans))
    extra = interest(ducats, order.years)
    due = due_phase(phase, order.years)
    if ducats > 0:
        same = [i for i, loan in enumerate(loans) if loan.due == due]
        if same:
            old = loans[same[0]]
            loans[same[0]] = Loan(old.principal + ducats, old.interest + extra, due)
        else:
            loans.append(Loan(ducats, extra, due))
            loans.sort(key=_due_key)
        books.treasury[power] = books.treasury.get(power, 0) + ducats
    outcome = "done" if ducats == order.ducats else "max"
    event |= {"ducats": ducats, "interest": extra, "owed": ducats + extra, "due": due}
    books.events.append(event | {"outcome": outcome})
    return SUCCEEDED_VERDICT if outcome == "done" else (FAILS, "max", None)


def _collect(books: Books, phase: Phase, power: str) -> bool:
    """The loans due now (or before) paid back; True if the power cannot pay them."""
    loans = books.loans.get(power, [])
    now = (phase.year, "SUF".find(phase.season))
    due = [loan for loan in loans if _due_key(loan) <= now]
    if not due:
        return False
    owed = sum(loan.principal + loan.interest for loan in due)
    have = books.treasury.get(power, 0)
    defaulted = owed > have
    paid = books.spend(power, owed)
    event = {"event": "repayment", "power": power, "owed": owed, "paid": paid}
    books.events.append(event | {"defaulted": defaulted})
    if defaulted:
        books.loans[power] = []
        books.defaulted.add(power)
    else:
        books.loans[power] = [loan for loan in loans if loan not in due]
    return defaulted


def give_chit(books: Books, power: str, order: GiveChit) -> Verdict:
    """A chit handed over at once ("an immediate event")."""
    held = books.chits.get(power, [])
    if order.victim not in held:
        return (FAILS, "no chit", None)
    held.remove(order.victim)
    books.chits.setdefault(order.to, []).append(order.victim)
    books.events.append({"event": "chit", "power": power, "victim": order.victim, "to": order.to})
    return SUCCEEDED_VERDICT


def ally(books: Books, power: str, order: Ally) -> Verdict:
    """The straits' leave given or taken back; the event lists the leave it leaves."""
    allowed = books.allies.setdefault(power, set())
    for other in order.powers:
        if other == power:
            continue
        (allowed.add if order.allow else allowed.discard)(other)
    books.events.append({"event": "ally", "power": power, "allies": sorted(allowed)})
    return SUCCEEDED_VERDICT


def _verdict(outcome: str) -> Verdict:
    return SUCCEEDED_VERDICT if outcome == "done" else (FAILS, outcome, None)
