"""What never changes on a variant's picture: the frame, the provinces, their names and
coasts, the key. Made once per variant and kept (`board_layer`), so that a phase's picture
only adds its centres, units and orders (and its PNG is drawn on the board's raster, made
once too: raster.py)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

from variants import Variant
from variants.geometry import Geometry, geometry_of

from .lettering import defs, words_at
from .lettering import width as words_width
from .palette import BORDER, COAST, IMPASSABLE, LAND, LINK, SEA
from .scene import CITY
from .svg import Pt, attrs, circle, group, line_data, path_data

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
    key_rows: int = 1

    @property
    def height(self) -> int:
        return TITLE + self.map_height + (self.legend_rows + self.key_rows) * ROW + 10

    @property
    def per_row(self) -> int:
        return max(1, (self.width - 20) // ENTRY)


KEY = (
    "Solid arrow: move", "Dashed: support (square: to hold)", "Dotted: convoy", "Ring: hold",
    "Red cross: failed", "Red burst: dislodged (dotted: its retreats)", "Diamond: built",
    "Red X: removed",
)  # fmt: skip
# A Machiavelli map's: its cities, sieges and conversions (cities.py, orders.py).
MACH_KEY = (
    "Square: walled city (large: major city)", "Circle: open city", "Diamond: fortress",
    "Anchor: port", "Star: siege", "Dashed ring: besiege", "Curved arrow: convert",
    "Tint: control", "Grey: autonomous",
)  # fmt: skip
# A board with links (docs/variant-format.md, "Geometry"): what its bridges mean.
LINK_KEY = ("Bridge: neighbours",)
KEY_SIZE = 10.5


def key_lines(entries: tuple[str, ...], width: float) -> list[str]:
    """The key's entries in as few lines as fit the picture's width."""
    lines: list[str] = []
    for entry in entries:
        joined = f"{lines[-1]}   {entry}" if lines else entry
        if lines and words_width(joined, KEY_SIZE) <= width - 24:
            lines[-1] = joined
        else:
            lines.append(entry)
    return lines


@dataclass(frozen=True)
class Board:
    geometry: Geometry
    frame: Frame
    centres: frozenset[str]
    opening: str  # the svg element's start tag
    ground: str  # the background, the sea and the provinces
    names: str  # the provinces' names, and the key
    letters: str  # the letters the names use
    # A Machiavelli map: each province is tinted by the power that controls it, between
    # the ground and the names, so its raster (raster.py) is of the ground alone, and the
    # PNG's layer carries the outlines of the provinces tinted (`outlines`: each land
    # province's, for the tints to use).
    tinted: bool = False
    outlines: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)

    @property
    def backdrop(self) -> str:
        return self.ground + self.names

    @property
    def map_start(self) -> str:
        """Where the picture's own layers begin: on the map, below the title."""
        return f'<g id="map" transform="translate(0,{TITLE})">'

    def at(self, place: str) -> Pt:
        """Where a unit at `place` stands: a coast's own spot (`stp/nc`), else its
        province's; a city's marker (`pad*`); off the picture for a place it lacks."""
        try:
            if place.endswith(CITY):
                return self.geometry.places[place[:-1]].centre
            return self.geometry.at(place)
        except KeyError:
            return (-100.0, -100.0)


# Where a dislodged unit may stand beside its place: up and right first, then round.
AROUND = tuple(
    (math.cos(a), -math.sin(a)) for a in (math.pi * k / 4 + math.pi / 4 for k in range(8))
)
BESIDE = 24.0  # how far from its place


@cache
def beside(geometry: Geometry, place: str) -> Pt:
    """Where a unit dislodged from `place` is drawn: beside the unit that took its place,
    on the side furthest from what else stands there (the province's name, its centre's
    marker, its coasts, the units of the provinces around)."""
    abbr = place.partition("/")[0].rstrip(CITY)
    home = geometry.places.get(abbr)
    if home is None:
        return (-100.0, -100.0)
    x, y = home.centre if place.endswith(CITY) else geometry.at(place)
    others = [home.label, home.centre, home.unit, *home.coasts.values()]
    others += [
        spot
        for other in geometry.places.values()
        if other is not home
        for spot in (other.unit, *other.coasts.values())
        if abs(spot[0] - x) < 80 and abs(spot[1] - y) < 80
    ]
    others = [o for o in others if (o[0], o[1]) != (x, y)]

    def room(direction: tuple[float, float], far: float) -> float:
        at = (x + far * direction[0], y + far * direction[1])
        inside = 12 <= at[0] <= geometry.width - 12 and 12 <= at[1] <= geometry.height - 12
        clear = min((math.dist(at, o) for o in others), default=99.0)
        # Inside its own province (a dislodged unit drawn in the sea beside it misleads),
        # its marker's edge too where the province has room for it.
        own = within(home.rings, at)
        edge = sum(within(home.rings, (at[0] + 9 * dx, at[1] + 9 * dy)) for dx, dy in AROUND)
        return min(clear, 40.0) + (0 if inside else -100) + (0 if own else -1000) + 3 * edge

    for far in (BESIDE, 18.0, 13.0):
        best = max(AROUND, key=lambda d: room(d, far))  # the first of the best: up and right
        if room(best, far) > -500:
            return (round(x + far * best[0], 1), round(y + far * best[1], 1))
    return (x, y)


def within(rings: tuple, point: Pt) -> bool:
    """Whether `point` is inside the rings, filled by the even-odd rule."""
    px, py = point
    inside = False
    for ring in rings:
        n = len(ring)
        for k in range(n):
            (x0, y0), (x1, y1) = ring[k], ring[(k + 1) % n]
            if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
    return inside


def place_id(place: str) -> str:
    """A place in an element's id: `stp.sc`, `pad-city`."""
    return place.replace("/", ".").replace(CITY, "-city")


@cache
def board_layer(variant: Variant) -> Board:
    geometry = geometry_of(variant)
    per_row = max(1, (geometry.width - 20) // ENTRY)
    entries = KEY + (LINK_KEY if geometry.links else ())
    keys = key_lines(entries + (MACH_KEY if variant.is_machiavelli else ()), geometry.width)
    rows = math.ceil(len(variant.powers) / per_row)
    frame = Frame(geometry.width, geometry.height, rows, len(keys))
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        f"{attrs(width=frame.width, height=frame.height)}"
        f' viewBox="0 0 {frame.width} {frame.height}">'
    )
    ground = [
        f'<rect width="{frame.width}" height="{frame.height}" fill="#fbf8f1"/>',
        f'<g id="board" transform="translate(0,{TITLE})">',
        f'<rect class="sea"{attrs(width=geometry.width, height=geometry.height, **PAINT["sea"])}/>',
        _provinces(variant, geometry),
        links(geometry),
        "</g>",
    ]
    names = [f'<g transform="translate(0,{TITLE})">', _names(variant, geometry), "</g>"]
    for i, key in enumerate(keys):
        y = frame.height - 8 - (len(keys) - 1 - i) * ROW
        names.append(
            words_at(12, y, key, KEY_SIZE, "#4a4a4a", id="key" if i == 0 else f"key{i + 1}")
        )
    letters = "".join(keys) + "".join(
        abbr.capitalize() + "".join(place.coasts).upper() for abbr, place in geometry.places.items()
    )
    outlines = {}
    if variant.is_machiavelli:
        outlines = {
            abbr: f'<path id="p-{abbr}" d="{path_data(place.rings)}"/>'
            for abbr, place in geometry.places.items()
            if variant.provinces[abbr].is_land
        }
    return Board(
        geometry, frame, frozenset(variant.centers), opening, "".join(ground), "".join(names),
        letters, variant.is_machiavelli, outlines,
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


def links(geometry: Geometry) -> str:
    """Each link as a bridge: a pale road in a dark casing, a dot at each end, over the
    provinces and under everything else; id `l-a-b`, class `link`. On a board of more than
    MANY links (layered: a province and its twin on the other board) each is a thin line,
    so that they do not hide the orders drawn over them."""
    out = []
    thin = len(geometry.links) > MANY
    for link in geometry.links:
        d = line_data(link.points)
        (x0, y0), (x1, y1) = link.points[0], link.points[-1]
        if thin:
            road = [f'<path stroke="{LINK}" stroke-width="1.1" d="{d}"/>']
        else:
            road = [f'<path stroke="{LINK}" stroke-width="4.6" d="{d}"/>',
                    f'<path stroke="#fbf8f1" stroke-width="1.8" d="{d}"/>']  # fmt: skip
        r = 2.2 if thin else 3.2
        out.append(
            group(
                [*road, circle(x0, y0, r, fill=LINK), circle(x1, y1, r, fill=LINK)],
                id=f"l-{link.a}-{link.b}", class_="link",
            )
        )  # fmt: skip
    if not out:
        return ""
    return group(out, id="links", fill="none", stroke_linecap="round", stroke_linejoin="round")


MANY = 40  # links on a board, beyond which each is drawn as a thin line


def _names(variant: Variant, geometry: Geometry) -> str:
    """Each province's name (its abbreviation) and its coasts'; in groups by kind, which
    give their colour."""
    kinds: dict[str, list[str]] = {"name": [], "sea-name": [], "coast-name": []}
    for abbr, place in geometry.places.items():
        province = variant.provinces[abbr]
        if province.impassable:
            continue
        kind = "sea-name" if province.is_sea else "name"
        kinds[kind].append(words_at(*place.label, abbr.capitalize(), 10, None, "middle"))
        for coast, (x, y) in place.coasts.items():
            kinds["coast-name"].append(words_at(x, y + 15, coast.upper(), 7, None, "middle"))
    ink = {"name": "#3b352c", "sea-name": "#2e5574", "coast-name": "#2e5574"}
    return group(
        (group(words, class_=kind, fill=ink[kind]) for kind, words in kinds.items() if words),
        id="names",
    )


def blank_board(variant: Variant) -> str:
    """The variant's board as drawn, with no game on it: the SVG `judge map --svg` prints."""
    board = board_layer(variant)
    return board.opening + board.backdrop + defs(board.letters, "") + "</svg>"
