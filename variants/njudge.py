"""The njudge's map and seed files turned into our variant format (docs/variant-format.md).

The njudge keeps a map as three files: `map.<name>` (provinces with their type letters, the
adjacencies by move type, the SUMMARY's centre order), `seed.<name>` (the first phase, the
starting units, the starting ownership) and `report.<name>` (the start mail's text). They
carry facts our variant files need, but not the powers' names, which lived in the njudge's C
code: the caller gives those. What our format cannot say yet (high seas, gateways, railways,
Hong Kong centres, half-strength crossings, Machiavelli's cities) is refused by name, so a
converted file is never a quietly different map.

`python -m variants.njudge MAP SEED NAME TITLE VICTORY POWER:ADJECTIVE:LETTER...` prints the
converted file.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

COASTS = ("nc", "sc", "ec", "wc")
FLEET_TYPES = ("xc", *COASTS)
LAND, WATER, NEUTRAL, ARCTIC = "l", "w", "x", "v"
NOT_YET = {"h": "high seas", "g": "gateways", "r": "railways"}


class NotConvertible(ValueError):
    """A feature of the njudge's map that our variant format does not hold yet."""


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
    home = None if first in (LAND, WATER, NEUTRAL, ARCTIC) else first
    return _Province(
        abbr=abbr.lower(),
        name=name.strip(),
        aliases=[a.lower() for a in aliases],
        water=water,
        center=first == NEUTRAL or home is not None,
        home=home,
        dual=extra == "w",
        arctic=first == ARCTIC,
    )


def _place(token: str) -> str:
    abbr, _, modifier = token.lower().partition("/")
    if modifier and modifier not in COASTS:
        raise NotConvertible(f"{token}: crossing /{modifier}")
    return f"{abbr}/{modifier}" if modifier else abbr


def convert(
    map_text: str,
    seed_text: str,
    *,
    name: str,
    title: str,
    victory: int,
    powers: Sequence[tuple[str, str, str]],
    renames: Mapping[str, str] | None = None,
) -> str:
    """Our variant file for the njudge's map and seed. `powers` gives each power's name,
    adjective and letter, in the order reports list them; `renames` changes abbreviations
    (the old one stays an alias), e.g. the DATC's `nwy` for the njudge's `nor`."""
    renames = dict(renames or {})
    sections = _sections(map_text)
    if len(sections) < 3:
        raise NotConvertible("the map file has no adjacency section")
    provinces = [_province(line) for line in sections[0]]
    for p in provinces:
        if p.abbr in renames:
            p.aliases.insert(0, p.abbr)
            p.abbr = renames[p.abbr]
    by_abbr = {p.abbr: p for p in provinces}

    def renamed(place: str) -> str:
        abbr, slash, coast = place.partition("/")
        return renames.get(abbr, abbr) + slash + coast

    army: dict[str, list[str]] = defaultdict(list)
    fleet: dict[str, list[str]] = defaultdict(list)
    for line in sections[1]:
        head, _, dests = line.partition(":")
        source, _, move = head.strip().lower().partition("-")
        source = renames.get(source, source)
        places = [renamed(_place(t)) for t in dests.split()]
        if move == "mv":
            if places == [source]:
                by_abbr[source].impassable = True
                continue
            army[source].extend(places)
        elif move in FLEET_TYPES:
            if move != "xc":
                by_abbr[source].coasts.add(move)
            fleet[source if move == "xc" else f"{source}/{move}"].extend(places)
        else:
            raise NotConvertible(f"{source}: move type {move!r}")
    center_order = _center_order(sections[2:], renames)
    letters = {letter: power for power, _, letter in powers}
    units, ownership, start = _seed(seed_text, provinces, renames, letters)
    coastal = {place.partition("/")[0] for place in fleet} | {
        place.partition("/")[0] for places in fleet.values() for place in places
    }
    return _written(
        name, title, victory, start, provinces, coastal, army, fleet, powers, units, ownership,
        center_order,
    )  # fmt: skip


def _center_order(blocks: list[list[str]], renames: Mapping[str, str]) -> list[str]:
    for block in blocks:
        lines = iter(block)
        for line in lines:
            if not line.lower().startswith("center order"):
                raise NotConvertible(f"map option {line!r}")
            words: list[str] = []
            for more in lines:
                if more.lower().startswith("#end"):
                    break
                words += more.lower().split()
            return [renames.get(w, w) for w in words]
    return []


def _seed(
    text: str, provinces: list[_Province], renames: Mapping[str, str], letters: Mapping[str, str]
) -> tuple[list[tuple[str, str, str]], dict[str, list[str]], str]:
    """The starting units (power, type, place), the ownership when the seed gives one, and
    the first phase."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    start = lines[0]
    names = {}
    for p in provinces:
        for key in (p.abbr, p.name, *p.aliases):
            names.setdefault(key.lower().replace(".", ""), p.abbr)
    units = []
    rest = iter(lines[1:])
    for line in rest:
        if line.startswith("-1"):
            break
        letter, _, unit = line.partition(":")
        kind, _, where = unit.strip().partition(" ")
        place, _, coast = where.strip().partition("/")
        abbr = names[place.strip().lower().replace(".", "")]
        units.append((letters[letter.strip()], kind, abbr + (f"/{coast.lower()}" if coast else "")))
    ownership: dict[str, list[str]] = {}
    record = next(rest, "-1")
    if not record.startswith("-1"):
        for p, owner in zip(provinces, record, strict=False):
            if p.center and owner in letters:
                ownership.setdefault(letters[owner], []).append(p.abbr)
    return units, ownership, start


def _written(
    name: str,
    title: str,
    victory: int,
    start: str,
    provinces: list[_Province],
    coastal: set[str],
    army: Mapping[str, list[str]],
    fleet: Mapping[str, list[str]],
    powers: Sequence[tuple[str, str, str]],
    units: list[tuple[str, str, str]],
    ownership: Mapping[str, list[str]],
    center_order: list[str],
) -> str:
    out = [
        "[variant]",
        f"name      {name}",
        f"title     {title}",
        f"start     {start}",
        "phases    SM SR FM FR FB",
        f"victory   {victory}",
        "units     A F",
        "",
        "[provinces]",
    ]
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
    for by, moves in (("army", army), ("fleet", fleet)):
        out += [f"{place:<8} {by:<6} {' '.join(dests)}" for place, dests in moves.items()]
    out += ["", "[powers]"]
    for power, adjective, letter in powers:
        homes = " ".join(p.abbr for p in provinces if p.home == letter)
        out.append(f"{power:<10} {adjective:<10} {letter}   {homes}")
    out += ["", "[units]"]
    for power, _, _ in powers:
        mine = [f"{kind} {place}" for owner, kind, place in units if owner == power]
        if mine:
            out.append(f"{power:<10} {', '.join(mine)}")
    if ownership:
        out += ["", "[ownership]"]
        out += [f"{p:<10} {' '.join(ownership[p])}" for p, _, _ in powers if p in ownership]
    if center_order:
        out += ["", "[center order]", " ".join(center_order)]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> None:
    map_path, seed_path, name, title, victory, *powers = argv
    with open(map_path, encoding="latin-1") as m, open(seed_path, encoding="latin-1") as s:
        text = convert(
            m.read(), s.read(), name=name, title=title, victory=int(victory),
            powers=[tuple(x.split(":")) for x in powers],  # type: ignore[misc]
        )  # fmt: skip
    sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
