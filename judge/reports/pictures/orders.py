"""A phase's orders as arrows from their units: a move (or a convoyed move, along its
route) a solid arrow, a support a dashed line (ending on the move it supports, or a dashed
ring round the unit it holds), a convoy a dotted line from the army through the fleet, a
hold a ring. On a Machiavelli map, a besiege order a dashed ring round the city, a lift
of a siege a dotted one, a conversion a curved arrow between the unit and its city. A
failed order is paler, with a red cross at its end."""

from __future__ import annotations

import math
from collections.abc import Mapping

from .marks import Pen, cross, head, stroke, style_of, trimmed
from .palette import Style
from .scene import Order
from .static import Board, beside, place_id
from .svg import Pt, circle, group


def order(board: Board, given: Order, styles: Mapping[str, Style], dislodged: bool) -> str:
    """`dislodged`: the unit gives its order (a retreat) from beside its place."""
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
        points = trimmed(points, 10, 12)
        items += stroke(points, pen, 2.6, "")
        items.append(head(points[-2], points[-1], pen))
        end = points[-1]
    elif kind == "hold":
        items.append(circle(*start, 14, fill="none", stroke=pen.ink, stroke_width=4.2))
        items.append(circle(*start, 14, fill="none", stroke=pen.colour, stroke_width=2.4))
        end = (start[0] + 10, start[1] - 10)
    elif kind == "support":
        end = _support(board, given, pen, start, items)
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


def _support(board: Board, given: Order, pen: Pen, start: Pt, items: list[str]) -> Pt:
    helped = board.at(given.helped[0])
    if len(given.helped) > 1:
        target = board.at(given.helped[1])
        aim = (helped[0] + 0.65 * (target[0] - helped[0]),
               helped[1] + 0.65 * (target[1] - helped[1]))  # fmt: skip
        points = trimmed([start, aim], 10, 0)
        items += stroke(points, pen, 2, "5 3")
        items.append(circle(*points[-1], 3.2, fill=pen.colour, stroke=pen.ink, stroke_width=1))
    else:
        points = trimmed([start, helped], 10, 14)
        items += stroke(points, pen, 2, "5 3")
        items.append(circle(*helped, 14, fill="none", stroke=pen.colour, stroke_width=2,
                            stroke_dasharray="5 3"))  # fmt: skip
    return points[-1]


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
