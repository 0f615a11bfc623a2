"""Where a variant's provinces lie on its picture: a `.geometry` file beside the `.variant`
file (docs/variant-format.md, "Geometry"), or a layout computed from the adjacencies
(`layout.py`) for a variant that has none.

A `Geometry` is plain numbers: each province's outline (one or more rings of points), the
place its unit stands and its name is written, the places of its named coasts, and land
that belongs to no province. Drawing is the judge's business (judge/reports/pictures/);
this module only reads, checks and writes the data, and knows nothing of colours.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType

from .draft import VariantError
from .model import Variant
from .places import Geometry, Link, Place, Point, Ring

DATA_DIR = Path(__file__).parent / "data"
UNNAMED = "*"  # the abbreviation of land that is no province (Ireland on the standard map)


def geometry_file(name: str) -> Path:
    return DATA_DIR / f"{name}.geometry"


@cache
def geometry_of(variant: Variant) -> Geometry:
    """The variant's geometry: its file (or the file it names with `like`), checked against
    the variant; or, where there is no file, a layout computed from its adjacencies."""
    path = geometry_file(variant.name)
    if not path.is_file():
        from .layout import computed_geometry  # only for a variant without a file

        return computed_geometry(variant)
    geometry = read_geometry(path.read_text(encoding="utf-8"), path.name)
    check_geometry(geometry, variant, path.name)
    return geometry


def read_geometry(text: str, source: str = "<geometry>") -> Geometry:
    """A geometry file's text as a `Geometry`; `VariantError` with the line and the reason
    for a file that cannot be read."""
    section = ""
    header: dict[str, list[str]] = {}
    places: dict[str, dict] = {}
    unnamed: list[Ring] = []
    links: list[Link] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(" #", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        if line.startswith("["):
            section = line.strip("[]").strip()
            if section not in ("geometry", "places", "shapes", "links"):
                raise VariantError(source, number, f"unknown section [{section}]")
            continue
        words = line.split()
        try:
            if section == "geometry":
                header[words[0]] = words[1:]
            elif section == "places":
                places[words[0]] = _place_fields(words)
            elif section == "shapes":
                ring = tuple(_point(w) for w in words[1:])
                if len(ring) < 3:
                    raise ValueError("a shape needs three points or more")
                if words[0] == UNNAMED:
                    unnamed.append(ring)
                else:
                    places.setdefault(words[0], {}).setdefault("rings", []).append(ring)
            elif section == "links":
                links.append(_link(words))
            else:
                raise ValueError("a line before any section")
        except (ValueError, IndexError) as exc:
            raise VariantError(source, number, str(exc)) from None
    if "like" in header:
        return _like(header["like"][0], source)
    try:
        width, height = (int(x) for x in header["size"])
        built = {
            abbr: Place(
                abbr=abbr,
                rings=tuple(fields.get("rings", ())),
                unit=fields["unit"],
                label=fields.get("label", fields["unit"]),
                coasts=MappingProxyType(fields.get("coasts", {})),
                centre=fields.get("centre", _beside(fields["unit"])),
            )
            for abbr, fields in places.items()
        }
    except (KeyError, ValueError) as exc:
        raise VariantError(source, None, f"missing or wrong {exc}") from None
    name = (header.get("variant") or [Path(source).stem])[0]
    computed = "computed" in header
    return Geometry(name, width, height, built, tuple(unnamed), computed, tuple(links))


def _link(words: list[str]) -> Link:
    """`a b x,y x,y ...`: a line from a point in a's region to a point in b's."""
    if len(words) < 4:
        raise ValueError("a link is two provinces and two points or more")
    if words[0] == words[1]:
        raise ValueError(f"a link joins two provinces, not {words[0]} to itself")
    return Link(words[0], words[1], tuple(_point(w) for w in words[2:]))


def _like(other: str, source: str) -> Geometry:
    path = geometry_file(other)
    if not path.is_file():
        raise VariantError(source, None, f"like {other}: there is no {path.name}")
    return read_geometry(path.read_text(encoding="utf-8"), path.name)


def _place_fields(words: list[str]) -> dict:
    fields: dict = {"unit": _point(words[1]), "coasts": {}}
    for word in words[2:]:
        key, eq, value = word.partition("=")
        if not eq:
            raise ValueError(f"'{word}' is not name=x,y")
        if key in ("label", "centre"):
            fields[key] = _point(value)
        else:
            fields["coasts"][key] = _point(value)
    return fields


def _beside(unit: Point) -> Point:
    """A centre's marker where the file gives none: below and right of the unit."""
    return unit[0] + 12, unit[1] + 11


def _point(word: str) -> Point:
    x, comma, y = word.partition(",")
    if not comma:
        raise ValueError(f"'{word}' is not a point x,y")
    return int(x), int(y)


def check_geometry(geometry: Geometry, variant: Variant, source: str) -> None:
    """Every province of the variant has a place and an outline, and every named coast a
    place; nothing is placed that the variant does not have."""
    for abbr, province in variant.provinces.items():
        place = geometry.places.get(abbr)
        if place is None or not place.rings:
            raise VariantError(source, None, f"no place or shape for '{abbr}'")
        missing = set(province.coasts) - set(place.coasts)
        if missing:
            raise VariantError(source, None, f"no place for {abbr}/{min(missing)}")
    extra = set(geometry.places) - set(variant.provinces)
    if extra:
        raise VariantError(source, None, f"'{min(extra)}' is no province of {variant.name}")
    for link in geometry.links:
        for end in (link.a, link.b):
            if end not in variant.provinces:
                raise VariantError(source, None, f"link {link.a} {link.b}: no province '{end}'")


def write_geometry(geometry: Geometry, comment: str = "") -> str:
    """The text of a geometry file (the inverse of `read_geometry`)."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines += ["", "[geometry]", f"variant   {geometry.name}"]
    lines.append(f"size      {geometry.width} {geometry.height}")
    if geometry.computed:
        lines.append("computed  yes")
    lines += ["", "[places]", "# abbr  unit      label=x,y centre=x,y coast=x,y ..."]
    for abbr, place in sorted(geometry.places.items()):
        extra = [f"label={_fmt(place.label)}"] if place.label != place.unit else []
        if place.centre != _beside(place.unit):
            extra.append(f"centre={_fmt(place.centre)}")
        extra += [f"{c}={_fmt(p)}" for c, p in sorted(place.coasts.items())]
        lines.append(" ".join([abbr.ljust(6), _fmt(place.unit).ljust(9), *extra]).rstrip())
    lines += ["", "[shapes]", "# abbr  x,y x,y ... (one ring a line; * is land of no province)"]
    for abbr, place in sorted(geometry.places.items()):
        lines += [f"{abbr} {' '.join(map(_fmt, ring))}" for ring in place.rings]
    lines += [f"{UNNAMED} {' '.join(map(_fmt, ring))}" for ring in geometry.unnamed]
    if geometry.links:
        lines += ["", "[links]", "# a  b  x,y x,y ... (a line drawn from a's region to b's)"]
        lines += [f"{k.a} {k.b} {' '.join(map(_fmt, k.points))}" for k in geometry.links]
    return "\n".join(lines) + "\n"


def _fmt(point: Point) -> str:
    return f"{point[0]},{point[1]}"


def touching(geometry: Geometry, near: int = 3) -> set[frozenset[str]]:
    """The pairs of provinces whose outlines come within `near` units of each other along a
    stretch (two grid cells or more), not at a single corner: the borders the picture shows.
    A grid of `near`-unit cells over the outlines' sides, walked in steps of `near`."""
    cells: dict[tuple[int, int], set[str]] = {}
    for abbr, place in geometry.places.items():
        for ring in place.rings:
            for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
                steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / near))
                for k in range(steps + 1):
                    x = x0 + (x1 - x0) * k / steps
                    y = y0 + (y1 - y0) * k / steps
                    cells.setdefault((int(x // near), int(y // near)), set()).add(abbr)
    shared: dict[frozenset[str], int] = {}
    for (cx, cy), here in cells.items():
        around = set(here)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                around |= cells.get((cx + dx, cy + dy), set())
        for a in here:
            for b in around:
                if a < b or (b < a and b not in here):
                    key = frozenset((a, b))
                    shared[key] = shared.get(key, 0) + 1
    return {pair for pair, count in shared.items() if count >= 2 and len(pair) == 2}
