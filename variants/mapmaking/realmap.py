"""A board on real ground drawn from Natural Earth's countries (public domain; its 1:10m
admin-0 shapefile, read with pyshp) and the variant's facts (facts/<variant>.py), with
shapely.

Land: each block of today's countries is divided among its provinces by the Voronoi cells of
their places; islands the board leaves to nobody, and countries of no block, are unnamed
land. Sea: the frame less the land, divided among the seas by their places' cells. All in a
Lambert conformal conic projection centred on the board, simplified to the picture's scale.
A tool for whoever redraws the map, not part of the judge: `python -m variants.mapmaking
--natural-earth PATH` (docs/variant-format.md, "Geometry").

A facts module says (names in capitals; those marked * may be left out): FRAME (west,
south, east, north), CENTRE_LON, PARALLELS, PROJECTION* ("conic", "plate" or "warp":
piecewise linear through LON_STOPS and LAT_STOPS, (degrees, picture units) each), MIDDLE
and MAGNIFY* (the fisheye; 1: none) and FISHEYE* ("radial" or "separable"), WIDTH*
(picture units across), BLOCKS (name -> today's countries, the provinces dividing them),
ISLANDS* (boxes of land left to nobody), PLACES (each province's and sea's places, its
city first; "*" for land of no province), FILLS* (boxes, or outlines of (lon, lat) points:
the water in them made a province's land), CARVE*
(boxes, or outlines of (lon, lat) points, cut from whatever lies there and made a
province: a canal, an off-board box, a strait widened, a lake), GRAB* (the land in boxes
given to a province: a narrow neck of land widened), COASTS* (a fleet's place on each
named coast), BESIDE* (where the centre's marker may stand from the unit, in picture
units, first choice first: a Machiavelli city beside its province's unit), INWARD* (a unit
stands at its city moved this far inside its province, in picture units; else at the city
if 5 units inside, or at the point farthest inside), LINKS* ((a, b, (lon, lat) points):
a strait or crossing drawn as a line),
UNNAMED* ("*"), SIMPLIFY* and SMALLEST* (picture units: the outlines' tolerance, the least
island kept), LABELS* (where a province's name is written, where the point farthest inside
misleads).
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
import pickle
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from types import ModuleType

import shapefile
from shapely import ops
from shapely.geometry import MultiPoint, MultiPolygon, Point, Polygon, box, shape

from ..model import Variant
from ..places import Geometry, Link, Place

WIDTH = 1000  # picture units across the frame, unless the facts say otherwise
SIMPLIFY = 1.1  # picture units
SMALLEST = 10.0  # square picture units: smaller islands are left out


class Projection:
    """Lambert conformal conic (spherical), or for a board spanning half the world the plate
    carree (PROJECTION = "plate": longitudes shrunk by the cosine of the first parallel), then
    scaled so the frame is WIDTH across."""

    def __init__(self, facts: ModuleType) -> None:
        self.plate = getattr(facts, "PROJECTION", "conic") == "plate"
        self.warp = getattr(facts, "PROJECTION", "conic") == "warp"
        if self.warp:
            self.lons, self.lats = facts.LON_STOPS, facts.LAT_STOPS
            self.width, self.height = round(self.lons[-1][1]), round(self.lats[-1][1])
            self.magnify, self.separable, self.middle = 1.0, False, (0.0, 0.0)
            return
        self.centre_lon = facts.CENTRE_LON
        self.magnify = getattr(facts, "MAGNIFY", 1.0)
        # "radial" (the corners fixed, the edges' middles pushed out of the frame a little)
        # or "separable" (across and down apart: the frame's edges fixed).
        self.separable = getattr(facts, "FISHEYE", "radial") == "separable"
        width = getattr(facts, "WIDTH", WIDTH)
        self.width = width
        p1, p2 = (math.radians(v) for v in facts.PARALLELS)
        self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )
        self.f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n
        self.shrink = math.cos(p1)
        west, south, east, north = facts.FRAME
        corners = [self.raw(west, south), self.raw(east, south), self.raw(west, north),
                   self.raw(east, north), self.raw(facts.CENTRE_LON, north)]  # fmt: skip
        xs = [c[0] for c in corners]
        # The frame: from the western edge's middle to the eastern's, north to south.
        self.x0 = (self.raw(west, (south + north) / 2)[0] + min(xs)) / 2
        self.x1 = (self.raw(east, (south + north) / 2)[0] + max(xs)) / 2
        self.y0 = self.raw(facts.CENTRE_LON, north)[1]
        self.y1 = self.raw(facts.CENTRE_LON, south)[1]
        self.scale = width / (self.x1 - self.x0)
        self.height = round((self.y0 - self.y1) * self.scale)
        self.middle = self.flat(*getattr(facts, "MIDDLE", (facts.CENTRE_LON, (south + north) / 2)))
        mx, my = self.middle
        self.reach = max(math.hypot(x - mx, y - my) for x in (0, width) for y in (0, self.height))

    def raw(self, lon: float, lat: float) -> tuple[float, float]:
        if self.plate:
            return math.radians(lon - self.centre_lon) * self.shrink, math.radians(lat)
        rho = self.f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self.n
        theta = self.n * math.radians(lon - self.centre_lon)
        return rho * math.sin(theta), -rho * math.cos(theta)

    def flat(self, lon: float, lat: float) -> tuple[float, float]:
        if self.warp:
            return _between(lon, self.lons), _between(lat, self.lats)
        x, y = self.raw(lon, lat)
        return (x - self.x0) * self.scale, (self.y0 - y) * self.scale

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.flat(lon, lat)
        mx, my = self.middle
        if self.separable:
            return mx + self._grown(x - mx, self.width - mx, mx), my + self._grown(
                y - my, self.height - my, my
            )
        r = math.hypot(x - mx, y - my)
        if r == 0 or self.magnify == 1:
            return x, y
        a = self.magnify - 1
        grown = r * (1 + a) / (1 + a * r / self.reach)
        return mx + (x - mx) * grown / r, my + (y - my) * grown / r

    def _grown(self, d: float, after: float, before: float) -> float:
        """One axis of the separable fisheye: the frame's edges stay where they are."""
        reach = after if d > 0 else before
        a = self.magnify - 1
        return d * (1 + a) / (1 + a * abs(d) / reach)


def _between(value: float, stops: tuple[tuple[float, float], ...]) -> float:
    """Piecewise linear through (degrees, picture units) stops, straight on past the ends."""
    for (d0, p0), (d1, p1) in itertools.pairwise(stops):
        if (d0 <= value <= d1) or (d0 >= value >= d1):
            return p0 + (p1 - p0) * (value - d0) / (d1 - d0)
    (d0, p0), (d1, p1) = (stops[0], stops[1]) if _before(value, stops) else stops[-2:]
    return p0 + (p1 - p0) * (value - d0) / (d1 - d0)


def _before(value: float, stops: tuple[tuple[float, float], ...]) -> bool:
    return (value < stops[0][0]) == (stops[0][0] < stops[-1][0])


def countries(path: str, project: Projection, facts: ModuleType) -> dict[str, Polygon]:
    """Each country of the shapefile, projected, cut to the frame (with a margin)."""
    reader = shapefile.Reader(path)
    frame = box(-50, -50, project.width + 50, project.height + 50)
    w0, s0, e0, n0 = getattr(facts, "READ", _around(facts.FRAME))
    out = {}
    for record, geom in zip(reader.records(), reader.shapes(), strict=True):
        west, south, east, north = geom.bbox
        if east < w0 or west > e0 or north < s0 or south > n0:
            continue
        projected = ops.transform(lambda x, y, z=None: _project_all(project, x, y), shape(geom))
        clipped = projected.buffer(0).intersection(frame)
        if not clipped.is_empty:
            out[record["ADMIN"]] = clipped
    return out


def _kept_countries(path: str, project: Projection, facts: ModuleType) -> dict[str, Polygon]:
    """`countries`, kept in $MAPMAKING_CACHE (a folder) between runs while the projection is
    the same: reading and projecting the shapefile is most of a redrawing's time."""
    folder = os.environ.get("MAPMAKING_CACHE")
    if not folder:
        return countries(path, project, facts)
    key = repr((path, facts.FRAME, getattr(facts, "CENTRE_LON", 0),
                getattr(facts, "PARALLELS", 0), project.plate, getattr(facts, "LON_STOPS", 0),
                getattr(facts, "LAT_STOPS", 0), project.magnify, project.separable,
                project.width, getattr(facts, "MIDDLE", None)))  # fmt: skip
    file = Path(folder) / f"{hashlib.sha256(key.encode()).hexdigest()[:16]}.pickle"
    if file.is_file():
        return pickle.loads(file.read_bytes())
    found = countries(path, project, facts)
    file.write_bytes(pickle.dumps(found))
    return found


def _around(frame: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The countries worth reading: those within some degrees of the frame."""
    west, south, east, north = frame
    return west - 20, south - 8, east + 20, north + 5


def facts_of(name: str) -> ModuleType:
    """The facts module of a variant on real ground (facts/<name>.py)."""
    return import_module(f"{__package__}.facts.{name}")


def has_facts(name: str) -> bool:
    try:
        facts_of(name)
    except ModuleNotFoundError:
        return False
    return True


def _project_all(project: Projection, xs: Iterable[float], ys: Iterable[float]):
    pts = [project(x, y) for x, y in zip(xs, ys, strict=True)]
    return [p[0] for p in pts], [p[1] for p in pts]


def _parts(geom) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]


def _divided(
    land, provinces: tuple[str, ...], project: Projection, facts: ModuleType
) -> dict[str, list[Polygon]]:
    """`land` among `provinces`: each piece to the province of the nearest place."""
    if len(provinces) == 1:
        return {provinces[0]: _parts(land)}
    seeds = [(abbr, Point(project(*ll))) for abbr in provinces for ll in facts.PLACES[abbr]]
    points = MultiPoint([p for _, p in seeds])
    cells = ops.voronoi_diagram(points, envelope=land.envelope.buffer(200))
    out: dict[str, list[Polygon]] = {abbr: [] for abbr in provinces}
    for cell in cells.geoms:
        owner = next(abbr for abbr, p in seeds if cell.contains(p))
        out[owner].extend(_parts(cell.intersection(land)))
    return out


def real_geometry(path: str, variant: Variant, facts: ModuleType | None = None) -> Geometry:
    """The variant's board from the shapefile at `path` and its facts."""
    facts = facts or facts_of(variant.name)
    project = Projection(facts)
    height = project.height
    unnamed = getattr(facts, "UNNAMED", "*")
    found = _kept_countries(path, project, facts)
    islands = [
        Polygon([project(w, s), project(e, s), project(e, n), project(w, n)])
        for w, s, e, n in getattr(facts, "ISLANDS", ())
    ]
    pieces: dict[str, list[Polygon]] = {}
    used = set()
    for names, provinces in facts.BLOCKS.values():
        land = ops.unary_union([found[n] for n in names if n in found])
        used.update(names)
        kept = []
        for part in _parts(land):
            if any(isl.contains(part) for isl in islands):
                pieces.setdefault(unnamed, []).append(part)
            else:
                kept.append(part)
        for abbr, polys in _divided(MultiPolygon(kept), provinces, project, facts).items():
            pieces.setdefault(abbr, []).extend(polys)
    for name, geom in found.items():
        if name not in used:
            pieces.setdefault(unnamed, []).extend(_parts(geom))
    frame = box(0, 0, project.width, height)
    all_land = ops.unary_union([p for polys in pieces.values() for p in polys])
    for abbr, boxes in getattr(facts, "FILLS", {}).items():
        for bounds in boxes:
            water = _box(project, bounds)
            pieces.setdefault(abbr, []).extend(_parts(water.difference(all_land)))
    all_land = ops.unary_union([p for polys in pieces.values() for p in polys])
    # Specks of sea (slivers between two countries' outlines) are no sea's.
    least = getattr(facts, "SMALLEST", SMALLEST)
    sea = MultiPolygon([p for p in _parts(frame.difference(all_land)) if p.area >= least])
    seas = tuple(a for a, p in variant.provinces.items() if p.is_sea and a in facts.PLACES)
    for abbr, polys in _divided(sea, seas, project, facts).items():
        pieces[abbr] = polys
    merged = {
        abbr: ops.unary_union([p.intersection(frame) for p in polys])
        for abbr, polys in pieces.items()
    }
    land = ops.unary_union([g for a, g in merged.items() if a not in seas])
    for abbr, boxes in getattr(facts, "GRAB", {}).items():
        cut = ops.unary_union([_box(project, b) for b in boxes]).intersection(land)
        for other in merged:
            if other != abbr:
                merged[other] = merged[other].difference(cut)
        merged[abbr] = ops.unary_union([merged[abbr], cut])
    for abbr, boxes in getattr(facts, "CARVE", {}).items():
        cut = ops.unary_union([_box(project, b) for b in boxes]).intersection(frame)
        for other in merged:
            merged[other] = merged[other].difference(cut)
        merged[abbr] = ops.unary_union([merged.get(abbr, Polygon()), cut])
    merged = {abbr: MultiPolygon(_parts(geom)) for abbr, geom in merged.items()}
    _rehome_strays(merged, project, facts, unnamed)
    return _geometry(variant, merged, frame, project, facts, unnamed)


def _box(project: Projection, bounds: tuple) -> Polygon:
    """A box (west, south, east, north), or an outline of (lon, lat) points (a lake the
    countries fill, carved as the board's water)."""
    if isinstance(bounds[0], tuple):
        return Polygon([project(*ll) for ll in bounds]).buffer(0)
    w, s, e, n = bounds
    return Polygon([project(w, s), project(e, s), project(e, n), project(w, n)])


def places_of(facts: ModuleType, abbr: str) -> tuple[tuple[float, float], ...]:
    """A province's places: its own, or the middle of the box carved for it."""
    if abbr in facts.PLACES:
        return facts.PLACES[abbr]
    first = getattr(facts, "CARVE", {})[abbr][0]
    if isinstance(first[0], tuple):
        return (first[0],)
    w, s, e, n = first
    return (((w + e) / 2, (s + n) / 2),)


def _rehome_strays(merged: dict, project: Projection, facts: ModuleType, unnamed: str) -> None:
    """A piece of a province cut off from its places (a Voronoi cell reaching across a
    peninsula) goes to the province beside it with the longest shared border."""
    for abbr in list(merged):
        if abbr == unnamed:
            continue
        seeds = [Point(project(*ll)) for ll in places_of(facts, abbr)]
        parts = _parts(merged[abbr])
        if len(parts) < 2:
            continue
        keep, stray = [], []
        given = [_box(project, b) for b in getattr(facts, "GRAB", {}).get(abbr, ())]
        for part in parts:
            near = any(part.distance(p) <= 1 for p in seeds) or any(
                part.intersection(b).area > part.area / 2 for b in given
            )
            (keep if near else stray).append(part)
        if not keep:
            keep, stray = [max(parts, key=lambda p: p.area)], []
        moved: dict[str, list] = {}
        for part in stray:
            best, length = None, 0.0
            grown = part.buffer(0.6)
            for other, geom in merged.items():
                if other in (abbr, unnamed) or not grown.intersects(geom):
                    continue
                shared = grown.intersection(geom.boundary).length
                if shared > length:
                    best, length = other, shared
            if best is None:
                keep.append(part)  # an island: it stays
            else:
                moved.setdefault(best, []).append(part)
        for best, given in moved.items():
            merged[best] = ops.unary_union([merged[best], *given])
        if moved:
            merged[abbr] = ops.unary_union(keep)


def _geometry(
    variant: Variant, merged, frame, project: Projection, facts: ModuleType, unnamed: str
) -> Geometry:
    places = {}
    nobody: list = []
    missing = set(variant.provinces) - set(merged)
    if missing:
        raise ValueError(f"{variant.name}: nothing drawn for {' '.join(sorted(missing))}")
    for abbr, geom in merged.items():
        parts = _parts(geom)
        kept = [p for p in parts if p.area >= getattr(facts, "SMALLEST", SMALLEST)]
        if not kept and parts and abbr != unnamed:  # a small island province: all of it
            kept = [max(parts, key=lambda p: p.area)]
        rings = []
        for part in kept:
            simple = part.simplify(getattr(facts, "SIMPLIFY", SIMPLIFY), preserve_topology=True)
            for ring in _rings(simple):
                if len(ring) >= 3:
                    rings.append(ring)
        if abbr == unnamed:
            nobody.extend(rings)
            continue
        if not kept:
            raise ValueError(f"{variant.name}: {abbr} has no land or sea left (see its places)")
        largest = max(kept, key=lambda p: p.area)
        # The unit stands at the province's city (its first place) when that is well
        # inside; else at the point farthest inside.
        inside = ops.polylabel(largest, tolerance=0.5)
        city = Point(project(*places_of(facts, abbr)[0]))
        inward = getattr(facts, "INWARD", None)
        if inward is not None:
            room = largest.buffer(-inward)
            if not room.is_empty and not room.contains(city):
                city = ops.nearest_points(room, city)[0]
        if not largest.buffer(-5).contains(city):
            city = inside
        unit = (round(city.x), round(city.y))
        coasts = {
            coast: tuple(round(v) for v in project(*ll))
            for coast, ll in getattr(facts, "COASTS", {}).get(abbr, {}).items()
        }
        label, centre = _beside(
            largest, unit, (round(inside.x), round(inside.y)), getattr(facts, "BESIDE", None)
        )
        if abbr in getattr(facts, "LABELS", {}):
            label = tuple(round(v) for v in project(*facts.LABELS[abbr]))
        places[abbr] = Place(abbr, tuple(rings), unit, label, coasts, centre)
    links = tuple(
        Link(a, b, _ends_inside([project(*ll) for ll in line], merged[a], merged[b]))
        for a, b, line in getattr(facts, "LINKS", ())
    )
    height = round(frame.bounds[3])
    return Geometry(variant.name, project.width, height, places, tuple(nobody), links=links)


def _ends_inside(line: list, first, last) -> tuple[tuple[int, int], ...]:
    """The link's points, with a step into each end's region where the line ends on its
    edge (an off-board box's side): a link runs from inside one region into the other."""
    points = list(line)
    for at, region in ((len(points) - 1, last), (0, first)):
        end = Point(points[at])
        inner = region.buffer(-3)
        if not inner.is_empty and not inner.contains(end):
            step = ops.nearest_points(inner, end)[0]
            points.insert(at if at == 0 else at + 1, (step.x, step.y))
    return tuple((round(x), round(y)) for x, y in points)


def _rings(poly) -> list[tuple[tuple[int, int], ...]]:
    out = []
    for part in _parts(poly):
        for ring in (part.exterior, *part.interiors):
            pts = []
            for x, y in list(ring.coords)[:-1]:
                p = (round(x), round(y))
                if not pts or pts[-1] != p:
                    pts.append(p)
            if len(pts) > 1 and pts[0] == pts[-1]:
                pts.pop()
            out.append(tuple(pts))
    return out


# Where a centre's marker may stand round its unit, first choice first: beside it, then
# (in a small province, an island) under or over it.
_MARKER_SPOTS = ((14, 10), (-14, 10), (14, -10), (-14, -10), (0, 12), (0, -12), (9, 8), (-9, 8))


def _beside(
    poly, unit: tuple[int, int], inside: tuple[int, int], beside: tuple | None = None
) -> tuple[tuple, tuple]:
    """Where the centre's marker and the name go: the marker beside the unit (at the first of
    `beside`'s offsets inside the province; a city's marker is larger, and the name keeps
    further from it); the name (its baseline's middle) at the point farthest inside the
    province when that is clear of the unit, else at the first place round the unit where
    the name is inside the province and covers neither the unit nor the marker."""
    x, y = unit
    offsets = beside or _MARKER_SPOTS
    centre = next(
        ((x + dx, y + dy) for dx, dy in offsets if poly.contains(Point(x + dx, y + dy))),
        (x + offsets[0][0], y + offsets[0][1]),
    )
    apart = 12 if beside else 6

    def clear(lx: float, ly: float) -> bool:
        name = box(lx - 10, ly - 8, lx + 10, ly + 1)  # three letters at 10 units
        return (
            poly.buffer(1).contains(name)
            and name.distance(Point(x, y)) > 11
            and name.distance(Point(*centre)) > apart
        )

    if math.hypot(inside[0] - x, inside[1] - y) > 26 and clear(*inside):
        return inside, centre
    offsets = ((0, 26), (0, -14), (24, 4), (-24, 4), (22, 24), (-22, 24), (22, -14), (-22, -14))
    label = next(((x + dx, y + dy) for dx, dy in offsets if clear(x + dx, y + dy)), None)
    if label is None:
        label = inside if math.hypot(inside[0] - x, inside[1] - y) > 18 else (x, y + 26)
    return label, centre
