"""The njudge's map and seed files turned into our variant format (docs/variant-format.md).

The njudge keeps a map as three files: `map.<name>` (provinces with their type letters, the
adjacencies by move type, option blocks: the SUMMARY's centre order, colonial's Hong Kong,
gateway and railway), `seed.<name>` (the first phase, the starting units, the starting
ownership) and `report.<name>` (the start mail's text). They carry the facts our variant
files need, but not the powers' names, which lived in the njudge's C code: those are our
table in `njudge_powers`. What our format cannot say (high seas, Machiavelli's cities) is
refused by name, so a converted file is never a quietly different map; what the njudge's
files get wrong and we mend (a province listed as its own neighbour) is noted in the file.

    python -m variants.njudge --all MAPS OUT   # every variant of the table but standard
    python -m variants.njudge MAPS NAME        # one variant, printed

`standard.variant` is kept by hand; tests/test_njudge_maps.py checks that the njudge's
standard map converts to the same board.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .njudge_powers import VARIANTS, NjudgeVariant
from .njudge_seed import Seed, read_seed

COASTS = ("nc", "sc", "ec", "wc")
FLEET_TYPES = ("xc", *COASTS)
LAND, WATER, NEUTRAL, ARCTIC, RAILWAY, GATEWAY = "l", "w", "x", "v", "r", "g"
NOT_YET = {"h": "high seas"}


class NotConvertible(ValueError):
    """A feature of the njudge's map that our variant format does not hold."""


@dataclass
class _Province:
    abbr: str
    name: str
    aliases: list[str]
    water: bool
    center: bool
    home: str | None  # a power letter
    dual: bool = False
    arctic: bool = False
    impassable: bool = False
    coasts: set[str] = field(default_factory=set)
    special: str = ""  # RAILWAY or GATEWAY: a line of the map file that is not a province


@dataclass
class _Map:
    """What the map file says, with our abbreviations."""

    provinces: list[_Province]
    army: dict[str, list[str]]
    fleet: dict[str, list[str]]
    crossings: dict[str, list[str]]
    center_order: list[str]
    uncounted: dict[str, list[str]]  # power letter -> centres
    gateways: list[tuple[str, str, str, list[str]]]  # abbr, name, at, waters
    railways: list[tuple[str, str, str, list[str]]]  # abbr, name, power letter, stations
    notes: list[str]


def _sections(text: str) -> list[list[str]]:
    """The file's lines cut at each `-1` line; comments (lines not starting with a letter or
    digit) and blank lines dropped, except the `#end...` lines that close an option block."""
    sections: list[list[str]] = [[]]
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("-1"):
            sections.append([])
        elif line and (line[0].isalnum() or line.lower().startswith("#end")):
            sections[-1].append(line)
    return sections


def _province(line: str) -> _Province:
    name, _, rest = line.rpartition(",")
    kind, abbr, *aliases = rest.split()
    first, extra = kind[0], kind[1:]
    if first in NOT_YET:
        raise NotConvertible(f"{abbr}: {NOT_YET[first]} (type {first!r})")
    if extra not in ("", "w"):
        raise NotConvertible(f"{abbr}: type {kind!r} (Machiavelli's cities)")
    water = first in (WATER, ARCTIC)
    home = None if first in (LAND, WATER, NEUTRAL, ARCTIC, RAILWAY, GATEWAY) else first
    return _Province(
        abbr=abbr.lower(),
        name=name.strip(),
        aliases=[a.lower() for a in aliases],
        water=water,
        center=first == NEUTRAL or home is not None,
        home=home,
        dual=extra == "w",
        arctic=first == ARCTIC,
        special=first if first in (RAILWAY, GATEWAY) else "",
    )


def default_renames(map_text: str) -> dict[str, str]:
    """The DATC's `nwy` for the njudge's `nor` (Norway) on maps that have no `nwy` already."""
    provinces = [_province(line) for line in _sections(map_text)[0]]
    abbrs = {p.abbr for p in provinces}
    norway = any(p.abbr == "nor" and p.name.lower() == "norway" for p in provinces)
    return {"nor": "nwy"} if norway and "nwy" not in abbrs else {}


def read_map(map_text: str, renames: Mapping[str, str]) -> _Map:
    sections = _sections(map_text)
    if len(sections) < 3:
        raise NotConvertible("the map file has no adjacency section")
    provinces = [_province(line) for line in sections[0]]
    for p in provinces:
        if p.abbr in renames:
            p.aliases.insert(0, p.abbr)
            p.abbr = renames[p.abbr]
    names: dict[str, str] = {}
    for p in provinces:
        for key in (p.abbr, *p.aliases):
            names.setdefault(key, p.abbr)
    by_abbr = {p.abbr: p for p in provinces}
    out = _Map(provinces, defaultdict(list), defaultdict(list), defaultdict(list), [], {}, [],
               [], [])  # fmt: skip

    def place(token: str) -> tuple[str, str]:
        abbr, _, modifier = token.lower().partition("/")
        if abbr not in names:
            raise NotConvertible(f"unknown province {token!r}")
        return names[abbr], modifier

    no_army: set[str] = set()  # `ice-mv: ice`: no army moves there
    for line in sections[1]:
        # `sig-xc mal javs` (colonial) lacks its colon; the njudge reads it all the same.
        head, _, dests = line.partition(":") if ":" in line else line.partition(" ")
        source, _, move = head.strip().lower().partition("-")
        source = place(source)[0]
        for token in dests.split():
            dest, modifier = place(token)
            if move == "mv" and dest == source and dests.split() == [token]:
                no_army.add(source)
            elif dest == source:
                out.notes.append(f"the njudge's map lists {source} as its own neighbour "
                                 f"({line.split(':')[0]}); dropped")  # fmt: skip
            elif move == "mv" and modifier == "mx":
                out.crossings[source].append(dest)
            elif move == "mv" and not modifier:
                out.army[source].append(dest)
            elif move in FLEET_TYPES and (not modifier or modifier in COASTS):
                if move != "xc":
                    by_abbr[source].coasts.add(move)
                frm = source if move == "xc" else f"{source}/{move}"
                out.fleet[frm].append(f"{dest}/{modifier}" if modifier else dest)
            else:
                raise NotConvertible(f"{source}: move type {move!r} to {token!r}")
    # With no fleet moves either, nobody enters it (Switzerland); else it is an island.
    fleet_places = {f.partition("/")[0] for f in out.fleet}
    for abbr in no_army - fleet_places - set(out.army):
        by_abbr[abbr].impassable = True
    _read_options(sections[2:], names, by_abbr, out)
    return out


def _read_options(
    blocks: list[list[str]], names: Mapping[str, str], by_abbr: dict[str, _Province], out: _Map
) -> None:
    """The option blocks after the adjacencies: centre order, Hong Kong, gateway, railway."""

    def abbr(word: str) -> str:
        if word.lower() not in names:
            raise NotConvertible(f"unknown province {word!r} in an option block")
        return names[word.lower()]

    lines = iter(line for block in blocks for line in block)
    for header in lines:
        body: list[str] = []
        for more in lines:
            if more.lower().startswith("#end"):
                break
            body.append(more)
        kind = header.lower().replace(" ", "")
        if kind.startswith("centerorder"):
            words = [w for more in body for w in re.split(r"[\s,]+", more) if w]
            out.center_order = [abbr(w) for w in words]
        elif kind.startswith("hongkong"):
            for more in body:
                letter, _, centers = more.partition(":")
                out.uncounted[letter.strip()] = [abbr(c) for c in centers.split()]
        elif kind.startswith("gateway"):
            for more in body:
                gate, _, rest = more.partition(":")
                at, *waters = rest.split()
                name = by_abbr[abbr(gate.strip())].name
                out.gateways.append((abbr(gate.strip()), name, abbr(at), [abbr(w) for w in waters]))
        elif kind.startswith("railway"):
            for more in body:
                rail, _, rest = more.partition(":")
                letter, *stations = rest.split()
                name = by_abbr[abbr(rail.strip())].name
                out.railways.append((abbr(rail.strip()), name, letter, [abbr(s) for s in stations]))
        else:
            raise NotConvertible(f"map option {header!r}")


def convert(
    map_text: str,
    seed_text: str,
    *,
    name: str,
    title: str,
    victory: int,
    powers: Sequence[tuple[str, str, str]],
    renames: Mapping[str, str] | None = None,
    rules: Sequence[str] = (),
    wing_units: Sequence[str] = (),
) -> str:
    """Our variant file for the njudge's map and seed. `powers` gives each power's name,
    adjective and letter, in the njudge's order; `renames` changes abbreviations (the old
    one stays an alias): by default the DATC's `nwy` for the njudge's `nor`."""
    if renames is None:
        renames = default_renames(map_text)
    board = read_map(map_text, renames)
    provinces = [p for p in board.provinces if not p.special]
    seed = read_seed(seed_text, board.provinces, powers)
    return _written(name, title, victory, rules, board, provinces, powers, seed, wing_units)


def _written(
    name: str,
    title: str,
    victory: int,
    rules: Sequence[str],
    board: _Map,
    provinces: list[_Province],
    powers: Sequence[tuple[str, str, str]],
    seed: Seed,
    wing_units: Sequence[str] = (),
) -> str:
    letters = {letter: power for power, _, letter in powers}
    centers = sum(p.center for p in provinces)
    out = [
        f"# {title}: {len(powers)} powers, {len(provinces)} provinces, {centers} supply centres.",
        "# Converted from the njudge's map and seed files by `python -m variants.njudge --all`",
        "# (variants/njudge.py, powers from variants/njudge_powers.py): change those, not this.",
        *(f"# Note: {note}." for note in dict.fromkeys(board.notes)),
        "",
        "[variant]",
        f"name      {name}",
        f"title     {title}",
        f"start     {seed.start}",
        "phases    SM SR FM FR FB",
        f"victory   {victory}",
        "units     A F",
        *([f"rules     {' '.join(rules)}"] if rules else []),
        "",
        "[provinces]",
    ]
    coastal = {place.partition("/")[0] for place in board.fleet} | {
        place.partition("/")[0] for places in board.fleet.values() for place in places
    }
    for p in provinces:
        kind = "sea" if p.water else "coast" if p.abbr in coastal else "land"
        attributes = [
            word
            for word, on in (
                ("center", p.center),
                ("dual", p.dual),
                ("arctic", p.arctic),
                ("impassable", p.impassable),
            )
            if on
        ]
        if p.coasts:
            attributes.append("coasts=" + ",".join(c for c in COASTS if c in p.coasts))
        aliases = [a for a in dict.fromkeys(p.aliases) if a not in (p.abbr, p.name.lower())]
        if aliases:
            attributes.append(f'aliases="{",".join(aliases)}"')
        out.append(f'{p.abbr:<7} {kind:<6} "{p.name}" {" ".join(attributes)}'.rstrip())
    out += ["", "[adjacencies]"]
    for by, moves in (("army", board.army), ("fleet", board.fleet), ("crossing", board.crossings)):
        out += [f"{place:<8} {by:<6} {' '.join(dests)}" for place, dests in moves.items()]
    out += ["", "[powers]"]
    for power, adjective, letter in powers:
        homes = " ".join(p.abbr for p in provinces if p.home == letter)
        adjective = f'"{adjective}"' if " " in adjective else adjective
        out.append(f"{power:<10} {adjective:<10} {letter}   {homes}".rstrip())
    out += ["", "[units]"]
    for power, _, _ in powers:
        mine = [
            f"{kind}{'/W' if place.partition('/')[0] in wing_units else ''} {place}"
            for owner, kind, place in seed.units
            if owner == power
        ]
        if mine:
            out.append(f"{power:<10} {', '.join(mine)}")
    if seed.ownership:
        out += ["", "[ownership]"]
        out += [
            f"{p:<10} {' '.join(seed.ownership[p])}" for p, _, _ in powers if p in seed.ownership
        ]
    if board.center_order:
        out += ["", "[center order]", " ".join(board.center_order)]
    if board.railways:
        out += ["", "[railways]"]
        for abbr, rail, letter, stations in board.railways:
            out.append(f'{abbr:<5} "{rail}"  {letters.get(letter, "any")}  {" ".join(stations)}')
    if board.gateways:
        out += ["", "[gateways]"]
        out += [f'{a:<5} "{g}"  {at}  {" ".join(ws)}' for a, g, at, ws in board.gateways]
    if board.uncounted:
        out += ["", "[uncounted]"]
        out += [f"{letters[c]:<10} {' '.join(hk)}" for c, hk in board.uncounted.items()]
    return "\n".join(out) + "\n"


def convert_variant(maps: Path, name: str) -> str:
    """Our file for the njudge's variant of that name, from its files in `maps`."""
    entry: NjudgeVariant = VARIANTS[name]
    map_text = (maps / (entry.map_file or f"map.{name}")).read_text(encoding="latin-1")
    seed_text = (maps / f"seed.{name}").read_text(encoding="latin-1")
    start = read_seed(seed_text, read_map(map_text, default_renames(map_text)).provinces,
                      entry.powers).start  # fmt: skip
    if start != entry.start:
        raise NotConvertible(f"{name}: the seed starts in {start}, our table says {entry.start}")
    return convert(map_text, seed_text, name=name, title=entry.title, victory=entry.victory,
                   powers=entry.powers, rules=entry.rules,
                   wing_units=entry.wing_units)  # fmt: skip


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "--all":
        maps, out = Path(argv[1]), Path(argv[2])
        for name in VARIANTS:
            if name != "standard":  # kept by hand
                (out / f"{name}.variant").write_text(convert_variant(maps, name), "utf-8")
        return 0
    if len(argv) == 2:
        sys.stdout.write(convert_variant(Path(argv[0]), argv[1]))
        return 0
    sys.stderr.write(__doc__ or "")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
