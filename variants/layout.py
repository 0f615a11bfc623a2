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
    variant: Variant, anchors: Mapping[str, XY] | None = None, rounds: int = 12
) -> Geometry:
    names = sorted(variant.provinces)
    near = neighbours(variant)
    n = len(names)
    width = max(800, round(math.sqrt(n * CELL * CELL * 4 / 3)))
    height = round(width * 3 / 4)
    points = _placed(names, near, anchors, width, height)
    index = {name: i for i, name in enumerate(names)}
    edges = {(index[a], index[b]) for a in names for b in near[a] if index[a] < index[b]}
    frame = ((0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height)))
    fixed = {index[a] for a in (anchors or {}) if a in index}
    for _ in range(rounds):
        cells = voronoi(points, frame)
        points = _adjusted(points, cells, edges, fixed, width, height)
    cells = voronoi(points, frame)
    places = {}
    for i, name in enumerate(names):
        ring = tuple((round(x), round(y)) for x, y in cells[i].points)
        centre = _centroid(cells[i].points)
        unit = (round(centre[0]), round(centre[1] + 6))
        label = (round(centre[0]), round(centre[1] - 14))
        coasts = _coasts(variant, name, cells[i], names, points)
        centre = (unit[0] + 13, unit[1] + 11)
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
    unit = min(width, height) / (2 * big)
    pos = [[rng.uniform(0, width), rng.uniform(0, height)] for _ in range(n)]
    fixed: set[int] = set()
    for name, (x, y) in (anchors or {}).items():
        if name in index:
            pos[index[name]] = [x, y]
            fixed.add(index[name])
    if not fixed:
        # Scale the target distances to the frame; without anchors the result is rescaled.
        unit = 1.0
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
) -> list[XY]:
    """One round: each point moves half-way to its cell's centre (even sizes), neighbours
    whose cells do not touch are drawn together, and cells that touch without being
    neighbours are pushed apart."""
    moved = [list(_centroid(c.points)) for c in cells]
    for i, (x, y) in enumerate(points):
        moved[i] = [x + 0.5 * (moved[i][0] - x), y + 0.5 * (moved[i][1] - y)]
    touching = {(min(i, j), max(i, j)) for i, c in enumerate(cells) for j in c.touching()}
    for i, j in edges - touching:
        _pull(moved, i, j, 0.25)
    for i, j in touching - edges:
        _pull(moved, i, j, -0.08)
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


def voronoi(points: Sequence[XY], frame: Sequence[XY]) -> list[Cell]:
    """Each point's Voronoi cell within the convex `frame`, by clipping the frame with the
    bisector of every nearer point (nearest first, stopping once no farther point can
    reach the cell)."""
    cells = []
    for i, (px, py) in enumerate(points):
        cell = Cell(list(frame), [-1] * len(frame))
        others = sorted(
            (((qx - px) ** 2 + (qy - py) ** 2), j) for j, (qx, qy) in enumerate(points) if j != i
        )
        for d2, j in others:
            reach = max((x - px) ** 2 + (y - py) ** 2 for x, y in cell.points)
            if d2 > 4 * reach:
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
