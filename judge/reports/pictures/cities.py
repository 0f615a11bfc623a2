"""A Machiavelli map's own marks (docs/machiavelli.md): each province tinted by the power
that controls it, each city by its kind and its owner, the fortresses and ports, and the
cities under siege.

A city's marker stands at its province's centre place, where its garrison stands too
(drawn inside it): a major city (2 ducats or more) a large square, a walled city a square,
an open city a ringed disc like a supply centre's, each filled with its owner's colour
(white: nobody's; grey: autonomous); a fortress a grey diamond; a port has an anchor
beside it; a city under siege a dark star round it.

Ids and classes: `c-<province>` (class `centre city major|walled|open`, `port`; or
`fortress`), `t-<province>` (class `control`, `data-power`), `s-<province>` (class
`siege`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from variants import Province, Variant

from .marks import style_of
from .palette import BORDER, COAST, GREY, INK, LAND, Style, mix, tint
from .scene import Scene
from .static import Board
from .svg import Pt, circle, escape, group, polygon

# A power whose colour another power has too (more powers than colours: palette.py) has
# its provinces striped, at an angle of its own.
STRIPES = {"double": 45, "dashed": -45, "dotted": 0, "heavy": 90}


def tints(board: Board, scene: Scene, styles: Mapping[str, Style]) -> str:
    """Each controlled province filled with its power's tint: the province's outline used
    again (`<use>`), under the names."""
    out = []
    patterns: dict[str, str] = {}
    for province, power in sorted(scene.control.items()):
        style = styles.get(power)
        if style is None or style.colour == GREY or province not in board.geometry.places:
            continue  # autonomous, or not on the map: the land as it is
        fill = tint(style.colour)
        if style.ring in STRIPES:
            ident = f"h-{STRIPES[style.ring] % 360}-{style.colour[1:]}"
            patterns[ident] = _stripes(ident, style)
            fill = f"url(#{ident})"
        out.append(
            f'<use xlink:href="#p-{province}" id="t-{province}" class="control"'
            f' data-power="{escape(power)}" fill="{fill}"/>'
        )
    if patterns:
        out.insert(0, "<defs>" + "".join(patterns.values()) + "</defs>")
    return group(out, id="control", fill_rule="evenodd", stroke=BORDER, stroke_width=0.8)


def _stripes(ident: str, style: Style) -> str:
    return (
        f'<pattern id="{ident}" width="8" height="8" patternUnits="userSpaceOnUse"'
        f' patternTransform="rotate({STRIPES[style.ring]})">'
        f'<rect width="8" height="8" fill="{tint(style.colour)}"/>'
        f'<rect width="3" height="8" fill="{mix(style.colour, LAND, 0.4)}"/></pattern>'
    )


def cities(
    board: Board,
    variant: Variant,
    owners: Mapping[str, str],
    styles: Mapping[str, Style],
    owned_only: bool = False,
) -> str:
    """Every city and fortress of the map, by kind, in its owner's colour (or only the
    cities owned: drawn on the others, kept as nobody's, in a PNG's layer)."""
    out = []
    for abbr, place in board.geometry.places.items():
        province = variant.provinces[abbr]
        owner = owners.get(abbr, "")
        if owned_only and not (owner and province.income):
            continue
        if province.income:
            fill = style_of(styles, owner).colour if owner else "#ffffff"
            out.append(_mark(abbr, place.centre, _kind(province), province.port, fill, owner))
        elif province.fortress:
            out.append(_mark(abbr, place.centre, "fortress", province.port, "", ""))
    return group(out, id="centres")


@lru_cache(maxsize=8192)
def _mark(abbr: str, at: Pt, kind: str, port: bool, fill: str, owner: str) -> str:
    """A city's mark (a fortress's: `kind` fortress), kept once drawn (most cities keep
    their owner from one picture to the next)."""
    x, y = at
    if kind == "fortress":
        items = [polygon([(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)],
                         fill="#9a9a9a", stroke=INK, stroke_width=1.2)]  # fmt: skip
        classes = "fortress"
    else:
        items = _city(x, y, kind, fill)
        classes = f"centre city {kind}"
    if port:
        items.append(_anchor(x + 12, y + 6))
        classes += " port"
    return group(items, id=f"c-{abbr}", class_=classes, data_owner=owner)


def _kind(province: Province) -> str:
    if province.income >= 2:
        return "major"
    return "walled" if province.fortified else "open"


def _city(x: float, y: float, kind: str, fill: str) -> list[str]:
    if kind == "open":
        return [
            circle(x, y, 6.5, fill=LAND, stroke=INK, stroke_width=1.2),
            circle(x, y, 4.4, fill=fill, stroke=INK, stroke_width=0.6),
        ]
    h = 11 if kind == "major" else 8.5
    square = [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    items = [polygon(square, fill=fill, stroke=INK, stroke_width=2.2 if kind == "major" else 1.6)]
    if kind == "major":  # a second wall
        inner = [(x - h + 3, y - h + 3), (x + h - 3, y - h + 3), (x + h - 3, y + h - 3),
                 (x - h + 3, y + h - 3)]  # fmt: skip
        items.append(polygon(inner, fill="none", stroke=INK, stroke_width=0.8))
    return items


def _anchor(x: float, y: float) -> str:
    """A small anchor: a port."""
    return (
        f'<path class="anchor" fill="none" stroke="{COAST}" stroke-width="1.4"'
        f' stroke-linecap="round" d="M{x:g},{y - 4:g} V{y + 4:g} M{x - 2.5:g},{y - 2:g}'
        f" H{x + 2.5:g} M{x - 4:g},{y + 1:g} Q{x - 3:g},{y + 4.5:g} {x:g},{y + 4.5:g}"
        f' Q{x + 3:g},{y + 4.5:g} {x + 4:g},{y + 1:g}"/>'
    )


def sieges(board: Board, besieged: tuple[str, ...]) -> str:
    """A dark star round each city under siege."""
    out = []
    for abbr in besieged:
        place = board.geometry.places.get(abbr)
        if place is None:
            continue
        x, y = place.centre
        points = []
        for k in range(24):
            r = 16 if k % 2 == 0 else 12.5
            a = math.pi * k / 12
            points.append((x + r * math.cos(a), y + r * math.sin(a)))
        star = polygon(points, fill="none", stroke=INK, stroke_width=1.6)
        out.append(group([star], id=f"s-{abbr}", class_="siege"))
    return group(out, id="sieges")
