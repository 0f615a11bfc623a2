"""Reading the njudge's map files: provinces with their type letters, moves by type,
option blocks (docs/variant-format.md, "Where the facts come from").

`njudge` turns what is read here into our variant files, `njudge_mach` the Machiavelli
maps, whose files say more; both write their files with `header_lines` and `map_lines`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

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
    # Machiavelli: the city's ducats, its type (`.` open, `f` fortified, `p` open port, `P`
    # fortified port; with no ducats, `f` and `P` are a fortress), and Venice's `V`.
    income: int = 0
    city: str = "."
    venice: bool = False


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
    straits: list[tuple[str, str, str]] = field(default_factory=list)  # keeper, water, water


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


MACH_CITY = re.compile(r"^([0-7])([.fpP])(V?)$")


def _province(line: str, mach: bool = False) -> _Province:
    name, _, rest = line.rpartition(",")
    kind, abbr, *aliases = rest.split()
    first, extra = kind[0], kind[1:]
    if first in NOT_YET:
        raise NotConvertible(f"{abbr}: {NOT_YET[first]} (type {first!r})")
    city = MACH_CITY.match(extra) if mach else None
    if city:
        extra = ""
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
        income=int(city.group(1)) if city else 0,
        city=city.group(2) if city else ".",
        venice=bool(city and city.group(3)),
    )


def default_renames(map_text: str, mach: bool = False) -> dict[str, str]:
    """The DATC's `nwy` for the njudge's `nor` (Norway) on maps that have no `nwy` already."""
    provinces = [_province(line, mach) for line in _sections(map_text)[0]]
    abbrs = {p.abbr for p in provinces}
    norway = any(p.abbr == "nor" and p.name.lower() == "norway" for p in provinces)
    return {"nor": "nwy"} if norway and "nwy" not in abbrs else {}


def read_map(map_text: str, renames: Mapping[str, str], mach: bool = False) -> _Map:
    """The map's provinces, moves and option blocks. `mach`: a Machiavelli map, with its
    cities, its straits (`ets-xc: psa/cc pio`: the fleet move to Pisa passes a strait
    Piombino keeps; the `ets-cc: psa` lines only answer it), and its own option blocks,
    which `njudge_mach` reads."""
    sections = _sections(map_text)
    if len(sections) < 3:
        raise NotConvertible("the map file has no adjacency section")
    provinces = [_province(line, mach) for line in sections[0]]
    for p in provinces:
        if p.abbr in renames:
            p.aliases.insert(0, p.abbr)
            p.abbr = renames[p.abbr]
    names: dict[str, str] = {}
    taken: list[str] = []
    for p in provinces:
        for key in (p.abbr, *p.aliases):
            if names.setdefault(key, p.abbr) != p.abbr:
                taken.append(f"{key} is both {names[key]}'s and {p.abbr}'s; {names[key]} keeps it")
        p.aliases = [a for a in p.aliases if names[a] == p.abbr]
    by_abbr = {p.abbr: p for p in provinces}
    out = _Map(provinces, defaultdict(list), defaultdict(list), defaultdict(list), [], {}, [],
               [], [f"the njudge's map names {t}, as its first match" for t in taken])  # fmt: skip

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
        if mach and move == "cc":
            continue  # the strait's return entry: the njudge's map check reads it, no unit
        if mach and move[:1] == "x" and move != "xc":
            out.notes.append(f"the njudge's map writes {head.strip()}: read as xc, as it does")
            move = "xc"
        tokens = dests.split()
        for at, token in enumerate(tokens):
            dest, modifier = place(token)
            if mach and modifier == "cc":
                keeper = place(tokens[at + 1])[0] if at + 1 < len(tokens) else ""
                out.straits.append((keeper, source, dest))
                modifier = ""
            if dest == source and tokens == [token] and (move == "mv" or mach):
                if move == "mv":
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
    if not mach:
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


def header_lines(
    summary: str, notes: Sequence[str], header: Mapping[str, str], table: str = "njudge_powers"
) -> list[str]:
    """The file's opening comment, its notes, and its [variant] section."""
    title = header["title"]
    return [
        f"# {title}: {summary}.",
        "# Converted from the njudge's map and seed files by `python -m variants.njudge --all`",
        f"# (variants/njudge.py, powers from variants/{table}.py): change those, not this.",
        *(f"# Note: {note}." for note in dict.fromkeys(notes)),
        "",
        "[variant]",
        *(f"{key:<9} {value}" for key, value in header.items() if value),
    ]


def map_lines(
    board: _Map,
    provinces: list[_Province],
    more: Callable[[_Province], list[str]] | None = None,
) -> list[str]:
    """The [provinces] and [adjacencies] sections; `more` adds a province's attributes of
    a kind only some maps have (Machiavelli's cities)."""
    out = ["", "[provinces]"]
    coastal = {place.partition("/")[0] for place in board.fleet} | {
        place.partition("/")[0] for places in board.fleet.values() for place in places
    }
    for p in provinces:
        kind = "sea" if p.water else "coast" if p.abbr in coastal else "land"
        attributes = [
            word
            for word, on in (
                ("center", p.center and more is None),
                ("dual", p.dual),
                ("arctic", p.arctic),
                ("impassable", p.impassable),
            )
            if on
        ]
        if more is not None:
            attributes += more(p)
        if p.coasts:
            attributes.append("coasts=" + ",".join(c for c in COASTS if c in p.coasts))
        aliases = [a for a in dict.fromkeys(p.aliases) if a not in (p.abbr, p.name.lower())]
        if aliases:
            attributes.append(f'aliases="{",".join(aliases)}"')
        out.append(f'{p.abbr:<7} {kind:<6} "{p.name}" {" ".join(attributes)}'.rstrip())
    out += ["", "[adjacencies]"]
    for by, moves in (("army", board.army), ("fleet", board.fleet), ("crossing", board.crossings)):
        out += [f"{place:<8} {by:<6} {' '.join(dests)}" for place, dests in moves.items()]
    return out
