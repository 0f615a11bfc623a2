"""Conditional future orders (users' manual 6.3) on a board: conditions are read by the real
parser from the lines a player would send, then tested against units as the phase document
writes them."""

from __future__ import annotations

from datetime import datetime
from functools import reduce

import pytest

import variants
from judge.engine.play.conditions import choose_branch, flatten, holds
from parser import Vocabulary, parse_mail
from parser import commands as c

NOW = datetime(2026, 11, 22, 10, 0)
STANDARD = variants.load("standard")
POWERS = {k: p.name for p in STANDARD.powers for k in (p.name.lower(), p.adjective.lower())}
VOCABULARY = Vocabulary(STANDARD.names, POWERS, "movement")

BOARD = {
    "France": ["A par", "F bre", "A ruh"],
    "Russia": ["F stp/sc", "A war", "A pru"],
    "Germany": ["F kie", "A mun"],
    "England": ["F nth"],
}


def phase_items(lines: str) -> tuple:
    mail = parse_mail(f"signon Fgame pw\nphase f1905m\n{lines}\n", NOW, VOCABULARY)
    assert not mail.errors, mail.errors
    block = mail.commands[1]
    assert isinstance(block, c.PhasedOrders)
    return block.items


def condition(text: str) -> c.Condition:
    (conditional,) = phase_items(f"IF {text}\nENDIF")
    assert isinstance(conditional, c.Conditional)
    condition = conditional.branches[0].condition
    assert condition is not None
    return condition


def true(text: str, board=BOARD) -> bool:
    return holds(condition(text), board)


# -- atoms ----------------------------------------------------------------------------------


def test_a_province_alone_holds_for_any_unit_there():
    assert true("Paris")
    assert true("par")
    assert not true("Burgundy")


@pytest.mark.parametrize(
    "text",
    ["France Army Paris", "Army France Paris", "Paris Army French", "par a fr", "French par"],
)
def test_power_type_and_province_in_any_order(text):
    assert true(text)


@pytest.mark.parametrize("text", ["France Fleet Paris", "German Paris", "Fleet Ruhr"])
def test_power_and_type_must_match_when_given(text):
    assert not true(text)


def test_powers_abbreviated_to_two_or_more_letters():
    assert true("Fr Army Ruhr")
    assert true("Ger kie")
    assert true("russ warsaw")
    assert not true("Eng kie")


def test_a_unit_on_a_coast_stands_in_the_province():
    assert true("stp")
    assert true("Russian Fleet St Petersburg")
    assert true("saint petersburg")
    assert not true("Army stp")
    assert not true("German stp")


def test_the_board_may_write_units_and_powers_in_any_case():
    assert true("France Army Paris", {"FRANCE": ["a PAR"]})


# -- NOT, AND, OR, parentheses --------------------------------------------------------------


def test_not():
    assert true("NOT bur")
    assert not true("NOT par")


def test_and_or():
    assert true("par AND bre")
    assert not true("par AND bur")
    assert true("bur OR par")
    assert not true("bur OR gas")


def test_and_and_or_are_read_left_to_right_without_precedence():
    # (par OR bur) AND gas: false. With AND binding tighter it would be true.
    assert not true("par OR bur AND gas")
    assert true("par OR (bur AND gas)")
    # (bur AND gas) OR par: true either way.
    assert true("bur AND gas OR par")


def test_not_applies_to_the_next_atom_or_parenthesis():
    assert true("NOT bur AND par")
    assert not true("NOT (bur OR par)")
    assert true("NOT (Russia Sev OR F Bla)")
    assert true("France Army Paris AND NOT (Russia Sev OR F Bla)")


def test_the_manuals_example():
    text = "NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)"
    assert not true(text)  # a French army is in the Ruhr
    elsewhere = {**BOARD, "France": ["A par", "F bre", "A bur"]}
    assert true(text, elsewhere)
    assert not true(text, {**elsewhere, "Russia": ["A war"]})


def test_the_end_of_the_line_closes_parentheses():
    assert true("par AND (bre OR (gas")


def test_an_atom_the_parser_could_not_read_never_holds():
    mail = parse_mail("signon Fg pw\nphase f1905m\nIF frog\nENDIF\n", NOW, VOCABULARY)
    assert mail.errors  # the player was told
    atom = mail.commands[1].items[0].branches[0].condition  # type: ignore[attr-defined]
    assert atom.province is None
    assert not holds(atom, BOARD)
    assert holds(c.Negation(atom), BOARD)


def test_a_long_chain_does_not_exhaust_the_stack():
    atom = condition("bur")
    chain = reduce(c.Either, [atom] * 5000 + [condition("par")])
    assert holds(chain, BOARD)
    assert not holds(reduce(c.Both, [condition("par")] * 5000 + [atom]), BOARD)


# -- IF ... ELSE IF ... ELSE ... ENDIF ------------------------------------------------------

MANUAL = """IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)
Kiel -> Berlin
Munich support Kiel -> Berlin
ELSE
Kiel -> Ruhr
Munich support Kiel -> Ruhr
ENDIF"""


def texts(items) -> list[str]:
    return [x.text if isinstance(x, c.OrderLine) else f"wait {x.on}" for x in items]


def test_choose_branch_takes_else_when_the_condition_fails():
    (conditional,) = phase_items(MANUAL)
    assert texts(choose_branch(conditional, BOARD)) == [
        "Kiel -> Ruhr",
        "Munich support Kiel -> Ruhr",
    ]


def test_choose_branch_takes_the_first_branch_that_holds():
    (conditional,) = phase_items(MANUAL)
    board = {**BOARD, "France": ["A par"]}
    assert texts(choose_branch(conditional, board)) == [
        "Kiel -> Berlin",
        "Munich support Kiel -> Berlin",
    ]


def test_choose_branch_else_if_and_no_branch():
    (conditional,) = phase_items(
        "IF bur\nA par-bur\nELSE IF par\nA par-gas\nELSE IF bre\nF bre-mao\nENDIF"
    )
    assert texts(choose_branch(conditional, BOARD)) == ["A par-gas"]  # the first that holds
    assert choose_branch(conditional, {"Italy": ["A rom"]}) == ()


def test_flatten_keeps_plain_items_and_resolves_nested_ifs():
    items = phase_items(
        "F bre-mao\n"
        "IF par\n"
        "  IF German Fleet Kiel\n"
        "    A par-bur\n"
        "    set wait\n"
        "  ELSE\n"
        "    A par-gas\n"
        "  ENDIF\n"
        "  A ruh-hol\n"
        "ELSE\n"
        "  A ruh-bel\n"
        "ENDIF\n"
        "set nowait"
    )
    assert texts(flatten(items, BOARD)) == [
        "F bre-mao",
        "A par-bur",
        "wait True",
        "A ruh-hol",
        "wait False",
    ]
    germans_gone = {k: v for k, v in BOARD.items() if k != "Germany"}
    assert texts(flatten(items, germans_gone)) == [
        "F bre-mao",
        "A par-gas",
        "A ruh-hol",
        "wait False",
    ]
    assert texts(flatten(items, {})) == ["F bre-mao", "A ruh-bel", "wait False"]


def test_flatten_handles_deep_nesting():
    depth = 20  # parser.mail.MAX_IF_DEPTH: a 21st open IF is a line error (test_store_limits)
    items = phase_items("IF par\n" * depth + "A par-bur\n" + "ENDIF\n" * depth)
    assert texts(flatten(items, BOARD)) == ["A par-bur"]
