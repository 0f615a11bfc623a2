"""The board as a picture: every results mail carries one, and MAP sends one (issue 19).

Pure functions of the adjudicator's documents and the variant, like every report: `scene`
says what a picture shows, `drawing` writes it as SVG on the variant's board (`static`,
made once per variant from its geometry), `raster` makes the PNG (on the board's raster,
made once too). `palette` holds the
powers' colours, checked for colour-blind readers and grey print (`colours`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from variants import Variant

from .drawing import draw, layers
from .raster import png
from .scene import Scene, phase_scene, phase_title, position_scene

__all__ = [
    "Picture",
    "Scene",
    "draw",
    "layers",
    "phase_picture",
    "phase_scene",
    "phase_title",
    "picture",
    "png",
    "position_picture",
    "position_scene",
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
    shown_centres: Collection[str] | None = None,
    counts: Mapping[str, int] | None = None,
) -> Picture:
    phase = str(doc.get("phase", ""))
    scene = phase_scene(phase_title(code, game, phase), doc, out, shown_centres, counts)
    return picture(variant, scene, f"{game}-{phase}")


def position_picture(
    variant: Variant,
    code: str,
    game: str,
    phase: str,
    position: Mapping[str, Any],
    shown_centres: Collection[str] | None = None,
    counts: Mapping[str, int] | None = None,
) -> Picture:
    scene = position_scene(phase_title(code, game, phase), position, shown_centres, counts)
    return picture(variant, scene, f"{game}-{phase}")
