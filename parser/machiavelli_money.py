"""Machiavelli's money lines read (parser/machiavelli_money.lark): the lines of a movement
phase that borrow, pay, give a chit, spend or ally, and the special builds of an adjustment
phase, before the line is tried as a unit's order (the njudge's expin before ma_movein).

A line whose first word is none of theirs is not a money line (`read` gives None) and goes
to the order grammar; one that is, but does not read, gets the njudge's refusal (`Missing
'to' keyword.`, `Invalid duration for loan -> ...`, `Invalid expenditure type -> ...`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lark import Token, Tree, UnexpectedInput

from .lalr import lalr
from .values import Location, UnitSpec
from .values_money import (
    ASSASSINATE,
    BANK,
    BUY,
    CAUSE_REBELLION,
    COUNTER_BRIBE,
    DISBAND,
    FAMINE_RELIEF,
    PACIFY,
    TO_AUTONOMOUS,
    Ally,
    Borrow,
    BuildSpecial,
    Expense,
    GiveChit,
    NoExpense,
    Pay,
)

GRAMMAR = (Path(__file__).parent / "machiavelli_money.lark").read_text(encoding="utf-8")

# The first words of a money line, and of a special build.
_MONEY_START = re.compile(
    r"(borrows?|gives?|pays?|loans?|expenses?|exp|e\s*\d|ally|allies|alliance|allow|unally"
    r"|unalliance|not\s+allies|don't\s+allow|dont\s+allow|disallow)(?![a-z])"
)
_SPECIAL_START = re.compile(
    r"(builds?|b)\s+(citizen'?s\s+militia|militia|cm|elite\s+mercenar|mercenar|em|"
    r"elite\s+professional|professional|ep)"
)
_YEARS = {"1": 1, "2": 2, "one": 1, "two": 2}
_UNIT_WORDS = {"army": "A", "a": "A", "fleet": "F", "f": "F", "garrison": "G", "g": "G"}
_COAST_LETTER = {"n": "nc", "s": "sc", "e": "ec", "w": "wc"}


class MoneyError(ValueError):
    """A money line that does not read: the njudge's message, and the unknown province's
    text when a province was wanted (for the nearest names)."""

    def __init__(self, message: str, unknown: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.unknown = unknown


class MoneyReader:
    """Reads the money lines of one map (its province names)."""

    def __init__(self, names: Mapping[str, str], province_regex: str) -> None:
        self.names = names
        grammar = GRAMMAR + f"\nPROVINCE.2: /{province_regex}(?![a-z0-9])/\n"
        self._lark = lalr(grammar, lexer="contextual", start=["money", "special"])

    def read(self, clean: str, phase: str) -> Any:
        """The value of a money line (`clean`: lower-cased, periods dropped), None when the
        line is no money line; raises MoneyError when it is one but does not read."""
        if phase == "movement" and _MONEY_START.match(clean):
            start = "money"
        elif phase == "adjustment" and _SPECIAL_START.match(clean):
            start = "special"
        else:
            return None
        try:
            tree = self._lark.parse(clean, start=start)
        except UnexpectedInput as exc:
            raise self._refusal(clean, exc) from None
        return self._value(tree)

    def _refusal(self, clean: str, exc: UnexpectedInput) -> MoneyError:
        at = getattr(exc, "pos_in_stream", None)
        if at is None:
            token = getattr(exc, "token", None)
            at = token.start_pos if isinstance(token, Token) and token.start_pos is not None else 0
        rest = clean[at:].strip() or clean
        expected = set(getattr(exc, "expected", ()) or getattr(exc, "allowed", ()) or ())
        if clean.startswith("borrow"):
            if "DURATION" in expected or re.search(r"\bfor\b", clean):
                return MoneyError(f"Invalid duration for loan -> {rest}")
            return MoneyError(f"Invalid amount specified -> {rest}")
        if "TO" in expected:
            return MoneyError("Missing 'to' keyword.")
        if "PROVINCE" in expected:
            return MoneyError(f"Unrecognized province -> {rest}", rest)
        if "COUNTER" in expected or "PLACE_KIND" in expected:
            return MoneyError(f"Invalid expenditure type -> {rest}")
        if "WORD" in expected:
            return MoneyError(f"Invalid power name -> {rest}")
        return MoneyError(f"Invalid order syntax -> {rest}")

    def _value(self, tree: Tree) -> Any:
        kind = str(tree.data)
        parts = tree.children
        tokens = {t.type: str(t) for t in parts if isinstance(t, Token)}
        if kind == "borrow":
            return Borrow(_amount(tokens["AMOUNT"]), _duration(tokens["DURATION"]))
        if kind == "pay":
            to = BANK if "BANK" in tokens else _power(parts[-1])
            return Pay(_amount(tokens["AMOUNT"]), to)
        if kind == "give_chit":
            powers = [_power(p) for p in parts if isinstance(p, Tree)]
            return GiveChit(powers[0], powers[1])
        number = _number(tokens.get("EXPENSE", "0"))
        ducats = _amount(tokens["AMOUNT"]) if "AMOUNT" in tokens else None
        if kind == "no_expense":
            return NoExpense(number)
        if kind == "expense_unit":
            word = _kind_word(parts)
            unit = self._unit(next(p for p in parts if isinstance(p, Tree) and p.data == "unit"))
            return Expense(number, word, ducats, unit=unit)
        if kind == "expense_place":
            word = _place_kind(tokens["PLACE_KIND"])
            place = self._location(next(p for p in parts if isinstance(p, Tree)))
            return Expense(number, word, ducats, place=place)
        if kind == "expense_power":
            return Expense(number, ASSASSINATE, ducats, power=_power(parts[-1]))
        if kind in ("ally", "unally"):
            listed = next(p for p in parts if isinstance(p, Tree))
            powers = tuple(_power(p) for p in listed.children if isinstance(p, Tree))
            return Ally(powers, kind == "ally")
        if kind == "build_special":
            unit = self._unit(next(p for p in parts if isinstance(p, Tree)))
            return BuildSpecial(unit, _special(tokens["SPECIAL"]))
        raise AssertionError(kind)

    def _unit(self, tree: Tree) -> UnitSpec:
        kind = None
        location = None
        for part in tree.children:
            if isinstance(part, Token) and part.type == "UNIT_TYPE":
                kind = _UNIT_WORDS[str(part)]
            elif isinstance(part, Tree):
                location = self._location(part)
        assert location is not None
        return UnitSpec(kind, location)

    def _location(self, tree: Tree) -> Location:
        words = [str(t) for t in tree.children]
        province = self.names[re.sub(r"\s+", " ", words[0])]
        if len(words) == 1:
            return Location(province)
        return Location(province, _COAST_LETTER[words[1].strip("/() \t")[0]])


def _power(tree: Any) -> str:
    """A power as written: the word under `power`."""
    return str(tree.children[0]) if isinstance(tree, Tree) else str(tree)


def _number(word: str) -> int:
    return int(re.search(r"\d+", word).group())  # type: ignore[union-attr]


def _amount(word: str) -> int:
    """`12 ducats` -> 12; the njudge adds `6+3` to 9 and reads `+3` as 6 (its oddities)."""
    digits = re.findall(r"\d+", word)
    if word.lstrip().startswith("+"):
        return 2 * int(digits[0])
    return sum(int(d) for d in digits)


def _duration(word: str) -> int:
    parts = word.split()
    years = _YEARS.get(parts[1]) if len(parts) > 1 else None
    if years is None:
        raise MoneyError(f"Invalid duration for loan -> {word}")
    return years


def _kind_word(parts: list[Any]) -> str:
    tree = next(p for p in parts if isinstance(p, Tree) and p.data == "unit_kind")
    token = tree.children[0]
    return {"COUNTER": COUNTER_BRIBE, "DISBAND": DISBAND, "BUY": BUY}.get(token.type, TO_AUTONOMOUS)


def _place_kind(word: str) -> str:
    if word.startswith(("famine", "relief", "fr")):
        return FAMINE_RELIEF
    if word.startswith(("pacify", "pr")):
        return PACIFY
    return CAUSE_REBELLION


def _special(word: str) -> str:
    if "militia" in word or word == "cm":
        return "militia"
    if "mercenar" in word or word == "em":
        return "mercenary"
    return "professional"
