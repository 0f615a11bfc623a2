"""The deadline arithmetic of the users' manual, section 5.1, as a table."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from judge.engine.clock.deadlines import (
    DEFAULTS,
    Timing,
    deadline_after,
    earliest_after,
    from_local,
    grace_after,
    timing_of,
    to_local,
)

UTC = ZoneInfo("UTC")
CHICAGO = ZoneInfo("America/Chicago")
MOVE = DEFAULTS["move"]
ALL = "SMTWTFS"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


# 2026-11-23 is a Monday.
CASES = [
    # The manual's example: processed 23:35 Monday; NEXT 72 with CLOCK 1410 is Friday...
    ("manual: next 72", "2026-11-23 23:35", None, Timing(clock=1410, next=72), UTC,
     "2026-11-27 23:30"),
    # ... hence the default NEXT 71, which gives Thursday.
    ("manual: next 71", "2026-11-23 23:35", None, Timing(clock=1410, next=71), UTC,
     "2026-11-26 23:30"),
    # No CLOCK: exactly NEXT hours later.
    ("no clock", "2026-11-23 10:00", None, Timing(next=23), UTC, "2026-11-24 09:00"),
    # A weekend day is skipped, at the same time of day.
    ("saturday skipped", "2026-11-26 12:00", None, Timing(next=48, days="-MTWTF-"), UTC,
     "2026-11-30 12:00"),
    ("sunday skipped", "2026-11-27 12:00", None, Timing(next=48, days="-MTWTF-"), UTC,
     "2026-11-30 12:00"),
    ("every day", "2026-11-27 12:00", None, Timing(next=24, days="SMTWTFS"), UTC,
     "2026-11-28 12:00"),
    # Lower case: the deadline waits for noon that day.
    ("lower case morning", "2026-11-23 08:00", None, Timing(next=24, days="-mTWTF-"), UTC,
     "2026-11-24 08:00"),
    ("lower case monday", "2026-11-22 08:00", None, Timing(next=24, days="-mTWTF-"), UTC,
     "2026-11-23 12:00"),
    ("lower case afternoon", "2026-11-22 15:00", None, Timing(next=24, days="-mTWTF-"), UTC,
     "2026-11-23 15:00"),
    # Only Wednesdays.
    ("wednesdays", "2026-11-23 09:00", None, Timing(next=1, days="---W---"), UTC,
     "2026-11-25 10:00"),
    # Never earlier than the last deadline (a master had put it two weeks off).
    ("previous later", "2026-11-23 10:00", "2026-12-07 23:30", Timing(clock=1410, next=71),
     UTC, "2026-12-07 23:30"),
    ("previous earlier", "2026-11-23 10:00", "2026-11-20 23:30", Timing(clock=1410, next=71),
     UTC, "2026-11-26 23:30"),
    # CLOCK and DAYS in the judge's own zone: 23:30 in Chicago is 05:30 UTC the next day.
    ("clock in chicago", "2026-11-23 12:00", None, Timing(clock=1410, next=1), CHICAGO,
     "2026-11-24 05:30"),
    # DST: spring forward on Sunday 2027-03-14 at 02:00 (no 02:00-03:00 that night).
    ("before the spring change", "2027-03-13 07:00", None, Timing(clock=1410, next=1, days=ALL),
     CHICAGO, "2027-03-14 05:30"),  # Sat 23:30 CST
    ("after the spring change", "2027-03-14 07:00", None, Timing(clock=1410, next=1, days=ALL),
     CHICAGO, "2027-03-15 04:30"),  # Sun 23:30 CDT
    ("a skipped wall time", "2027-03-13 09:00", None, Timing(clock=150, next=1, days=ALL), CHICAGO,
     "2027-03-14 08:30"),  # 02:30 does not exist that night: 03:30 CDT
    # DST: fall back on Sunday 2026-11-01 at 02:00 (01:00-02:00 twice): the first.
    ("a doubled wall time", "2026-10-31 12:00", None, Timing(clock=90, next=1, days=ALL), CHICAGO,
     "2026-11-01 06:30"),  # 01:30 CDT, not 01:30 CST (07:30 UTC)
]  # fmt: skip


@pytest.mark.parametrize(
    ("processed", "previous", "timing", "zone", "expected"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_deadline(processed, previous, timing, zone, expected):
    found = deadline_after(at(processed), at(previous) if previous else None, timing, zone)
    assert found == at(expected)
    wall = to_local(found, zone)
    assert from_local(wall, zone) == found  # a time that exists, once


def test_the_first_deadline_of_a_game_allows_twice_next():
    found = deadline_after(at("2026-11-23 23:35"), None, MOVE, UTC, factor=2)
    assert found == at("2026-11-30 23:30")  # 142 hours is Sunday, not a day for deadlines


def test_a_deadline_inside_an_absence_moves_to_its_end_and_fits_again():
    away = [(at("2026-11-25 00:00"), at("2026-12-01 08:00"))]
    found = deadline_after(at("2026-11-23 10:00"), None, MOVE, UTC, absences=away)
    assert found == at("2026-12-01 23:30")


@pytest.mark.parametrize(
    ("deadline", "strict", "expected"),
    [
        ("2026-11-23 23:30", False, "2026-11-30 22:30"),  # 167 hours: a Monday
        ("2026-11-26 23:30", False, "2026-12-03 22:30"),  # a Thursday
        ("2026-11-27 23:30", False, "2026-12-04 22:30"),  # Friday
        ("2026-11-24 23:30", True, "2026-12-01 22:30"),
    ],
)
def test_grace(deadline, strict, expected):
    timing = Timing(clock=1410, grace=167, days="-MTWTF-")
    assert grace_after(at(deadline), None, timing, UTC, strict) == at(expected)


def test_grace_is_moved_to_an_allowed_day_unless_strict():
    timing = Timing(grace=48, days="-MTWTF-")
    friday = at("2026-11-27 12:00")
    assert grace_after(friday, None, timing, UTC) == at("2026-11-30 12:00")  # Monday
    assert grace_after(friday, None, timing, UTC, strict=True) == at("2026-11-29 12:00")
    assert grace_after(friday, at("2026-12-05 00:00"), timing, UTC) == at("2026-12-05 00:00")


def test_min_is_a_floor_after_processing():
    assert earliest_after(at("2026-11-23 10:00"), MOVE) == at("2026-11-23 22:00")


def test_a_game_keeps_its_own_timing_per_kind_of_phase():
    settings = {"move": {"next": 48.0, "clock": -1}, "retreat": {"delay": 0.0}}
    assert timing_of(settings, "S1901M") == Timing(
        clock=-1, min=12.0, next=48.0, grace=167.0, delay=0.5, days="-MTWTF-"
    )
    assert timing_of(settings, "F1901R").delay == 0.0
    assert timing_of(settings, "W1901B") == DEFAULTS["adjust"]


@pytest.mark.parametrize(
    ("values", "error"),
    [
        ((("days", "MTWTF"),), "seven letters"),
        ((("days", "-------"),), "at least one day"),
        ((("days", "-MXWTF-"),), "seven letters"),
        ((("clock", 1440),), "after midnight"),
        ((("next", -1),), "from 0 to 8760"),
        ((("speed", 1),), "not a timing setting"),
    ],
)
def test_impossible_settings_are_refused(values, error):
    with pytest.raises(ValueError, match=error):
        MOVE.changed(values)


def test_settings_change_only_what_is_named():
    changed = MOVE.changed([("NEXT", 48.0), ("delay", 1.0), ("days", "SMTWTFS")])
    assert changed == Timing(clock=1410, min=12.0, next=48.0, grace=167.0, delay=1.0,
                             days="SMTWTFS")  # fmt: skip
