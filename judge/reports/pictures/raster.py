"""The PNG of a picture: the scene's layer (drawing.layers) drawn by Skia's SVG renderer on
the variant's board, rasterised once and kept, then written as a palette PNG by Pillow.

Skia (the skia-python wheel) reads the same SVG the reader gets, so the PNG is the SVG:
the same geometry, colours and letters. It draws a phase's layer in a few milliseconds
where resvg took a tenth of a second for the whole picture, most of it spent compressing a
megapixel of RGBA; a palette of 256 colours (the board's, and the powers' colours mixed
with the land, the sea and the ink) makes the file a third smaller and quicker to write.

On Linux skia-python needs the system's libEGL and libGL (Debian: libegl1, libgl1); where
they are missing, the picture is rasterised whole by resvg (the resvg-py wheel carries
everything it needs), about ten times slower, and looks the same
(docs/pictures.md, "Libraries, and why").
"""

from __future__ import annotations

import io
from functools import cache
from typing import TYPE_CHECKING, Any

from variants import Variant

from .lettering import defs
from .palette import (
    BORDER,
    CASING,
    COAST,
    FAILED,
    GREY,
    INK,
    LAND,
    POWER_COLOURS,
    SEA,
    pale,
    tint,
)  # fmt: skip
from .static import board_layer

if TYPE_CHECKING:
    from PIL import Image

COMPRESSION = 5  # zlib's level: 6 takes half as long again for a twentieth fewer bytes


@cache
def _skia() -> Any:
    """skia, or None where it cannot be loaded (no libEGL/libGL on the host)."""
    try:
        import skia
    except ImportError:
        return None
    return skia


def has_skia() -> bool:
    return _skia() is not None


def png(variant: Variant, svg: str, layer: str) -> bytes:
    """The PNG of the picture whose SVG is `svg` and whose scene, without the board, is
    `layer` (drawing.layers)."""
    if not has_skia():
        return png_by_resvg(svg)
    base, palette = _board(variant)
    rgba = _render(layer, base)
    return _palette_png(rgba, palette)


def png_by_resvg(svg: str) -> bytes:
    """The whole picture rasterised by resvg: where Skia cannot be loaded."""
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True))


@cache
def _board(variant: Variant) -> tuple[Any, Image.Image]:
    """The variant's board as a raster (Skia's image) and the palette its pictures are
    written with; made once per variant and process."""
    from PIL import Image  # here, not at the top: a judge command that draws nothing

    board = board_layer(variant)
    # A tinted board's names go on the tints, in each picture's layer (drawing.layers).
    ground = board.ground if board.tinted else board.backdrop
    svg = board.opening + ground + defs(board.letters, "") + "</svg>"
    # resvg draws the board once: it keeps the provinces' edges crisp as the SVG asks
    # (Skia smooths every edge, which costs a third more bytes in every PNG).
    drawn = Image.open(io.BytesIO(png_by_resvg(svg))).convert("RGBX")
    skia = _skia()
    image = skia.Image.frombytes(
        drawn.tobytes(), skia.ISize(*drawn.size), skia.kRGB_888x_ColorType,
        skia.kOpaque_AlphaType,
    )  # fmt: skip
    return image, _palette(image)


def _render(svg: str, base: Any) -> Any:
    """`svg` drawn by Skia (on `base`, a board's raster, if given), as Skia's image."""
    skia = _skia()
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(svg.encode(), True))
    size = dom.containerSize()
    info = skia.ImageInfo.Make(
        int(size.width()), int(size.height()), skia.kRGB_888x_ColorType, skia.kOpaque_AlphaType
    )
    surface = skia.Surface.MakeRaster(info)
    with surface as canvas:
        if base is None:
            canvas.clear(skia.ColorWHITE)
        else:
            canvas.drawImage(base, 0, 0)
        dom.render(canvas)
    return surface.makeImageSnapshot()


def _as_pillow(image: Any) -> Image.Image:
    """Skia's image (RGB and a byte unused) as Pillow's RGB image."""
    from PIL import Image

    pixels = image.tobytes()
    return Image.frombytes("RGB", (image.width(), image.height()), pixels, "raw", "RGBX")


def _palette(board: Any) -> Image.Image:
    """256 colours for a variant's pictures: the board's own (its fills, borders and
    names, with the shades between them), then each power's colour, the ink and the red
    of a failure, each as it is and mixed with the land, the sea and white (the edges of a
    line or a disc), and paler as a failed order is drawn."""
    from PIL import Image

    ink = [*POWER_COLOURS, INK, FAILED, CASING, GREY, "#ffffff"]
    grounds = [LAND, SEA, "#ffffff"]
    mixes: list[tuple[int, int, int]] = []
    for colour in ink:
        mixes += [_rgb(colour), _rgb(pale(colour))]
        for ground in grounds:
            for share in (0.75, 0.5, 0.25):
                mixes.append(_mix(_rgb(colour), _rgb(ground), share))
    mixes += [_rgb(tint(colour)) for colour in POWER_COLOURS]  # Machiavelli's control
    for colour in (BORDER, COAST):
        mixes.append(_rgb(colour))
    mixes = list(dict.fromkeys(mixes))
    room = 256 - len(mixes)
    own = _as_pillow(board).quantize(room, method=Image.Quantize.FASTOCTREE)
    used = own.getpalette()[: 3 * room]
    entries = [tuple(used[i : i + 3]) for i in range(0, len(used), 3)]
    flat = [v for rgb in [*entries, *mixes][:256] for v in rgb]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return palette


def _palette_png(image: Any, palette: Image.Image) -> bytes:
    from PIL import Image

    indexed = _as_pillow(image).quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=COMPRESSION)
    return out.getvalue()


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    """`share` of `a` over the rest of `b`."""
    return tuple(round(share * x + (1 - share) * y) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]
