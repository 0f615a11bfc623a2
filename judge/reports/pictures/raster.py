"""The PNG of a picture: the scene's layer (drawing.layers) drawn by Skia's SVG renderer on
the variant's board, rasterised once and kept, then written as a palette PNG by Pillow.

Skia (the skia-python wheel) reads the same SVG the reader gets, so the PNG is the SVG:
the same geometry, colours and letters. It draws a phase's layer in a few milliseconds
where resvg took a tenth of a second for the whole picture, most of it spent compressing a
megapixel of RGBA; a palette of 256 colours (the board's, and the powers' colours mixed
with the land, the sea and the ink) makes the file a third smaller and quicker to write.
Skia draws straight into a copy of the board's pixels (numpy's array); only the pixels it
changed are mapped to the palette, and only the bands of rows holding them compressed (by
runs where the board allows it), the rest of the PNG being the board's, compressed once.

On Linux skia-python needs the system's libEGL and libGL (Debian: libegl1, libgl1); where
they are missing, the picture is rasterised whole by resvg (the resvg-py wheel carries
everything it needs), about ten times slower, and looks the same
(docs/pictures.md, "Libraries, and why").
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from variants import Variant

from .drawing import Layer, kept_marks
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

COMPRESSION = 5  # zlib's level for a picture's changed rows (6: half as long again)
BOARD_COMPRESSION = 9  # for the board's rows, compressed once per variant
BAND = 8  # rows compressed together: a band the layer leaves alone is the board's, kept
# zlib's run-length strategy compresses a board of large flat regions about as well as its
# default, in half the time; where it costs more bytes than these allow (and more than the
# default), the default.
RLE_SHARE = 1.25  # bytes of the board by runs, at most, over the default's
RLE_BYTES = 120_000  # bytes of the board by runs, at most


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


def png(variant: Variant, svg: str, layer: Layer) -> bytes:
    """The PNG of the picture whose SVG is `svg` and whose scene, without the board, is
    `layer` (drawing.layers)."""
    if not has_skia():
        return png_by_resvg(svg)
    import numpy as np

    board = _board(variant)
    # A copy of the board's raster to draw on: one drawn on before and put back as it was
    # (its changed pixels only), or a new one; one for each picture drawn at once.
    pixels = board.spare.pop() if board.spare else board.pixels.copy()
    _render(layer, board, pixels)
    at = np.flatnonzero(pixels.view(np.uint32)[..., 0] != board.words)
    data = _indexed_png(board, pixels, at)
    pixels.view(np.uint32).reshape(-1)[at] = board.words.reshape(-1)[at]
    board.spare.append(pixels)
    return data


def png_by_resvg(svg: str) -> bytes:
    """The whole picture rasterised by resvg: where Skia cannot be loaded."""
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True))


@dataclass(frozen=True)
class Board:
    """A variant's board, made once per variant and process: its raster (RGB and a byte
    unused, a row of pixels a row of the array), the palette its pictures are written
    with, the raster in that palette (an index a pixel), its PNG's scanlines (a filter
    byte, then the row, filtered) in bands of BAND, each compressed on its own and with
    its Adler-32, the PNG's opening chunks, and how a picture's changed bands are
    written: the scanlines filtered by the row above or not, and zlib's strategy."""

    pixels: Any  # numpy uint8, (height, width, 4)
    words: Any  # the same pixels as numpy uint32, (height, width): to compare at once
    names: Names | None  # a tinted board's names and cities, put on each picture's tints
    palette: Image.Image
    indices: Any  # numpy uint8, (height, width)
    bands: tuple[bytes, ...]
    checks: tuple[int, ...]  # each band's Adler-32
    opening: bytes
    up: bool
    strategy: int
    spare: list[Any] = field(default_factory=list, compare=False)  # copies of `pixels`


@cache
def _board(variant: Variant) -> Board:
    """The variant's board as a raster, its palette and its compressed bands."""
    import numpy as np
    from PIL import Image  # here, not at the top: a judge command that draws nothing

    board = board_layer(variant)
    # A tinted board's names go on the tints of each picture (_render).
    ground = board.ground if board.tinted else board.backdrop + kept_marks(variant)
    svg = board.opening + ground + defs(board.letters, "") + "</svg>"
    # resvg draws the board once: it keeps the provinces' edges crisp as the SVG asks
    # (Skia smooths every edge, which costs a third more bytes in every PNG).
    drawn = Image.open(io.BytesIO(png_by_resvg(svg))).convert("RGBX")
    width, height = drawn.size
    pixels = np.frombuffer(drawn.tobytes(), np.uint8).reshape(height, width, 4).copy()
    palette = _palette(drawn.convert("RGB"))
    indices = np.asarray(drawn.convert("RGB").quantize(palette=palette, dither=_no_dither()))
    # The way the pictures' changed bands are written: by runs (with the scanlines as
    # they are or less the row above, whichever the board's bands take fewer bytes), if
    # that costs no more than the default's bytes, or no more than RLE_SHARE of them and
    # RLE_BYTES; else zlib's default strategy on the scanlines as they are.
    size = {
        (up, strategy): sum(len(_compressed(band, COMPRESSION, strategy))
                            for band in _bands(_scanlines(indices, up)))
        for up, strategy in ((False, zlib.Z_RLE), (True, zlib.Z_RLE),
                             (False, zlib.Z_DEFAULT_STRATEGY))
    }  # fmt: skip
    default = size[False, zlib.Z_DEFAULT_STRATEGY]
    runs = min((False, zlib.Z_RLE), (True, zlib.Z_RLE), key=size.__getitem__)
    up, strategy = (
        runs
        if size[runs] <= max(default, min(RLE_SHARE * default, RLE_BYTES))
        else (False, zlib.Z_DEFAULT_STRATEGY)
    )
    lines = _bands(_scanlines(indices, up))
    bands = tuple(_compressed(band, BOARD_COMPRESSION) for band in lines)
    checks = tuple(zlib.adler32(band) for band in lines)
    colours = bytes(palette.getpalette()[:768]).ljust(768, b"\0")
    opening = (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
        + _chunk(b"PLTE", colours)
    )
    names = None
    if board.tinted:
        above = board.names + kept_marks(variant)
        names = _names(board.opening + above + defs(board.letters, "") + "</svg>", pixels.shape)
    return Board(
        pixels, pixels.view(np.uint32)[..., 0], names, palette, indices, bands, checks,
        opening, up, strategy,
    )  # fmt: skip


@dataclass(frozen=True)
class Names:
    """A tinted board's names and key, and its cities and fortresses as nobody's
    (drawing.kept_marks), drawn once by Skia on nothing: the pixels they cover (indices
    into the raster's flattened pixels), their colours (premultiplied by their coverage)
    and what each leaves of the pixel under it (255 less its coverage)."""

    at: Any  # numpy intp, (n,)
    colours: Any  # numpy uint16, (n, 4): red, green, blue, coverage
    left: Any  # numpy uint16, (n, 1)


def _names(svg: str, shape: tuple[int, ...]) -> Names:
    import numpy as np

    skia = _skia()
    drawn = np.zeros(shape, np.uint8)
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(svg.encode(), True))
    surface = skia.Surface(
        drawn, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType
    )
    with surface as canvas:
        dom.render(canvas)
    flat = drawn.reshape(-1, 4)
    at = np.flatnonzero(flat[:, 3])
    return Names(at, flat[at].astype(np.uint16), 255 - flat[at, 3:].astype(np.uint16))


def _scanlines(indices: Any, up: bool, first: int = 0, last: int | None = None) -> Any:
    """A PNG's scanlines of the indices' rows `first` to `last` (all): filter 0 (none), or
    2 (each byte less the one above it)."""
    import numpy as np

    last = len(indices) if last is None else last
    lines = np.empty((last - first, indices.shape[1] + 1), np.uint8)
    lines[:, 0] = 2 if up else 0
    if up and first > 0:
        np.subtract(indices[first:last], indices[first - 1 : last - 1], out=lines[:, 1:])
    elif up:
        lines[0, 1:] = indices[0]
        np.subtract(indices[1:last], indices[: last - 1], out=lines[1:, 1:])
    else:
        lines[:, 1:] = indices[first:last]
    return lines


def _bands(lines: Any) -> list[Any]:
    return [lines[r : r + BAND] for r in range(0, len(lines), BAND)]


def _render(layer: Layer, board: Board, pixels: Any) -> None:
    """The layer drawn by Skia on `pixels`, a copy of the board's raster (a tinted
    board's names between its two parts)."""
    import numpy as np

    if layer.under:
        _draw(layer.under, pixels)
    if board.names is not None:
        # Each pixel as one word (picked and put back by its index alone: quicker than
        # picking its three bytes), then its four bytes blended: its colour, and its
        # unused byte (255) as the coverage, which gives 255 again.
        words = pixels.view(np.uint32).reshape(-1)
        names = board.names
        mixed = words[names.at].view(np.uint8).reshape(-1, 4).astype(np.uint16)
        mixed *= names.left
        mixed += 128  # then a division by 255, rounded: (x + x / 256) / 256
        mixed += mixed >> 8
        mixed >>= 8
        mixed += names.colours
        words[names.at] = mixed.astype(np.uint8).view(np.uint32).reshape(-1)
    _draw(layer.over, pixels)


def _draw(svg: str, pixels: Any) -> None:
    skia = _skia()
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(svg.encode(), True))
    surface = skia.Surface(
        pixels, colorType=skia.kRGB_888x_ColorType, alphaType=skia.kOpaque_AlphaType
    )
    with surface as canvas:
        dom.render(canvas)


def _indexed_png(board: Board, pixels: Any, at: Any) -> bytes:
    """The picture as a palette PNG. Only the pixels the layer changed (`at`: their
    indices in the flattened raster) are mapped to the palette (each pixel's index
    depends on its colour alone, so the rest are the board's), and only the bands holding
    them compressed: the others are the board's, compressed once. Each run of changed
    bands ends in a full flush, so that none refers to what went before it and the
    board's bands may be joined to it in one zlib stream."""
    import numpy as np
    from PIL import Image

    height, width = board.indices.shape
    values = np.zeros(0, np.uint8)  # the changed pixels' indices in the palette
    if len(at):
        colours = pixels.view(np.uint32).reshape(-1)[at]
        line = Image.frombytes("RGB", (len(colours), 1), colours.tobytes(), "raw", "RGBX")
        indexed = line.quantize(palette=board.palette, dither=_no_dither())
        values = np.frombuffer(indexed.tobytes(), np.uint8)
    dirty = np.zeros(len(board.bands) + 1, bool)
    dirty[at // (width * BAND)] = True
    if board.up:  # a changed row changes its own scanline and the next one's
        dirty[np.minimum(at + width, height * width - 1) // (width * BAND)] = True
    deflate = zlib.compressobj(COMPRESSION, zlib.DEFLATED, -15, 9, board.strategy)
    out = [b"\x78\x9c"]  # zlib's header: deflate, a 32 kB window
    check = 1  # the Adler-32 of the scanlines so far
    k = 0
    while k < len(board.bands):
        if not dirty[k]:
            out.append(board.bands[k])
            check = _adler_joined(
                check, board.checks[k], min(BAND, height - k * BAND) * (width + 1)
            )
            k += 1
            continue
        end = k + int(np.argmin(dirty[k:]))  # the run of changed bands, k to end
        # The run's rows (and the row above, which its first scanline is filtered by),
        # the board's with the changed pixels put in.
        first, last = k * BAND, min(end * BAND, height)
        low = first - 1 if board.up and first else first
        rows = board.indices[low:last].copy()
        i, j = np.searchsorted(at, (low * width, last * width))
        rows.reshape(-1)[at[i:j] - low * width] = values[i:j]
        lines = _scanlines(rows, board.up, first - low)
        out.append(deflate.compress(lines))
        out.append(deflate.flush(zlib.Z_FULL_FLUSH))
        check = _adler_joined(check, zlib.adler32(lines), lines.size)
        k = end
    out.append(deflate.flush(zlib.Z_FINISH))
    out.append(struct.pack(">I", check))
    return board.opening + _chunk(b"IDAT", b"".join(out)) + _chunk(b"IEND", b"")


ADLER = 65521  # Adler-32's modulus


def _adler_joined(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's and the second's length
    (zlib's adler32_combine): the board's bands are summed once."""
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % ADLER
    b = (b1 + b2 + length * a1 - length) % ADLER
    return a | b << 16


def _compressed(rows: Any, level: int, strategy: int = zlib.Z_DEFAULT_STRATEGY) -> bytes:
    """Rows as raw deflate blocks on their own, ending in a full flush (_indexed_png)."""
    deflate = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    return deflate.compress(rows) + deflate.flush(zlib.Z_FULL_FLUSH)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _no_dither() -> Any:
    from PIL import Image

    return Image.Dither.NONE


def _palette(board: Image.Image) -> Image.Image:
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
    own = board.quantize(room, method=Image.Quantize.FASTOCTREE)
    used = own.getpalette()[: 3 * room]
    entries = [tuple(used[i : i + 3]) for i in range(0, len(used), 3)]
    flat = [v for rgb in [*entries, *mixes][:256] for v in rgb]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return palette


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    """`share` of `a` over the rest of `b`."""
    return tuple(round(share * x + (1 - share) * y) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]
