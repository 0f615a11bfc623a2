"""Words on a picture as outlines of Source Sans Pro's letters (the font-source-sans-pro
package; SIL Open Font License), read once with fontTools.

Not SVG text: a rasteriser spends most of a picture's time finding and shaping fonts for a
few hundred labels, and a reader's SVG viewer would set them in whatever font it has. Each
letter is drawn once in the picture's <defs> and used where it is written, so the picture
looks the same everywhere and the PNG needs no font at all (a letter is used by
`xlink:href`, which Skia's SVG reader needs where browsers and resvg also take `href`).
Every word keeps its text in an `aria-label`, for a screen reader and for anyone searching
the file.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from .svg import attrs, escape, num

CHARS = "".join(chr(c) for c in range(32, 127))


@cache
def _font() -> dict:
    import font_source_sans_pro
    from fontTools.ttLib import TTFont

    folder = Path(font_source_sans_pro.__file__).parent / "files"
    fonts = {}
    for weight in ("Regular", "Bold"):
        font = TTFont(str(folder / f"SourceSansPro-{weight}.ttf"), lazy=True)
        fonts[weight] = (font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm)
    return fonts


@cache
def _glyph(char: str, bold: bool) -> tuple[str, str, int]:
    """(id, path data, advance) of one letter, in font units."""
    from fontTools.pens.svgPathPen import SVGPathPen

    glyphs, cmap, _ = _font()["Bold" if bold else "Regular"]
    name = cmap.get(ord(char)) or cmap[ord("?")]
    pen = SVGPathPen(glyphs, ntos=lambda v: str(round(v)))
    glyphs[name].draw(pen)
    return f"{'b' if bold else 'r'}{ord(char)}", pen.getCommands(), glyphs[name].width


def defs(regular: str, bold: str) -> str:
    """The letters of `regular` and of `bold` (their weights), each drawn once."""
    return _defs("".join(sorted(set(regular))), "".join(sorted(set(bold))))


@cache
def _defs(regular: str, bold: str) -> str:
    paths = []
    for chars, heavy in ((regular, False), (bold, True)):
        for char in chars:
            ident, data, _ = _glyph(_known(char), heavy)
            if data:
                paths.append(f'<path id="{ident}" d="{data}"/>')
    return "<defs>" + "".join(paths) + "</defs>"


def width(words: str, size: float, bold: bool = False) -> float:
    per_em = _font()["Bold" if bold else "Regular"][2]
    return sum(_glyph(_known(ch), bold)[2] for ch in words) * size / per_em


def _known(char: str) -> str:
    return char if char in CHARS else "?"


@lru_cache(maxsize=8192)
def words_at(
    x: float,
    y: float,
    words: str,
    size: float,
    fill: str | None,
    anchor: str = "start",
    bold: bool = False,
    **values: object,
) -> str:
    """`words` with their baseline at `y`, starting at `x` (or centred on it, `anchor`
    middle, or ending there, end). Kept once written: a unit's letter, a power's line
    in the legend come again in the next picture."""
    per_em = _font()["Bold" if bold else "Regular"][2]
    total = width(words, size, bold)
    left = x - (total / 2 if anchor == "middle" else total if anchor == "end" else 0)
    k = size / per_em
    uses = []
    advance = 0
    for char in words:
        ident, data, step = _glyph(_known(char), bold)
        if data:
            at = f' x="{advance}"' if advance else ""
            uses.append(f'<use xlink:href="#{ident}"{at}/>')
        advance += step
    scale = f"{k:.5f}".rstrip("0")
    return (
        f'<g transform="translate({num(left)},{num(y)}) scale({scale},-{scale})"'
        f'{attrs(fill=fill, **values)} aria-label="{escape(words)}">' + "".join(uses) + "</g>"
    )
