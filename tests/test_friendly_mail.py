"""The judge meets players half way (issue 14, "Play as real players do"), tested as a
player meets it: a real mail over SMTP to a running judge, and its reply read.

`to` as a move word; a misspelt province answered with the nearest names; a date copied
from a judge's mail, or written the ISO way; an absence given as weekdays; the variants a
judge plays, asked for with SIGN ON ? password XXX and with GET variants."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from judge.clock import FixedClock
from tests.gametable import Table, address, start
from tests.judgekit import InProcessJudge


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


def _header_deadline(reply: str) -> str:
    """The date in a reply's `:: Deadline: S1901M Tue Dec 01 2026 23:30:00 +0000` line."""
    found = re.search(r"^:: Deadline: \S+ (.+?)\s*$", reply, re.MULTILINE)
    assert found is not None, reply
    return found.group(1)


def test_a_date_copied_from_the_judges_mail_or_written_the_iso_way(table):
    start(table)
    listed = table.orders("France", "LIST")
    printed = _header_deadline(listed)  # Tue Dec 01 2026 23:30:00 +0000
    deadline = datetime.strptime(printed, "%a %b %d %Y %H:%M:%S %z")

    copied = table.orders("France", f"SET DEADLINE {printed}")
    assert f"Game 'war': The deadline is now {printed}." in copied

    later = deadline + timedelta(days=2)
    iso = table.orders("France", f"SET DEADLINE {later:%Y-%m-%d} 21:15")
    assert f"The deadline is now {later:%a %b %d %Y} 21:15:00 +0000." in iso
    grace = deadline + timedelta(days=9)
    assert f"The grace period now ends {grace:%a %b %d %Y} 23:30:00 +0000." in table.orders(
        "France", f"SET GRACE {grace:%Y-%m-%d}T23:30:00Z"
    )
    # A zone of its own is honoured: 09:00 in UTC+1 is 08:00 on this judge (UTC).
    early = deadline + timedelta(days=1)
    started = table.orders("France", f"SET START {early:%Y-%m-%d}T09:00+01:00")
    assert f"Orders will not be processed before {early:%a %b %d %Y} 08:00:00 +0000." in started
    # An absence from a copied date to an ISO one.
    away = table.orders("France", f"SET ABSENCE {printed} TO {later:%Y-%m-%d}")
    assert f"Absence from {printed} to " in away and " set for game 'war'." in away
    wrong = table.orders("France", "SET DEADLINE Mon Dec 01 2026")
    assert "Dec 01 2026 is a Tuesday, not a Monday" in wrong


@pytest.fixture
def sunday(tmp_path: Path) -> Iterator[Table]:
    """The players around a judge whose clock says Sunday 22 November 2026, 10:00 UTC: the
    day the manual warns that `SET ABSENCE Sat to Tue` fails (it read Tue as this coming
    Tuesday, before the Saturday)."""
    with InProcessJudge(tmp_path / "judge", FixedClock(datetime(2026, 11, 22, 10, 0))) as judge:
        yield Table.seated(judge)


def test_an_absence_given_as_weekdays_runs_from_the_first_to_the_next_after_it(sunday):
    start(sunday)
    expected = (
        "Absence from Sat Nov 28 2026 00:00:00 +0000 to Wed Dec 02 2026 00:00:00 +0000 "
        "set for game 'war'."
    )
    assert expected in sunday.orders("Germany", "SET ABSENCE Sat to Tue")
    # The same in full words, once the first is cancelled.
    cancelled = sunday.orders("Germany", "SET NO ABSENCE 2026-11-28")
    assert "cancelled for game 'war'." in cancelled
    assert expected in sunday.orders("Germany", "SET VACATION Saturday to Tuesday")
    # A time on the first day, and the same weekday at the end: a week.
    week = sunday.orders("France", "SET HOLIDAY Tue 18:00 to Tue")
    assert "Absence from Tue Nov 24 2026 18:00:00 +0000 to Wed Dec 02 2026 00:00:00" in week


def test_sign_on_any_game_with_a_word_that_is_no_variant_lists_the_variants(table):
    asked = table.send(address("France"), "SIGN ON ? mypassword XXX\n").get_content()
    assert "Unknown variant specified: XXX" in asked
    assert "Valid variants are:\n   1898\n" in asked
    assert "\n   standard\n" in asked and "\n   youngstown\n" in asked
    assert "   gunboat " in asked and "   blind " in asked
    words = " ".join(asked.split())
    assert "Each variant has a help file, GET info.<variant> (GET info.standard)" in words
    assert "and so has each option: GET info.gunboat, GET info.blind," in words
    # A variant's name there still means the next forming game of that variant.
    table.send(address("Austria"), "CREATE ?war pwAustria\n")
    joined = table.send(address("England"), "SIGN ON ? pwEngland standard\n").get_content()
    assert "You've been selected to play a power in game 'war'." in joined
    assert address("England") in {p["address"] for p in table.show()["players"]}
