"""A picture's geometry computed from a variant's adjacencies, for a map nobody has drawn.

Neighbours must touch, as on a real board. The provinces are placed as points by stress
majorisation over the graph of their adjacencies (the distance on the picture follows the
number of moves between them), optionally starting from known places (`anchors`: the
standard board's, for a variant that extends it); each point's region is its cell of the
Voronoi diagram clipped to the frame. A few rounds then draw together neighbours whose
cells do not touch and push apart strangers that do. Land and sea keep the variant's kinds.

Plain Python, deterministic (a seeded random start), a few seconds for the largest
variant: `python -m variants.mapmaking` writes the result to a `.geometry` file, and
`geometry_of` computes it only for a variant shipped without one.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Mapping, Sequence

from .model import Variant, province_of
from .places import Geometry, Place

XY = tuple[float, float]
MARGIN = 40  # frame around the cells' points, in picture units
CELL = 72  # the side of a province's share of the picture, in picture units


def neighbours(variant: Variant) -> dict[str, set[str]]:
    """Province-level adjacency: any unit's move, either way."""
    near: dict[str, set[str]] = {abbr: set() for abbr in variant.provinces}
    for moves in (variant.army_moves, variant.fleet_moves, variant.wing_moves):
        for frm, tos in moves.items():
            a = province_of(frm)
            for to in tos:
                b = province_of(to)
                if a != b and a in near and b in near:
                    near[a].add(b)
                    near[b].add(a)
    return near


def computed_geometry(
    variant: Variant,
    anchors: Mapping[str, XY] | None = None,
    rounds: int = 12,
    size: tuple[int, int] | None = None,
) -> Geometry:
    """`anchors`: provinces already placed (in a picture of `size`), kept where they are."""
    names = sorted(variant.provinces)
    near = neighbours(variant)
    n = len(names)
    width = max(800, round(math.sqrt(n * CELL * CELL * 4 / 3)))
    height = round(width * 3 / 4)
    if size is not None:
        width, height = size
    linked = [a for a in names if near[a]]
    placed = dict(zip(linked, _placed(linked, near, anchors, width, height), strict=True))
    index = {name: i for i, name in enumerate(names)}
    edges = {(index[a], index[b]) for a in names for b in near[a] if index[a] < index[b]}
    fixed = {index[a] for a in (anchors or {}) if a in index}
    points = _spread([placed.get(a, (0.0, 0.0)) for a in names], edges, fixed, width, height)
    for a in names:
        if not near[a]:  # a province nobody enters: its anchor, or the emptiest place left
            spot = (anchors or {}).get(a)
            if spot is None:
                spot = _emptiest([points[index[b]] for b in placed], width, height)
            points[index[a]] = spot
            placed[a] = spot
    frame = ((0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height)))
    share = 0.8 * math.sqrt(width * height / max(n, 1))
    for _ in range(rounds):
        cells = voronoi(points, frame, _reach(points, share))
        points = _adjusted(points, cells, edges, fixed, width, height, share)
        points = _spread(points, edges, fixed, width, height, 4)
    cells = voronoi(points, frame, _reach(points, share))
    places = {}
    for i, name in enumerate(names):
        ring = tuple((round(x), round(y)) for x, y in cells[i].points)
        middle = _centroid(cells[i].points)
        unit = (round(middle[0]), round(middle[1] + 7))
        label = (round(middle[0]), round(middle[1] - 13))
        coasts = _coasts(variant, name, cells[i], names, points)
        centre = (unit[0] + 13, unit[1] + 11)
        if variant.is_machiavelli:
            # A unit and its province's city (and the garrison in it) side by side.
            unit = (round(middle[0] - 11), round(middle[1] + 8))
            label = (round(middle[0]), round(middle[1] - 14))
            centre = (round(middle[0] + 14), round(middle[1] + 8))
        places[name] = Place(name, (ring,), unit, label, coasts, centre)
    return Geometry(variant.name, width, height, places, (), computed=True)


# -- placing the points ------------------------------------------------------------------


def _placed(
    names: Sequence[str],
    near: Mapping[str, set[str]],
    anchors: Mapping[str, XY] | None,
    width: int,
    height: int,
) -> list[XY]:
    """Points whose distances follow the graph's (stress majorisation, SMACOF), scaled to
    the frame; anchors keep their places."""
    n = len(names)
    index = {name: i for i, name in enumerate(names)}
    dist = [_hops(index[a], names, near, index) for a in names]
    big = max((d for row in dist for d in row if d < math.inf), default=1) + 1
    for row in dist:
        for j, d in enumerate(row):
            if d == math.inf:
                row[j] = big
    rng = random.Random(f"layout:{len(names)}:{names[0] if names else ''}")
    pos = [[rng.uniform(0, width), rng.uniform(0, height)] for _ in range(n)]
    fixed: set[int] = set()
    for name, (x, y) in (anchors or {}).items():
        if name in index:
            pos[index[name]] = [x, y]
            fixed.add(index[name])
    # One move is as long as between anchored neighbours, or (no anchors) one unit, the
    # result being scaled to the frame afterwards.
    steps = [
        math.dist(pos[i], pos[index[b]]) for i in fixed for b in near[names[i]] if index[b] in fixed
    ]
    unit = sorted(steps)[len(steps) // 2] if steps else 1.0
    for i in range(n):
        if i not in fixed and fixed:
            # Start beside an anchored neighbour, if there is one.
            placed = [pos[index[b]] for b in near[names[i]] if index[b] in fixed]
            if placed:
                pos[i] = [placed[0][0] + rng.uniform(-9, 9), placed[0][1] + rng.uniform(-9, 9)]
    for _ in range(120 if n < 120 else 80):
        new = []
        for i in range(n):
            if i in fixed:
                new.append(pos[i])
                continue
            sx = sy = sw = 0.0
            xi, yi = pos[i]
            row = dist[i]
            for j in range(n):
                if j == i:
                    continue
                d = row[j] * unit
                w = 1.0 / (d * d)
                xj, yj = pos[j]
                dx, dy = xi - xj, yi - yj
                norm = math.hypot(dx, dy) or 1e-9
                sx += w * (xj + d * dx / norm)
                sy += w * (yj + d * dy / norm)
                sw += w
            new.append([sx / sw, sy / sw])
        pos = new
    if not fixed:
        pos = _fitted(pos, width, height)
    return [(x, y) for x, y in pos]


def _spread(
    points: list[XY],
    edges: set[tuple[int, int]],
    fixed: set[int],
    width: int,
    height: int,
    times: int = 60,
) -> list[XY]:
    """Points pushed apart where they crowd closer than an even share of the picture
    allows, and neighbours drawn together where they stand far apart."""
    n = len(points)
    pos = [list(p) for p in points]
    share = 0.8 * math.sqrt(width * height / max(n, 1))
    for _ in range(times):
        for i in range(n):
            xi, yi = pos[i]
            for j in range(i + 1, n):
                dx, dy = pos[j][0] - xi, pos[j][1] - yi
                d = math.hypot(dx, dy) or 0.01
                if d < share:
                    push = 0.25 * (share - d) / d
                    _nudge(pos, i, j, -push * dx, -push * dy, fixed)
        for i, j in edges:
            dx, dy = pos[j][0] - pos[i][0], pos[j][1] - pos[i][1]
            d = math.hypot(dx, dy)
            if d > 1.6 * share:
                pull = 0.1 * (d - 1.6 * share) / d
                _nudge(pos, i, j, pull * dx, pull * dy, fixed)
        for p in pos:
            p[0] = min(max(p[0], MARGIN), width - MARGIN)
            p[1] = min(max(p[1], MARGIN), height - MARGIN)
    return [(x, y) for x, y in pos]


def _nudge(pos: list[list[float]], i: int, j: int, dx: float, dy: float, fixed: set[int]) -> None:
    """Move i by (dx, dy) and j by the opposite, a fixed point not at all."""
    if i not in fixed:
        pos[i][0] += dx
        pos[i][1] += dy
    if j not in fixed:
        pos[j][0] -= dx
        pos[j][1] -= dy


def _emptiest(points: list[XY], width: int, height: int) -> XY:
    """The point of a coarse grid over the picture farthest from every point."""
    best, far = (width / 2, height / 2), -1.0
    for gx in range(1, 20):
        for gy in range(1, 15):
            p = (gx * width / 20, gy * height / 15)
            d = min((math.dist(p, q) for q in points), default=0.0)
            if d > far:
                best, far = p, d
    return best


def _hops(start: int, names: Sequence[str], near: Mapping[str, set[str]], index) -> list[float]:
    dist = [math.inf] * len(names)
    dist[start] = 0
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for other in near[names[i]]:
            j = index[other]
            if dist[j] == math.inf:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def _fitted(pos: list[list[float]], width: int, height: int) -> list[list[float]]:
    """The points turned so that their longer spread lies along the picture's width, and
    scaled into the frame."""
    cx = sum(p[0] for p in pos) / len(pos)
    cy = sum(p[1] for p in pos) / len(pos)
    sxx = sum((p[0] - cx) ** 2 for p in pos)
    syy = sum((p[1] - cy) ** 2 for p in pos)
    sxy = sum((p[0] - cx) * (p[1] - cy) for p in pos)
    angle = 0.5 * math.atan2(2 * sxy, sxx - syy)
    c, s = math.cos(-angle), math.sin(-angle)
    turned = [[(x - cx) * c - (y - cy) * s, (x - cx) * s + (y - cy) * c] for x, y in pos]
    xs = [p[0] for p in turned]
    ys = [p[1] for p in turned]
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    scale = min((width - 2 * MARGIN) / span_x, (height - 2 * MARGIN) / span_y)
    ox = (width - scale * span_x) / 2 - scale * min(xs)
    oy = (height - scale * span_y) / 2 - scale * min(ys)
    return [[ox + scale * x, oy + scale * y] for x, y in turned]


def _adjusted(
    points: list[XY],
    cells: list[Cell],
    edges: set[tuple[int, int]],
    fixed: set[int],
    width: int,
    height: int,
    share: float,
) -> list[XY]:
    """One round: each point moves half-way to its cell's centre (even sizes), neighbours
    whose cells do not touch are drawn together (while they stand farther apart than an
    even share), and cells that touch without being neighbours are pushed apart."""
    moved = [list(_centroid(c.points)) for c in cells]
    for i, (x, y) in enumerate(points):
        moved[i] = [x + 0.5 * (moved[i][0] - x), y + 0.5 * (moved[i][1] - y)]
    touching = {(min(i, j), max(i, j)) for i, c in enumerate(cells) for j in c.touching()}
    for i, j in edges - touching:
        if math.dist(moved[i], moved[j]) > share:
            _pull(moved, i, j, 0.1)
    for i, j in touching - edges:
        _pull(moved, i, j, -0.06)
    out = []
    for i, (x, y) in enumerate(moved):
        if i in fixed:
            out.append(points[i])
        else:
            out.append((min(max(x, MARGIN), width - MARGIN), min(max(y, MARGIN), height - MARGIN)))
    return out


def _pull(points: list[list[float]], i: int, j: int, share: float) -> None:
    dx = points[j][0] - points[i][0]
    dy = points[j][1] - points[i][1]
    for k, sign in ((i, 1), (j, -1)):
        points[k][0] += sign * share * dx
        points[k][1] += sign * share * dy


# -- Voronoi cells by clipping -----------------------------------------------------------


class Cell:
    """A convex cell: its corners, and for each side the point whose bisector made it
    (-1 for the frame)."""

    __slots__ = ("by", "points")

    def __init__(self, points: list[XY], by: list[int]) -> None:
        self.points = points
        self.by = by

    def touching(self, least: float = 4.0) -> set[int]:
        """The points whose cells share a side at least `least` long with this one."""
        found = set()
        n = len(self.points)
        for k in range(n):
            j = self.by[k]
            if j >= 0:
                (x0, y0), (x1, y1) = self.points[k], self.points[(k + 1) % n]
                if math.hypot(x1 - x0, y1 - y0) >= least:
                    found.add(j)
        return found


def _reach(points: Sequence[XY], share: float) -> list[float]:
    """How far each point's region may reach: a little beyond its third nearest point, and
    not far beyond an even share of the picture, so that a province at the edge of the map
    is not a vast wedge out to the frame."""
    out = []
    for i, p in enumerate(points):
        near = sorted(math.dist(p, q) for j, q in enumerate(points) if j != i)[:3]
        out.append(min(1.15 * (near[-1] if near else share), 1.3 * share))
    return out


def voronoi(
    points: Sequence[XY], frame: Sequence[XY], reach: Sequence[float] | None = None
) -> list[Cell]:
    """Each point's Voronoi cell within the convex `frame` (and within `reach[i]` of the
    point, as a polygon of 20 sides), by clipping the frame with the bisector of every
    nearer point (nearest first, stopping once no farther point can reach the cell)."""
    cells = []
    for i, (px, py) in enumerate(points):
        cell = Cell(list(frame), [-1] * len(frame))
        if reach is not None:
            r = reach[i]
            for k in range(20):
                a = 2 * math.pi * k / 20
                ax, ay = math.cos(a), math.sin(a)
                cell = _clip(cell, ax, ay, ax * px + ay * py + r, -1)
        others = sorted(
            (((qx - px) ** 2 + (qy - py) ** 2), j) for j, (qx, qy) in enumerate(points) if j != i
        )
        for d2, j in others:
            far = max((x - px) ** 2 + (y - py) ** 2 for x, y in cell.points)
            if d2 > 4 * far:
                break
            qx, qy = points[j]
            # Keep the side nearer to i: (q - p).x <= (|q|^2 - |p|^2) / 2
            ax, ay = qx - px, qy - py
            c = (qx * qx + qy * qy - px * px - py * py) / 2
            cell = _clip(cell, ax, ay, c, j)
            if not cell.points:
                break
        cells.append(cell)
    return cells


def _clip(cell: Cell, ax: float, ay: float, c: float, label: int) -> Cell:
    pts, by = cell.points, cell.by
    n = len(pts)
    out: list[XY] = []
    out_by: list[int] = []
    inside = [ax * x + ay * y <= c for x, y in pts]
    if all(inside):
        return cell
    for k in range(n):
        p, q = pts[k], pts[(k + 1) % n]
        pin, qin = inside[k], inside[(k + 1) % n]
        if pin:
            out.append(p)
            out_by.append(by[k])
        if pin != qin:
            fp = ax * p[0] + ay * p[1] - c
            fq = ax * q[0] + ay * q[1] - c
            t = fp / (fp - fq)
            cross = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            out.append(cross)
            out_by.append(by[k] if not pin else label)
    # The side that runs along the new bisector is the one that starts where the polygon
    # enters the kept half-plane after leaving it: labelled above as `label`.
    return Cell(out, out_by)


def _centroid(points: Sequence[XY]) -> XY:
    area = cx = cy = 0.0
    n = len(points)
    for k in range(n):
        x0, y0 = points[k]
        x1, y1 = points[(k + 1) % n]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    return (cx / (3 * area), cy / (3 * area))


def _coasts(
    variant: Variant, name: str, cell: Cell, names: Sequence[str], points: Sequence[XY]
) -> dict[str, tuple[int, int]]:
    """Each named coast's place: toward the waters a fleet on it reaches."""
    province = variant.provinces[name]
    if not province.coasts:
        return {}
    centre = _centroid(cell.points)
    found = {}
    for coast in province.coasts:
        waters = [
            province_of(to)
            for to in variant.fleet_moves.get(f"{name}/{coast}", ())
            if variant.provinces[province_of(to)].is_sea
        ] or [province_of(to) for to in variant.fleet_moves.get(f"{name}/{coast}", ())]
        spots = [points[names.index(w)] for w in waters if w in names]
        if not spots:
            found[coast] = (round(centre[0]), round(centre[1]))
            continue
        tx = sum(p[0] for p in spots) / len(spots)
        ty = sum(p[1] for p in spots) / len(spots)
        # Half-way from the centre toward the waters, kept inside the cell.
        x, y = centre[0] + 0.45 * (tx - centre[0]), centre[1] + 0.45 * (ty - centre[1])
        x, y = _inside(cell.points, centre, (x, y))
        found[coast] = (round(x), round(y))
    return found


def _inside(ring: Sequence[XY], centre: XY, target: XY) -> XY:
    """`target`, or the point nearest to it on the way from `centre` that is in `ring`."""
    for t in (1.0, 0.8, 0.6, 0.4, 0.2, 0.0):
        p = (centre[0] + t * (target[0] - centre[0]), centre[1] + t * (target[1] - centre[1]))
        if _contains(ring, p):
            return p
    return centre


def _contains(ring: Sequence[XY], p: XY) -> bool:
    x, y = p
    inside = False
    n = len(ring)
    for k in range(n):
        (x0, y0), (x1, y1) = ring[k], ring[(k + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
