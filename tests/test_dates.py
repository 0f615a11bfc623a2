"""Dates as section 2.4 of the manual reads them, against fixed moments."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest

from parser.dates import DateError, When, resolve


def read(text: str, now: datetime) -> When:
    """Classify the words as the grammar does and resolve them."""
    parts = []
    for word in text.replace(",", ", ").split():
        low = word.lower().rstrip(",")
        if ":" in low:
            kind = "TIME"
        elif low.isdigit():
            kind = "YEAR_NUMBER" if len(low) == 4 else "DAY_NUMBER"
        elif low[:3] in ("sun", "mon", "tue", "wed", "thu", "fri", "sat"):
            kind = "WEEKDAY"
        else:
            kind = "MONTH"
        parts.append((kind, word))
    return resolve(parts, now)


TUESDAY = datetime(2024, 6, 4, 9, 0)


@pytest.mark.parametrize(
    "text", ["Jun 15 23:30", "23:30 15 Jun", "Jun 23:30 15", "15 June 23:30", "Jun 15, 23:30"]
)
def test_the_elements_may_come_in_any_order(text):
    assert read(text, TUESDAY) == When(date(2024, 6, 15), time(23, 30))


def test_a_weekday_is_the_next_such_day_after_today():
    assert read("Tue", TUESDAY).day == date(2024, 6, 11)  # a week from today
    assert read("Wed", TUESDAY).day == date(2024, 6, 5)
    assert read("Mon 12:00", TUESDAY) == When(date(2024, 6, 10), time(12, 0))
    assert read("Saturday", TUESDAY).day == date(2024, 6, 8)


def test_a_weekday_with_a_date_must_be_that_dates():
    # As the judge prints dates: `Tue Jun 11 2024`. The manual forbade the mix.
    assert read("Tue Jun 11", TUESDAY).day == date(2024, 6, 11)
    with pytest.raises(DateError, match="Jun 12 2024 is a Wednesday, not a Tuesday"):
        read("Tue Jun 12", TUESDAY)


@pytest.mark.parametrize(
    ("now", "text", "expected"),
    [
        # The manual: in December "10 Jan" is next year; in February it is in the past.
        (datetime(2024, 12, 20), "10 Jan", date(2025, 1, 10)),
        (datetime(2024, 2, 20), "10 Jan", date(2024, 1, 10)),
        # Up to six months ahead, inclusive; seven months is this year's, behind us.
        (datetime(2024, 11, 1), "May 3", date(2025, 5, 3)),
        (datetime(2024, 11, 1), "Jun 3", date(2024, 6, 3)),
        (datetime(2024, 6, 4), "Jul 3", date(2024, 7, 3)),
        (datetime(2024, 6, 4), "1 Jan 1990", date(1990, 1, 1)),
    ],
)
def test_the_year_rule(now, text, expected):
    assert read(text, now).day == expected


def test_a_day_without_month_is_the_next_day_so_numbered():
    # The manual: on June 1 "15" is June 15; on June 20 it is July 15.
    assert read("15", datetime(2024, 6, 1)).day == date(2024, 6, 15)
    assert read("15", datetime(2024, 6, 20)).day == date(2024, 7, 15)
    assert read("20", datetime(2024, 6, 20)).day == date(2024, 6, 20)
    # A day that this month does not have is found in the next month that has it.
    assert read("31", datetime(2024, 6, 5)).day == date(2024, 7, 31)
    assert read("30", datetime(2024, 1, 31)).day == date(2024, 3, 30)


def test_a_month_without_day_is_its_first_unless_it_is_this_month():
    assert read("Aug", TUESDAY).day == date(2024, 8, 1)
    assert read("Jun", TUESDAY).day == date(2024, 6, 4)


def test_no_date_is_today_and_the_time_stays_open():
    assert read("", TUESDAY) == When(date(2024, 6, 4))
    assert read("18:00", TUESDAY) == When(date(2024, 6, 4), time(18, 0))
    assert read("Jun 5", TUESDAY).at(time(23, 30)) == datetime(2024, 6, 5, 23, 30)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Feb 30", "has no day 30"),
        ("Jun 15 Jul", "only one month"),
        ("Jun 15 16", "only one day"),
        ("12:00 13:00", "only one time"),
        ("25:00", "not a time of day"),
        ("12:61", "not a time of day"),
        ("32 Jun", "not a day of the month"),
        ("Mon Tue", "only one weekday"),
        ("Feb 29 2023", "has no day 29"),
    ],
)
def test_ill_formed_or_contradictory_dates(text, reason):
    with pytest.raises(DateError, match=reason):
        read(text, TUESDAY)


def test_a_leap_day():
    assert read("Feb 29 2024", TUESDAY).day == date(2024, 2, 29)


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        # As the judge prints a date, to be copied from its mail.
        (
            [
                ("WEEKDAY", "Tue"),
                ("MONTH", "Jan"),
                ("DAY_NUMBER", "06"),
                ("YEAR_NUMBER", "2004"),
                ("TIME", "23:30:00 +0000"),
            ],
            When(date(2004, 1, 6), time(23, 30), timedelta(0)),
        ),
        (
            [("TIME", "23:31:03 -0600")],
            When(date(2024, 6, 4), time(23, 31, 3), timedelta(hours=-6)),
        ),
        ([("ISO_DATE", "2004-01-06")], When(date(2004, 1, 6))),
        ([("ISO_DATE", "2004-1-6"), ("TIME", "23:30")], When(date(2004, 1, 6), time(23, 30))),
        ([("ISO_DATE", "2004-01-06T23:30")], When(date(2004, 1, 6), time(23, 30))),
        (
            [("ISO_DATE", "2004-01-06t23:30:15Z")],
            When(date(2004, 1, 6), time(23, 30, 15), timedelta(0)),
        ),
        (
            [("ISO_DATE", "2004-01-06T23:30+05:30")],
            When(date(2004, 1, 6), time(23, 30), timedelta(hours=5, minutes=30)),
        ),
        (
            [("ISO_DATE", "2004-01-06"), ("TIME", "07:00 UTC")],
            When(date(2004, 1, 6), time(7), timedelta(0)),
        ),
    ],
)
def test_dates_as_judges_and_computers_write_them(parts, expected):
    assert resolve(parts, TUESDAY) == expected


@pytest.mark.parametrize(
    ("parts", "reason"),
    [
        ([("ISO_DATE", "2004-02-30")], "has no day 30"),
        ([("ISO_DATE", "2004-13-01")], "has no month 13"),
        ([("ISO_DATE", "2004-01-06"), ("MONTH", "Feb")], "only one month"),
        ([("ISO_DATE", "2004-01-06T10:00"), ("TIME", "11:00")], "only one time"),
        ([("TIME", "10:00:61")], "not a time of day"),
        ([("TIME", "10:00 +2500")], "not a time zone"),
    ],
)
def test_ill_formed_iso_dates(parts, reason):
    with pytest.raises(DateError, match=reason):
        resolve(parts, TUESDAY)
