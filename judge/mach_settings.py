"""Machiavelli's settings (users' manual 9.2; docs/machiavelli.md): the one table of them,
read by the SET commands, the phase documents (each setting an adjudicator option) and
LIST's `Mach:` line, as modifiers.py is for the variant modifiers.

A setting is kept in a game's settings only when the master makes it; its value otherwise
is the variant's (the edition, the fortresses) or the rulebook's default ("Variant specific
judge commands for game options"). Money and its rules (SET MONEY, LOANS, ADJACENT,
ASSASSINS) are played by mail since stage 4 (docs/machiavelli.md): `MONEY` below is the
seam that turned them on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from adjudicator.options import Options
from variants import Variant

# Game setting -> the adjudicator's option.
OPTIONS = {
    "mach2": "mach2",
    "summer": "summer",
    "garrisons": "garrisons",
    "fortresses": "fortresses",
    "coastal_convoys": "coastal_convoys",
    "move_disband": "move_disband",
    "money": "money",
    "loans": "loans",
    "adjacency": "adjacent",
    "assassins": "assassins",
    "dice": "dice",
    "famine": "famine",
    "plague": "plague",
    "storms": "storms",
    "special": "special",
}
_KNOWN = frozenset(f.name for f in fields(Options))
# Money by mail (stage 4: the money lines, the income and expenditure reports, treasuries
# to their power and the master only); False would play every game without money again.
MONEY = True
_MONEY_RULES = ("money", "loans", "adjacent", "assassins")
# LIST's words for each, on and off, in the rulebook's order of its defaults.
WORDS = {
    "summer": ("Summer", "NoSummer"),
    "garrisons": ("Garrisons", "NoGarrisons"),
    "famine": ("Famine", "NoFamine"),
    "plague": ("Plague", "NoPlague"),
    "loans": ("Loans", "NoLoans"),
    "assassins": ("Assassins", "NoAssassins"),
    "dice": ("Dice", "NoDice"),
    "special": ("Special", "NoSpecial"),
    "fortresses": ("Fortresses", "NoFortresses"),
    "adjacency": ("Adjacency", "NoAdjacency"),
    "storms": ("Storms", "NoStorms"),
    "money": ("Money", "NoMoney"),
    "coastal_convoys": ("CoastalConvoy", "NoCoastalConvoy"),
    "move_disband": ("Disband", "NoDisband"),
}


def carried_out(name: str) -> bool:
    """Does the adjudicator carry out this setting's rule?"""
    option = OPTIONS.get(name, name)
    return option in _KNOWN and (MONEY or option not in _MONEY_RULES)


def effective(variant: Variant, settings: Mapping[str, Any]) -> dict[str, bool]:
    """Every setting's value in a game, as the adjudicator plays it: what the master set,
    else the default; no dice, no famine, plague or storms; no money, no special units."""

    def given(name: str, default: bool) -> bool:
        value = settings.get(name)
        return default if value is None else bool(value)

    mach2 = given("mach2", "mach2" in variant.rules)
    money = MONEY and given("money", True)
    dice = given("dice", True)
    out = {
        "mach2": mach2,
        "summer": given("summer", True),
        "garrisons": given("garrisons", True),
        "famine": dice and given("famine", True),
        "plague": dice and given("plague", False),
        "loans": money and dice and given("loans", True),
        "assassins": money and dice and given("assassins", True),
        "dice": dice,
        "special": money and given("special", True),
        "fortresses": given("fortresses", "fortresses" in variant.rules),
        "adjacency": money and given("adjacency", True),
        "storms": dice and given("storms", False),
        "money": money,
        "coastal_convoys": given("coastal_convoys", not mach2),
        "move_disband": given("move_disband", not mach2),
    }
    return out


def listing_words(variant: Variant, settings: Mapping[str, Any]) -> tuple[str, list[str]]:
    """LIST's line: `Mach` or `Mach2`, and each rule's word (`Famine`, `NoPlague`, ...);
    money's own rules only where money is played."""
    values = effective(variant, settings)
    words = [
        WORDS[name][0 if values[name] else 1]
        for name in WORDS
        if MONEY or name == "money" or OPTIONS[name] not in _MONEY_RULES
    ]
    return ("Mach2" if values["mach2"] else "Mach"), words
