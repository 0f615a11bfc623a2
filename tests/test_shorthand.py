"""Shorthand games (info.shorthand): press between players and observers is sent only when
every line is a Shorthand statement; press to the Master alone, and the Master's, are free.
By mail in a Standard Shorthand game, then the language itself on its own."""

from __future__ import annotations

import pytest

import variants
from parser.shorthand import refusal
from tests.gametable import MASTER, POWERS, address, form, master

STANDARD = variants.load("standard")
LETTERS = [x.letter for x in STANDARD.powers]


def press(table, body: str, power: str = "France") -> str:
    return table.orders(power, f"{body}\nENDPRESS")


def test_a_shorthand_game_sends_only_shorthand_between_players(table):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER, "CREATE ?war pwMaster standard shorthand\nBECOME MASTER\nSET POSTAL PRESS\n"
    ).get_content()
    assert "Variant: Standard Shorthand" in made
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} shorthand\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")

    refused = press(table, "PRESS TO G\nShall we share Holland?")
    assert (
        "PRESS: game 'war' is played in Shorthand: 'Shall we share Holland?' is not "
        "Shorthand (GET info.shorthand).  No message was sent." in refused
    )
    bad_order = press(table, "BROADCAST\nF proposes G orders A mun - xyz")
    assert "Movement to unrecognized province -> xyz" in bad_order
    assert "No message was sent." in bad_order
    sent = press(table, "PRESS TO G\nF proposes G dmz bur, hol\nF proposes G orders A mun - ruh")
    assert "Message sent to Germany:" in sent
    got = table.wait_for(address("Germany"), "Press from F to G")[0].get_content()
    assert "F proposes G dmz bur, hol" in got
    # To the Master alone, anything; the Master to anyone, anything.
    assert "Message sent to" in press(table, "PRESS TO M\nThey are ganging up on me!")
    told = master(table, "PRESS TO F\nPlay nicely.\nENDPRESS")
    assert "Message sent to France:" in told
    postal = table.orders("Italy", "POSTAL PRESS\nWe come in peace.\nENDPRESS")
    assert "POSTAL PRESS: game 'war' is played in Shorthand:" in postal


@pytest.mark.parametrize(
    "text",
    [
        "A accepts RT draw",
        "F rejects G peace",
        "I proposes R ally target TA",
        "informs E proposes not F province Belgium",
        "I informs GF proposes E orders F1901M A Edi - Nth - Nwy",
        "T proposes A not peace S1902M",
        "E PROPOSES F DMZ Channel, North Sea, Belgium.",
        "proposes T orders F1901B build a mun",
        "A accepts RT draw\n\nF rejects G peace",
    ],
)
def test_statements_of_info_shorthand_are_shorthand(text):
    assert refusal(text, LETTERS, STANDARD.names, "movement") is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Hello there", "'Hello there' is not Shorthand (GET info.shorthand)."),
        ("A accepts RT draw\nsecret plans", "'secret plans' is not Shorthand"),
        ("Z accepts R draw", "'Z accepts R draw' is not Shorthand"),  # no such power
        ("R proposes T orders", "ORDERS needs an order."),
        ("E proposes F dmz Atlantis", "is not Shorthand"),
        ("", "needs at least one statement"),
    ],
)
def test_anything_else_is_refused_saying_which_line(text, why):
    assert why in (refusal(text, LETTERS, STANDARD.names, "movement") or "")
