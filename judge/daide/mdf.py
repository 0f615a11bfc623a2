"""A variant as DAIDE sees it (from the variant files): its powers' and provinces' tokens
and names, the Representation Message, MAP's name and the Map Definition (MDF).

Tokens are given the way DAIDE's standard map has them, so that the standard variant gets
exactly the standard tokens: provinces sorted by kind (inland, sea, coastal, bicoastal;
each without then with a supply centre) and by name, numbered across kinds; powers in the
variant's order. Names are the variant's own three-letter abbreviations in capitals, but
for the three seas DAIDE names otherwise (ECH, GOB, GOL), and where a name is taken
already (by a DAIDE keyword such as ENG or ECS, a power, another province) another is
made from the province's name. Impassable provinces are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import variants
from variants import Variant
from variants.model import ProvinceKind

from .messages import Message, bracket
from .tokens import (
    BICOASTAL,
    COASTAL,
    FIXED,
    INLAND,
    KEYWORDS,
    SEA,
    Names,
    T,
    power_token,
    province_token,
)

# DAIDE's own names for seas the variant files name otherwise.
DAIDE_NAMES = {"English Channel": "ECH", "Gulf of Bothnia": "GOB", "Gulf of Lyon": "GOL"}
COASTS = {"nc": "NCS", "ne": "NEC", "ec": "ECS", "se": "SEC", "sc": "SCS", "sw": "SWC",
          "wc": "WCS", "nw": "NWC"}  # fmt: skip
COAST_OF = {v: k for k, v in COASTS.items()}
SEASONS = {"SM": "SPR", "SR": "SUM", "FM": "FAL", "FR": "AUT", "FB": "WIN"}
PHASE_OF = {v: k for k, v in SEASONS.items()}


def unfit(variant: Variant) -> str | None:
    """Why DAIDE cannot play the variant, or None: Machiavelli, units other than armies
    and fleets, a year other than spring and fall with one adjustment phase, railways and
    gateways, more than 256 provinces or powers."""
    if variant.is_machiavelli:
        return "Machiavelli is no DAIDE game"
    if set(variant.unit_types) - {"A", "F"}:
        return "DAIDE has armies and fleets only"
    if set(variant.phases) - set(SEASONS):
        return "DAIDE's year is spring, fall and winter"
    if variant.railways or variant.gateways:
        return "DAIDE has no railways nor gateways"
    if len([p for p in variant.provinces.values() if not p.impassable]) > 256:
        return "DAIDE numbers at most 256 provinces"
    if any(c not in COASTS for p in variant.provinces.values() for c in p.coasts):
        return "a coast DAIDE has no token for"
    return None


def _candidates(abbr: str, name: str) -> Iterator[str]:
    if name in DAIDE_NAMES:
        yield DAIDE_NAMES[name]
    yield abbr.upper()[:3].ljust(3, "X")
    letters = [c for c in name.upper() if c.isalpha()]
    if letters:
        for a, b in combinations(letters[1:], 2):
            yield letters[0] + a + b
    for n in range(1000):
        yield f"Z{n:02d}"[:3] if n < 100 else f"{chr(65 + n // 100 % 26)}{n % 100:02d}"


def _name(taken: set[str], abbr: str, name: str) -> str:
    for candidate in _candidates(abbr, name):
        if candidate not in taken and candidate not in KEYWORDS:
            taken.add(candidate)
            return candidate
    raise ValueError(f"no name for {abbr}")


@dataclass(frozen=True)
class Board:
    """A variant's DAIDE tokens: power name <-> token, province abbreviation <-> token."""

    variant: Variant
    map_name: str
    powers: dict[str, int]  # power name -> token
    power_names: dict[str, str]  # power name -> its three letters
    provinces: dict[str, int]  # abbreviation -> token
    province_names: dict[str, str]  # abbreviation -> its three letters

    @property
    def names(self) -> Names:
        by_name = {self.power_names[p]: t for p, t in self.powers.items()}
        by_name.update({self.province_names[a]: t for a, t in self.provinces.items()})
        return Names(by_name)

    @property
    def power_of_token(self) -> dict[int, str]:
        return {t: p for p, t in self.powers.items()}

    @property
    def province_of_token(self) -> dict[int, str]:
        return {t: a for a, t in self.provinces.items()}

    def representation(self) -> list[tuple[int, str]]:
        out = [(t, self.power_names[p]) for p, t in self.powers.items()]
        out += [(t, self.province_names[a]) for a, t in self.provinces.items()]
        return out

    def location(self, location: str) -> int | Message:
        """`stp/sc` as (STP SCS), `lon` as LON."""
        province, _, coast = location.partition("/")
        token = self.provinces[province]
        return bracket(token, T(COASTS[coast])) if coast else token

    def mdf(self) -> Message:
        """MDF (powers) ((centres) (other provinces)) (adjacencies)."""
        v = self.variant
        powers = list(self.powers.values())
        homes: dict[str, list[str]] = {}
        for power in v.powers:
            if power.name in self.powers:
                for home in power.homes:
                    homes.setdefault(home, []).append(power.name)
        by_power: dict[tuple[str, ...], list[int]] = {}
        unowned = []
        others = []
        for abbr, token in self.provinces.items():
            province = v.provinces[abbr]
            if not province.center:
                others.append(token)
            elif abbr in homes:
                by_power.setdefault(tuple(homes[abbr]), []).append(token)
            else:
                unowned.append(token)
        centres: list[Message] = []
        for power in self.powers:  # one list a power, even an empty one
            centres.append(bracket(self.powers[power], *by_power.pop((power,), [])))
        for owners, tokens in by_power.items():  # shared home centres
            for token in tokens:
                centres.append(bracket(bracket(*(self.powers[o] for o in owners)), token))
        centres.append(bracket(T("UNO"), *unowned))
        adjacencies = [self._adjacency(abbr) for abbr in self.provinces]
        return Message(
            [T("MDF"), bracket(*powers), bracket(bracket(*centres), bracket(*others)),
             bracket(*adjacencies)]
        )  # fmt: skip

    def _adjacency(self, abbr: str) -> Message:
        v = self.variant
        province = v.provinces[abbr]
        parts: list[int | Message] = [self.provinces[abbr]]
        if province.kind != ProvinceKind.SEA:
            moves = sorted(m for m in v.army_moves.get(abbr, ()) if self._passable(m))
            if moves:
                parts.append(bracket(T("AMY"), *(self.location(m) for m in moves)))
        if province.kind != ProvinceKind.LAND:
            if province.coasts:
                for coast in province.coasts:
                    moves = sorted(
                        m for m in v.fleet_moves.get(f"{abbr}/{coast}", ()) if self._passable(m)
                    )
                    parts.append(
                        bracket(bracket(T("FLT"), T(COASTS[coast])),
                                *(self.location(m) for m in moves))
                    )  # fmt: skip
            else:
                moves = sorted(m for m in v.fleet_moves.get(abbr, ()) if self._passable(m))
                if moves:
                    parts.append(bracket(T("FLT"), *(self.location(m) for m in moves)))
        return bracket(*parts)

    def _passable(self, location: str) -> bool:
        return location.partition("/")[0] in self.provinces


def _kind(province: variants.model.Province) -> int:
    if province.kind == ProvinceKind.SEA:
        return SEA
    if province.kind == ProvinceKind.LAND:
        return INLAND
    return BICOASTAL if province.coasts else COASTAL


@cache
def board_of(variant_name: str) -> Board:
    """The DAIDE board of a variant (ValueError where it does not fit DAIDE)."""
    variant = variants.load(variant_name)
    why = unfit(variant)
    if why:
        raise ValueError(f"variant {variant_name!r} cannot be played over DAIDE: {why}")
    taken: set[str] = set()
    power_names: dict[str, str] = {}
    played = [p for p in variant.powers if p.played]
    for power in played:
        power_names[power.name] = _name(taken, power.name[:3], power.name)
    names = {}
    for abbr, province in sorted(variant.provinces.items()):
        if not province.impassable:
            names[abbr] = _name(taken, abbr, province.name)
    order = sorted(
        names,
        key=lambda a: (_kind(variant.provinces[a]), variant.provinces[a].center, names[a]),
    )
    provinces = {
        a: province_token(i, _kind(variant.provinces[a]), variant.provinces[a].center)
        for i, a in enumerate(order)
    }
    powers = {p.name: power_token(i) for i, p in enumerate(played)}
    map_name = "STANDARD" if variant.name == "standard" else variant.name.upper()
    return Board(variant, map_name, powers, power_names, provinces, names)


assert FIXED["AMY"] == 0x4200
