"""Checking a Machiavelli map's own data against the map (docs/variant-format.md).

A map without the `machiavelli` rule word may have none of it (`check_not_machiavelli`):
a city, a garrison or a famine table means nothing to the other variants' rules, so a
file that has one by mistake is refused rather than quietly played as something else.
"""

from __future__ import annotations

from collections.abc import Mapping

from .draft import Draft
from .mach_model import DisasterTable, MachData, Strait, UnitLimits, VariableIncome
from .mach_reading import TABLES
from .model import AUTONOMOUS, Power, Province

_MACH_SECTIONS = ("control", "province order", "variable income", "unit limits", "straits")


def check_not_machiavelli(
    draft: Draft, provinces: Mapping[str, Province], unit_types: tuple[str, ...]
) -> None:
    """No city, garrison or Machiavelli section outside a Machiavelli map."""
    for abbr, prov in provinces.items():
        if prov.income or prov.walled or prov.port or prov.venice:
            line = draft.provinces[abbr][0]
            reason = f"cities belong to Machiavelli maps ('{abbr}'; rules machiavelli)"
            raise draft.fail(line, reason)
    if "G" in unit_types:
        raise draft.fail(draft.header["units"][0], "garrisons (G) belong to Machiavelli maps")
    lines = {
        "control": [line for line, _ in draft.control.values()],
        "province order": [line for line, _ in draft.province_order],
        "variable income": [line for line, _ in draft.variable_income],
        "unit limits": [line for line, _ in draft.limits.values()],
        "straits": [line for line, _ in draft.straits],
    }
    for name in TABLES:
        lines[name] = [line for line, _, _ in draft.tables.get(name, [])]
    for name in (*_MACH_SECTIONS, *TABLES):
        if lines[name]:
            raise draft.fail(min(lines[name]), f"[{name}] belongs to Machiavelli maps")


def check_machiavelli(
    draft: Draft,
    provinces: Mapping[str, Province],
    powers: Mapping[str, Power],
    fleet: Mapping[str, frozenset[str]],
    phases: tuple[str, ...],
) -> MachData:
    """The Machiavelli data, each fact checked against the map."""
    if not any(code[1] == "B" for code in phases):
        raise draft.fail(draft.header["phases"][0], "a Machiavelli year ends in adjustments")
    land = [a for a, p in provinces.items() if p.is_land and not p.impassable]
    everywhere = [a for a, p in provinces.items() if p.is_land]
    return MachData(
        control=_control(draft, provinces, powers, land),
        province_order=_province_order(draft, land, everywhere),
        variable_income=tuple(_variable_income(draft, provinces)),
        famine=_table(draft, "famine", provinces),
        plague=_table(draft, "plague", provinces),
        storms=_table(draft, "storms", provinces),
        limits=_limits(draft, powers),
        straits=tuple(_straits(draft, provinces, fleet)),
    )


def _control(
    draft: Draft, provinces: Mapping[str, Province], powers: Mapping[str, Power], land: list[str]
) -> dict[str, str]:
    """Who controls each land province at the start; by default each power its home."""
    by_name = {p.lower(): p for p in powers}
    by_name[AUTONOMOUS.lower()] = AUTONOMOUS
    if not draft.control:
        return {home: name for name, power in powers.items() for home in power.homes}
    out: dict[str, str] = {}
    for province, (line, power) in draft.control.items():
        if power.lower() not in by_name:
            raise draft.fail(line, f"unknown power '{power}'")
        if province not in land:
            raise draft.fail(line, f"'{province}' is not a land province anyone can control")
        out[province] = by_name[power.lower()]
    return out


def _province_order(draft: Draft, land: list[str], everywhere: list[str]) -> tuple[str, ...]:
    """The order of the ownership reports: every land province once (an impassable one
    may be listed too), or the map's order."""
    if not draft.province_order:
        return tuple(land)
    seen: list[str] = []
    for line, abbr in draft.province_order:
        if abbr not in everywhere:
            raise draft.fail(line, f"'{abbr}' in [province order] is not a land province")
        if abbr in seen:
            raise draft.fail(line, f"'{abbr}' appears twice in [province order]")
        seen.append(abbr)
    missing = sorted(set(land) - set(seen))
    if missing:
        last = draft.province_order[-1][0]
        raise draft.fail(last, f"[province order] lacks {', '.join(missing)}")
    return tuple(seen)


def _variable_income(draft: Draft, provinces: Mapping[str, Province]) -> list[VariableIncome]:
    out = []
    for line, income in draft.variable_income:
        prov = provinces.get(income.province)
        if prov is None or not prov.is_land:
            raise draft.fail(line, f"'{income.province}' is not a land province")
        if any(i.province == income.province for i in out):
            raise draft.fail(line, f"'{income.province}' has two lines of variable income")
        out.append(income)
    return out


def _table(draft: Draft, name: str, provinces: Mapping[str, Province]) -> DisasterTable | None:
    """A full table of 11 rows, each place a province of the map; storms strike seas."""
    rows = draft.tables.get(name)
    if not rows:
        return None
    by_row = {row: (line, columns) for line, row, columns in rows}
    missing = [str(r) for r in range(2, 13) if r not in by_row]
    if missing:
        raise draft.fail(rows[-1][0], f"[{name}] lacks row {', '.join(missing)}")
    for line, columns in by_row.values():
        for place in columns:
            if place is None:
                continue
            if place not in provinces:
                raise draft.fail(line, f"unknown province '{place}' in [{name}]")
            if (name == "storms") != provinces[place].is_sea:
                what = "seas" if name == "storms" else "land"
                raise draft.fail(line, f"[{name}] strikes {what}, not '{place}'")
    return tuple(by_row[r][1] for r in range(2, 13))


def _limits(draft: Draft, powers: Mapping[str, Power]) -> dict[str, UnitLimits]:
    by_name = {p.lower(): p for p in powers}
    out = {}
    for written, (line, limits) in draft.limits.items():
        power = by_name.get(written.lower())
        if power is None:
            raise draft.fail(line, f"unknown power '{written}'")
        out[power] = limits
    return out


def _straits(
    draft: Draft, provinces: Mapping[str, Province], fleet: Mapping[str, frozenset[str]]
) -> list[Strait]:
    """A strait joins two waters a fleet moves between, and is kept from a coast."""
    out = []
    for line, strait in draft.straits:
        keeper = provinces.get(strait.keeper)
        if keeper is None or not keeper.is_land:
            reason = f"a strait is kept from a coastal province, not '{strait.keeper}'"
            raise draft.fail(line, reason)
        one, two = strait.ends
        if one not in fleet or two not in fleet.get(one, ()):
            raise draft.fail(line, f"no fleet moves between {one} and {two}")
        out.append(strait)
    return out
