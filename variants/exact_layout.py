"""A picture for a board on no real ground whose regions touch exactly where the board's
provinces are adjacent (issue 33), from the layout computed from its adjacencies
(`layout.py`).

That layout's Voronoi cells touch most neighbours, and some strangers. Here every two
cells that come near each other without being adjacent are pulled apart: both are cut
back from the line that best separates them (convex cells always have one), leaving a gap
of GAP units, drawn as land of no province. Every pair of adjacent provinces whose cells
still do not share a border then gets a link (a line drawn from one region into the
other: docs/variant-format.md, "Geometry"). `adjacency_check.check` measures the result,
and for these boards finds precision and recall both 1.0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .geometry import touching
from .layout import _centroid, _contains, _inside, computed_geometry, neighbours
from .model import Variant
from .places import Geometry, Link, Place

XY = tuple[float, float]
GAP = 12  # between two cells that are not neighbours: more than `touching` sees as shared
INTO = 7  # how far a link reaches into each of its regions


def exact_geometry(
    variant: Variant,
    anchors: Mapping[str, XY] | None = None,
    size: tuple[int, int] | None = None,
    tries: tuple[int, ...] = (12, 30, 45, 60),
) -> Geometry:
    """The computed layout after each number of rounds in `tries`, with and without the
    anchors, made exact: the one with the fewest links. A board where every province
    borders every other is a wheel instead (`wheel_geometry`)."""
    if is_complete(variant):
        return wheel_geometry(variant)
    made = [
        _exact(variant, computed_geometry(variant, start, rounds, size if start else None))
        for rounds in tries
        for start in ((anchors, None) if anchors else (None,))
    ]
    return min(made, key=lambda g: len(g.links))


def _exact(variant: Variant, base: Geometry) -> Geometry:
    """The computed layout, its strangers pulled apart and its missing borders linked."""
    near = neighbours(variant)
    open_ = {a for a, p in variant.provinces.items() if not p.impassable}
    cells = {a: [(float(x), float(y)) for x, y in p.rings[0]] for a, p in base.places.items()}
    names = sorted(cells)
    for k, a in enumerate(names):
        for b in names[k + 1 :]:
            if b in near[a] or a not in open_ or b not in open_:
                continue
            _separate(cells, a, b)
    places = {a: _moved(base.places[a], cells[a]) for a in names}
    drawn = Geometry(base.name, base.width, base.height, places, (), True)
    shared = touching(drawn)
    links = tuple(
        _link(a, b, cells[a], cells[b])
        for a in names
        for b in sorted(near[a])
        if a < b and frozenset((a, b)) not in shared
    )
    frame = ((0, 0), (base.width, 0), (base.width, base.height), (0, base.height))
    # Land of no province wherever no region is: the gaps between strangers (the even-odd
    # rule makes each region a hole in the frame).
    unnamed = (frame, *(p.rings[0] for p in places.values()))
    return Geometry(base.name, base.width, base.height, places, unnamed, True, links)


def _separate(cells: dict[str, list[XY]], a: str, b: str) -> None:
    """Cut cells `a` and `b` back from the line that best separates them, GAP apart."""
    pa, pb = cells[a], cells[b]
    if not pa or not pb or not _boxes_near(pa, pb):
        return
    best: tuple[float, float, float, float] | None = None  # gap, nx, ny, middle
    for poly in (pa, pb):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
            length = math.hypot(x1 - x0, y1 - y0)
            if length < 1e-6:
                continue
            nx, ny = (y1 - y0) / length, (x0 - x1) / length
            amin, amax = _spread(pa, nx, ny)
            bmin, bmax = _spread(pb, nx, ny)
            for gap, sx, sy, middle in (
                (bmin - amax, nx, ny, (amax + bmin) / 2),
                (amin - bmax, -nx, -ny, -(bmax + amin) / 2),
            ):
                if best is None or gap > best[0]:
                    best = (gap, sx, sy, middle)
    if best is None or best[0] >= GAP:
        return
    _, nx, ny, middle = best
    cells[a] = _clip(pa, nx, ny, middle - GAP / 2)
    cells[b] = _clip(pb, -nx, -ny, -(middle + GAP / 2))


def _boxes_near(pa: Sequence[XY], pb: Sequence[XY]) -> bool:
    return not (
        min(x for x, _ in pa) > max(x for x, _ in pb) + GAP
        or min(x for x, _ in pb) > max(x for x, _ in pa) + GAP
        or min(y for _, y in pa) > max(y for _, y in pb) + GAP
        or min(y for _, y in pb) > max(y for _, y in pa) + GAP
    )


def _spread(poly: Sequence[XY], nx: float, ny: float) -> tuple[float, float]:
    values = [x * nx + y * ny for x, y in poly]
    return min(values), max(values)


def _clip(poly: Sequence[XY], nx: float, ny: float, c: float) -> list[XY]:
    """The part of `poly` where x*nx + y*ny <= c."""
    out: list[XY] = []
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        fp, fq = p[0] * nx + p[1] * ny - c, q[0] * nx + q[1] * ny - c
        if fp <= 0:
            out.append(p)
        if (fp <= 0) != (fq <= 0):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _moved(place: Place, cell: list[XY]) -> Place:
    """The place with its region cut back: its marks moved with the region's middle, and
    its coasts kept inside it."""
    ring = tuple((round(x), round(y)) for x, y in cell)
    ring = tuple(p for i, p in enumerate(ring) if p != ring[i - 1]) or ring
    old = _centroid([(float(x), float(y)) for x, y in place.rings[0]])
    new = _centroid(cell) if len(cell) >= 3 else old
    dx, dy = round(new[0] - old[0]), round(new[1] - old[1])

    def shift(p: tuple[int, int]) -> tuple[int, int]:
        return p[0] + dx, p[1] + dy

    coasts = {}
    for coast, spot in place.coasts.items():
        x, y = _inside(cell, new, shift(spot))
        coasts[coast] = (round(x), round(y))
    return Place(
        place.abbr, (ring,), shift(place.unit), shift(place.label), coasts, shift(place.centre)
    )


def _link(a: str, b: str, pa: Sequence[XY], pb: Sequence[XY]) -> Link:
    """A line from `a`'s region into `b`'s along the line between their middles, reaching
    INTO units into each."""
    ca, cb = _centroid(pa), _centroid(pb)
    length = math.dist(ca, cb) or 1.0
    steps = max(8, int(length))

    def at(t: float) -> XY:
        return (ca[0] + t * (cb[0] - ca[0]), ca[1] + t * (cb[1] - ca[1]))

    leave = max((k for k in range(steps + 1) if _contains(pa, at(k / steps))), default=0)
    enter = min((k for k in range(steps + 1) if _contains(pb, at(k / steps))), default=steps)
    start = max(0.0, leave / steps - INTO / length)
    end = min(1.0, enter / steps + INTO / length)
    if end <= start:
        start, end = 0.0, 1.0
    points = tuple((round(x), round(y)) for x, y in (at(start), at(end)))
    return Link(a, b, points)


# -- a board where every province borders every other (pure) ------------------------------

WHEEL = 800  # the picture's side
HUB = 120  # the radius of the hub, the impassable province in the middle


def is_complete(variant: Variant) -> bool:
    """Every two provinces a unit may enter are adjacent, and one province is closed."""
    near = neighbours(variant)
    open_ = [a for a, p in variant.provinces.items() if not p.impassable]
    closed = [a for a, p in variant.provinces.items() if p.impassable]
    return len(closed) == 1 and all(set(open_) - {a} <= near[a] for a in open_)


def wheel_geometry(variant: Variant) -> Geometry:
    """The provinces as the spokes of a wheel round the closed one (Switzerland on pure):
    each touches the two beside it, and a link across the hub joins it to each other one,
    so that no link crosses a province it does not join. The powers' home provinces in
    the variant's order of powers, clockwise from the top."""
    hub_name = next(a for a, p in variant.provinces.items() if p.impassable)
    order = [h for p in variant.powers for h in p.homes if h in variant.provinces]
    order += sorted(a for a in variant.provinces if a not in order and a != hub_name)
    n = len(order)
    c = WHEEL / 2
    step = 2 * math.pi / n

    def at(angle: float, r: float) -> XY:
        return (c + r * math.sin(angle), c - r * math.cos(angle))

    hub = [at((k - 0.5) * step, HUB) for k in range(n)]
    places: dict[str, Place] = {}
    for k, name in enumerate(order):
        sector = [hub[k], hub[(k + 1) % n], at((k + 0.5) * step, 3 * WHEEL),
                  at((k - 0.5) * step, 3 * WHEEL)]  # fmt: skip
        for nx, ny, bound in ((1, 0, WHEEL), (-1, 0, 0), (0, 1, WHEEL), (0, -1, 0)):
            sector = _clip(sector, nx, ny, bound)
        ring = tuple((round(x), round(y)) for x, y in sector)
        unit = at(k * step, 0.62 * c)
        label = at(k * step, 0.8 * c)
        places[name] = Place(name, (ring,), _round(unit), _round(label), {},
                             _round((unit[0] + 13, unit[1] + 11)))  # fmt: skip
    middle = (round(c), round(c))
    places[hub_name] = Place(hub_name, (tuple(_round(p) for p in hub),), middle, middle, {},
                             middle)  # fmt: skip
    links = []
    for i, a in enumerate(order):
        for j in range(i + 2, n):
            if j - i == n - 1:
                continue  # the two beside each other round the wheel touch
            start = at((i + _lean((j - i) % n, n)) * step, HUB + 18)
            end = at((j + _lean((i - j) % n, n)) * step, HUB + 18)
            links.append(Link(a, order[j], (_round(start), _round(end))))
    return Geometry(variant.name, WHEEL, WHEEL, places, (), True, tuple(links))


def _lean(apart: int, n: int) -> float:
    """How far round from its spoke's middle (in spokes) a link leaves: away from the
    other end, more the nearer that is, so that the links from one spoke leave it apart
    and a link to the spoke but one runs through the hub, not the spoke between."""
    ahead = apart if apart <= n / 2 else apart - n
    return -0.34 * (1 if ahead > 0 else -1) * (1 - (abs(ahead) - 2) / max(1, n / 2))


def _round(p: XY) -> tuple[int, int]:
    return round(p[0]), round(p[1])
