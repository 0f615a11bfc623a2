"""The marks every part of a picture draws with: a unit's marker, an order's pen, line and
arrowhead, the red cross, and lines cut short of the markers they join."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .lettering import words_at
from .palette import CASING, FAILED, INK, Style, ink_on, pale
from .svg import Pt, circle, line_data, polygon

ROUND = {"stroke_linecap": "round", "stroke_linejoin": "round"}
# A red cross: over a failed order's end, and over a unit removed.
CROSS = f' fill="none" stroke="{FAILED}" stroke-width="2.6" stroke-linecap="round"'
NOBODY = Style("#ffffff", "solid", INK)  # a power the variant does not know
MARKERS = 8192  # markers kept drawn (a board's places, each unit kind, each power's style)


def style_of(styles: Mapping[str, Style], power: str) -> Style:
    return styles.get(power, NOBODY)


def cross(x: float, y: float, size: float) -> str:
    return (
        f'<path class="cross"{CROSS} d="M{x - size:.0f},{y - size:.0f} L{x + size:.0f},'
        f'{y + size:.0f} M{x + size:.0f},{y - size:.0f} L{x - size:.0f},{y + size:.0f}"/>'
    )


def burst(x: float, y: float, outer: float = 18, inner: float = 10, points: int = 8) -> list[Pt]:
    """A burst of deep spikes round a place: the mark of a dislodged unit."""
    out = []
    for k in range(2 * points):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / points - math.pi / 2
        out.append((x + r * math.cos(a), y + r * math.sin(a)))
    return out


def diamond(x: float, y: float, r: float) -> list[Pt]:
    """A square on its corner round a place: the mark of a unit built."""
    return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]


def square(x: float, y: float, r: float) -> list[Pt]:
    """A square round a place: where a support to hold ends (a hold is a ring)."""
    return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]


@lru_cache(maxsize=MARKERS)
def marker(
    x: float, y: float, kind: str, style: Style, scale: float = 1.0, letter: bool = True
) -> tuple[str, ...]:
    """A unit's shape: a disc for an army, a hull for a fleet, a triangle for a wing, a
    tower for a garrison, with its letter (unless `letter` is false: the legend's),
    outlined as its power's round of colours says. Kept once drawn: the units of the
    next picture stand mostly where these stood."""
    s = scale
    line: dict[str, object] = {"stroke": INK, "stroke_width": 1.2 * s}
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
        # A tower: a square with a battlement of three merlons.
        h, m = 7 * s, 2.4 * s
        shape = polygon(
            [(x - h, y + h), (x - h, y - h - m), (x - h + m, y - h - m), (x - h + m, y - h),
             (x - m / 2, y - h), (x - m / 2, y - h - m), (x + m / 2, y - h - m),
             (x + m / 2, y - h), (x + h - m, y - h), (x + h - m, y - h - m),
             (x + h, y - h - m), (x + h, y + h)],
            fill=style.colour, **line,
        )  # fmt: skip
    else:
        shape = circle(x, y, 8.5 * s, fill=style.colour, **line)
    items = [shape]
    if style.pattern != "plain":
        middle = {"F": (x, y + 0.5 * s), "W": (x, y + 1.8 * s)}.get(kind, (x, y))
        room = {"A": 7.2, "G": 6.0}.get(kind, 5.0) * s
        items.append(pattern(*middle, room, style, s))
    if style.ring == "double":
        items.insert(0, circle(x, y, 12.5 * s, fill="#ffffff", stroke=INK, stroke_width=1))
    if letter:
        items.append(words_at(x, y + 3.6 * s, kind, 10 * s, style.ink, "middle", bold=True))
    return tuple(items)


def pattern(x: float, y: float, r: float, style: Style, scale: float) -> str:
    """The power's pattern inside its marker (a circle of radius `r` round x, y), clear of
    the letter in the middle: two stripes, two bars, two slashes either way, a grid of
    both, or an inner ring; in the letter's colour."""
    if style.pattern == "ring":
        return circle(x, y, 0.8 * r, fill="none", stroke=style.ink, stroke_width=1.1 * scale)
    normals = {
        "stripes": [(0.0, 1.0)], "bars": [(1.0, 0.0)], "slash": [(0.7071, 0.7071)],
        "backslash": [(-0.7071, 0.7071)], "grid": [(0.0, 1.0), (1.0, 0.0)],
    }[style.pattern]  # fmt: skip
    d = []
    for nx, ny in normals:
        for side in (-0.78, 0.78):
            cx, cy = x + side * r * nx, y + side * r * ny
            half = r * math.sqrt(1 - side * side)
            d.append(
                f"M{cx - half * ny:.1f},{cy + half * nx:.1f} L{cx + half * ny:.1f},"
                f"{cy - half * nx:.1f}"
            )
    return (
        f'<path class="pattern" stroke="{style.ink}" stroke-width="{1.2 * scale:.2g}"'
        f' fill="none" d="{" ".join(d)}"/>'
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

    @classmethod
    def of(cls, style: Style, succeeded: bool) -> Pen:
        """A failed order is drawn paler: its colours mixed with white (not an opacity,
        which costs Skia a layer of the whole picture for each)."""
        pen = cls(style.colour, INK, CASING, ink_on(style.colour) == INK)
        if succeeded:
            return pen
        return cls(pale(pen.colour), pale(INK), pale(CASING), pen.cased)


def stroke(points: list[Pt], pen: Pen, width: float, dash: str, d: str = "") -> list[str]:
    """An order's line (the polyline, or the path `d`) in its power's colour, in its
    casing if it needs one. (Its group, `orders`, gives it no fill and round ends.)"""
    d = d or line_data(points)
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    line = f'<path stroke="{pen.colour}" stroke-width="{width:g}"{extra} d="{d}"/>'
    if pen.cased:
        return [f'<path stroke="{pen.casing}" stroke-width="{width + 1.8:g}" d="{d}"/>', line]
    return [line]


def head(frm: Pt, to: Pt, pen: Pen, size: float = 11) -> str:
    """An arrowhead at `to`, pointing away from `frm`."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    back = (to[0] - size * ux, to[1] - size * uy)
    w = size / 2
    left = (back[0] - w * uy, back[1] + w * ux)
    right = (back[0] + w * uy, back[1] - w * ux)
    return polygon([to, left, right], fill=pen.colour, stroke=pen.ink, stroke_width=0.9)


def trimmed(points: list[Pt], at_start: float, at_end: float) -> list[Pt]:
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
