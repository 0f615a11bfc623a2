"""The chart of supply centres by year (an SVG line for each power), in the powers'
picture colours and dash patterns (the colours alone do not tell seven powers apart for
every reader: each line also ends in its power's name)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from variants import Variant

from ..reports.pictures.palette import BORDER, INK, styles

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 36, 110, 12, 28
DASHES = {"solid": "", "double": "8 3", "dashed": "5 4", "dotted": "2 3", "heavy": "10 2 2 2"}


def centre_chart(variant: Variant, counts: Sequence[tuple[int, dict[str, int]]]) -> str:
    """The SVG chart; `counts`: (year, power -> centres) for the start and each year's end."""
    if not counts:
        return ""
    years = [y for y, _ in counts]
    top = max([max(c.values(), default=0) for _, c in counts] + [variant.victory or 0, 1])
    span = max(years[-1] - years[0], 1)
    height = max(HEIGHT, TOP + BOTTOM + 12 * len(variant.powers) + 12)  # a label each
    inner_w, inner_h = WIDTH - LEFT - RIGHT, height - TOP - BOTTOM

    def x(year: int) -> float:
        return LEFT + (year - years[0]) / span * inner_w

    def y(n: int) -> float:
        return TOP + inner_h - n / top * inner_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'role="img" aria-labelledby="chart-title" class="chart">',
        '<title id="chart-title">Supply centres at the end of each year</title>',
        f'<rect x="{LEFT}" y="{TOP}" width="{inner_w}" height="{inner_h}" fill="#fbfaf6" '
        f'stroke="{BORDER}" stroke-width="0.5"/>',
    ]
    step = max(1, round(top / 6))
    for n in range(0, top + 1, step):
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + inner_w}" y1="{y(n):.1f}" y2="{y(n):.1f}" '
            f'stroke="#ddd" stroke-width="0.5"/><text x="{LEFT - 4}" y="{y(n) + 4:.1f}" '
            f'text-anchor="end" font-size="11" fill="{INK}">{n}</text>'
        )
    every = max(1, len(years) // 10)
    for year in years[::every]:
        parts.append(
            f'<text x="{x(year):.1f}" y="{height - 10}" text-anchor="middle" font-size="11" '
            f'fill="{INK}">{year}</text>'
        )
    if variant.victory:
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + inner_w}" y1="{y(variant.victory):.1f}" '
            f'y2="{y(variant.victory):.1f}" stroke="#c0392b" stroke-dasharray="3 3"/>'
        )
    shown = styles(variant)
    labels = _spread(
        sorted((y(counts[-1][1].get(x.name, 0)), x.name) for x in variant.powers), 12.0
    )
    for power in variant.powers:
        style = shown[power.name]
        points = [(x(yr), y(c.get(power.name, 0))) for yr, c in counts]
        dash = DASHES.get(style.ring, "")
        last = counts[-1][1].get(power.name, 0)
        line = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        dots = "".join(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.6" fill="{style.colour}"/>'
            for px, py in points
        )
        parts.append(
            f'<g class="line" data-power="{escape(power.name)}"><polyline points="{line}" '
            f'fill="none" stroke="{style.colour}" stroke-width="2.2"'
            + (f' stroke-dasharray="{dash}"' if dash else "")
            + f'/>{dots}<text x="{LEFT + inner_w + 6}" y="{labels[power.name] + 4:.1f}" '
            f'font-size="11" fill="{INK}">{escape(power.name)} {last}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _spread(wanted: list[tuple[float, str]], gap: float) -> dict[str, float]:
    """Labels at their lines' ends (y, name; sorted by y), moved apart to `gap` at least:
    powers with the same count get one label each, one under the other."""
    out: dict[str, float] = {}
    last = -1e9
    for at, name in wanted:
        at = max(at, last + gap)
        out[name] = at
        last = at
    return out
