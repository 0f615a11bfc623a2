"""Checking a variant: the facts read from the file, taken together, make a playable map.

Every check a map maker could get wrong is made here, once, so that the adjudicator can
trust the map it is given; a refusal names the line of the fact at fault.
"""

from __future__ import annotations

import re
from collections import defaultdict

from .draft import ABBR, Draft, name_key
from .extras import check_gateways, check_railways, check_uncounted
from .mach_checking import check_machiavelli, check_not_machiavelli
from .model import AUTONOMOUS, Power, Province, ProvinceKind, StartingUnit, Variant, province_of

KNOWN_RULES = frozenset(
    {
        # Rule words a variant may set; the judge's game settings read them.
        "any_center",  # builds in any owned centre, not only home centres
        "one_center",  # builds in any owned centre while a home centre is still owned
        "duality",  # the `dual` provinces convoy by default
        "wings",  # wings are playable
        "blind",  # players see only what is near them
        "no_retreats",  # dislodged units are disbanded
        "victory_by_player",  # a player's powers win together (rootz's two boards)
        "machiavelli",  # Machiavelli's rules (docs/machiavelli.md): cities, money, garrisons
        "mach2",  # ... of its second edition (1995) by default (SET MACH2)
        "fortresses",  # ... with its fortresses in use by default (SET FORTRESSES)
    }
)
UNIT_TYPES = ("A", "F", "W", "G")
PHASE_CODE = re.compile(r"^[SUFW][MRB]$")
START_CODE = re.compile(r"^[SUFW]\d{1,4}[MRBA]$")


def build(draft: Draft) -> Variant:
    """The variant the file describes, every fact checked against the others."""
    header = _check_header(draft)
    mach = "machiavelli" in header["rules"]
    provinces = {abbr: prov for abbr, (_, prov) in draft.provinces.items()}
    if not mach:
        check_not_machiavelli(draft, provinces, header["unit_types"])
    names = _check_names(draft)
    locations = _locations(provinces)
    army, fleet, wing, crossings = _check_moves(draft, provinces, locations)
    powers = _check_powers(draft, provinces, mach)
    units = _check_units(draft, provinces, locations, powers, header["unit_types"], mach)
    ownership = _check_ownership(draft, provinces, powers, mach)
    center_order = _check_center_order(draft, provinces)
    centers = sum(1 for p in provinces.values() if p.center)
    line, _ = draft.header["victory"]
    if header["victory"] > centers:
        raise draft.fail(line, f"victory needs {header['victory']} centers, the map has {centers}")
    return Variant(
        name=header["name"],
        title=header["title"],
        start=header["start"],
        phases=header["phases"],
        victory=header["victory"],
        unit_types=header["unit_types"],
        rules=header["rules"],
        provinces=provinces,
        powers=tuple(p for _, p in draft.powers.values()),
        army_moves=army,
        fleet_moves=fleet,
        wing_moves=wing,
        units=units,
        ownership=ownership,
        center_order=center_order,
        names=names,
        source=draft.source,
        crossings=crossings,
        railways=check_railways(draft, provinces, names, army, powers),
        gateways=check_gateways(draft, provinces, names, fleet),
        uncounted=check_uncounted(draft, provinces, powers),
        machiavelli=(
            check_machiavelli(draft, provinces, powers, fleet, header["phases"]) if mach else None
        ),
    )


def _check_header(draft: Draft) -> dict:
    for key in ("name", "title", "start", "phases", "victory", "units"):
        if key not in draft.header:
            raise draft.fail(None, f"[variant] lacks '{key}'")
    out: dict = {}
    line, name = draft.header["name"]
    if not ABBR.match(name.lower()):
        raise draft.fail(line, f"'{name}' is not a valid variant name")
    out["name"] = name.lower()
    out["title"] = draft.header["title"][1]
    line, phases = draft.header["phases"]
    codes = tuple(p.upper() for p in phases.split())
    for code in codes:
        if not PHASE_CODE.match(code):
            raise draft.fail(line, f"'{code}' is not a phase: season S/U/F/W and phase M/R/B")
    if len(set(codes)) != len(codes):
        raise draft.fail(line, "a phase is listed twice")
    if not any(c.endswith("M") for c in codes):
        raise draft.fail(line, "a year needs at least one movement phase")
    for i, code in enumerate(codes):
        if code.endswith("R") and (i == 0 or codes[i - 1][0] != code[0]):
            raise draft.fail(
                line, f"retreat phase {code} must follow a movement phase of its season"
            )
    out["phases"] = codes
    line, start = draft.header["start"]
    start = start.upper()
    # A Machiavelli game opens with its money phase, `A` (the adjustments with the income
    # before them); elsewhere `A` is only another way to write `B`.
    rules = draft.header.get("rules", (0, ""))[1].lower().split()
    opening = start[:-1] + "B" if start.endswith("A") else start
    if not START_CODE.match(start) or opening[0] + opening[-1] not in codes:
        raise draft.fail(line, f"start '{start}' is not one of the phases {' '.join(codes)}")
    out["start"] = start if "machiavelli" in rules else opening
    line, victory = draft.header["victory"]
    if not victory.isdigit() or int(victory) < 1:
        raise draft.fail(line, f"victory is a number of centers, not '{victory}'")
    out["victory"] = int(victory)
    line, units = draft.header["units"]
    types = tuple(u.upper() for u in units.split())
    for t in types:
        if t not in UNIT_TYPES:
            raise draft.fail(line, f"unknown unit type '{t}' (A, F or W)")
    out["unit_types"] = types
    rules: set[str] = set()
    if "rules" in draft.header:
        line, words = draft.header["rules"]
        for word in words.lower().split():
            if word not in KNOWN_RULES:
                raise draft.fail(line, f"unknown rule '{word}'")
            rules.add(word)
    out["rules"] = frozenset(rules)
    return out


def _check_names(draft: Draft) -> dict[str, str]:
    names: dict[str, tuple[int, str]] = {}
    for abbr, (line, prov) in draft.provinces.items():
        for name in (abbr, name_key(prov.name), *prov.aliases):
            other = names.get(name)
            if other and other[1] != abbr:
                raise draft.fail(line, f"name '{name}' already means {other[1]} (line {other[0]})")
            names[name] = (line, abbr)
    return {name: abbr for name, (_, abbr) in names.items()}


def _locations(provinces: dict[str, Province]) -> dict[str, Province]:
    """Every place a unit can stand: provinces, and the coasts of bicoastal ones."""
    out: dict[str, Province] = {}
    for prov in provinces.values():
        out[prov.abbr] = prov
        for loc in prov.locations:
            out[loc] = prov
    return out


def _check_moves(
    draft: Draft, provinces: dict[str, Province], locations: dict[str, Province]
) -> tuple[dict[str, frozenset[str]], ...]:
    """Army, fleet, wing and crossing moves, each listed from both ends."""
    tables: dict[str, dict[str, set[str]]] = {k: {} for k in ("army", "fleet", "wing", "crossing")}
    where: dict[tuple[str, str, str], int] = {}
    for (frm, kind), targets in draft.moves.items():
        line0 = targets[0][0]
        if frm not in locations:
            raise draft.fail(line0, f"unknown province '{frm}'")
        src = locations[frm]
        if src.impassable:
            raise draft.fail(line0, f"'{frm}' is impassable and has no neighbours")
        _check_mover(draft, line0, kind, frm, src, is_source=True)
        for line, to in targets:
            if to not in locations:
                raise draft.fail(line, f"unknown province '{to}'")
            dst = locations[to]
            if dst.impassable:
                raise draft.fail(line, f"'{to}' is impassable and cannot be a neighbour")
            if dst.abbr == src.abbr:
                raise draft.fail(line, f"'{frm}' cannot be its own neighbour")
            _check_mover(draft, line, kind, to, dst, is_source=False)
            tables[kind].setdefault(frm, set()).add(to)
            where[(kind, frm, to)] = line
    for kind, table in tables.items():
        for frm, tos in table.items():
            for to in tos:
                if frm not in tables[kind].get(to, ()):
                    raise draft.fail(
                        where[(kind, frm, to)],
                        f"asymmetric adjacency: {frm} lists {to} for {kind} moves, "
                        f"but {to} does not list {frm}",
                    )
    # A crossing is an army move too, made at reduced strength.
    for frm, tos in tables["crossing"].items():
        tables["army"].setdefault(frm, set()).update(tos)
    _check_reachable(draft, provinces, tables)
    army = {k: frozenset(v) for k, v in tables["army"].items()}
    fleet = {k: frozenset(v) for k, v in tables["fleet"].items()}
    crossing = {k: frozenset(v) for k, v in tables["crossing"].items()}
    if tables["wing"]:
        wing = {k: frozenset(v) for k, v in tables["wing"].items()}
    else:
        # Wings fly wherever an army or a fleet could go, coasts aside.
        merged: dict[str, set[str]] = defaultdict(set)
        for frm, tos in army.items():
            merged[frm].update(tos)
        for frm, tos in fleet.items():
            merged[province_of(frm)].update(province_of(t) for t in tos)
        wing = {k: frozenset(v) for k, v in merged.items()}
    return army, fleet, wing, crossing


def _check_reachable(
    draft: Draft, provinces: dict[str, Province], tables: dict[str, dict[str, set[str]]]
) -> None:
    """Every place a unit may stand can be reached by a unit that may stand there. Coastal
    land that only fleets reach (an island) is reachable by an army too, by convoy."""
    fleet = tables["fleet"]
    for prov in provinces.values():
        if prov.impassable:
            continue
        line = draft.provinces[prov.abbr][0]
        for coast in prov.locations if prov.coasts else ():
            if coast not in fleet:
                raise draft.fail(line, f"no fleet can reach the coast {coast}")
        if prov.is_sea and prov.abbr not in fleet:
            raise draft.fail(line, f"no fleet can reach the sea {prov.abbr}")
        if prov.kind is ProvinceKind.COAST and not prov.coasts and prov.abbr not in fleet:
            raise draft.fail(
                line, f"{prov.abbr} is a coast but no fleet can reach it (make it land?)"
            )
        by_sea = prov.kind is ProvinceKind.COAST
        if prov.is_land and prov.abbr not in tables["army"] and not by_sea and not tables["wing"]:
            raise draft.fail(line, f"no army can reach {prov.abbr}")


def _check_mover(
    draft: Draft, line: int, kind: str, loc: str, prov: Province, *, is_source: bool
) -> None:
    role = "from" if is_source else "to"
    if kind in ("army", "crossing"):
        if prov.is_sea:
            raise draft.fail(line, f"an army cannot move {role} the sea {loc}")
        if "/" in loc:
            raise draft.fail(line, f"{kind} moves name provinces, not coasts ({loc})")
    elif kind == "fleet":
        if prov.kind is ProvinceKind.LAND:
            raise draft.fail(line, f"a fleet cannot move {role} the inland province {loc}")
        if prov.coasts and "/" not in loc:
            raise draft.fail(
                line, f"{loc} has coasts: fleet moves must name one ({', '.join(prov.locations)})"
            )
    elif "/" in loc:
        raise draft.fail(line, f"wing moves name provinces, not coasts ({loc})")


def _check_powers(
    draft: Draft, provinces: dict[str, Province], mach: bool = False
) -> dict[str, Power]:
    """Home centres are supply centres, each the home of one power; a Machiavelli home
    country is every land province of it, with a city or not."""
    if not draft.powers:
        raise draft.fail(None, "[powers] lists no power")
    owner: dict[str, str] = {}
    for name, (line, power) in draft.powers.items():
        if name.lower() == AUTONOMOUS.lower():
            raise draft.fail(line, f"{AUTONOMOUS} is no power: it owns what no power owns")
        if not power.played and not mach:
            raise draft.fail(line, "only a Machiavelli power may be played by nobody")
        for home in power.homes:
            if home not in provinces:
                raise draft.fail(line, f"unknown home center '{home}' of {name}")
            if mach:
                if provinces[home].is_sea or provinces[home].impassable:
                    raise draft.fail(line, f"home province '{home}' of {name} is not land")
            elif not provinces[home].center:
                raise draft.fail(line, f"home center '{home}' of {name} is not a supply center")
            if home in owner:
                raise draft.fail(
                    line, f"'{home}' is a home center of both {owner[home]} and {name}"
                )
            owner[home] = name
    return {name: power for name, (_, power) in draft.powers.items()}


def _check_units(
    draft: Draft,
    provinces: dict[str, Province],
    locations: dict[str, Province],
    powers: dict[str, Power],
    unit_types: tuple[str, ...],
    mach: bool = False,
) -> tuple[StartingUnit, ...]:
    occupied: dict[str, int] = {}
    by_name = {p.lower(): p for p in powers}
    if mach:  # a Machiavelli map's autonomous garrisons belong to no power
        by_name[AUTONOMOUS.lower()] = AUTONOMOUS
    out = []
    for line, unit in draft.units:
        power = by_name.get(unit.power.lower())
        if power is None:
            raise draft.fail(line, f"unknown power '{unit.power}'")
        if unit.type not in unit_types:
            raise draft.fail(line, f"unit type {unit.type} is not played in this variant")
        if unit.location not in locations:
            raise draft.fail(line, f"unknown province '{unit.location}'")
        prov = locations[unit.location]
        if prov.impassable:
            raise draft.fail(line, f"no unit can stand in {prov.abbr}")
        if unit.type == "A" and (prov.is_sea or "/" in unit.location):
            raise draft.fail(line, f"an army cannot stand in {unit.location}")
        if unit.type == "F":
            if prov.kind is ProvinceKind.LAND:
                raise draft.fail(line, f"a fleet cannot stand in the inland {unit.location}")
            if prov.coasts and "/" not in unit.location:
                raise draft.fail(line, f"a fleet in {prov.abbr} must name its coast")
        if unit.type == "G" and (not (prov.walled or prov.income) or "/" in unit.location):
            # (The njudge's scenarios put a few in open cities: mach_aoc's Tunis.)
            raise draft.fail(line, f"a garrison stands in a city, not {unit.location}")
        # A garrison is inside the city, beside any army or fleet in the province (but in
        # Venice, city and province are one space).
        place = f"{prov.abbr}*" if unit.type == "G" and not prov.venice else prov.abbr
        if place in occupied:
            raise draft.fail(line, f"two units start in {prov.abbr} (line {occupied[place]})")
        occupied[place] = line
        out.append(StartingUnit(power, unit.type, unit.location, unit.wing))
    return tuple(out)


def _check_ownership(
    draft: Draft, provinces: dict[str, Province], powers: dict[str, Power], mach: bool = False
) -> dict[str, str]:
    by_name = {p.lower(): p for p in powers}
    if mach:  # a Machiavelli city may start in an autonomous garrison's hands
        by_name[AUTONOMOUS.lower()] = AUTONOMOUS
    if not draft.ownership:
        if mach:
            return {
                home: name
                for name, power in powers.items()
                for home in power.homes
                if provinces[home].center
            }
        return {home: name for name, power in powers.items() for home in power.homes}
    out = {}
    for center, (line, power) in draft.ownership.items():
        if power.lower() not in by_name:
            raise draft.fail(line, f"unknown power '{power}'")
        if center not in provinces or not provinces[center].center:
            raise draft.fail(line, f"'{center}' is not a supply center")
        out[center] = by_name[power.lower()]
    return out


def _check_center_order(draft: Draft, provinces: dict[str, Province]) -> tuple[str, ...]:
    centers = [p.abbr for p in provinces.values() if p.center]
    if not draft.center_order:
        return tuple(sorted(centers))
    seen: set[str] = set()
    for line, abbr in draft.center_order:
        if abbr not in provinces or not provinces[abbr].center:
            raise draft.fail(line, f"'{abbr}' in [center order] is not a supply center")
        if abbr in seen:
            raise draft.fail(line, f"'{abbr}' appears twice in [center order]")
        seen.add(abbr)
    missing = sorted(set(centers) - seen)
    if missing:
        raise draft.fail(draft.center_order[-1][0], f"[center order] lacks {', '.join(missing)}")
    return tuple(abbr for _, abbr in draft.center_order)
