"""Write the variants' `.geometry` files: `python -m variants.mapmaking [--natural-earth PATH]
[NAME ...]` (all variants when none is named).

A board on real ground (the standard board, and each variant with a facts module in
facts/) is drawn from Natural Earth (realmap.py; needs shapely and pyshp, the `mapmaking`
extra, and the path of the 1:10m admin-0 countries shapefile). A variant whose provinces
and adjacencies are the standard board's is written `like standard`. Every other variant
gets a layout computed from its adjacencies (layout.py), starting from the standard board's
places for the provinces it shares with it when it shares most of them.
"""

from __future__ import annotations

import argparse
import sys

from .. import available, load
from ..exact_layout import exact_geometry
from ..geometry import geometry_file, geometry_of, write_geometry
from ..layout import computed_geometry, neighbours

# Invented boards made of the standard board's regions (derived.py).
DERIVED = ("layered", "rootz", "wraparound", "wraparound2")
# Machfive's five Italies round Florence are drawn as a star (italies.py).
# Boards on no real ground: laid out so that their regions touch exactly where their
# provinces are adjacent, with links where they cannot (exact_layout.py).
INVENTED = (
    "chromatic", "layered", "pure", "rootz", "sailho", "sailho_crowded", "wraparound",
    "wraparound2",
)  # fmt: skip
_TITLES = {"standard": "The standard board"}


def has_facts(name: str) -> bool:
    """Whether the variant is drawn on real ground (a facts module; needs no shapely)."""
    from importlib.util import find_spec

    return find_spec(f"{__package__}.facts.{name}") is not None


def _like(name: str) -> str | None:
    """The variant whose board this one is played on, if its facts module says so."""
    if not has_facts(name):
        return None
    from importlib import import_module

    return getattr(import_module(f"{__package__}.facts.{name}"), "LIKE", None)


def real_geometry(path: str, variant):
    from .realmap import real_geometry as drawn

    return drawn(path, variant)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m variants.mapmaking")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--natural-earth", help="ne_10m_admin_0_countries shapefile (no .shp)")
    args = parser.parse_args(argv)
    standard = load("standard")
    for name in args.names or available():
        variant = load(name)
        path = geometry_file(name)
        like = _like(name)
        if like:
            text = (
                f"# {name} is played on {like}'s board.\n\n[geometry]\n"
                f"variant   {name}\nlike      {like}\n"
            )
        elif has_facts(name):
            if not args.natural_earth:
                print(f"{name}: skipped (give --natural-earth)", file=sys.stderr)
                continue
            text = write_geometry(
                real_geometry(args.natural_earth, variant),
                f"{_TITLES.get(name, name)}, drawn from Natural Earth's countries (public domain)"
                f" and\nvariants/mapmaking/facts/{name}.py by `python -m variants.mapmaking"
                f" --natural-earth PATH {name}`;\ndo not edit.",
            )
        elif _same_board(variant, standard):
            text = (
                f"# {name} is played on the standard board.\n\n[geometry]\n"
                f"variant   {name}\nlike      standard\n"
            )
        elif twin := _drawn_twin(variant):
            text = (
                f"# {name} is played on {twin}'s board.\n\n[geometry]\n"
                f"variant   {name}\nlike      {twin}\n"
            )
        else:
            shared = set(variant.provinces) & set(standard.provinces)
            anchors, size = None, None
            if len(shared) >= 0.6 * len(variant.provinces):
                drawn = geometry_of(standard)
                anchors = {a: drawn.places[a].unit for a in shared}
                size = (drawn.width, drawn.height)
            drawn_as = "laid out from its adjacencies"
            if name in DERIVED:
                from .derived import twins, wraparound

                wraps = name.startswith("wrap")
                made = wraparound(variant) if wraps else twins(variant, name == "rootz")
                how = "mapmaking/derived.py, from the standard board"
            elif name == "machfive":
                from .italies import machfive

                made, how = machfive(variant), "mapmaking/italies.py"
                drawn_as = "drawn as five Italies round Florence"
            elif name in INVENTED:
                made, how = exact_geometry(variant, anchors, size=size), "exact_layout.py"
            else:
                made, how = computed_geometry(variant, anchors, size=size), "layout.py"
            text = write_geometry(
                made,
                f"{name}: {drawn_as} by `python -m variants.mapmaking {name}`"
                f"\n(variants/{how}); no real map's outlines. Do not edit by hand.",
            )
        path.write_text(text, encoding="utf-8")
        print(f"{name}: {path.name}, {len(text):,} bytes")
    return 0


def _drawn_twin(variant) -> str | None:
    """A board on real ground (a facts module) with the variant's provinces and
    adjacencies (h32 is played on h31's), whose picture the variant shares."""
    from pkgutil import iter_modules

    from . import facts

    for module in sorted(m.name for m in iter_modules(facts.__path__)):
        if module != variant.name and module in available() and _same_board(variant, load(module)):
            return module
    return None


def _same_board(variant, standard) -> bool:
    return set(variant.provinces) == set(standard.provinces) and neighbours(variant) == neighbours(
        standard
    )


if __name__ == "__main__":
    sys.exit(main())
