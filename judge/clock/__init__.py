"""Time, from one place: every part of the judge asks a clock, so that tests and
`judge tick --now` can run days of deadlines in milliseconds.

Times inside the judge are naive UTC datetimes (what the store keeps); they are shown in
the judge's own time zone only when printed.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime: ...


class SystemClock:
    """The machine's clock, in naive UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC).replace(tzinfo=None)


class FixedClock:
    """A clock that stands still until told to move (tests, `judge tick --now`)."""

    def __init__(self, at: datetime) -> None:
        self.at = to_utc(at)

    def now(self) -> datetime:
        return self.at

    def advance(self, by: timedelta) -> None:
        self.at += by


def to_utc(at: datetime) -> datetime:
    """A time as the store keeps it: naive UTC."""
    if at.tzinfo is not None:
        at = at.astimezone(UTC).replace(tzinfo=None)
    return at
