"""What never changes on a variant's picture: the frame, the provinces, their names and
coasts, the key. Made once per variant and kept (`board_layer`), so that a phase's picture
only adds its centres, units and orders (and its PNG is drawn on the board's raster, made
once too: raster.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from variants import Variant
from variants.geometry import Geometry, geometry_of

from .lettering import words_at
from .palette import BORDER, COAST, IMPASSABLE, LAND, SEA
from .svg import attrs, group, path_data

TITLE = 30  # the band above the map, for the title
ROW = 20  # one row of the legend
ENTRY = 170  # one power in the legend

# How each kind of province is painted: presentation attributes on its group, not a style
# sheet, which Skia's SVG reader (raster.py) does not read.
PAINT = {
    "sea": {"fill": SEA, "stroke": COAST, "stroke_width": 0.7},
    "unnamed": {"fill": IMPASSABLE, "stroke": COAST, "stroke_width": 0.5},
    "land": {"fill": LAND, "stroke": BORDER, "stroke_width": 0.8},
    "impassable": {"fill": IMPASSABLE, "stroke": BORDER, "stroke_width": 0.8},
}


@dataclass(frozen=True)
class Frame:
    width: int
    map_height: int
    legend_rows: int

    @property
    def height(self) -> int:
        return TITLE + self.map_height + (self.legend_rows + 1) * ROW + 10

    @property
    def per_row(self) -> int:
        return max(1, (self.width - 20) // ENTRY)


KEY = (
    "Solid arrow: move   Dashed: support   Dotted: convoy   Ring: hold   "
    "Red cross: failed   Red ring: dislodged (dotted: its retreats)   "
    "Double ring: built   Red X: removed"
)


@dataclass(frozen=True)
class Board:
    geometry: Geometry
    frame: Frame
    centres: frozenset[str]
    opening: str  # the svg element's start tag
    backdrop: str  # the background, the provinces and their names, the key
    letters: str  # the letters the backdrop uses

    @property
    def map_start(self) -> str:
        """Where the picture's own layers begin: on the map, below the title."""
        return f'<g id="map" transform="translate(0,{TITLE})">'


@cache
def board_layer(variant: Variant) -> Board:
    geometry = geometry_of(variant)
    per_row = max(1, (geometry.width - 20) // ENTRY)
    frame = Frame(geometry.width, geometry.height, math.ceil(len(variant.powers) / per_row))
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        f"{attrs(width=frame.width, height=frame.height)}"
        f' viewBox="0 0 {frame.width} {frame.height}">'
    )
    backdrop = [
        f'<rect width="{frame.width}" height="{frame.height}" fill="#fbf8f1"/>',
        f'<g id="board" transform="translate(0,{TITLE})">',
        f'<rect class="sea"{attrs(width=geometry.width, height=geometry.height, **PAINT["sea"])}/>',
        _provinces(variant, geometry),
        _names(variant, geometry),
        "</g>",
        words_at(12, frame.height - 8, KEY, 10.5, "#4a4a4a", id="key"),
    ]
    letters = KEY + "".join(
        abbr.capitalize() + "".join(place.coasts).upper() for abbr, place in geometry.places.items()
    )
    return Board(
        geometry, frame, frozenset(variant.centers), opening, "".join(backdrop), letters,
    )  # fmt: skip


def _provinces(variant: Variant, geometry: Geometry) -> str:
    kinds: dict[str, list[str]] = {"sea": [], "unnamed": [], "land": [], "impassable": []}
    for abbr, place in geometry.places.items():
        province = variant.provinces[abbr]
        kind = "sea" if province.is_sea else "impassable" if province.impassable else "land"
        shape = f'<path{attrs(id=f"p-{abbr}", class_=kind)} d="{path_data(place.rings)}"/>'
        kinds[kind].append(shape)
    if geometry.unnamed:
        kinds["unnamed"].append(f'<path class="unnamed" d="{path_data(geometry.unnamed)}"/>')
    # Crisp edges: a third of the PNG's bytes and time went on smoothing the borders.
    return group(
        (group(shapes, **PAINT[kind]) for kind, shapes in kinds.items() if shapes),
        id="provinces", fill_rule="evenodd", shape_rendering="crispEdges",
    )  # fmt: skip


def _names(variant: Variant, geometry: Geometry) -> str:
    out = []
    for abbr, place in geometry.places.items():
        province = variant.provinces[abbr]
        if province.impassable:
            continue
        kind = "sea-name" if province.is_sea else "name"
        ink = "#2e5574" if province.is_sea else "#3b352c"
        out.append(words_at(*place.label, abbr.capitalize(), 10, ink, "middle", class_=kind))
        for coast, (x, y) in place.coasts.items():
            out.append(words_at(x, y + 15, coast.upper(), 7, "#2e5574", "middle",
                                class_="coast-name"))  # fmt: skip
    return group(out, id="names")
