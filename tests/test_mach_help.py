"""The players' help file for Machiavelli (judge/helpfiles/machiavelli, issue 29): reachable from
HELP, the index of commands and every Machiavelli variant's info file; every example of an
order or a money line in it read by the real parser in the phase its section names; every
kind of order and money line the parser knows given an example; and every expense example
written at the price the adjudicator asks. So the help can never drift from the code."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

import parser as p
import variants
from judge import helpfiles
from judge.engine.play.orders import power_names
from parser.values_money import (
    ASSASSINATE,
    BANK,
    COUNTER_BRIBE,
    EXPENSE_KINDS,
    MONEY_ORDERS,
    Ally,
    Expense,
    Pay,
)
from tests.machkit import play

MAP = variants.load("machiavelli")
# Each section of the file whose examples are orders, and the phase they are given in.
SECTIONS = {
    "ORDERS IN A MOVEMENT PHASE": "movement",
    "MONEY LINES (A MOVEMENT PHASE OF A GAME WITH MONEY)": "movement",
    "THE EXPENSES AND THEIR PRICES": "movement",
    "RETREATS": "retreat",
    "THE WINTER: INCOME AND ADJUSTMENTS": "adjustment",
}
# The orders a Machiavelli player gives, by phase, beside the money lines.
ORDERS = {
    "movement": {p.Move, p.Convoy, p.Besiege, p.LiftSiege, p.Convert, p.SupportConvert,
                 p.Disband},
    "retreat": {p.Retreat, p.Convert, p.Disband},
    "adjustment": {p.Maintain, p.Remove, p.Build},
}  # fmt: skip


def text(name: str) -> str:
    found = helpfiles.read(name, "judge@test.example", "USTS")
    assert found is not None, f"GET {name} finds no file"
    return found


def examples() -> list[tuple[str, str]]:
    """(phase, example) for each `e.g.` line, its phase that of the heading above it."""
    found, heading = [], ""
    for line in text("machiavelli").splitlines():
        if line and line == line.upper() and not line.startswith(" ") and re.search("[A-Z]", line):
            heading = line.strip()
        elif line.startswith("    e.g.  "):
            assert heading in SECTIONS, f"an example under {heading!r}"
            found.append((SECTIONS[heading], line[10:]))
    return found


def read(phase: str, example: str) -> object:
    """The value the judge reads from the example line in a Balance of Power game."""
    vocabulary = p.Vocabulary(MAP.names, power_names(MAP), phase, dialect=MAP.dialect)
    mail = p.parse_mail(f"SIGN ON Vrome pw\n{example}\n", datetime(2026, 1, 5), vocabulary)
    assert not mail.errors, f"{example}: {mail.errors}"
    (line,) = mail.commands[1:]
    assert isinstance(line, p.OrderLine), example
    (entry,) = line.orders  # one order a line: a comma would have split it
    assert entry.order is not None, f"{example}: {entry.error}"
    return entry.order


@pytest.mark.parametrize(("phase", "example"), examples())
def test_each_example_is_read_by_the_parser_in_its_phase(phase, example):
    read(phase, example)


def test_every_order_and_money_line_has_an_example():
    values = [(phase, read(phase, example)) for phase, example in examples()]
    for phase, wanted in ORDERS.items():
        assert wanted <= {type(v) for kind, v in values if kind == phase}, phase
    money = [v for _, v in values if isinstance(v, MONEY_ORDERS)]
    assert {type(v) for v in money} == set(MONEY_ORDERS)
    assert {v.allow for v in money if isinstance(v, Ally)} == {True, False}
    assert {v.to == BANK for v in money if isinstance(v, Pay)} == {True, False}
    spent = [v for v in money if isinstance(v, Expense)]
    assert {v.kind for v in spent} == set(EXPENSE_KINDS)
    assert any(v.ducats is None for v in spent)  # the amount left out: the least price


def test_each_expense_example_costs_what_the_adjudicator_asks():
    """Played by Venice on the Balance of Power's starting board, each expense's least
    price (the result's `required`) is the example's amount: exactly, or a multiple of 3
    above it for a counter-bribe and an assassination (each 12 a chance)."""
    units: dict[str, list[str]] = {}
    for unit in MAP.units:
        units.setdefault(unit.power, []).append(f"{unit.type} {unit.location}")
    others = [x.name for x in MAP.powers if x.name != "Venice"]
    state = {"seed": 5, "treasury": {"Venice": 200}, "chits": {"Venice": others}}
    priced = 0
    for phase, example in examples():
        value = read(phase, example)
        if not isinstance(value, Expense) or value.ducats is None:
            continue
        played = play("S1454M", units, {"Venice": [example]}, options={"money": True},
                      machiavelli=state)  # fmt: skip
        spent = played.events("expense")
        assert spent, f"{example}: {played['orders']}"
        required = spent[0]["required"]
        if value.kind in (COUNTER_BRIBE, ASSASSINATE):
            assert value.ducats >= required and value.ducats % 3 == 0, example
        else:
            assert value.ducats == required, f"{example}: the price is {required}"
        priced += 1
    assert priced >= len(EXPENSE_KINDS)


def test_help_the_index_and_the_variants_info_lead_to_the_file():
    assert "GET machiavelli" in text("info")
    assert "(GET machiavelli)" in text("index")
    assert "machiavelli" in [name for name, _ in helpfiles.index()]
    assert "  machiavelli " in text("flist")
    for name in ("machiavelli", "mach2_pa"):  # the Balance of Power and a scenario
        assert "GET machiavelli" in " ".join(text(f"info.{name}").split()), name
