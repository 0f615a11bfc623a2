"""The play family's commands (`play.lark`): lines of orders, future orders (PHASE) and
conditional ones (IF ... ENDIF, section 6), CLEAR, and SET [NO] WAIT.

The lines of orders and the arms of an IF are not read by the grammar: the mail reader
collects them (mail.py) into OrderLine, PhasedOrders and Conditional values. The grammar
reads the structure words (IF, ELSE IF, ELSE, ENDIF) one line at a time, and they are
handed to the mail reader as If, ElseIf, Else and EndIf, which never leave the parser.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..orders import Order
from .base import Command, PhaseSpec, Rules, said_no


@dataclass(frozen=True, slots=True)
class OrderEntry:
    """One order of a line: its text, and the order read from it or why it could not be
    (both None when no map was known to read it by)."""

    text: str
    order: Order | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderLine(Command):
    """A line of orders, several separated by commas or semicolons."""

    text: str
    orders: tuple[OrderEntry, ...]


@dataclass(frozen=True, slots=True)
class Occupied:
    """A condition's atom: a unit of that power and type (either may be any) stands in the
    province at the start of the phase. `words` are as written; the rest is what they meant,
    when the game's names were known."""

    words: tuple[str, ...]
    power: str | None = None
    unit_type: str | None = None
    province: str | None = None


@dataclass(frozen=True, slots=True)
class Negation:
    condition: Condition


@dataclass(frozen=True, slots=True)
class Both:
    left: Condition
    right: Condition


@dataclass(frozen=True, slots=True)
class Either:
    left: Condition
    right: Condition


Condition = Occupied | Negation | Both | Either


@dataclass(frozen=True, slots=True)
class Branch:
    """One arm of an IF: its condition (None for ELSE) and what it holds."""

    condition: Condition | None
    items: tuple[OrderLine | SetWait | Conditional, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Conditional(Command):
    """IF ... [ELSE IF ...]* [ELSE ...] ENDIF: the first arm whose condition holds counts."""

    branches: tuple[Branch, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PhasedOrders(Command):
    """PHASE season year phase, and the orders (and SET [NO] WAIT) that follow it."""

    phase: PhaseSpec
    items: tuple[OrderLine | SetWait | Conditional, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Clear(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class SetWait(Command):
    on: bool


# The structure words of conditional orders; the mail reader assembles them into a
# Conditional and they never leave the parser.
@dataclass(frozen=True, slots=True, kw_only=True)
class If(Command):
    condition: Condition


@dataclass(frozen=True, slots=True, kw_only=True)
class ElseIf(Command):
    condition: Condition


@dataclass(frozen=True, slots=True, kw_only=True)
class Else(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class EndIf(Command):
    pass


class PlayRules(Rules):
    def phase(self, items: list) -> list[Command]:
        return [PhasedOrders(phase=items[0])]

    def clear(self, items: list) -> list[Command]:
        return [Clear()]

    def if_(self, items: list) -> list[Command]:
        return [If(condition=items[0])]

    def else_if(self, items: list) -> list[Command]:
        return [ElseIf(condition=items[0])]

    def else_(self, items: list) -> list[Command]:
        return [Else()]

    def end_if(self, items: list) -> list[Command]:
        return [EndIf()]

    def condition(self, items: list) -> Condition:
        result = items[0]
        for i in range(1, len(items), 2):
            right = items[i + 1]
            result = (
                Both(result, right) if str(items[i]).lower() == "and" else Either(result, right)
            )
        return result

    def negation(self, items: list) -> Condition:
        return Negation(items[-1])

    def occupied(self, items: list) -> Condition:
        return Occupied(words=tuple(str(w) for w in items))

    def set_wait(self, items: list) -> Command:
        return SetWait(on=not said_no(items))
