"""The board as a picture: every results mail carries one, and MAP sends one (issue 19).

Pure functions of the adjudicator's documents and the variant, like every report: `scene`
says what a picture shows, `drawing` writes it as SVG on the variant's board (`static`,
made once per variant from its geometry), `raster` makes the PNG (on the board's raster,
made once too). `palette` holds the
powers' colours, checked for colour-blind readers and grey print (`colours`). `seeing`
gives a blind game's reader the scene cut as his copy of the results is.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from variants import Variant

from .drawing import draw, layers
from .raster import png
from .scene import Scene, phase_scene, phase_title, position_scene
from .seeing import seen_phase_scene, seen_position_scene

__all__ = [
    "Picture",
    "Scene",
    "draw",
    "layers",
    "phase_picture",
    "phase_scene",
    "phase_svg",
    "phase_title",
    "picture",
    "png",
    "position_picture",
    "position_scene",
    "position_svg",
    "seen_phase_scene",
    "seen_position_scene",
]


@dataclass(frozen=True)
class Picture:
    """One picture in both forms, and the name its files go by (`game-S1901M`)."""

    stem: str
    svg: str
    png: bytes


def picture(variant: Variant, scene: Scene, stem: str) -> Picture:
    svg, layer = layers(variant, scene)
    return Picture(stem, svg, png(variant, svg, layer))


def phase_picture(
    variant: Variant,
    code: str,
    game: str,
    doc: Mapping[str, Any],
    out: Mapping[str, Any],
    seen: Collection[str] | None = None,
) -> Picture:
    """The picture of a played phase as a reader who sees `seen` sees it (None: all)."""
    phase = str(doc.get("phase", ""))
    return picture(variant, _phase_scene(variant, code, game, doc, out, seen), f"{game}-{phase}")


def phase_svg(
    variant: Variant,
    code: str,
    game: str,
    doc: Mapping[str, Any],
    out: Mapping[str, Any],
    seen: Collection[str] | None = None,
) -> str:
    """The same picture as `phase_picture`'s, its SVG only (the web window's board)."""
    return draw(variant, _phase_scene(variant, code, game, doc, out, seen))


def position_picture(
    variant: Variant,
    code: str,
    game: str,
    phase: str,
    position: Mapping[str, Any],
    seen: Collection[str] | None = None,
) -> Picture:
    """The picture of the board as it stands, as a reader who sees `seen` sees it."""
    scene = _position_scene(variant, code, game, phase, position, seen)
    return picture(variant, scene, f"{game}-{phase}")


def position_svg(
    variant: Variant,
    code: str,
    game: str,
    phase: str,
    position: Mapping[str, Any],
    seen: Collection[str] | None = None,
) -> str:
    """The same picture as `position_picture`'s, its SVG only."""
    return draw(variant, _position_scene(variant, code, game, phase, position, seen))


def _phase_scene(
    variant: Variant,
    code: str,
    game: str,
    doc: Mapping[str, Any],
    out: Mapping[str, Any],
    seen: Collection[str] | None,
) -> Scene:
    title = phase_title(code, game, str(doc.get("phase", "")))
    return seen_phase_scene(variant, title, doc, out, seen)


def _position_scene(
    variant: Variant,
    code: str,
    game: str,
    phase: str,
    position: Mapping[str, Any],
    seen: Collection[str] | None,
) -> Scene:
    return seen_position_scene(variant, phase_title(code, game, phase), position, seen)
