"""The colours of the board's pictures.

Seven power colours, chosen (by a search over the sRGB cube, kept in the traditional
families of the board: England navy, France sky blue, Germany black, Italy green, Austria
red, Russia purple, Turkey yellow) so that every pair stays at least 20 CIEDE2000 apart for a
reader with normal vision, with protanopia and with deuteranopia, and at least 13 L* apart
printed in grey (tests/test_picture_palette.py checks it). A grey page shows no more than
about seven lightnesses apart, so a variant with more powers repeats the colours and tells
each round of seven apart by the outline of its markers (`Style.ring`): solid, double, dashed,
dotted, heavy.
"""

from __future__ import annotations

from dataclasses import dataclass

from variants import AUTONOMOUS, Variant

POWER_COLOURS = (
    "#002288",  # navy
    "#55ccff",  # sky blue
    "#111111",  # black
    "#55aa88",  # green
    "#992211",  # red
    "#8866bb",  # purple
    "#eeee55",  # yellow
)
# The standard board's powers in their traditional colours.
TRADITIONAL = {
    "England": 0,
    "France": 1,
    "Germany": 2,
    "Italy": 3,
    "Austria": 4,
    "Russia": 5,
    "Turkey": 6,
}
# A power named for a colour (chromatic's) in that colour: a "Red" drawn green misleads.
NAMED = {"Blue": 0, "Light": 1, "Dark": 2, "Black": 2, "Green": 3, "Red": 4, "Purple": 5,
         "Yellow": 6}  # fmt: skip
RINGS = ("solid", "double", "dashed", "dotted", "heavy")
# A board of ten powers or more gives each power's markers a pattern too, one for each
# colour of a round (marks.py draws them), so that the pattern and the outline together
# tell every power apart without its colour.
PATTERNS = ("plain", "stripes", "bars", "slash", "backslash", "grid", "ring")
PATTERNED = 10  # powers, from which on the markers are patterned

LAND = "#efe6cf"
SEA = "#a2bac0"  # chosen so that every power colour stays 14 CIEDE2000 from it (France too)
IMPASSABLE = "#c9c2b2"
BORDER = "#6b6255"
COAST = "#4d6a80"
INK = "#222222"
FAILED = "#c0392b"
GREY = "#a3a3a3"  # Machiavelli's autonomous units and cities
CASING = "#333333"  # round a light order line
LINK = "#7a5a3a"  # a link's casing: a bridge between neighbours that do not touch


@dataclass(frozen=True, slots=True)
class Style:
    colour: str
    ring: str  # how its markers are outlined: one of RINGS
    ink: str  # the colour of a letter written on it
    pattern: str = "plain"  # what is drawn inside its markers: one of PATTERNS

    @property
    def key(self) -> int:
        return POWER_COLOURS.index(self.colour) + len(POWER_COLOURS) * RINGS.index(self.ring)


def styles(variant: Variant) -> dict[str, Style]:
    """Each power's colour and outline: the traditional colour for a power of the standard
    board's name (or, on a board without them, the colour a power is named for), the
    others in the variant's order from the colours left."""
    fixed = {**TRADITIONAL}
    if not any(p.name in TRADITIONAL for p in variant.powers):
        fixed = {name: i for name, i in NAMED.items()}
    taken = {fixed[p.name] for p in variant.powers if p.name in fixed}
    free = [i for i in range(len(POWER_COLOURS)) if i not in taken]
    out: dict[str, Style] = {}
    k = 0
    for power in variant.powers:
        if power.name in fixed:
            index = fixed[power.name]
        elif free:
            index = free.pop(0)
        else:
            index = len(POWER_COLOURS) + k
            k += 1
        colour = POWER_COLOURS[index % len(POWER_COLOURS)]
        ring = RINGS[min(index // len(POWER_COLOURS), len(RINGS) - 1)]
        pattern = "plain"
        if len(variant.powers) >= PATTERNED:
            pattern = PATTERNS[index % len(PATTERNS)]
        out[power.name] = Style(colour, ring, ink_on(colour), pattern)
    if variant.is_machiavelli:
        out[AUTONOMOUS] = Style(GREY, "solid", INK)
    return out


def ink_on(colour: str) -> str:
    """The colour of a letter written on `colour`: white on a dark one, ink on a light one."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if 0.299 * r + 0.587 * g + 0.114 * b < 140 else INK


PALE = 0.6  # how much of its colour a failed order keeps, mixed with white
TINT = 0.22  # how much of its colour a province a power controls takes, on the land


def mix(colour: str, ground: str, share: float) -> str:
    """`share` of `colour` over the rest of `ground`."""
    a = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    b = (int(ground[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(
        f"{round(share * x + (1 - share) * y):02x}" for x, y in zip(a, b, strict=True)
    )


def tint(colour: str) -> str:
    """The land of a province the power of `colour` controls (Machiavelli)."""
    return mix(colour, LAND, TINT)


def pale(colour: str) -> str:
    """`colour` paler: PALE of it, the rest white (a failed order)."""
    return mix(colour, "#ffffff", PALE)
