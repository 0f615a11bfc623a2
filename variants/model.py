"""The map and rules of one variant, as immutable values.

A `Variant` is what the loader makes of a data file: everything the adjudicator and the judge
need to know about a board, and nothing about a game in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from .mach_model import MachData

COASTS = ("nc", "sc", "ec", "wc")
COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}

UNIT_WORDS = {"A": "Army", "F": "Fleet", "W": "Wing", "G": "Garrison"}

# Who owns a Machiavelli unit, city or province that no player owns (the njudge's `&`).
AUTONOMOUS = "Autonomous"

SEASON_WORDS = {"S": "Spring", "U": "Summer", "F": "Fall", "W": "Winter"}
PHASE_WORDS = {"M": "Movement", "R": "Retreats", "B": "Adjustments"}


class ProvinceKind(StrEnum):
    LAND = "land"  # inland: armies (and wings) only
    COAST = "coast"  # coastal land: armies, and fleets along its coast(s)
    SEA = "sea"  # water: fleets (and wings) only


@dataclass(frozen=True, slots=True)
class Province:
    abbr: str
    name: str
    kind: ProvinceKind
    center: bool = False
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    impassable: bool = False
    # A coastal province that fleets can convoy through when the game enables duality.
    dual: bool = False
    # Arctic water: closed in the Fall (njudge map type `v`); a rule for variants that have it.
    arctic: bool = False
    # Machiavelli (docs/machiavelli.md): the ducats of the province's city (0: no city);
    # a fortified city holds a garrison; a fortress is a fortified place of no income, in
    # use when the game sets FORTRESSES; a port builds fleets (and a fortified port turns
    # a fleet into a garrison and back); Venice is one space, province and city together.
    income: int = 0
    fortified: bool = False
    fortress: bool = False
    port: bool = False
    venice: bool = False

    @property
    def is_sea(self) -> bool:
        return self.kind is ProvinceKind.SEA

    @property
    def is_land(self) -> bool:
        return self.kind is not ProvinceKind.SEA

    @property
    def walled(self) -> bool:
        """Can a garrison stand here: a fortified city, or a fortress (when in use)."""
        return self.fortified or self.fortress

    @property
    def locations(self) -> tuple[str, ...]:
        """Where a fleet can stand: the province itself, or each of its named coasts."""
        if self.coasts:
            return tuple(f"{self.abbr}/{c}" for c in self.coasts)
        return (self.abbr,)


@dataclass(frozen=True, slots=True)
class Power:
    name: str
    adjective: str
    letter: str
    homes: tuple[str, ...]
    # False for a power no player plays: a Machiavelli home country that starts conquered
    # or eliminated (mach_aoc's Provence, mach2_eai's Lombardy).
    played: bool = True


@dataclass(frozen=True, slots=True)
class StartingUnit:
    power: str
    type: str  # "A", "F", "W" or "G" (a Machiavelli garrison, in its province's city)
    location: str  # "lon", "stp/sc"
    # A wing instead in a game played with wings (modern's `F/W lon`, info.modern).
    wing: bool = False


@dataclass(frozen=True, slots=True)
class Railway:
    """A railway line that one power's armies may ride from any station to any other
    (colonial's Trans-Siberian Railway; the game enables it with SET RAILWAYS)."""

    abbr: str
    name: str
    power: str | None  # the only power that may use it; None: every power
    stations: tuple[str, ...]  # provinces, in line order


@dataclass(frozen=True, slots=True)
class Gateway:
    """A passage between waters that the unit standing at `at` opens or keeps shut
    (colonial's Suez Canal; the game enables it with SET GATEWAYS)."""

    abbr: str
    name: str
    at: str  # the land province whose occupier controls the gateway
    joins: tuple[str, ...]  # the waters it joins


def province_of(location: str) -> str:
    """`stp/sc` -> `stp`; a province abbreviation is its own province."""
    slash = location.find("/")
    return location if slash < 0 else location[:slash]


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    start: str
    # The phases of one game year in order, as season letter + phase letter: SM SR FM FR FB.
    phases: tuple[str, ...]
    victory: int
    unit_types: tuple[str, ...]
    rules: frozenset[str]
    provinces: Mapping[str, Province]
    powers: tuple[Power, ...]
    # Who may move where: armies and wings between provinces, fleets between locations.
    army_moves: Mapping[str, frozenset[str]]
    fleet_moves: Mapping[str, frozenset[str]]
    wing_moves: Mapping[str, frozenset[str]]
    units: tuple[StartingUnit, ...]
    ownership: Mapping[str, str]
    center_order: tuple[str, ...]
    # Every name a player may type for a province, lower case, without periods.
    names: Mapping[str, str] = field(repr=False)
    source: str = field(default="", repr=False)
    # Army moves across a strait at reduced strength (loeb9's cor-naf, nap-sic); each pair is
    # also in `army_moves`, so only the strength of the move differs.
    crossings: Mapping[str, frozenset[str]] = field(default_factory=dict)
    railways: tuple[Railway, ...] = ()
    gateways: tuple[Gateway, ...] = ()
    # Power name -> centres that power does not count when the game sets HONG KONG.
    uncounted: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # A Machiavelli map's own data (tables, incomes, control at the start); None elsewhere.
    machiavelli: MachData | None = None

    def __post_init__(self) -> None:
        # A railway's or gateway's name is a word of the orders (`A vla - tsr - mos`,
        # `sc S F meds - reds`), so the order parser, which reads `names`, knows it.
        names = dict(self.names)
        for line in (*self.railways, *self.gateways):
            names.setdefault(line.abbr, line.abbr)
            names.setdefault(line.name.lower().replace(".", ""), line.abbr)
        object.__setattr__(self, "names", names)
        for attr in (
            "provinces", "army_moves", "fleet_moves", "wing_moves", "ownership", "names",
            "crossings", "uncounted",
        ):  # fmt: skip
            object.__setattr__(self, attr, MappingProxyType(dict(getattr(self, attr))))
        by_name: dict[str, Power] = {}
        for p in self.powers:
            for key in (p.letter.lower(), p.adjective.lower(), p.name.lower(), p.name):
                by_name[key] = p
        object.__setattr__(self, "_powers_by_name", by_name)

    def __eq__(self, other: object) -> bool:
        return self is other

    # Equal only to itself, so hashed by identity: in C, for every memo keyed by a variant
    # (the adjudicator's hot path looks a few up per phase).
    __hash__ = object.__hash__

    @property
    def centers(self) -> tuple[str, ...]:
        return tuple(p.abbr for p in self.provinces.values() if p.center)

    def power(self, name: str) -> Power:
        """The power by full name, adjective or letter, any case; KeyError if none."""
        by_name: dict[str, Power] = self._powers_by_name  # type: ignore[attr-defined]
        found = by_name.get(name)
        if found is None:
            found = by_name.get(name.strip().lower())
            if found is None:
                raise KeyError(name)
        return found

    def province(self, name: str) -> Province:
        """The province by abbreviation, full name or alias, any case; KeyError if none."""
        return self.provinces[self.names[name.strip().lower().replace(".", "")]]

    def location(self, text: str) -> str:
        """Normalise `Spain(sc)`, `spa / sc`, `STP/NC` to `spa/sc`; KeyError if not a place."""
        raw = text.strip().lower().replace(".", "")
        coast = None
        for opener, closer in (("/", ""), ("(", ")")):
            if opener in raw:
                raw, _, rest = raw.partition(opener)
                coast = rest.strip().rstrip(closer).strip()
                raw = raw.strip()
                break
        prov = self.provinces[self.names[raw]]
        if coast is None or coast == "":
            return prov.abbr
        coast = _coast_code(coast)
        if coast not in prov.coasts:
            raise KeyError(text)
        return f"{prov.abbr}/{coast}"

    @property
    def is_machiavelli(self) -> bool:
        return self.machiavelli is not None

    @property
    def dialect(self) -> str:
        """The orders this map's rules add to everyone's (the parser's dialect of them):
        Machiavelli's sieges, conversions and garrisons."""
        return "machiavelli" if self.is_machiavelli else ""

    def is_home(self, power: str, province: str) -> bool:
        return province in self.power(power).homes

    def adjacent(self, unit_type: str, frm: str, to: str) -> bool:
        """Can a unit of this type move from location `frm` to location `to` in one step?"""
        if unit_type == "F":
            return to in self.fleet_moves.get(frm, ())
        if unit_type == "A":
            return province_of(to) in self.army_moves.get(province_of(frm), ())
        return province_of(to) in self.wing_moves.get(province_of(frm), ())


def _coast_code(word: str) -> str:
    w = word.replace(" ", "")
    for code, long in COAST_WORDS.items():
        if w in (code, code[0], long.replace(" ", "")):
            return code
    raise KeyError(word)
