"""Dates as players write them (users' manual section 2.4), resolved against a given `now`.

A date is a weekday, a month, a day of the month, a four-digit year and an hh:mm time, each
optional, in any order: `Jun 15 23:30`, `23:30 15 Jun`, `Sat`, `1 Jan 1990`. What is left
out is filled in by the manual's rules, relative to `now`, which the caller passes in (the
judge's clock), so that the same text always means the same thing in a test.

Beyond the manual, so that a player can copy a date from a judge's mail or a computer:
the judge's own printed form (`Tue Jan 06 2004 23:30:00 +0000`: a weekday is allowed with
a month and day when it is the right one), seconds, a zone after the time (`+0000`, `-06:00`,
`Z`, `UTC`), and ISO 8601 (`2004-01-06`, `2004-01-06 23:30`, `2004-01-06T23:30:00+01:00`).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

WEEKDAYS = {
    "sun": 6, "mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5,
}  # fmt: skip
MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip


class DateError(ValueError):
    """A date that cannot be read, or that contradicts itself; the message says why."""


@dataclass(frozen=True, slots=True)
class When:
    """A resolved date, and the time of day if one was given.

    Without a time each command takes its own default (midnight for HISTORY, the deadline
    hour for SET DEADLINE, ...), so the time stays unknown here. `offset` is the zone
    written after the time (east of UTC), if any: without one a time is the judge's own
    (the engine's `deadlines.moment_of` reads a When either way).
    """

    day: date
    time: time | None = None
    offset: timedelta | None = None

    def at(self, default: time) -> datetime:
        """The wall time meant, with `default` as the time of day when none was written."""
        return datetime.combine(self.day, self.time or default)

    def __str__(self) -> str:
        return (
            f"{self.day.isoformat()} {self.time.strftime('%H:%M')}"
            if self.time
            else (self.day.isoformat())
        )


def resolve(parts: Sequence[tuple[str, str]], now: datetime) -> When:
    """Resolve the parts of one date, each (kind, text) with kind one of WEEKDAY, MONTH,
    DAY_NUMBER, YEAR_NUMBER, TIME and ISO_DATE, as the grammar read them."""
    weekday = month = day = year = None
    clock: time | None = None
    offset: timedelta | None = None
    for kind, text in parts:
        word = text.lower().rstrip(",")
        if kind == "ISO_DATE":
            numbers, _, joined = word.partition("t")
            y, m, d = (int(x) for x in numbers.split("-"))
            if not 1 <= m <= 12:
                raise DateError(f"{text} has no month {m}")
            if not 1 <= d <= 31:
                raise DateError(f"{d} is not a day of the month")
            year, month = _once(year, y, "year"), _once(month, m, "month")
            day = _once(day, d, "day")
            if joined:
                clock, offset = _time_once(clock, joined, text)
        elif kind == "WEEKDAY":
            weekday = _once(weekday, WEEKDAYS[word[:3]], "weekday")
        elif kind == "MONTH":
            month = _once(month, MONTHS[word[:3]], "month")
        elif kind == "DAY_NUMBER":
            number = int(word)
            if not 1 <= number <= 31:
                raise DateError(f"{number} is not a day of the month")
            day = _once(day, number, "day")
        elif kind == "YEAR_NUMBER":
            year = _once(year, int(word), "year")
        elif kind == "TIME":
            clock, offset = _time_once(clock, word, text)
        else:
            raise DateError(f"'{text}' is not part of a date")
    today = now.date()
    if weekday is not None and month is None and day is None:
        # The next such day after today: "Tue" on a Tuesday is a week ahead.
        ahead = (weekday - today.weekday() - 1) % 7 + 1
        found = today + timedelta(days=ahead)
        if year is not None and year != found.year:
            raise DateError(f"the next {calendar.day_name[weekday]} is not in {year}")
        return When(found, clock, offset)
    found = _dated(today, month, day, year)
    if weekday is not None and found.weekday() != weekday:
        # A weekday with a date (as the judge prints dates) must be that date's.
        raise DateError(
            f"{found.strftime('%b %d %Y')} is a {calendar.day_name[found.weekday()]}, "
            f"not a {calendar.day_name[weekday]}"
        )
    return When(found, clock, offset)


def _dated(today: date, month: int | None, day: int | None, year: int | None) -> date:
    """The date meant by a month, a day and a year, each perhaps left out (manual 2.4)."""
    if month is None and day is None:
        return today if year is None else _checked(year, today.month, today.day)
    if month is None:
        assert day is not None
        return _next_day_numbered(today, day, year)
    if year is None:
        # A month up to six months ahead of now, but earlier in the calendar, is next year.
        year = (
            today.year + 1
            if month < today.month and (month - today.month) % 12 <= 6
            else (today.year)
        )
    if day is None:
        day = today.day if (year, month) == (today.year, today.month) else 1
    return _checked(year, month, day)


_TIME = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(z|utc|gmt|[+-]\d{2}:?\d{2})?$")


def _time_once(clock: time | None, word: str, text: str) -> tuple[time, timedelta | None]:
    """An `hh:mm[:ss] [zone]` time of day, the first of its date."""
    found = _TIME.match(word)
    if found is None:
        raise DateError(f"'{text}' is not a time of day")
    hours, minutes, seconds = (int(x or 0) for x in found.group(1, 2, 3))
    if hours > 23 or minutes > 59 or seconds > 59:
        raise DateError(f"{text} is not a time of day (use 00:00 to 23:59)")
    if clock is not None:
        raise DateError("a date can have only one time of day")
    return time(hours, minutes, seconds), _offset(found.group(4))


def _offset(zone: str | None) -> timedelta | None:
    """`+0100`, `-06:00`, `z`, `utc`: east of UTC."""
    if zone is None:
        return None
    if zone in ("z", "utc", "gmt"):
        return timedelta(0)
    digits = zone[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:])
    if hours > 14 or minutes > 59:
        raise DateError(f"{zone} is not a time zone")
    east = timedelta(hours=hours, minutes=minutes)
    return east if zone[0] == "+" else -east


def _once(old: int | None, new: int, what: str) -> int:
    if old is not None and old != new:
        raise DateError(f"a date can have only one {what}")
    return new


# The last year a date may name: far enough for any game, and far enough from 9999 that
# adding a deadline's hours or an absence's days to it never overflows Python's dates.
MAX_YEAR = 2999


def _checked(year: int, month: int, day: int) -> date:
    if year > MAX_YEAR:
        raise DateError(f"date out of range: the year {year} is after {MAX_YEAR}")
    try:
        return date(year, month, day)
    except ValueError:
        raise DateError(f"{calendar.month_abbr[month]} {year} has no day {day}") from None


def _next_day_numbered(today: date, day: int, year: int | None) -> date:
    """The first date from today on whose day of the month is `day`."""
    year_, month = today.year, today.month
    if today.day > day:
        year_, month = (year_ + (month == 12), month % 12 + 1)
    for _ in range(12):
        if day <= calendar.monthrange(year_, month)[1]:
            found = date(year_, month, day)
            if year is not None and found.year != year:
                raise DateError(f"the next day {day} is not in {year}")
            return found
        year_, month = (year_ + (month == 12), month % 12 + 1)
    raise DateError(f"no month has a day {day}")  # pragma: no cover - 31 is in every year
