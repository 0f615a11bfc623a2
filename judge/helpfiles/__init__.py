"""The texts GET and HELP send: the files beside this module, and those made from the data.

The help texts are package data (judge/helpfiles/), so an installed wheel sends them as a
checkout does. `flist` (the list of files) is made from INDEX, `map` / `map.<variant>` from
the variant files, and `variants` from them and the table of variant options, so that each
fact has one source.
"""

from __future__ import annotations

import re
import textwrap
from functools import cache, lru_cache
from pathlib import Path

import variants
from variants import Variant
from variants.description import info_text

from ..modifiers import help_text
from ..package_data import folder

HELP_DIR = folder(__name__)
_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,60}$")


def clean_name(name: str) -> str | None:
    """A file name as GET may ask for it: lower case, no paths, no hidden files."""
    name = name.strip().lower()
    return name if _NAME.match(name) and ".." not in name else None


def _text(path: Path) -> str | None:
    """A file's text, read again only when it has changed (a keeper may edit help files
    while the judge runs)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    return _read(path, stamp)


@lru_cache(maxsize=256)
def _read(path: Path, stamp: int) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def index() -> list[tuple[str, str]]:
    text = _text(HELP_DIR / "INDEX")
    if text is None:
        return []
    out = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, description = line.partition("\t")
            out.append((name.strip(), description.strip()))
    return out


def read(name: str, address: str, code: str) -> str | None:
    """The text of help file `name`, with the judge's address and code in it; None if
    there is no such file."""
    clean = clean_name(name)
    if clean is None:
        return None
    if clean == "flist":
        text = flist()
    elif clean == "map" or clean.startswith("map."):
        text = map_text(clean[4:] or "standard")
    elif clean == "variants":
        text = help_text(variants.available(), variant_lines())
    elif clean.startswith("info.") and clean[5:] in variants.available() and not _kept(clean):
        text = info_text(variants.load(clean[5:]))
    else:
        # Only the files the index names: the folder holds other things (its README, code).
        if not _kept(clean):
            return None
        text = _text(HELP_DIR / clean)
    if text is None:
        return None
    return text.replace("{address}", address).replace("{code}", code)


def package() -> list[str]:
    text = _text(HELP_DIR / "package")
    if text is None:
        return ["info"]
    return [line.strip() for line in text.splitlines() if line.strip()]


def flist() -> str:
    lines = ["Files you can GET from this judge (send GET name, one file a line):", ""]
    listed = index()
    kept = {n for n, _ in listed}
    width = max((len(n) for n, _ in listed), default=10)
    for name, description in listed:
        lines.append(f"  {name:<{width}}  {description}")
    for name in variants.available():
        if f"info.{name}" not in kept:
            lines.append(f"  {'info.' + name:<{width}}  the {name} variant: powers, year, rules")
        lines.append(f"  {'map.' + name:<{width}}  the {name} map: provinces and adjacencies")
    return "\n".join(lines) + "\n"


def _kept(name: str) -> bool:
    """A help file the keeper writes by hand (named in INDEX): the only files GET sends
    from the folder, and each stands in for one the judge would make from the data
    (info.standard)."""
    return name in {n for n, _ in index()}


def variant_lines() -> list[str]:
    """`   youngstown   Youngstown: 10 powers (A C E F G N I J R T), 33 centres, 37 to win,
    from S1901M`, one variant a line, for the `variants` help file."""
    lines = []
    for name in variants.available():
        v = variants.load(name)
        letters = " ".join(p.letter for p in v.powers)
        lines += textwrap.wrap(
            f"{v.title}: {len(v.powers)} powers ({letters}), {len(v.centers)} centres, "
            f"{v.victory} to win, from {v.start}",
            width=78, initial_indent=f"   {name:<15} ", subsequent_indent=" " * 19,
        )  # fmt: skip
    return lines


@cache
def map_text(name: str) -> str | None:
    """A variant's map as a player reads it: every province with its names, and where
    armies and fleets can go from it."""
    try:
        variant = variants.load(name)
    except KeyError:
        return None
    return _map_text(variant)


def _map_text(variant: Variant) -> str:
    width = max(len(p.name) for p in variant.provinces.values())
    lines = [
        f"The {variant.title} map: {len(variant.centers)} supply centres, "
        f"{variant.victory} to win.",
        "",
        f"{'Province':<{width}} Abbr  Kind   Other names",
    ]
    for p in sorted(variant.provinces.values(), key=lambda p: p.name):
        kind = "sea" if p.is_sea else ("coast" if p.kind.value == "coast" else "land")
        centre = "*" if p.center else " "
        aliases = ", ".join(p.aliases)
        lines.append(f"{p.name:<{width}} {p.abbr:<4}{centre} {kind:<6} {aliases}".rstrip())
    lines += ["", "(* a supply centre)", "", "Adjacencies:"]
    for p in sorted(variant.provinces.values(), key=lambda p: p.abbr):
        if p.impassable:
            lines.append(f"  {p.abbr}: impassable")
            continue
        army = sorted(variant.army_moves.get(p.abbr, ()))
        if army:
            lines.append(f"  {p.abbr} (army): {' '.join(army)}")
        for loc in p.locations:
            fleet = sorted(variant.fleet_moves.get(loc, ()))
            if fleet:
                lines.append(f"  {loc} (fleet): {' '.join(fleet)}")
    lines += ["", "Powers and home centres:"]
    for power in variant.powers:
        lines.append(f"  {power.name} ({power.letter}): {' '.join(power.homes)}")
    return "\n".join(lines) + "\n"
