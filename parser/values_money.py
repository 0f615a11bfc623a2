"""What Machiavelli's money lines say, as values (parser/machiavelli_money.lark; the rulebook's
"Order syntax", "Expenditure orders"; docs/machiavelli.md "Orders"). A power gives them in a
movement phase beside its units' orders; the adjudicator (adjudicator/machiavelli/money.py,
bribes.py) checks and carries them out. Powers are kept as written (`nap`, `Naples`): the
variant says which power a name means. Each value writes itself back in a form the grammar
reads to the same value (`str`), the notation of its result line."""

from __future__ import annotations

from dataclasses import dataclass

from .values import Location, UnitSpec

# The expense kinds, by the words the report uses (the njudge's `etype` letters f p c d b g r a).
FAMINE_RELIEF = "famine relief"
PACIFY = "pacify rebellion"
COUNTER_BRIBE = "counter-bribe"
DISBAND = "disband"
BUY = "buy"
TO_AUTONOMOUS = "garrison to autonomous"
CAUSE_REBELLION = "cause rebellion"
ASSASSINATE = "assassinate"
EXPENSE_KINDS = (
    FAMINE_RELIEF, PACIFY, COUNTER_BRIBE, DISBAND, BUY, TO_AUTONOMOUS, CAUSE_REBELLION,
    ASSASSINATE,
)  # fmt: skip
# Expenses aimed at a unit (the bribes, and the counter-bribe), at a province, at a power.
UNIT_KINDS = frozenset({COUNTER_BRIBE, DISBAND, BUY, TO_AUTONOMOUS})
PROVINCE_KINDS = frozenset({FAMINE_RELIEF, PACIFY, CAUSE_REBELLION})

BANK = "bank"


def _ducats(n: int) -> str:
    return f"{n} ducat" + ("" if n == 1 else "s")


@dataclass(frozen=True, slots=True)
class Borrow:
    """`borrow 25 ducats for 2 years`: a bank loan (0 ducats cancels the line)."""

    ducats: int
    years: int

    def __str__(self) -> str:
        return f"borrow {_ducats(self.ducats)} for {self.years} year" + (
            "s" if self.years > 1 else ""
        )


@dataclass(frozen=True, slots=True)
class Pay:
    """`pay 6 ducats to Milan`, `pay 14 ducats to bank` (give, loan): money handed over
    before the expenses (0 ducats cancels a payment to that power)."""

    ducats: int
    to: str  # BANK or a power as written

    def __str__(self) -> str:
        return f"pay {_ducats(self.ducats)} to {self.to}"


@dataclass(frozen=True, slots=True)
class GiveChit:
    """`give Turkey to Naples`: the assassination chit for Turkey handed to Naples."""

    victim: str
    to: str

    def __str__(self) -> str:
        return f"give {self.victim} to {self.to}"


@dataclass(frozen=True, slots=True)
class Expense:
    """`expense 1: 12 ducats disband A bol`: one of a power's four expenses. `ducats`
    None: the njudge's minimum for the target, worked out when it is carried out."""

    number: int
    kind: str  # one of EXPENSE_KINDS
    ducats: int | None = None
    unit: UnitSpec | None = None  # UNIT_KINDS
    place: Location | None = None  # PROVINCE_KINDS
    power: str | None = None  # ASSASSINATE

    def __str__(self) -> str:
        amount = "" if self.ducats is None else f"{_ducats(self.ducats)} "
        target = self.unit or self.place or self.power
        return f"expense {self.number}: {amount}{self.kind} {target}"


@dataclass(frozen=True, slots=True)
class NoExpense:
    """`expense 2: none`: the expense of that number cancelled."""

    number: int

    def __str__(self) -> str:
        return f"expense {self.number}: none"


@dataclass(frozen=True, slots=True)
class Ally:
    """`ally Naples, Turkey`: leave for their fleets to pass the straits the power's fleets
    keep; `unally Naples` (allow False) takes it back."""

    powers: tuple[str, ...]
    allow: bool = True

    def __str__(self) -> str:
        return ("ally " if self.allow else "unally ") + ", ".join(self.powers)


@dataclass(frozen=True, slots=True)
class BuildSpecial:
    """`build elite mercenary A pad` (`cm`, `em`, `ep`): an adjustment's build of a special
    unit, kind `militia`, `mercenary` or `professional`."""

    unit: UnitSpec
    kind: str

    def __str__(self) -> str:
        return f"build {self.kind} {self.unit}"


MoneyOrder = Borrow | Pay | GiveChit | Expense | NoExpense | Ally
MONEY_ORDERS = (Borrow, Pay, GiveChit, Expense, NoExpense, Ally, BuildSpecial)
