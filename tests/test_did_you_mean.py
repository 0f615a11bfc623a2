"""A misspelt province is answered with the provinces the player most likely meant, after
the njudge's own message, in orders, future orders and conditions alike."""

from __future__ import annotations

from datetime import datetime

import pytest

import variants
from adjudicator import adjudicate
from parser import OrderParser, OrderSyntaxError, Vocabulary, parse_mail
from parser.nearest import did_you_mean, nearest

STANDARD = variants.load("standard")
TITLES = {abbr: p.name for abbr, p in STANDARD.provinces.items()}


@pytest.mark.parametrize(
    ("typed", "read", "meant"),
    [
        ("burgandy", "burgandy", ["bur"]),
        ("berlni", "berlni", ["ber"]),
        ("nrway", "nrway", ["nwy"]),
        ("livrpool", "livrpool", ["lvp"]),
        ("constantinopel", "constantinopel", ["con"]),
        # Only the name is weighed, not what follows it on the line.
        ("parr-bur", "parr", ["par"]),
        ("burgandy s a mar", "burgandy", ["bur"]),
        ("atlantc ocean", "atlantc ocean", ["mao", "nao"]),
        ("mra", "mra", ["mao", "mar", "smy"]),
    ],
)
def test_the_nearest_provinces_by_any_of_their_names(typed, read, meant):
    assert nearest(typed, STANDARD.names) == (read, meant)


@pytest.mark.parametrize("typed", ["xyz", "xyz-par", "s", ""])
def test_nothing_is_offered_when_nothing_is_near(typed):
    assert nearest(typed, STANDARD.names) == ("", [])
    assert did_you_mean(typed, STANDARD.names, TITLES) is None


def test_the_suggestion_names_what_was_not_read_and_the_full_names():
    assert did_you_mean("burgandy", STANDARD.names, TITLES) == (
        "No province is called 'burgandy': did you mean Burgundy?"
    )
    assert did_you_mean("mra", STANDARD.names, TITLES) == (
        "No province is called 'mra': did you mean Mid-Atlantic Ocean, Marseilles or Smyrna?"
    )


@pytest.mark.parametrize(
    ("text", "phase", "message", "unknown"),
    [
        ("A Par-Burgandy", "movement", "Movement to unrecognized province -> burgandy", "burgandy"),
        ("A Parr-Bur", "movement", "Unrecognized source province -> parr-bur", "parr-bur"),
        (
            "A Mun S A Burgandy",
            "movement",
            "Unrecognized source province for support/convoy -> burgandy",
            "burgandy",
        ),
        (
            "F Nth C A Lon-Nrway",
            "movement",
            "Support/convoy movement to unrecognized province -> nrway",
            "nrway",
        ),
        (
            "A Par to Burgandy",
            "movement",
            "Movement to unrecognized province -> burgandy",
            "burgandy",
        ),
        ("Par to Pcardy", "retreat", "Movement to unrecognized province -> pcardy", "pcardy"),
        ("build A Pari", "adjustment", "Invalid order syntax -> pari", "pari"),
        # Not a province that went wrong: nothing to suggest.
        ("A Par-Bur please", "movement", "Invalid order syntax -> please", None),
    ],
)
def test_the_parser_says_where_a_province_was_wanted(text, phase, message, unknown):
    parser = OrderParser.for_names(STANDARD.names)
    with pytest.raises(OrderSyntaxError) as info:
        parser.parse(text, phase)
    assert (info.value.message, info.value.unknown) == (message, unknown)


def _message(text: str, phase: str = "S1901M") -> str:
    units = {"France": ["A par", "A mar", "F bre"], "Germany": ["A mun", "F kie"]}
    out = adjudicate({"phase": phase, "units": units, "orders": {"France": [text]}})
    return next(line for line in out["orders"] if line["text"] == text)["message"]


def test_the_adjudicator_adds_the_suggestion_under_the_njudges_line():
    assert _message("A Par-Burgandy") == (
        "Movement to unrecognized province -> burgandy\n"
        "No province is called 'burgandy': did you mean Burgundy?"
    )
    assert _message("A Mar S A Par-Burgandi") == (
        "Support/convoy movement to unrecognized province -> burgandi\n"
        "No province is called 'burgandi': did you mean Burgundy or Bulgaria?"
    )
    # Nothing near: the njudge's line alone.
    assert _message("A Par-xyz") == "Movement to unrecognized province -> xyz"


POWERS = {"france": "France", "french": "France", "germany": "Germany", "german": "Germany"}


@pytest.mark.parametrize("titles", [TITLES, {}])
def test_a_misspelt_province_in_a_condition(titles):
    vocabulary = Vocabulary(STANDARD.names, POWERS, "movement", titles)
    mail = parse_mail(
        "SIGN ON Fwar pw\nPHASE F1901M\nIF French Army Burgandy\nA Par H\nENDIF\n"
        "IF army north sae\nA Par H\nENDIF\nIF xyzzy\nENDIF\n",
        datetime(2026, 1, 1),
        vocabulary,
    )
    assert [e.reason for e in mail.errors] == [
        "'burgandy' is not a power, a unit type or a province: did you mean Burgundy?",
        "'sae' is not a power, a unit type or a province: did you mean North Sea or Norway?",
        "'xyzzy' is not a power, a unit type or a province",
    ]
