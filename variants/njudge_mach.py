"""The njudge's Machiavelli map and seed files turned into our variant format.

A Machiavelli map file is the njudge's map file with more: each province's city (its
ducats, whether it is fortified, a port, Venice) after its type letter, straits in the
fleet moves (`ets-xc: psa/cc pio`), and a last section of tables (famine, plague, storms),
the variable income, the orders of the ownership reports and the unit limits. Its seed
gives units as `Vm G Venice` (power letter, status, type, province; `&` the autonomous
garrisons) and may end with the ownership records of the njudge's game files (`O:`
provinces, `C:` cities, `H:` home countries, one letter per province of the map). This
module reads those and writes the file `njudge.convert_variant` returns for the variants
of `njudge_mach_powers`; docs/variant-format.md says what each section means.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .mach_model import LIMIT_LETTERS
from .model import AUTONOMOUS
from .njudge_mach_powers import MachVariant
from .njudge_map import (
    NotConvertible,
    _Map,
    _Province,
    default_renames,
    header_lines,
    map_lines,
    read_map,
)

ROW = re.compile(r"^\s*(\d+)\s*:(.*)$")
UNIT = re.compile(r"^(\S)(\S)\s+([a-z]?)([AFG])\s+(.+?)\s*$")
PHASE = re.compile(r"^[SUF]\d{1,4}[AMBR]$")
DUMMY = "XXXXXX"  # the njudge's placeholder province 1 of every Machiavelli map


@dataclass
class _Options:
    """The last section of a Machiavelli map file."""

    tables: dict[str, list[tuple[int, list[str | None]]]] = field(default_factory=dict)
    income: list[tuple[str, list[int]]] = field(default_factory=list)
    city_order: list[str] = field(default_factory=list)
    province_order: list[str] = field(default_factory=list)
    limits: list[tuple[str, list[str]]] = field(default_factory=list)


def _names(provinces: Sequence[_Province]) -> dict[str, str]:
    names: dict[str, str] = {}
    for p in provinces:
        for key in (p.abbr, p.name.lower(), *p.aliases):
            names.setdefault(" ".join(key.replace(".", "").split()), p.abbr)
    return names


def read_options(map_text: str, names: Mapping[str, str]) -> _Options:
    """The tables and lists after the map's second `-1`, read as the njudge's map compiler
    does: a line starting with a letter opens a block by that letter, the lines starting
    with white space after it are its body, `#` lines are comments."""
    parts = re.split(r"(?m)^-1.*$", map_text)
    if len(parts) < 3:
        return _Options()
    out = _Options()
    block = ""

    def place(word: str) -> str:
        key = word.lower().replace(".", "")
        if key not in names:
            raise NotConvertible(f"unknown province {word!r} in the map's last section")
        return names[key]

    for raw in parts[2].splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        if not raw[0].isspace():
            block = raw[0].upper()
            continue
        line = raw.strip()
        if block in "FPS":
            row = ROW.match(line)
            if row is None:
                raise NotConvertible(f"a table row without its dice: {line!r}")
            cells = [None if w.strip("-") == "" else place(w) for w in row.group(2).split()]
            name = {"F": "famine", "P": "plague", "S": "storms"}[block]
            out.tables.setdefault(name, []).append((int(row.group(1)), cells))
        elif block == "V":
            words = line.split()
            numbers = [w for w in words if w.isdigit()]
            where = " ".join(w for w in words if not w.isdigit())
            out.income.append((place(where), [int(n) for n in numbers]))
        elif block in "CO":
            words = [place(w) for w in re.split(r"[\s,]+", line) if w]
            (out.province_order if block == "C" else out.city_order).extend(words)
        elif block == "L":
            letter, *kinds = line.split()
            out.limits.append((letter, kinds))
        else:
            raise NotConvertible(f"a map block the judge does not know: {block!r}")
    return out


@dataclass
class _Seed:
    start: str
    units: list[tuple[str, str, str]]  # owner letter ('&': autonomous), type, province
    records: dict[str, str]  # O, C, H, F: a letter per province of the map, in its order


def read_seed(text: str, names: Mapping[str, str]) -> _Seed:
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    if not lines or not PHASE.match(lines[0].strip()):
        raise NotConvertible("the seed does not start with its phase")
    seed = _Seed(lines[0].strip().upper(), [], {})
    rest = iter(lines[1:])
    for line in rest:
        if line.startswith("-1"):
            break
        unit = UNIT.match(line)
        if unit is None:
            raise NotConvertible(f"a seed unit line the judge cannot read: {line!r}")
        owner, _, special, kind, where = unit.groups()
        if special:
            raise NotConvertible(f"a special unit in the seed: {line!r}")
        at, _, coast = where.partition("/")
        key = " ".join(at.lower().replace(".", "").split())
        if key not in names:
            raise NotConvertible(f"unknown province {where!r} in the seed")
        seed.units.append((owner, kind, names[key] + (f"/{coast.lower()}" if coast else "")))
    for line in rest:
        code, colon, letters = line.partition(":")
        if colon and code in ("O", "C", "H", "F"):
            seed.records[code] = seed.records.get(code, "") + letters.strip()
    return seed


def _city(p: _Province) -> list[str]:
    """A province's Machiavelli attributes, from its njudge type (`3PV`: a city of three
    ducats, a fortified port, Venice; `0f`: a fortress)."""
    out = [f"city={p.income}"] if p.income else []
    if p.city in "fP":
        out.append("fortified" if p.income else "fortress")
    if p.city in "pP":
        out.append("port")
    if p.venice:
        out.append("venice")
    return out


def convert_mach(map_text: str, seed_text: str, name: str, entry: MachVariant) -> str:
    """Our variant file for one of the njudge's Machiavelli variants."""
    board = read_map(map_text, default_renames(map_text, mach=True), mach=True)
    everything = [p for p in board.provinces if not p.special]
    names = _names(everything)
    options = read_options(map_text, names)
    seed = read_seed(seed_text, names)
    if seed.start != entry.start:
        raise NotConvertible(
            f"{name}: the seed starts in {seed.start}, our table says {entry.start}"
        )
    provinces = [p for p in everything if p.name != DUMMY]
    letters = {letter: power for power, _, letter in entry.powers}
    notes = list(board.notes)
    walled = {p.abbr for p in provinces if p.city in "fP"}
    for _, kind, where in seed.units:
        if kind == "G" and where not in walled:
            notes.append(f"the njudge's seed puts a garrison in {where}, a city without walls")
    homes, control, cities = _ownership(everything, seed, letters, notes)
    for p in provinces:  # a water province's `l`: the njudge's land with no owner
        if p.home is not None and p.home not in letters:
            raise NotConvertible(f"{p.abbr}: home letter {p.home!r} of no power in our table")
    _complete(options.city_order, [p.abbr for p in provinces if p.income], "city", notes)
    land = [p.abbr for p in provinces if not p.water and not p.impassable]
    _complete(options.province_order, land, "province", notes)
    tail = _mach_sections(options, board, letters, notes)
    summary = (
        f"{len(entry.powers)} powers, {len(provinces)} provinces, "
        f"{sum(p.income > 0 for p in provinces)} cities"
    )
    out = header_lines(summary, notes, {
        "name": name, "title": entry.title, "start": seed.start,
        "phases": "SM SR UM UR FM FR FB", "victory": str(entry.victory), "units": "A F G",
        "rules": " ".join(entry.rules),
    }, "njudge_mach_powers")  # fmt: skip
    out += map_lines(_without_dummy(board), provinces, _city)
    out += ["", "[powers]"]
    for power, adjective, letter in entry.powers:
        mine = " ".join(p.abbr for p in provinces if homes.get(p.abbr) == letter)
        adjective = f'"{adjective}"' if " " in adjective else adjective
        played = "  played=no" if power in entry.unplayed else ""
        out.append(f"{power:<10} {adjective:<11} {letter}   {mine}{played}".rstrip())
    out += ["", "[units]"]
    for letter, power in [*((p[2], p[0]) for p in entry.powers), ("&", AUTONOMOUS)]:
        units = [f"{kind} {where}" for owner, kind, where in seed.units if owner == letter]
        if units:
            out.append(f"{power:<10} {', '.join(units)}")
    unknown = {owner for owner, _, _ in seed.units} - set(letters) - {"&"}
    if unknown:
        raise NotConvertible(f"{name}: units of no power in our table: {sorted(unknown)}")
    out += _owners("ownership", cities, letters, provinces)
    out += _owners("control", control, letters, provinces)
    if options.city_order:
        out += ["", "[center order]", *_wrapped(options.city_order)]
    if options.province_order:
        out += ["", "[province order]", *_wrapped(options.province_order)]
    out += tail
    return "\n".join(out) + "\n"


def _complete(order: list[str], every: list[str], what: str, notes: list[str]) -> None:
    """An order of the reports that leaves some out gets them at its end, noted."""
    missing = [abbr for abbr in every if abbr not in order]
    if order and missing:
        order.extend(missing)
        notes.append(f"the njudge's {what} order lacks {' '.join(missing)}; added at its end")


def _without_dummy(board: _Map) -> _Map:
    dummy = {p.abbr for p in board.provinces if p.name == DUMMY}
    board.army = {k: v for k, v in board.army.items() if k not in dummy}
    board.fleet = {k: v for k, v in board.fleet.items() if k not in dummy}
    return board


def _ownership(
    provinces: Sequence[_Province], seed: _Seed, letters: Mapping[str, str], notes: list[str]
) -> tuple[dict[str, str], dict[str, str] | None, dict[str, str] | None]:
    """Home letters by province (the map's), and, when the seed gives them, who controls
    each province and each city at the start (letters; `&` autonomous)."""
    homes = {p.abbr: p.home for p in provinces if p.home is not None}
    records = seed.records
    for code, letters_ in records.items():
        if len(letters_) != len(provinces):
            raise NotConvertible(
                f"the seed's {code}: record has {len(letters_)} places, the map "
                f"{len(provinces)} provinces"
            )
    if records.get("F", "").strip("0"):
        raise NotConvertible("the seed sets province flags (famine, rebellion) at the start")
    for p, letter in zip(provinces, records.get("H", ""), strict=False):
        mapped = homes.get(p.abbr, ".")
        if letter != mapped and p.name != DUMMY:
            notes.append(
                f"the njudge's seed makes {p.abbr} a home of {letter!r} where its map says "
                f"{mapped!r}; the map's home countries are kept"
            )
    if "O" not in records:
        return homes, None, None
    control = {
        p.abbr: letter
        for p, letter in zip(provinces, records["O"], strict=True)
        if letter != "." and p.name != DUMMY and not p.water
    }
    cities = {
        p.abbr: letter
        for p, letter in zip(provinces, records.get("C", "." * len(provinces)), strict=True)
        if letter != "." and p.income > 0
    }
    return homes, control, cities


def _owners(
    section: str,
    owned: Mapping[str, str] | None,
    letters: Mapping[str, str],
    provinces: Sequence[_Province],
) -> list[str]:
    if owned is None:
        return []
    out = ["", f"[{section}]"]
    for letter, power in [*letters.items(), ("&", AUTONOMOUS)]:
        mine = [p.abbr for p in provinces if owned.get(p.abbr) == letter]
        if mine:
            out.append(f"{power:<10} {' '.join(mine)}")
    return out


def _wrapped(words: Sequence[str], width: int = 16) -> list[str]:
    return [" ".join(words[i : i + width]) for i in range(0, len(words), width)]


def _mach_sections(
    options: _Options, board: _Map, letters: Mapping[str, str], notes: list[str]
) -> list[str]:
    out: list[str] = []
    if options.income:
        out += ["", "[variable income]", "# province  dice  ducats for faces 1-6  [initial]"]
        for where, numbers in options.income:
            dice, ducats, initial = numbers[0], numbers[1:7], numbers[7:]
            extra = f"  initial={initial[0]}" if initial else ""
            out.append(f"{where:<7} {dice}   {' '.join(str(d) for d in ducats)}{extra}")
    for table, rows in options.tables.items():
        if not rows:
            continue
        out += ["", f"[{table}]", "# dice  the province struck in each column, 2 to 12"]
        for row, cells in rows:
            out.append(f"{row:<4} " + " ".join(f"{c or '-':<4}" for c in cells).rstrip())
    limits = [(letters[x], kinds) for x, kinds in options.limits if x in letters]
    dropped = [x for x, _ in options.limits if x not in letters]
    if dropped:
        letters_ = " ".join(dropped)
        notes.append(f"the njudge's unit limits name letters of no power here ({letters_})")
    if limits:
        out += ["", "[unit limits]", "# power  army fleet garrison: ordinary, militia, "
                "mercenary, professional (" + " ".join(LIMIT_LETTERS) + ")"]  # fmt: skip
        out += [f"{power:<10} {' '.join(kinds)}" for power, kinds in limits]
    straits = sorted({(k, *sorted((a, b))) for k, a, b in board.straits})
    if straits:
        out += ["", "[straits]", "# keeper  the two places between which it keeps the strait"]
        out += [f"{k:<7} {a} {b}" for k, a, b in straits]
    return out
