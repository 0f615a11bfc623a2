"""Invented boards made of the standard board (issue 33): Wraparound (the board on a torus,
with Iceland, Ireland and Omsk), Layered (two boards, each province beside its twin on the
other) and Root Z (two boards joined at the western Mediterranean), drawn from the standard
board's regions (standard.geometry, read, never changed) and made exact for their own
adjacencies: two regions that touch without being adjacent are pulled GAP apart (land of
no province between them), and two adjacent regions that do not touch get a link, routed
round the picture's edge where it wraps.

Needs shapely (the `mapmaking` extra). `python -m variants.mapmaking NAME` writes the file.
`made_exact` serves any board drawn as shapely regions (a real map's too): it pulls
strangers apart and links the neighbours that do not touch, straits and crossings among them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from .. import load
from ..exact_layout import GAP, INTO
from ..geometry import geometry_of, touching
from ..layout import neighbours
from ..model import Variant
from ..places import Geometry, Link, Place

Regions = dict[str, BaseGeometry]
MARGIN = 136  # round a board that wraps: where its wrapping links run, each in a lane
EDGE = -8  # the first lane, from the map's edge (outward: negative)
LANE = 8  # between two lanes
STRAIGHT = 120  # a link longer than this wraps round the edge


def region(rings) -> BaseGeometry:
    """Rings filled by the even-odd rule, as one shape."""
    shape: BaseGeometry = Polygon()
    for ring in rings:
        shape = shape.symmetric_difference(Polygon(ring).buffer(0))
    return shape


def _standard() -> tuple[Regions, list[BaseGeometry], Geometry]:
    drawn = geometry_of(load("standard"))
    regions = {a: region(p.rings) for a, p in drawn.places.items()}
    return regions, [Polygon(r).buffer(0) for r in drawn.unnamed], drawn


def _place(abbr: str, shape: BaseGeometry, old: Place | None, move: Callable) -> Place:
    if old is not None:
        coasts = {c: move(p) for c, p in old.coasts.items()}
        return Place(abbr, (), move(old.unit), move(old.label), coasts, move(old.centre))
    x, y = shape.representative_point().coords[0]
    unit = (round(x), round(y) + 7)
    return Place(abbr, (), unit, (round(x), round(y) - 13), {}, (unit[0] + 12, unit[1] + 11))


def wraparound(variant: Variant) -> Geometry:
    regions, unnamed, drawn = _standard()
    width, height = drawn.width, drawn.height
    # Ireland: the board's unnamed island beside the Irish Sea.
    irish = [u for u in unnamed if u.distance(regions["iri"]) < 2 and u.area > 300]
    ireland = unary_union(irish)
    # Iceland: the board's unnamed island nearest where the North Atlantic meets the
    # Norwegian Sea.
    seam = regions["nao"].buffer(2).intersection(regions["nwg"].buffer(2)).centroid
    iceland = min((u for u in unnamed if u.area > 300), key=lambda u: u.distance(seam))
    # Omsk: the east end of St Petersburg, Moscow and Sevastopol.
    east = box(width - 70, 0, width, height)
    omsk = unary_union([regions[a].intersection(east) for a in ("stp", "mos", "sev")])
    for a in ("stp", "mos", "sev"):
        regions[a] = regions[a].difference(east)
    regions.update(ire=ireland, ice=iceland, oms=omsk)
    places = {a: _place(a, s, drawn.places.get(a), lambda p: p) for a, s in regions.items()}
    for a in ("mos", "stp", "sev"):
        places[a] = _inside_place(places[a], regions[a])
    # A margin all round for the links that wrap.
    m = MARGIN

    def move(p):
        return (p[0] + m, p[1] + m)

    regions = {a: affinity.translate(s, m, m) for a, s in regions.items()}
    places = {
        a: Place(a, (), move(p.unit), move(p.label), {c: move(q) for c, q in p.coasts.items()},
                 move(p.centre))
        for a, p in places.items()
    }  # fmt: skip
    return made_exact(variant, regions, places, width + 2 * m, height + 2 * m, (m, m), STRAIGHT)


def twins(variant: Variant, flip: bool) -> Geometry:
    """Two standard boards at SCALE, the second below the first (turned upside down when
    `flip`, so that their Mediterraneans meet: Root Z), provinces named with 1 and 2."""
    scale = 0.66
    regions_1, _, drawn = _standard()
    w, h = round(drawn.width * scale), round(drawn.height * scale)
    regions: Regions = {}
    places: dict[str, Place] = {}
    for layer in (1, 2):
        dy = 0 if layer == 1 else h + GAP
        upside = flip and layer == 2

        def move(p, dy=dy, upside=upside):
            y = (drawn.height - p[1]) if upside else p[1]
            return (round(p[0] * scale), round(y * scale + dy))

        def shaped(s, dy=dy, upside=upside):
            if upside:
                s = affinity.scale(s, 1, -1, origin=(0, drawn.height / 2))
            return affinity.affine_transform(s, [scale, 0, 0, scale, 0, dy])

        for a, s in regions_1.items():
            name = _twin_name(variant, a, layer)
            if name is None:  # Switzerland where the board has none: land of no province
                continue
            regions[name] = shaped(s)
            places[name] = _place(name, regions[name], drawn.places[a], move)
    return made_exact(variant, regions, places, w, 2 * h + GAP)


def _twin_name(variant: Variant, abbr: str, layer: int) -> str | None:
    renamed = {"nwy": "nor"} if "nor1" in variant.provinces else {}
    name = f"{renamed.get(abbr, abbr)}{layer}"
    if name in variant.provinces:
        return name
    if abbr in variant.provinces and layer == 1:
        return abbr
    return None


def _inside_place(place: Place, shape: BaseGeometry) -> Place:
    if shape.contains(Point(place.unit)):
        return place
    return _place(place.abbr, shape, None, lambda p: p)


# -- made exact ----------------------------------------------------------------------------


def made_exact(
    variant: Variant,
    regions: Regions,
    places: Mapping[str, Place],
    width: int,
    height: int,
    inset: tuple[int, int] = (0, 0),
    straight: float = 1e9,
) -> Geometry:
    """The regions as a geometry whose borders are exactly the variant's adjacencies: two
    regions nearer than GAP without being adjacent are cut back from each other, and two
    adjacent regions that do not touch get a link (straight; or, longer than `straight`,
    round the edge of a picture whose map is inset by `inset`). Land of no province fills
    whatever no region covers."""
    near = neighbours(variant)
    closed = {a for a, p in variant.provinces.items() if p.impassable}
    names = sorted(regions)
    for k, a in enumerate(names):
        for b in names[k + 1 :]:
            if b in near[a] or a in closed or b in closed:
                continue
            if regions[a].distance(regions[b]) < GAP:
                regions[a] = regions[a].difference(regions[b].buffer(GAP / 2))
                regions[b] = regions[b].difference(regions[a].buffer(GAP))
    built = {a: _with_rings(places[a], regions[a], variant) for a in names}
    # Under everything, land of no province: it shows in the gaps cut above.
    x0, y0 = inset
    frame = ((x0, y0), (width - x0, y0), (width - x0, height - y0), (x0, height - y0))
    geometry = Geometry(variant.name, width, height, built, (), True)
    shared = touching(geometry)
    missing = [
        (a, b) for a in names for b in sorted(near[a]) if a < b and frozenset((a, b)) not in shared
    ]
    lanes: list[int] = []
    links = tuple(
        _link(a, b, regions[a], regions[b], width, height, lanes, straight) for a, b in missing
    )
    holes = tuple(ring for p in built.values() for ring in p.rings)
    return Geometry(variant.name, width, height, built, (frame, *holes), True, links)


def _rings(shape: BaseGeometry) -> tuple:
    polygons = getattr(shape, "geoms", [shape])
    out = []
    for poly in polygons:
        if poly.is_empty or poly.area < 4 or not isinstance(poly, Polygon):
            continue
        for ring in (poly.exterior, *poly.interiors):
            points = [(round(x), round(y)) for x, y in ring.coords[:-1]]
            points = [p for i, p in enumerate(points) if p != points[i - 1]]
            if len(points) >= 3:
                out.append(tuple(points))
    return tuple(out)


def _with_rings(place: Place, shape: BaseGeometry, variant: Variant) -> Place:
    place = _inside_place(Place(place.abbr, _rings(shape), *_rest(place)), shape)
    coasts = dict(place.coasts)
    for coast in variant.provinces[place.abbr].coasts:
        spot = coasts.get(coast)
        if spot is None or not shape.buffer(-3).contains(Point(spot)):
            coasts[coast] = _coast_spot(shape, coast)
    return Place(place.abbr, _rings(shape), place.unit, place.label, coasts, place.centre)


def _rest(place: Place) -> tuple:
    return place.unit, place.label, place.coasts, place.centre


def _coast_spot(shape: BaseGeometry, coast: str) -> tuple[int, int]:
    """A named coast's place: inside the region, toward the side the coast is named for."""
    inner = shape.buffer(-8) if shape.buffer(-8).area > 0 else shape
    x0, y0, x1, y1 = inner.bounds
    target = {"ec": (x1, (y0 + y1) / 2), "wc": (x0, (y0 + y1) / 2), "nc": ((x0 + x1) / 2, y0),
              "sc": ((x0 + x1) / 2, y1)}.get(coast, ((x0 + x1) / 2, (y0 + y1) / 2))  # fmt: skip
    spot = nearest_points(inner, Point(target))[0]
    return round(spot.x), round(spot.y)


def _link(
    a: str,
    b: str,
    ra: BaseGeometry,
    rb: BaseGeometry,
    width: int,
    height: int,
    lanes: list[int],
    straight: float,
) -> Link:
    """The shortest line from `a`'s region to `b`'s, reaching INTO units into each; or,
    when it would cross half the map (a board that wraps), a line out of each to the
    picture's nearest edge and along it."""
    pa, pb = nearest_points(ra, rb)
    if pa.distance(pb) < straight:
        line = LineString([pa, pb])
        ends = _into(line, ra, rb)
        return Link(a, b, tuple((round(x), round(y)) for x, y in ends))
    edge = EDGE - LANE * len(lanes)
    lanes.append(edge)
    sa, ea = _to_edge(ra, width, height, MARGIN + edge)
    sb, eb = _to_edge(rb, width, height, MARGIN + edge)
    path = [sa, ea, *_along(ea, eb, width, height, MARGIN + edge), eb, sb]
    return Link(a, b, tuple((round(x), round(y)) for x, y in path))


def _into(line: LineString, ra: BaseGeometry, rb: BaseGeometry) -> list[tuple[float, float]]:
    """The ends of a link between the nearest points of two regions: moved INTO units
    inside each (the nearest point of the region less a rim, or any point of a region too
    thin for one)."""
    pa, pb = Point(line.coords[0]), Point(line.coords[-1])
    ends = []
    for shape, toward in ((ra, pb), (rb, pa)):
        inner = shape.buffer(-INTO)
        spot = nearest_points(inner, toward)[0] if inner.area > 0 else shape.representative_point()
        ends.append((spot.x, spot.y))
    return ends


def _to_edge(shape: BaseGeometry, width: int, height: int, edge: float):
    """The point of the region nearest the picture's edge, a little inside it, and the
    point of the edge band beside it."""
    frame = box(edge, edge, width - edge, height - edge).exterior
    near, at = nearest_points(shape, frame)
    x, y = at.x, at.y
    inside = shape.buffer(-INTO)
    start = nearest_points(inside, near)[0] if inside.area > 0 else near
    return (start.x, start.y), (x, y)


def _along(p, q, width: int, height: int, edge: float) -> list[tuple[float, float]]:
    """The corners of the edge band passed going the shorter way from p to q round it."""
    corners = [(edge, edge), (width - edge, edge), (width - edge, height - edge),
               (edge, height - edge)]  # fmt: skip
    ring = LineString([*corners, corners[0]])
    total = ring.length
    sp, sq = ring.project(Point(p)), ring.project(Point(q))
    forward = (sq - sp) % total
    at = [ring.project(Point(c)) for c in corners]
    if forward <= total / 2:
        ahead = [((c - sp) % total, i) for i, c in enumerate(at)]
        passed = sorted(x for x in ahead if x[0] < forward)
        return [corners[i] for _, i in passed]
    back = total - forward
    passed = sorted(((sp - c) % total, i) for i, c in enumerate(at) if (sp - c) % total < back)
    return [corners[i] for _, i in passed]
