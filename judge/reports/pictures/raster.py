"""The PNG of a picture, rasterised by resvg (the resvg-py wheel carries the Rust library:
nothing to install beside it). A picture's words are outlines already (lettering.py), so
no font is loaded."""

from __future__ import annotations

import resvg_py


def png(svg: str) -> bytes:
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True))
