"""Writing SVG as text: the few elements the pictures use, with their numbers rounded.

Plain strings rather than an SVG library: the pictures need paths, circles, polygons and
text, nothing else, and building a tree of objects for a few hundred elements costs more
than the whole drawing (docs/pictures.md says what was weighed). Every value that comes
from outside the judge's own code (a game's or a power's name) goes through `escape`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

Pt = tuple[float, float]


def escape(text: str) -> str:
    # Most values need nothing: looking is quicker than replacing (a picture escapes
    # thousands of values).
    text = str(text)
    if "&" in text or "<" in text or ">" in text or '"' in text:
        return (
            text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;")
        )  # fmt: skip
    return text


def num(value: float) -> str:
    """`value` to a tenth, without a point when whole (`3`, `2.5`, `-0.4`)."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
        return "0" if text == "-0" else text
    return text


def attrs(**values: object) -> str:
    """` name="value"` for each value that is not None; `class_` is written `class`,
    and an underscore in a name becomes a hyphen."""
    out = []
    for name, value in values.items():
        if value is None:
            continue
        text = num(value) if isinstance(value, float) else escape(value)  # type: ignore[arg-type]
        out.append(f' {_key(name)}="{text}"')
    return "".join(out)


@cache
def _key(name: str) -> str:
    return "class" if name == "class_" else name.replace("_", "-")


def path_data(rings: Iterable[Sequence[Pt]]) -> str:
    """Closed rings, each point after the first written as a step from the one before (a
    third shorter for a coastline than absolute points)."""
    out = []
    for ring in rings:
        if not ring:
            continue
        (x0, y0), steps = ring[0], []
        for x, y in ring[1:]:
            steps.append(f"{num(x - x0)},{num(y - y0)}")
            x0, y0 = x, y
        out.append(f"M{num(ring[0][0])},{num(ring[0][1])}l" + " ".join(steps) + "z")
    return "".join(out)


def line_data(points: Sequence[Pt]) -> str:
    return "M" + " L".join(f"{num(x)},{num(y)}" for x, y in points)


def polygon(points: Sequence[Pt], **values: object) -> str:
    pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return f'<polygon points="{pts}"{attrs(**values)}/>'


def circle(x: float, y: float, r: float, **values: object) -> str:
    return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}"{attrs(**values)}/>'


def text(x: float, y: float, words: str, **values: object) -> str:
    return f'<text x="{num(x)}" y="{num(y)}"{attrs(**values)}>{escape(words)}</text>'


def group(items: Iterable[str], **values: object) -> str:
    return f"<g{attrs(**values)}>" + "".join(items) + "</g>"
