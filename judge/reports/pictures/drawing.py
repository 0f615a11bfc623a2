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

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from variants import Variant

from .cities import cities, sieges, tints
from .lettering import defs, words_at
from .marks import CROSS, ROUND, burst, diamond, marker, style_of, trimmed
from .orders import ends_shared, order
from .palette import FAILED, INK, Style
from .palette import styles as power_styles
from .scene import Dislodged, Scene, Unit
from .static import ROW, TITLE, Board, beside, board_layer, place_id
from .svg import attrs, circle, escape, group, line_data, polygon

KINDS = {"A": "army", "F": "fleet", "W": "wing", "G": "garrison"}


def draw(variant: Variant, scene: Scene) -> str:
    """The picture as SVG: the variant's board (made once, static.py), then the scene."""
    return layers(variant, scene)[0]


def layers(variant: Variant, scene: Scene) -> tuple[str, Layer]:
    """The picture as SVG, and the same picture without its board (the sea and the
    provinces, their names and the key): what the PNG draws on the board's raster, made
    once (raster.py)."""
    board = board_layer(variant)
    styles = power_styles(variant)
    if board.tinted:
        marks = cities(board, variant, scene.owners, styles) + sieges(board, scene.sieges)
        owned = cities(board, variant, scene.owners, styles, owned_only=True)
        drawn = owned + sieges(board, scene.sieges)  # the rest are laid on by raster.py
    else:
        marks = _centres(board, scene.owners, styles)
        drawn = _owned(board, scene.owners, styles)  # the rest are in the raster
    parts = []
    # In a retreat phase the dislodged units give the orders, from beside their places,
    # drawn over them (a disbanded unit crossed out); else the units over the orders.
    away = {d.unit.place for d in scene.dislodged} if scene.retreating else set()
    ends = ends_shared(board, list(scene.orders), away)
    orders = group(
        (order(board, o, styles, o.unit.place in away, end)
         for o, end in zip(scene.orders, ends, strict=True)),
        id="orders", **ROUND, fill="none",
    )  # fmt: skip
    dislodged = group((_dislodged(board, d, styles) for d in scene.dislodged), id="dislodged")
    units = group((_unit(board, u, styles) for u in scene.units), id="units")
    parts += [units, dislodged, orders] if scene.retreating else [orders, units, dislodged]
    parts.append(
        group(
            [*(_built(board, u, styles) for u in scene.built),
             *(_removed(board, u, styles) for u in scene.removed)],
            id="adjustments",
        )
    )  # fmt: skip
    parts.append("</g>")  # the map
    # A title comes once (its game and phase): written, not kept (words_at keeps words).
    parts.append(words_at.__wrapped__(12, 21, scene.title, 17, INK, bold=True, id="title"))
    parts.append(_legend(variant, board, scene.counts, styles))
    legend = "".join(f"{p.name} {scene.counts.get(p.name, 0)}" for p in variant.powers)
    head = board.opening + f"<title>{escape(scene.title)}</title>"
    scene_part = "".join(parts)
    bold = scene.title + "AFWG"
    under = ""
    if board.tinted:
        shaded = tints(board, scene, styles)
        whole = head + board.ground + board.map_start + shaded + "</g>" + board.names
        if scene.control:
            # Only the outlines of the provinces tinted: Skia reads the layer anew each time.
            used = "".join(board.outlines.get(p, "") for p in sorted(scene.control))
            under = f"{head}<defs>{used}</defs>{board.map_start}{shaded}</g></svg>"
    else:
        whole = head + board.backdrop
    return (
        whole + board.map_start + marks + scene_part + defs(board.letters + legend, bold)
        + "</svg>",
        Layer(under, head + board.map_start + drawn + scene_part + defs(legend, bold) + "</svg>"),
    )  # fmt: skip


def kept_marks(variant: Variant) -> str:
    """What a board's raster (raster.py) holds besides the board: every supply centre as
    nobody's, so that a picture's layer draws only the owned centres' discs over them; on
    a Machiavelli map every city and fortress as nobody's, laid on each picture's tints
    with the names (only the owned cities drawn again over them)."""
    board = board_layer(variant)
    if board.tinted:
        return board.map_start + cities(board, variant, {}, {}) + "</g>"
    return board.map_start + _centres(board, {}, {}) + "</g>"


@dataclass(frozen=True)
class Layer:
    """What a picture's PNG draws on its board's raster (raster.py), two SVG documents:
    `under` goes beneath the board's names (a Machiavelli map's tints; empty elsewhere,
    where the names are in the raster), `over` above them (the scene)."""

    under: str
    over: str


# -- centres and units -------------------------------------------------------------------


def _centres(board: Board, owners: Mapping[str, str], styles: Mapping[str, Style]) -> str:
    out = []
    for abbr, place in board.geometry.places.items():
        if abbr not in board.centres:
            continue
        owner = owners.get(abbr)
        fill = style_of(styles, owner).colour if owner else "#ffffff"
        out.append(_centre(abbr, *place.centre, fill, owner or ""))
    return group(out, id="centres", stroke=INK)


def _owned(board: Board, owners: Mapping[str, str], styles: Mapping[str, Style]) -> str:
    """The discs of the owned centres alone, in their owners' colours: the PNG's layer
    draws them on the board's raster, which has every centre as nobody's (kept_marks)."""
    out = [
        _disc(*board.geometry.places[abbr].centre, style_of(styles, owner).colour)
        for abbr, owner in sorted(owners.items())
        if abbr in board.centres and abbr in board.geometry.places
    ]
    return group(out, stroke=INK)


@lru_cache(maxsize=8192)
def _disc(x: float, y: float, fill: str) -> str:
    return circle(x, y, 3.6, fill=fill, stroke_width=0.6)


@lru_cache(maxsize=8192)
def _centre(abbr: str, x: float, y: float, fill: str, owner: str) -> str:
    """A supply centre's mark, kept once drawn (most centres keep their owner)."""
    items = [circle(x, y, 5.5, fill="none", stroke_width=1.2), _disc(x, y, fill)]
    return group(items, id=f"c-{abbr}", class_="centre", data_owner=owner)


def _unit(board: Board, unit: Unit, styles: Mapping[str, Style]) -> str:
    """A unit on its place; a Machiavelli garrison inside its city's marker (`pad*`),
    beside any army or fleet in the province, with an id of its own (`u-pad-city`)."""
    x, y = board.at(unit.place)
    scale = 0.75 if unit.type == "G" else 1.0
    return group(
        marker(x, y, unit.type, style_of(styles, unit.power), scale),
        id=f"u-{place_id(unit.place)}",
        class_=f"unit {KINDS.get(unit.type, 'army')}",
        data_power=unit.power,
    )


def _dislodged(board: Board, d: Dislodged, styles: Mapping[str, Style]) -> str:
    x, y = beside(board.geometry, d.unit.place)
    here = place_id(d.unit.place)
    items = []
    for to in d.retreats:
        tx, ty = board.at(to)
        items.append(
            f"<path{attrs(id=f'ro-{here}-{place_id(to)}')}"
            f' class="retreat-option" fill="none" stroke="{FAILED}" stroke-width="1.2"'
            f' stroke-dasharray="2 3" d="{line_data(trimmed([(x, y), (tx, ty)], 10, 10))}"/>'
        )
    # A red burst of eight deep spikes, whatever the power's colour (a siege's star on a
    # Machiavelli map has twelve shallow ones, in ink).
    items.append(polygon(burst(x, y), fill="#ffffff", stroke=FAILED, stroke_width=2.2))
    items += marker(x, y, d.unit.type, style_of(styles, d.unit.power), 0.85)
    return group(items, id=f"d-{here}", class_="unit dislodged", data_power=d.unit.power)


def _built(board: Board, unit: Unit, styles: Mapping[str, Style]) -> str:
    x, y = board.at(unit.place)
    # A diamond with a plus at its top: no other mark is a diamond (a hold is a ring).
    items = [
        polygon(diamond(x, y, 19), fill="#ffffff", stroke=INK, stroke_width=1.6),
        *marker(x, y, unit.type, style_of(styles, unit.power), 0.75 if unit.type == "G" else 1),
        circle(x, y - 19, 5, fill=INK),
        f'<path stroke="#ffffff" stroke-width="1.6" d="M{x - 3:g},{y - 19:g} h6 M{x:g},'
        f'{y - 22:g} v6"/>',
    ]
    return group(items, id=f"b-{place_id(unit.place)}", class_="build", data_power=unit.power)


def _removed(board: Board, unit: Unit, styles: Mapping[str, Style]) -> str:
    x, y = board.at(unit.place)
    cross = f"M{x - 12},{y - 12} L{x + 12},{y + 12} M{x + 12},{y - 12} L{x - 12},{y + 12}"
    items = [
        *marker(x, y, unit.type, style_of(styles, unit.power), 0.75 if unit.type == "G" else 1),
        f'<path class="cross"{CROSS} d="{cross}"/>',
    ]
    return group(items, id=f"r-{place_id(unit.place)}", class_="removal", data_power=unit.power)


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
                [*marker(x + 4, y, "A", style, 0.8, letter=False),
                 words_at(x + 17, y + 4.5, f"{power.name} {counts.get(power.name, 0)}", 12,
                          INK)],
                class_="legend-entry", data_power=power.name,
            )
        )  # fmt: skip
    return group(items, id="legend")
