"""The judge meets players half way (issue 14, "Play as real players do"), tested as a
player meets it: a real mail over SMTP to a running judge, and its reply read.

`to` as a move word; a misspelt province answered with the nearest names; a date copied
from a judge's mail, or written the ISO way; an absence given as weekdays; the variants a
judge plays, asked for with SIGN ON ? password XXX and with GET variants."""

from __future__ import annotations

from tests.gametable import start


def test_to_is_a_move_word_in_orders_supports_convoys_and_future_orders(table):
    start(table)
    reply = table.orders(
        "France",
        "A Par to Bur\nA Mar S A Par to Bur\nF Bre to Mao\n"
        "PHASE Fall 1901 Movement\nIF French Army Burgundy\nA Bur to Mun\nENDIF\n",
    )
    assert "error" not in reply.lower()
    assert "France: Army Paris -> Burgundy." in reply
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in reply
    assert "France: Fleet Brest -> Mid-Atlantic Ocean." in reply
    assert "Pending orders for F1901M:\n  IF (French Army Burgundy): A Bur to Mun" in reply
    england = table.orders("England", "F Lon to Nth\nA Lvp to Yor\nF Edi to Nwg")
    assert "England: Fleet London -> North Sea." in england
    # PHASE for the phase under way: its orders count at once.
    phased = table.orders(
        "England", "PHASE Spring 1901 Movement\nF Lon to Eng\nA Lvp to Wal\nF Edi to Nth"
    )
    assert "England: Fleet London -> English Channel." in phased
    # A convoy with `to` is read as a convoy (a fleet on a coast cannot carry it, though).
    convoy = table.orders("England", "F Lon C A Lvp to Bel")
    assert "E: F Lon C A Lvp to Bel\nThe fleet in London can't convoy anything." in convoy
    assert "unrecognized" not in convoy


def test_a_misspelt_province_is_answered_with_the_nearest_names(table):
    start(table)
    reply = table.orders("France", "A Par-Burgandy\nA Mar S A Par to Burgandi\nF Bre H")
    assert (
        "F: A Par-Burgandy\n"
        "Movement to unrecognized province -> burgandy\n"
        "No province is called 'burgandy': did you mean Burgundy?\n"
    ) in reply
    assert (
        "Support/convoy movement to unrecognized province -> burgandi\n"
        "No province is called 'burgandi': did you mean Burgundy or Bulgaria?\n"
    ) in reply
    assert "2 errors encountered." in reply
    # The same in orders for the phase under way given with PHASE, and in a condition.
    phased = table.orders(
        "France",
        "PHASE Spring 1901 Movement\nA Par to Picardie\n"
        "PHASE Fall 1901 Movement\nIF French Army Burgandy\nA Bur H\nENDIF\n",
    )
    assert "No province is called 'picardie': did you mean Picardy?" in phased
    assert (
        "Line 5: French Army Burgandy\n"
        "  'burgandy' is not a power, a unit type or a province: did you mean Burgundy?"
    ) in phased
    # Put right, the errors are gone.
    fixed = table.orders("France", "A Par-Bur\nA Mar S A Par-Bur")
    assert "did you mean" not in fixed and "Your orders are complete." in fixed
    assert next(p for p in table.show()["players"] if p["power"] == "France")["orders"] != "errors"
