"""Deadline arithmetic (users' manual 5.1 and 8.6; njudge-formats, "Deadline algorithm"):
pure functions from a processing time and a phase's timing to its deadline, grace
expiry and earliest processing time.

Times go in and come out as naive UTC, as the judge stores them. The rules that speak of
the clock on the wall (CLOCK, DAYS, noon on a lower-case day) are applied in the judge's
own time zone, so a 23:30 deadline stays at 23:30 across a change to or from summer time.
A wall time that a change skips (02:30 on the spring-forward night) is taken as the
moment it would have been without the change, which is the same distance after the gap
(03:30); a wall time that happens twice (the autumn night) is its first occurrence. So no
deadline is ever a time that does not exist, or one that is ambiguous.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from parser import When

KINDS = {"M": "move", "R": "retreat", "B": "adjust", "A": "adjust"}
SETTINGS = ("clock", "min", "next", "grace", "delay", "days")
MAX_ROUNDS = 50  # as the njudge: fitting the rules together stops after this many rounds


@dataclass(frozen=True)
class Timing:
    """One kind of phase's settings, with the njudge's meanings."""

    clock: int = -1  # minutes after local midnight a deadline is put to; negative: none
    min: float = 0.0  # hours after processing before the next phase may be processed
    next: float = 23.0  # hours after processing to the next deadline, at least
    grace: float = 71.0  # hours after the deadline before the late are abandoned (or CD)
    delay: float = 0.5  # hours from the last orders in to processing
    days: str = "-MTWTF-"  # Sunday first: upper case allowed, lower case after noon, - not

    def changed(self, values: Iterable[tuple[str, Any]]) -> Timing:
        """This timing with SET MOVE|RETREAT|ADJUST's values; ValueError says what is wrong."""
        new: dict[str, Any] = {}
        for key, value in values:
            key = key.lower()
            if key not in SETTINGS:
                raise ValueError(f"{key.upper()} is not a timing setting")
            if key == "days":
                text = str(value)
                if len(text) != 7 or any(c != "-" and c.upper() not in "SMTWTF" for c in text):
                    raise ValueError(
                        f"DAYS {text} must be seven letters or dashes, Sunday first (-MTWTF-)"
                    )
                if set(text) == {"-"}:
                    raise ValueError("DAYS must allow at least one day")
                new[key] = text
            elif key == "clock":
                minutes = int(float(value))
                if minutes >= 24 * 60:
                    raise ValueError(f"CLOCK {minutes} is after midnight (0 to 1439, or -1)")
                new[key] = max(minutes, -1)
            else:
                hours = float(value)
                if hours < 0 or hours > 24 * 365:
                    raise ValueError(f"{key.upper()} {value} must be from 0 to 8760 hours")
                new[key] = hours
        return replace(self, **new)

    def as_dict(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in SETTINGS}


# The njudge's defaults (its defaults.inc, the manual's section 5.1 and the LIST of its test
# suite, Bug91-11): every kind of phase may fall on any weekday, Monday morning included.
DEFAULTS: dict[str, Timing] = {
    "move": Timing(clock=1410, min=12.0, next=71.0, grace=167.0, delay=0.5, days="-MTWTF-"),
    "retreat": Timing(clock=-1, min=0.0, next=23.0, grace=71.0, delay=0.5, days="-MTWTF-"),
    "adjust": Timing(clock=-1, min=0.0, next=23.0, grace=71.0, delay=0.5, days="-MTWTF-"),
}


def timing_for(settings: Mapping[str, Any], kind: str) -> Timing:
    """A game's timing for a kind of phase ("move", "retreat", "adjust"), from its
    settings, the njudge's defaults filling in what they do not hold."""
    stored = settings.get(kind)
    base = DEFAULTS[kind]
    if not isinstance(stored, Mapping):
        return base
    return replace(base, **{k: stored[k] for k in SETTINGS if k in stored})


def timing_of(settings: Mapping[str, Any], phase: str) -> Timing:
    """A game's timing for the kind of `phase` (S1901M, F1901R, W1901B)."""
    return timing_for(settings, KINDS.get(phase[-1:].upper(), "move"))


def parameter_line(label: str, timing: Timing) -> str:
    """The njudge's line for one kind of phase in a game's parameters (LIST, SET MOVE)."""
    t = timing  # settings stored as JSON may hold 12 for 12.0
    return (
        f"  {label:<8}clock {int(t.clock):4d} min {float(t.min):5.2f} "
        f"next {float(t.next):6.2f} grace {float(t.grace):6.2f} "
        f"delay {float(t.delay):4.2f} days {t.days}"
    )


# -- local time ------------------------------------------------------------------------------


def to_local(moment: datetime, zone: ZoneInfo) -> datetime:
    """A naive UTC moment as the judge's wall clock shows it (naive)."""
    return moment.replace(tzinfo=UTC).astimezone(zone).replace(tzinfo=None)


def from_local(wall: datetime, zone: ZoneInfo) -> datetime:
    """The naive UTC moment a wall time means: its first occurrence if it happens twice,
    and, if the clocks skip it, the moment it would have been without the change."""
    return wall.replace(tzinfo=zone, fold=0).astimezone(UTC).replace(tzinfo=None)


def moment_of(when: When, default: time, zone: ZoneInfo) -> datetime:
    """The naive UTC moment a player's date means (`default`: the time of day when none was
    written): a wall time of the judge's zone, unless the date named its own (`+0100`)."""
    if when.offset is not None:
        return when.at(default) - when.offset
    return from_local(when.at(default), zone)


def _day_letter(days: str, wall: datetime) -> str:
    return days[(wall.weekday() + 1) % 7]  # the string starts on Sunday


# -- the rules -------------------------------------------------------------------------------


def _fit(moment: datetime, timing: Timing, zone: ZoneInfo) -> datetime:
    """One round of CLOCK, then DAYS: the moment moved forward to fit both, if it can be."""
    wall = to_local(moment, zone)
    if timing.clock >= 0:
        target = datetime.combine(wall.date(), time()) + timedelta(minutes=timing.clock)
        if from_local(target, zone) < moment:  # compared as moments: a skipped wall time
            target += timedelta(days=1)  # stands for the moment after the gap
        wall = target
    wall = _fit_days(wall, timing.days)
    return max(from_local(wall, zone), moment)


def _fit_days(wall: datetime, days: str) -> datetime:
    for _ in range(8):
        letter = _day_letter(days, wall)
        if letter == "-":
            wall += timedelta(days=1)  # the same time of day, the next day
            continue
        if letter.islower() and wall.time() < time(12):
            wall = datetime.combine(wall.date(), time(12))
        return wall
    return wall  # every day barred: refused when set, so not reached


def _absent(moment: datetime, absences: Iterable[tuple[datetime, datetime]]) -> datetime:
    """A deadline inside an absence moves to its end."""
    for start, end in absences:
        if start <= moment < end:
            moment = end
    return moment


def deadline_after(
    processed: datetime,
    previous: datetime | None,
    timing: Timing,
    zone: ZoneInfo,
    absences: Iterable[tuple[datetime, datetime]] = (),
    factor: float = 1.0,
) -> datetime:
    """The deadline of the phase that follows one processed at `processed`: NEXT hours
    later (times `factor`: twice for the first phase of a game), never before the last
    deadline, then moved forward to fit CLOCK, DAYS and the players' absences, until
    nothing moves it any more."""
    absences = list(absences)
    moment = processed + timedelta(hours=timing.next * factor)
    if previous is not None and moment < previous:
        moment = previous
    moment = moment.replace(microsecond=0)
    for _ in range(MAX_ROUNDS):
        moved = _absent(_fit(moment, timing, zone), absences)
        if moved == moment:
            break
        moment = moved
    return moment


def grace_after(
    deadline: datetime,
    previous: datetime | None,
    timing: Timing,
    zone: ZoneInfo,
    strict: bool = False,
) -> datetime:
    """GRACE hours after the deadline, moved to an allowed day unless STRICT GRACE, and
    never before the last phase's grace expiry."""
    moment = deadline + timedelta(hours=timing.grace)
    if not strict:
        moment = max(from_local(_fit_days(to_local(moment, zone), timing.days), zone), moment)
    if previous is not None and moment < previous:
        moment = previous
    return moment


def earliest_after(processed: datetime, timing: Timing) -> datetime:
    """MIN: the next phase is not processed before this, however early the orders are."""
    return processed + timedelta(hours=timing.min)
