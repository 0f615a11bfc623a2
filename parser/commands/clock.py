"""The clock family's commands (`clock.lark`): a player's absences, and when a game's
phases fall due: SET MOVE / RETREAT / ADJUST timing, SET DEADLINE / GRACE / START; the
reminders before a deadline (SET [NO] REMINDER / REMINDERS, not in the njudge)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..dates import When
from .base import Command, CommandError, Rules, WrittenDate, keyword


@dataclass(frozen=True, slots=True, kw_only=True)
class SetAbsence(Command):
    """SET [NO] ABSENCE / HOLIDAY[S] / VACATION[S] start [TO end]."""

    start: When
    end: When | None = None
    cancel: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTiming(Command):
    """SET MOVE|RETREAT|ADJUST setting value...: CLOCK, MIN, NEXT, GRACE, DELAY, DAYS."""

    phase: str  # "move", "retreat" or "adjust"
    settings: tuple[tuple[str, float | str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetDate(Command):
    """SET DEADLINE / GRACE / START date."""

    which: str
    when: When


@dataclass(frozen=True, slots=True, kw_only=True)
class SetReminder(Command):
    """SET REMINDER hours / SET NO REMINDER: a player's own reminder before each deadline;
    SET REMINDERS hours / SET NO REMINDERS (`game`): the game's default, a master's."""

    hours: float | None  # None: no reminder
    game: bool = False


# A reminder further ahead than this is no reminder (a fortnight, in hours).
MAX_REMINDER_HOURS = 14 * 24

_TIMING_PHASES = {
    "move": "move", "moves": "move", "movement": "move",
    "retreat": "retreat", "retreats": "retreat",
    "adjust": "adjust", "adjustment": "adjust", "adjustments": "adjust",
    "build": "adjust", "builds": "adjust",
}  # fmt: skip


class ClockRules(Rules):
    def set_absence(self, items: list) -> Command:
        start, end = self._span(items)
        if end is not None and end.at(dt.time()) < start.at(dt.time()):
            raise CommandError(f"the absence would end ({end}) before it begins ({start})")
        return SetAbsence(start=start, end=end)

    def set_no_absence(self, items: list) -> Command:
        start, end = self._span(items)
        return SetAbsence(start=start, end=end, cancel=True)

    def _span(self, items: list) -> tuple[When, When | None]:
        """An absence's dates: the start read from now, the end from the start, so that a
        weekday at the end (`Sat to Tue`) is the next one after the start."""
        written = [i for i in items if isinstance(i, WrittenDate)]
        start = self._when(written[0])
        if len(written) == 1:
            return start, None
        return start, self._when(written[1], start.at(dt.time()))

    def set_timing(self, items: list) -> Command:
        phase = _TIMING_PHASES[keyword(str(items[0]))]
        return SetTiming(phase=phase, settings=tuple(items[1:]))

    def timing_number(self, items: list) -> tuple[str, float]:
        key = str(items[0]).lower()
        value = float(items[1])
        if key == "clock" and (value != int(value) or not -1 <= value < 1440):
            raise CommandError("CLOCK is minutes after midnight (0 to 1439), or -1 for none")
        if key != "clock" and value < 0:
            raise CommandError(f"{key.upper()} is a number of hours, not {items[1]}")
        return (key, int(value) if key == "clock" else value)

    def timing_days(self, items: list) -> tuple[str, str]:
        pattern = str(items[0])
        for i, (day, ch) in enumerate(zip("SMTWTFS", pattern, strict=True)):
            if ch != "-" and ch.upper() != day:
                raise CommandError(
                    f"DAYS is seven letters SMTWTFS (a dash for a day off), not '{pattern}'"
                    f" (position {i + 1})"
                )
        return ("days", pattern)

    def set_reminder(self, items: list) -> Command:
        plural = keyword(str(items[0])).endswith("s")
        value = float(items[1])
        if not 0 < value <= MAX_REMINDER_HOURS:
            raise CommandError(
                f"a reminder comes up to {MAX_REMINDER_HOURS} hours before the deadline (more"
                f" than 0), not {items[1]}"
            )
        return SetReminder(hours=value, game=plural)

    def set_no_reminder(self, items: list) -> Command:
        plural = keyword(str(items[-1])).endswith("s")
        return SetReminder(hours=None, game=plural)

    def set_date(self, items: list) -> Command:
        return SetDate(which=str(items[0]).lower(), when=self._when(items[1]))
