"""The njudge's map and seed files turned into our variant format (docs/variant-format.md).

The njudge keeps a map as three files: `map.<name>` (provinces with their type letters, the
adjacencies by move type, option blocks: the SUMMARY's centre order, colonial's Hong Kong,
gateway and railway), `seed.<name>` (the first phase, the starting units, the starting
ownership) and `report.<name>` (the start mail's text). They carry the facts our variant
files need, but not the powers' names, which lived in the njudge's C code: those are our
table in `njudge_powers` (`njudge_mach_powers` for Machiavelli's, whose files say more:
`njudge_mach`). What our format cannot say (high seas) is refused by name, so a converted
file is never a quietly different map; what the njudge's files get wrong and we mend (a
province listed as its own neighbour) is noted in the file. The map files are read by
`njudge_map`.

    python -m variants.njudge --all MAPS OUT   # every variant of the table but standard
    python -m variants.njudge MAPS NAME        # one variant, printed

`standard.variant` is kept by hand; tests/test_njudge_maps.py checks that the njudge's
standard map converts to the same board.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from .njudge_mach import convert_mach
from .njudge_mach_powers import VARIANTS as MACH_VARIANTS
from .njudge_map import (
    NotConvertible,
    _Map,
    _Province,
    default_renames,
    header_lines,
    map_lines,
    read_map,
)
from .njudge_powers import VARIANTS, NjudgeVariant
from .njudge_seed import Seed, read_seed


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
    out = header_lines(
        f"{len(powers)} powers, {len(provinces)} provinces, {centers} supply centres",
        board.notes,
        {"name": name, "title": title, "start": seed.start, "phases": "SM SR FM FR FB",
         "victory": str(victory), "units": "A F", "rules": " ".join(rules)},
    )  # fmt: skip
    out += map_lines(board, provinces)
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
    if name in MACH_VARIANTS:
        map_text = (maps / f"map.{name}").read_text(encoding="latin-1")
        seed_text = (maps / f"seed.{name}").read_text(encoding="latin-1")
        return convert_mach(map_text, seed_text, name, MACH_VARIANTS[name])
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
        for name in (*VARIANTS, *MACH_VARIANTS):
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
