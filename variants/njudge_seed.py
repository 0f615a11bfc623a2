"""The njudge's seed file: the first phase, the starting units and the starting ownership.

A seed is normally the phase (`S1901M`), unit lines `R: F St Petersburg/sc`, `-1`, then an
ownership record (one character per province of the map, in map order) or a `-1` line that
leaves the ownership to the map's home centres. One seed the njudge ships (shift_left's) is a
copy of the starting report instead (`Austria: Army  Paris.`); it is read as such, and each
power owns the centres its units stand on, as in the other Shift variants' records.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

PHASE = re.compile(r"^[SUFW]\d{1,4}[MRBA]$")
REPORT_START = re.compile(r"starting position for (\w+) of (\d+)", re.IGNORECASE)
REPORT_UNIT = re.compile(r"^([\w' -]+?):\s*(Army|Fleet|Wing)\s+(.+?)\.?\s*$", re.IGNORECASE)
COAST_WORDS = {"north": "nc", "south": "sc", "east": "ec", "west": "wc"}
# The report's season -> our first phase's season and phase letters (Winter is the Fall's
# adjustments).
SEASONS = {"spring": "SM", "summer": "UM", "fall": "FM", "autumn": "FM", "winter": "FB"}


PowerRow = tuple[str, str, str]  # name, adjective, letter
Place = Callable[[str], str]  # a province's name in the seed -> its abbreviation


class _Named(Protocol):
    abbr: str
    name: str
    aliases: list[str]
    center: bool


@dataclass
class Seed:
    start: str
    units: list[tuple[str, str, str]] = field(default_factory=list)  # power, type, place
    ownership: dict[str, list[str]] = field(default_factory=dict)  # power -> centres


class SeedError(ValueError):
    """A seed file that cannot be read."""


def read_seed(text: str, provinces: Sequence[_Named], powers: Sequence[PowerRow]) -> Seed:
    """The seed's facts, with our power names and province abbreviations."""
    names: dict[str, str] = {}
    for p in provinces:
        for key in (p.abbr, p.name, *p.aliases):
            names.setdefault(key.lower().replace(".", ""), p.abbr)

    def place(words: str) -> str:
        key = " ".join(words.lower().replace(".", "").split())
        if key not in names:
            raise SeedError(f"unknown province {words!r} in the seed")
        return names[key]

    lines = [x.strip() for x in text.splitlines() if x.strip()]
    if lines and PHASE.match(lines[0]):
        return _phase_seed(lines, provinces, powers, place)
    return _report_seed(lines, provinces, powers, place)


def _phase_seed(
    lines: list[str], provinces: Sequence[_Named], powers: Sequence[PowerRow], place: Place
) -> Seed:
    letters = {letter: power for power, _, letter in powers}
    seed = Seed(lines[0].upper())
    rest = iter(lines[1:])
    for line in rest:
        if line.startswith("-1"):
            break
        letter, _, unit = line.partition(":")
        kind, _, where = unit.strip().partition(" ")
        at, _, coast = where.strip().partition("/")
        if letter.strip() not in letters:
            raise SeedError(f"unknown power letter {letter.strip()!r} in the seed")
        coast = f"/{coast.lower()}" if coast else ""
        seed.units.append((letters[letter.strip()], kind.upper(), place(at) + coast))
    record = next(rest, "-1")
    if not record.startswith("-1"):
        for p, owner in zip(provinces, record, strict=False):
            if p.center and owner in letters:
                seed.ownership.setdefault(letters[owner], []).append(p.abbr)
    return seed


def _report_seed(
    lines: list[str], provinces: Sequence[_Named], powers: Sequence[PowerRow], place: Place
) -> Seed:
    by_name = {power.lower(): power for power, _, _ in powers}
    start = next((REPORT_START.search(line) for line in lines if REPORT_START.search(line)), None)
    if start is None:
        raise SeedError("the seed gives no starting phase")
    season, phase = SEASONS[start.group(1).lower()]
    seed = Seed(f"{season}{start.group(2)}{phase}")
    centers = {p.abbr for p in provinces if p.center}
    for line in lines:
        unit = REPORT_UNIT.match(line)
        if unit is None:
            continue
        power = by_name.get(unit.group(1).strip().lower())
        if power is None:
            raise SeedError(f"unknown power {unit.group(1)!r} in the seed")
        where, coast = unit.group(3), ""
        bracket = re.search(r"\((\w+) coast\)", where)
        if bracket:
            coast = "/" + COAST_WORDS[bracket.group(1).lower()]
            where = where[: bracket.start()]
        abbr = place(where)
        seed.units.append((power, unit.group(2)[0].upper(), abbr + coast))
        if abbr in centers:
            seed.ownership.setdefault(power, []).append(abbr)
    return seed
