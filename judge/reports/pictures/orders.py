"""A phase's orders as arrows from their units: a move (or a convoyed move, along its
route) a solid arrow, a support a dashed line (ending on the move it supports, or a dashed
ring round the unit it holds), a convoy a dotted line from the army through the fleet, a
hold a ring. On a Machiavelli map, a besiege order a dashed ring round the city, a lift
of a siege a dotted one, a conversion a curved arrow between the unit and its city. A
failed order is paler, with a red cross at its end."""

from __future__ import annotations

import math
from collections.abc import Mapping

from .marks import Pen, cross, head, square, stroke, style_of, trimmed
from .palette import Style
from .scene import Order
from .static import Board, beside, place_id
from .svg import Pt, circle, group, polygon


def order(
    board: Board,
    given: Order,
    styles: Mapping[str, Style],
    dislodged: bool,
    end_at: Pt | None = None,
) -> str:
    """`dislodged`: the unit gives its order (a retreat) from beside its place. `end_at`:
    where its line ends, where lines ending at one place (moves into one province,
    supports of one move) are spread so that none hides another (`ends_shared`)."""
    pen = Pen.of(style_of(styles, given.power), given.succeeded)
    start = board.at(given.unit.place)
    if dislodged:
        start = beside(board.geometry, given.unit.place)
    items: list[str] = []
    end: Pt = start
    kind = given.kind
    if kind in ("move", "retreat"):
        # A railway's name in a route (`A vla - tsr - mos`) is no place on the map.
        places = board.geometry.places
        points = [board.at(p) for p in given.path if p.partition("/")[0].rstrip("*") in places]
        points[0] = start
        points = _ending(trimmed(points, 10, 12), end_at)
        items += stroke(points, pen, 2.6, "")
        items.append(head(points[-2], points[-1], pen))
        end = points[-1]
    elif kind == "hold":
        # One plain ring (a casing only round a light colour): a unit built is in a
        # diamond, a dislodged one in a burst, a unit supported to hold in a square.
        if pen.cased:
            items.append(circle(*start, 14, fill="none", stroke=pen.casing, stroke_width=4.6))
        items.append(circle(*start, 14, fill="none", stroke=pen.colour, stroke_width=3))
        end = (start[0] + 10, start[1] - 10)
    elif kind == "support":
        end = _support(board, given, pen, start, items, end_at)
    elif kind == "convoy":
        points = [board.at(given.helped[0]), start]
        if len(given.helped) > 1:
            points.append(board.at(given.helped[1]))
        points = trimmed(points, 10, 12)
        items += stroke(points, pen, 2, "1.5 3")
        end = points[-1]
    elif kind in ("besiege", "lift"):
        end = _siege(board, given, pen, start, items)
    elif kind == "convert":
        end = _convert(start, board.at(given.path[1]), pen, items)
    if not given.succeeded or kind == "disband":
        items.append(cross(*end, 6))
    state = "" if given.succeeded else " failed"
    return group(
        items,
        id=f"o-{place_id(given.unit.place)}",
        class_=f"order {kind}{state}",
        data_power=given.power,
    )


def _support(
    board: Board, given: Order, pen: Pen, start: Pt, items: list[str], end_at: Pt | None
) -> Pt:
    helped = board.at(given.helped[0])
    if len(given.helped) > 1:
        target = board.at(given.helped[1])
        aim = (helped[0] + 0.65 * (target[0] - helped[0]),
               helped[1] + 0.65 * (target[1] - helped[1]))  # fmt: skip
        points = _ending(trimmed([start, aim], 10, 0), end_at)
        items += stroke(points, pen, 2, "5 3")
        items.append(circle(*points[-1], 3.2, fill=pen.colour, stroke=pen.ink, stroke_width=1))
    else:
        # A dashed square round the unit held (a hold is a ring, a unit built a diamond).
        points = trimmed([start, helped], 10, 15)
        items += stroke(points, pen, 2, "5 3")
        corners = square(*helped, 12.5)
        if pen.cased:
            items.append(polygon(corners, fill="none", stroke=pen.casing, stroke_width=3.6,
                                 stroke_dasharray="5 3"))  # fmt: skip
        items.append(polygon(corners, fill="none", stroke=pen.colour, stroke_width=2,
                             stroke_dasharray="5 3"))  # fmt: skip
    return points[-1]


def ends_shared(board: Board, orders: list[Order], away: set[str]) -> list[Pt | None]:
    """Where each order's line ends when several end at one place (None: where it would
    anyway): moves and retreats into one province end round it at their angles of
    approach, spread at least SPREAD apart, as do supports of one move round its point;
    so that none hides another. `away`: the places whose units give their orders from
    beside them (the dislodged, in a retreat phase)."""
    groups: dict[tuple, list[tuple[int, Pt, Pt, float]]] = {}
    for i, given in enumerate(orders):
        start = board.at(given.unit.place)
        if given.unit.place in away:
            start = beside(board.geometry, given.unit.place)
        if given.kind in ("move", "retreat") and len(given.path) > 1:
            places = [p for p in given.path if p.partition("/")[0].rstrip("*") in
                      board.geometry.places]  # fmt: skip
            before = board.at(places[-2]) if len(places) > 2 else start
            key: tuple = ("to", given.path[-1].partition("/")[0])
            groups.setdefault(key, []).append((i, before, board.at(given.path[-1]), 12.0))
        elif given.kind == "support" and len(given.helped) > 1:
            helped, target = board.at(given.helped[0]), board.at(given.helped[1])
            aim = (helped[0] + 0.65 * (target[0] - helped[0]),
                   helped[1] + 0.65 * (target[1] - helped[1]))  # fmt: skip
            groups.setdefault(("help", *given.helped), []).append((i, start, aim, 6.0))
    out: list[Pt | None] = [None] * len(orders)
    for members in groups.values():
        if len(members) < 2:
            continue
        at = sorted((math.atan2(s[1] - t[1], s[0] - t[0]), i, t, r) for i, s, t, r in members)
        gap = 2 * math.asin(min(1.0, SPREAD / 2 / at[0][3]))
        # Round the circle from after its widest opening, so that the last end and the
        # first are pushed apart too.
        n = len(at)
        widest = max(range(n), key=lambda k: (at[(k + 1) % n][0] - at[k][0]) % (2 * math.pi))
        at = at[widest + 1 :] + at[: widest + 1]
        angles = [at[0][0]]
        for a, *_ in at[1:]:
            angles.append(angles[-1] + (a - angles[-1]) % (2 * math.pi))
        for k in range(1, len(angles)):
            angles[k] = max(angles[k], angles[k - 1] + gap)
        for angle, (_, i, target, r) in zip(angles, at, strict=True):
            out[i] = (target[0] + r * math.cos(angle), target[1] + r * math.sin(angle))
    return out


SPREAD = 8.0  # between the ends of two lines ending at one place


def _ending(points: list[Pt], end: Pt | None) -> list[Pt]:
    """The line with its end at `end`, if given."""
    return points if end is None else [*points[:-1], end]


def _siege(board: Board, given: Order, pen: Pen, start: Pt, items: list[str]) -> Pt:
    """A ring round the besieged city (dashed to besiege, dotted to lift the siege),
    joined to the unit that gives the order."""
    city = board.at(given.unit.location.partition("/")[0] + "*")
    dx, dy = start[0] - city[0], start[1] - city[1]
    n = math.hypot(dx, dy) or 1.0
    rim = (city[0] + 19 * dx / n, city[1] + 19 * dy / n)
    if n > 25:
        items += stroke(trimmed([start, rim], 9, 0), pen, 2, "")
    besieging = given.kind == "besiege"
    ring = f'<circle cx="{city[0]:g}" cy="{city[1]:g}" r="19" stroke-dasharray=' + (
        '"4 3"' if besieging else '"1 3.5"'
    )
    width = 2.6 if besieging else 2.2
    if pen.cased:
        items.append(f'{ring} stroke="{pen.casing}" stroke-width="{width + 1.6:g}"/>')
    items.append(f'{ring} stroke="{pen.colour}" stroke-width="{width:g}"/>')
    return (city[0] + 11, city[1] - 11)


def _convert(frm: Pt, to: Pt, pen: Pen, items: list[str]) -> Pt:
    """A curved arrow from the unit's place to the one it becomes. A unit and its city
    stand side by side, too close for a straight arrow (it would be all head): the arrow
    dips under both markers, from below the one to below the other, clear of the
    province's name above them; a coast further off gets a bowed arrow between them."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    n = math.hypot(dx, dy) or 1.0
    if n <= 45:
        a, b = (frm[0], frm[1] + 11), (to[0], to[1] + 12)
        control = ((a[0] + b[0]) / 2, max(a[1], b[1]) + 24)
    else:
        nx, ny = -dy / n, dx / n
        if ny < 0:
            nx, ny = -nx, -ny
        a, b = frm, to
        control = ((frm[0] + to[0]) / 2 + 0.4 * n * nx, (frm[1] + to[1]) / 2 + 0.4 * n * ny)
    curve = []
    for i in range(13):
        t = i / 12
        curve.append(
            ((1 - t) ** 2 * a[0] + 2 * t * (1 - t) * control[0] + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * t * (1 - t) * control[1] + t * t * b[1])
        )  # fmt: skip
    if n > 45:  # cut short of the markers: the points within them dropped
        curve = [p for p in curve if math.dist(p, frm) > 10 and math.dist(p, to) > 12] or curve
    items += stroke(curve, pen, 2.2, "")
    items.append(head(curve[-2], curve[-1], pen, 8))
    return curve[len(curve) // 2]
