"""The clock family's settings (parser/clock.lark), as the users' manual writes them:
absences, the timing of each kind of phase, and the deadline, grace and start dates."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest

from parser import commands as c
from parser.dates import When
from tests.grammarkit import (
    Examples,
    commands_of,
    error,
    example_id,
    numbered,
    one,
    round_trips,
    settings_of,
)

EXAMPLES: Examples = [
    (
        "set absence Jan 1 to Jan 15",
        c.SetAbsence(start=When(date(2027, 1, 1)), end=When(date(2027, 1, 15))),
    ),
    # June is seven months ahead of November: this year's, in the past (the engine refuses).
    (
        "set absence 24 Jun to 3 Jul",
        c.SetAbsence(start=When(date(2026, 6, 24)), end=When(date(2026, 7, 3))),
    ),
    ("SET HOLIDAYS Dec 24", c.SetAbsence(start=When(date(2026, 12, 24)))),
    (
        "SET VACATION Dec 24 to Dec 31",
        c.SetAbsence(start=When(date(2026, 12, 24)), end=When(date(2026, 12, 31))),
    ),
    ("SET NO ABSENCE Dec 24", c.SetAbsence(start=When(date(2026, 12, 24)), cancel=True)),
    # The manual's `Sat to Tue`, sent on a Sunday: the end is the next Tuesday after the start.
    (
        "set absence Sat to Tue",
        c.SetAbsence(start=When(date(2026, 11, 28)), end=When(date(2026, 12, 1))),
    ),
    (
        "SET ABSENCE Saturday to Tuesday",
        c.SetAbsence(start=When(date(2026, 11, 28)), end=When(date(2026, 12, 1))),
    ),
    (
        "SET ABSENCE Tue 18:00 to Tue",
        c.SetAbsence(start=When(date(2026, 11, 24), time(18)), end=When(date(2026, 12, 1))),
    ),
    # Dates copied from a judge's mail, or written the ISO way.
    (
        "SET ABSENCE Sat Nov 28 2026 23:30:00 +0000 to 2026-12-03",
        c.SetAbsence(
            start=When(date(2026, 11, 28), time(23, 30), timedelta(0)),
            end=When(date(2026, 12, 3)),
        ),
    ),
    (
        "SET DEADLINE Tue Dec 01 2026 23:30:00 +0000",
        c.SetDate(which="deadline", when=When(date(2026, 12, 1), time(23, 30), timedelta(0))),
    ),
    ("SET GRACE 2026-12-06", c.SetDate(which="grace", when=When(date(2026, 12, 6)))),
    (
        "SET START 2026-12-06 23:30",
        c.SetDate(which="start", when=When(date(2026, 12, 6), time(23, 30))),
    ),
    (
        "SET DEADLINE 2026-12-06T23:30:15-06:00",
        c.SetDate(
            which="deadline", when=When(date(2026, 12, 6), time(23, 30, 15), timedelta(hours=-6))
        ),
    ),
    (
        "SET DEADLINE Fri 23:30",
        c.SetDate(which="deadline", when=When(date(2026, 11, 27), time(23, 30))),
    ),
    ("SET GRACE Dec 5", c.SetDate(which="grace", when=When(date(2026, 12, 5)))),
    (
        "SET START Nov 23 12:00",
        c.SetDate(which="start", when=When(date(2026, 11, 23), time(12, 0))),
    ),
    (
        "SET MOVES NEXT 48.0 DELAY 1.0",
        c.SetTiming(phase="move", settings=(("next", 48.0), ("delay", 1.0))),
    ),
    ("SET BUILDS DELAY 1.0", c.SetTiming(phase="adjust", settings=(("delay", 1.0),))),
    (
        "SET MOVE CLOCK 1410 DAYS -MTWTF-",
        c.SetTiming(phase="move", settings=(("clock", 1410), ("days", "-MTWTF-"))),
    ),
    (
        "SET RETREAT MIN 0 GRACE 71 DAYS -mTWTF-",
        c.SetTiming(phase="retreat", settings=(("min", 0.0), ("grace", 71.0), ("days", "-mTWTF-"))),
    ),
    ("set adjust clock -1", c.SetTiming(phase="adjust", settings=(("clock", -1),))),
    # Reminders before a deadline (not in the njudge): a player's own, and the game's.
    ("SET REMINDER 24", c.SetReminder(hours=24.0)),
    ("set reminder 1.5", c.SetReminder(hours=1.5)),
    ("SET NO REMINDER", c.SetReminder(hours=None)),
    ("SETNOREMINDER", c.SetReminder(hours=None)),
    ("SET REMINDERS 12", c.SetReminder(hours=12.0, game=True)),
    ("SET NO REMINDERS", c.SetReminder(hours=None, game=True)),
]


@pytest.mark.parametrize(("text", "expected"), commands_of(EXAMPLES), ids=example_id)
def test_manual_examples(text, expected):
    assert one(text) == numbered(expected)


@pytest.mark.parametrize("text", settings_of(EXAMPLES))
def test_settings_round_trip(text):
    round_trips(text)


def test_days_keeps_its_case():
    timing = one("set move days -mTWTF-")
    assert timing == c.SetTiming(line=2, phase="move", settings=(("days", "-mTWTF-"),))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("SET MOVE CLOCK 1500", "CLOCK is minutes after midnight"),
        ("SET MOVE DAYS SMTWTFX", "DAYS is seven letters"),
        ("set absence Jan 15 to Jan 1", "would end"),
        ("SET DEADLINE Feb 30", "has no day 30"),
        ("SET DEADLINE Mon 14 Jun", "Jun 14 2026 is a Sunday, not a Monday"),
        ("SET DEADLINE Tue Jun 14 2027", "Jun 14 2027 is a Monday, not a Tuesday"),
        ("SET DEADLINE 2026-13-01", "has no month 13"),
        ("SET DEADLINE 2026-12-01 23:30 +1500", "not a time zone"),
        ("SET REMINDER 0", "a reminder comes up to 336 hours before the deadline"),
        ("SET REMINDERS 400", "a reminder comes up to 336 hours before the deadline"),
    ],
)
def test_manual_errors_and_nonsense_are_refused_with_a_reason(text, reason):
    assert reason in error(text)
