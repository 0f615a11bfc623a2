"""A scene drawn on its variant's board: centres by owner, units by power and type, the
orders as arrows (a failed one paler, with a red cross at its end), dislodged units and
their ways out, builds and removals, the title and the legend.

Each element a reader (or a test) may look for has an id and a class: `c-<centre>` (class
`centre`), `u-<place>` (class `unit army|fleet|wing`), `o-<place>` (class `order move|
hold|support|convoy|retreat|disband`, and `failed` when it failed), `d-<place>` (class
`unit dislodged`) with `ro-<place>-<to>` (class `retreat-option`), `b-<place>` (class
`build`), `r-<place>` (class `removal`); a coast is written with a dot (`u-stp.sc`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from variants import Variant

from .lettering import defs, words_at
from .palette import CASING, FAILED, INK, Style, ink_on, pale
from .palette import styles as power_styles
from .scene import Dislodged, Order, Scene, Unit
from .static import ROW, TITLE, Board, board_layer
from .svg import Pt, attrs, circle, escape, group, line_data, polygon

ROUND = {"stroke_linecap": "round", "stroke_linejoin": "round"}
# A red cross: over a failed order's end, and over a unit removed.
CROSS = f' fill="none" stroke="{FAILED}" stroke-width="2.6" stroke-linecap="round"'


def draw(variant: Variant, scene: Scene) -> str:
    """The picture as SVG: the variant's board (made once, static.py), then the scene."""
    return layers(variant, scene)[0]


def layers(variant: Variant, scene: Scene) -> tuple[str, str]:
    """The picture as SVG, and the same picture without its board (the provinces, their
    names, the key): what the PNG draws on the board's raster, made once (raster.py)."""
    board = board_layer(variant)
    styles = power_styles(variant)
    parts = [board.map_start]
    parts.append(_centres(board, scene.owners, styles))
    parts.append(
        group((_order(board, o, styles) for o in scene.orders), id="orders", **ROUND, fill="none")
    )
    parts.append(group((_unit(board, u, styles) for u in scene.units), id="units"))
    parts.append(group((_dislodged(board, d, styles) for d in scene.dislodged), id="dislodged"))
    parts.append(
        group(
            [*(_built(board, u, styles) for u in scene.built),
             *(_removed(board, u, styles) for u in scene.removed)],
            id="adjustments",
        )
    )  # fmt: skip
    parts.append("</g>")  # the map
    parts.append(words_at(12, 21, scene.title, 17, INK, bold=True, id="title"))
    parts.append(_legend(variant, board, scene.counts, styles))
    legend = "".join(f"{p.name} {scene.counts.get(p.name, 0)}" for p in variant.powers)
    head = board.opening + f"<title>{escape(scene.title)}</title>"
    scene_part = "".join(parts)
    bold = scene.title + "AFWG"
    whole = head + board.backdrop + scene_part + defs(board.letters + legend, bold) + "</svg>"
    return whole, head + scene_part + defs(legend, bold) + "</svg>"


def _place_id(location: str) -> str:
    return location.replace("/", ".")


def _at(board: Board, location: str) -> Pt:
    try:
        return board.geometry.at(location)
    except KeyError:
        return (-100.0, -100.0)


# -- centres and units -------------------------------------------------------------------


def _centres(board: Board, owners: Mapping[str, str], styles: Mapping[str, Style]) -> str:
    out = []
    for abbr, place in board.geometry.places.items():
        if abbr not in board.centres:
            continue
        owner = owners.get(abbr)
        style = styles.get(owner) if owner else None
        fill = style.colour if style else "#ffffff"
        x, y = place.centre
        items = [circle(x, y, 5.5, fill="none", stroke=INK, stroke_width=1.2)]
        items.append(circle(x, y, 3.6, fill=fill, stroke=INK, stroke_width=0.6))
        out.append(group(items, id=f"c-{abbr}", class_="centre", data_owner=owner or ""))
    return group(out, id="centres")


def _marker(x: float, y: float, kind: str, style: Style, scale: float = 1.0) -> list[str]:
    """A unit's shape: a disc for an army, a hull for a fleet, a triangle for a wing, with
    its letter, outlined as its power's round of colours says."""
    s = scale
    line = {"stroke": INK, "stroke_width": 1.2 * s}
    if style.ring == "heavy":
        line["stroke_width"] = 2.6 * s
    elif style.ring in ("dashed", "dotted"):
        line["stroke_dasharray"] = "3 2" if style.ring == "dashed" else "1 1.6"
        line["stroke_width"] = 1.8 * s
    if kind == "F":
        shape = polygon(
            [(x - 12 * s, y - 5 * s), (x + 12 * s, y - 5 * s),
             (x + 8 * s, y + 6 * s), (x - 8 * s, y + 6 * s)],
            fill=style.colour, **line,
        )  # fmt: skip
    elif kind == "W":
        shape = polygon(
            [(x, y - 10 * s), (x + 11 * s, y + 7 * s), (x - 11 * s, y + 7 * s)],
            fill=style.colour, **line,
        )  # fmt: skip
    elif kind == "G":
        shape = polygon(
            [(x - 8 * s, y - 8 * s), (x + 8 * s, y - 8 * s),
             (x + 8 * s, y + 8 * s), (x - 8 * s, y + 8 * s)],
            fill=style.colour, **line,
        )  # fmt: skip
    else:
        shape = circle(x, y, 8.5 * s, fill=style.colour, **line)
    items = [shape]
    if style.ring == "double":
        items.insert(0, circle(x, y, 12.5 * s, fill="#ffffff", stroke=INK, stroke_width=1))
    items.append(words_at(x, y + 3.6 * s, kind, 10 * s, style.ink, "middle", bold=True))
    return items


def _unit(board: Board, unit: Unit, styles: Mapping[str, Style]) -> str:
    kind = {"A": "army", "F": "fleet", "W": "wing", "G": "garrison"}.get(unit.type, "army")
    style = styles.get(unit.power, Style("#ffffff", "solid", INK))
    if unit.type == "G":
        # A Machiavelli garrison stands in its province's city, beside any army or fleet
        # in the province: on the city's marker, with an id of its own.
        place = board.geometry.places.get(unit.location)
        x, y = place.centre if place else _at(board, unit.location)
        where = f"{_place_id(unit.location)}-city"
    else:
        x, y = _at(board, unit.location)
        where = _place_id(unit.location)
    return group(
        _marker(x, y, unit.type, style),
        id=f"u-{where}",
        class_=f"unit {kind}",
        data_power=unit.power,
    )


def _dislodged(board: Board, d: Dislodged, styles: Mapping[str, Style]) -> str:
    x, y = _at(board, d.unit.location)
    x, y = x + 11, y - 11
    style = styles.get(d.unit.power, Style("#ffffff", "solid", INK))
    items = []
    for to in d.retreats:
        tx, ty = _at(board, to)
        items.append(
            f"<path{attrs(id=f'ro-{_place_id(d.unit.location)}-{_place_id(to)}')}"
            f' class="retreat-option" fill="none" stroke="{FAILED}" stroke-width="1.2"'
            f' stroke-dasharray="2 3" d="{line_data(_shortened((x, y), (tx, ty), 10, 10))}"/>'
        )
    items.append(circle(x, y, 12, fill="#ffffff", fill_opacity=0.7, stroke=FAILED,
                        stroke_width=2.4))  # fmt: skip
    items += _marker(x, y, d.unit.type, style, 0.85)
    return group(
        items,
        id=f"d-{_place_id(d.unit.location)}",
        class_="unit dislodged",
        data_power=d.unit.power,
    )


def _built(board: Board, unit: Unit, styles: Mapping[str, Style]) -> str:
    x, y = _at(board, unit.location)
    style = styles.get(unit.power, Style("#ffffff", "solid", INK))
    items = [
        circle(x, y, 15, fill="none", stroke=INK, stroke_width=1.4),
        circle(x, y, 12, fill="#ffffff", stroke=INK, stroke_width=1.4),
        *_marker(x, y, unit.type, style),
    ]
    return group(items, id=f"b-{_place_id(unit.location)}", class_="build", data_power=unit.power)


def _removed(board: Board, unit: Unit, styles: Mapping[str, Style]) -> str:
    x, y = _at(board, unit.location)
    style = styles.get(unit.power, Style("#ffffff", "solid", INK))
    cross = f"M{x - 12},{y - 12} L{x + 12},{y + 12} M{x + 12},{y - 12} L{x - 12},{y + 12}"
    items = [*_marker(x, y, unit.type, style), f'<path class="cross"{CROSS} d="{cross}"/>']
    return group(items, id=f"r-{_place_id(unit.location)}", class_="removal", data_power=unit.power)


# -- orders ------------------------------------------------------------------------------


def _order(board: Board, order: Order, styles: Mapping[str, Style]) -> str:
    style = styles.get(order.power, Style("#ffffff", "solid", INK))
    # A failed order is drawn paler: its colours mixed with white (not an opacity, which
    # costs Skia a layer of the whole picture for each).
    pen = Pen(style.colour, INK, CASING, ink_on(style.colour) == INK)
    if not order.succeeded:
        pen = Pen(pale(pen.colour), pale(INK), pale(CASING), pen.cased)
    colour, ink = pen.colour, pen.ink
    start = _at(board, order.unit.location)
    items: list[str] = []
    end: Pt = start
    if order.kind in ("move", "retreat"):
        # A railway's name in a route (`A vla - tsr - mos`) is no place on the map.
        points = [_at(board, p) for p in order.path if p.partition("/")[0] in board.geometry.places]
        points = _trimmed(points, 10, 12)
        items += _stroke(points, pen, 2.6, "")
        items.append(_head(points[-2], points[-1], colour, ink))
        end = points[-1]
    elif order.kind == "hold":
        items.append(circle(*start, 14, fill="none", stroke=ink, stroke_width=4.2))
        items.append(circle(*start, 14, fill="none", stroke=colour, stroke_width=2.4))
        end = (start[0] + 10, start[1] - 10)
    elif order.kind == "support":
        helped = _at(board, order.helped[0])
        if len(order.helped) > 1:
            target = _at(board, order.helped[1])
            aim = (helped[0] + 0.65 * (target[0] - helped[0]),
                   helped[1] + 0.65 * (target[1] - helped[1]))  # fmt: skip
            points = _trimmed([start, aim], 10, 0)
            items += _stroke(points, pen, 2, "5 3")
            items.append(circle(*points[-1], 3.2, fill=colour, stroke=ink, stroke_width=1))
        else:
            points = _trimmed([start, helped], 10, 14)
            items += _stroke(points, pen, 2, "5 3")
            items.append(circle(*helped, 14, fill="none", stroke=colour, stroke_width=2,
                                stroke_dasharray="5 3"))  # fmt: skip
        end = points[-1]
    elif order.kind == "convoy":
        army = _at(board, order.helped[0])
        points = [army, start]
        if len(order.helped) > 1:
            points.append(_at(board, order.helped[1]))
        points = _trimmed(points, 10, 12)
        items += _stroke(points, pen, 2, "1.5 3")
        end = points[-1]
    elif order.kind == "disband":
        end = start
    if not order.succeeded or order.kind == "disband":
        x, y = end
        items.append(
            f'<path class="cross"{CROSS} d="M{x - 6:.0f},{y - 6:.0f} L{x + 6:.0f},{y + 6:.0f} '
            f'M{x + 6:.0f},{y - 6:.0f} L{x - 6:.0f},{y + 6:.0f}"/>'
        )
    state = "" if order.succeeded else " failed"
    return group(
        items,
        id=f"o-{_place_id(order.unit.location)}",
        class_=f"order {order.kind}{state}",
        data_power=order.power,
    )


@dataclass(frozen=True, slots=True)
class Pen:
    """The colours of one order: its power's, the ink of its outlines, the casing of its
    line, and whether the line needs one (a light colour: sky blue on the sea, yellow on
    the land; a dark one needs none)."""

    colour: str
    ink: str
    casing: str
    cased: bool


def _stroke(points: list[Pt], pen: Pen, width: float, dash: str) -> list[str]:
    """An order's line in its power's colour, in its casing if it needs one. (Its group,
    `orders`, gives it no fill and round ends.)"""
    d = line_data(points)
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    line = f'<path stroke="{pen.colour}" stroke-width="{width:g}"{extra} d="{d}"/>'
    if pen.cased:
        return [f'<path stroke="{pen.casing}" stroke-width="{width + 1.8:g}" d="{d}"/>', line]
    return [line]


def _head(frm: Pt, to: Pt, colour: str, ink: str) -> str:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    back = (to[0] - 11 * ux, to[1] - 11 * uy)
    left = (back[0] - 5.5 * uy, back[1] + 5.5 * ux)
    right = (back[0] + 5.5 * uy, back[1] - 5.5 * ux)
    return polygon([to, left, right], fill=colour, stroke=ink, stroke_width=0.9)


def _shortened(a: Pt, b: Pt, at_start: float, at_end: float) -> list[Pt]:
    return _trimmed([a, b], at_start, at_end)


def _trimmed(points: list[Pt], at_start: float, at_end: float) -> list[Pt]:
    """The polyline less `at_start` at its start and `at_end` at its end (so that an
    arrow does not cover the units it joins)."""
    pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(pts) < 2:
        x, y = pts[0]
        return [(x, y), (x + 0.1, y)]

    def cut(a: Pt, b: Pt, by: float) -> Pt:
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy)
        if n <= 2 * by:
            by = n / 3
        return (a[0] + dx * by / n, a[1] + dy * by / n) if n else a

    pts[0] = cut(pts[0], pts[1], at_start)
    pts[-1] = cut(pts[-1], pts[-2], at_end)
    return pts


# -- legend ------------------------------------------------------------------------------


def _legend(
    variant: Variant, board: Board, counts: Mapping[str, int], styles: Mapping[str, Style]
) -> str:
    frame = board.frame
    top = TITLE + frame.map_height + 8
    items = []
    for i, power in enumerate(variant.powers):
        row, col = divmod(i, frame.per_row)
        x = 14 + col * (frame.width - 20) / frame.per_row
        y = top + row * ROW + 10
        style = styles[power.name]
        items.append(
            group(
                [*_marker(x + 4, y, "A", style, 0.8),
                 words_at(x + 17, y + 4.5, f"{power.name} {counts.get(power.name, 0)}", 12,
                          INK)],
                class_="legend-entry", data_power=power.name,
            )
        )  # fmt: skip
    return group(items, id="legend")
