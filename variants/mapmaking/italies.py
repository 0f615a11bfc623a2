"""Machfive's board (issue 33): five Italies round a shared Florence, drawn as a star.

The board is on no real ground. Each Italy is the real one's south (Rome and Perugia to
Otranto) with its own quirks: its Lavoro reaches the Urbino of the Italy before it, its
Ancona and Capitanata both face the Bay of the Italy after it, and the island between two
Italies is each one's. No copy of the real map can be bent to that, so each Italy is drawn
by construction: a peninsula pointing out from Florence and its five fortresses, its
provinces in bands from the base (Rome, Perugia, Urbino) to the tip (Otranto), with the
sea between two peninsulas (the Bay, the Gulf of Naples and the Strait on one side, the
Upper and Lower Adriatic on the other, the island in the middle), the Ionian Seas in a ring
round the tips and the Mediterranean, which the board says encircles the whole map,
round that. Walking out along a peninsula, its Tyrrhenian coast is on the right, as on the
real Italy; the Italies are numbered counterclockwise from the top, so that each one's
Adriatic faces the next one's Tyrrhenian.

Every pair of provinces that the regions show as neighbours is one (no four regions meet
at a point); each Capitanata's border with the next Italy's Bay cannot be shown as well
(Ancona, Capitanata, the Bay and the Upper Adriatic all border each other, and the rest
of the board joins all four), so it is a link. `made_exact` would pull apart strangers
that came near (none do) and finds the borders to link; `python -m variants.mapmaking
machfive` writes the file. Needs shapely (the `mapmaking` extra).
"""

from __future__ import annotations

import math
from dataclasses import replace

from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, unary_union

from ..model import Variant
from ..places import Geometry, Link, Place
from .derived import made_exact, region

SIZE = 976  # the picture's side; Florence in the middle
ITALY = 72  # degrees of the circle each Italy takes

# Each province of an Italy as pieces (inner radius, outer radius, angle from, angle to):
# the angles in degrees from the middle of its Italy, positive clockwise (toward the
# Tyrrhenian side, and the Italy before it). A piece may reach into the next Italy's part
# (Urbino, the Upper Adriatic...).
BANDS: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    "fortress": ((56, 116, -36, 36),),
    "ro": ((116, 200, 6, 26),),
    "pe": ((116, 200, -16, 6),),
    "ur": ((116, 200, -46, -16),),
    "la": ((200, 262, 0, 32),),
    "an": ((200, 262, -29, 0),),
    "bay": ((200, 262, 32, 43), (262, 292, 26, 36)),
    "na": ((262, 325, 8, 26),),
    "ca": ((262, 325, -25, 8),),
    "gulf": ((292, 325, 26, 36), (325, 355, 20, 36)),
    "ua": ((262, 325, -36, -25), (325, 355, -36, -18)),
    "pr": ((325, 385, 2, 20),),
    "ba": ((325, 385, -18, 2),),
    "strait": ((355, 385, 20, 28), (385, 428, 12, 28)),
    "island": ((355, 428, 28, 44),),
    "la_sea": ((355, 385, -28, -18), (385, 428, -28, -12)),
    "ot": ((385, 428, -12, 12),),
    "ionian": ((428, 476, -36, 36),),
}
# The angles (of each Italy's part of the circle) where arcs have a point: every STEP
# degrees and every piece's end, so that two pieces meeting along an arc share its points.
STEP = 3
_STOPS = {a % ITALY for pieces in BANDS.values() for p in pieces for a in p[2:]} | set(
    range(0, ITALY, STEP)
)
FLORENCE = 56  # Florence's radius
OWN_NAMES = {
    "bay": ("fb", "sb", "tb", "ob", "ib"),
    "gulf": ("fgn", "sgn", "tgn", "ogn", "ign"),
    "ua": ("ua1", "sua", "tua", "oua", "iua"),
    "la_sea": ("fla", "sla", "tla", "ola", "ila"),
    "strait": ("ssa", "ssi", "sco", "sel", "sma"),
    "island": ("sar", "sic", "cor", "elb", "mal"),
    "ionian": ("fis", "sis", "tis", "ois", "iis"),
    "fortress": ("are", "bol", "luc", "pis", "sie"),  # the one at each Italy's Rome
}


def machfive(variant: Variant) -> Geometry:
    """The board as a star of five Italies (the module's docstring), made exact."""
    regions: dict[str, BaseGeometry] = {}
    places: dict[str, Place] = {}
    for k in range(5):
        for part, pieces in BANDS.items():
            abbr = _names(part)[k]
            regions[abbr] = unary_union([_piece(k, *p) for p in pieces]).buffer(0)
            places[abbr] = _place(abbr, _middle(k, pieces), variant)
    middle = SIZE / 2
    regions["flo"] = Point(middle, middle).buffer(FLORENCE, quad_segs=32)
    frame = Polygon([(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])
    rim = Polygon([_at(0, a, BANDS["ionian"][0][1]) for a in range(360)])
    regions["med"] = frame.difference(rim)
    for abbr in ("flo", "med"):
        places[abbr] = _place(abbr, polylabel(regions[abbr]).coords[0], variant)
    made = made_exact(variant, regions, places, SIZE, SIZE)
    # The links made_exact draws join each Capitanata and the next Bay at their nearest
    # points, a short line over the corner where Ancona and the Upper Adriatic meet; drawn
    # instead straight across the Upper Adriatic alone, a bridge one sees from end to end.
    bridges = {frozenset((b.a, b.b)): b for b in map(_bridge, range(5))}
    assert set(bridges) == {frozenset((link.a, link.b)) for link in made.links}
    made = replace(made, links=tuple(bridges.values()))
    # No two strangers came near enough to be cut apart, so the regions still cover the
    # picture and no land of no province shows: its rings, the regions' again, go.
    covered = sum(region(p.rings).area for p in made.places.values())
    return replace(made, unnamed=()) if covered > 0.999 * SIZE * SIZE else made


def _bridge(k: int) -> Link:
    """The link from the Capitanata of the Italy before Italy `k` to its Bay, across the
    Upper Adriatic between them: from well inside the Capitanata to the middle of the
    Bay's outer piece."""
    inner, outer, start, _ = BANDS["bay"][1]
    capitanata = _at(k, BANDS["ca"][0][2] + ITALY + 5, outer)
    bay = _at(k, start + 6, (inner + outer) / 2)
    points = tuple((round(x), round(y)) for x, y in (capitanata, bay))
    return Link(_names("ca")[k - 1], _names("bay")[k], points)


def _names(part: str) -> tuple[str, ...]:
    """The part's province in each of the five Italies: the land by its ordinal (ro1...),
    the seas, islands and fortresses by the board's own names."""
    return OWN_NAMES.get(part) or tuple(f"{part}{n}" for n in range(1, 6))


def _piece(k: int, inner: int, outer: int, start: int, end: int) -> Polygon:
    """The annular sector of Italy `k` between two radii and two angles."""
    lo, hi = min(start, end), max(start, end)
    arc = [a for a in range(lo, hi + 1) if a in (lo, hi) or a % ITALY in _STOPS]
    outer_arc = [_at(k, a, outer) for a in arc]
    inner_arc = [_at(k, a, inner) for a in reversed(arc)]
    return Polygon(outer_arc + inner_arc)


def _at(k: int, angle: float, radius: float) -> tuple[float, float]:
    """Where (angle, radius) of Italy `k` is: Italy 0 points up, the others follow
    counterclockwise; the angle is clockwise from the Italy's middle."""
    turn = math.radians(angle - ITALY * k)
    middle = SIZE / 2
    return (middle + radius * math.sin(turn), middle - radius * math.cos(turn))


def _middle(k: int, pieces: tuple[tuple[int, int, int, int], ...]) -> tuple[float, float]:
    """The middle of a province's largest piece (the point farthest inside it would be
    anywhere along an Ionian Sea's arc, not in its middle)."""
    inner, outer, start, end = max(pieces, key=lambda p: (p[1] ** 2 - p[0] ** 2) * (p[3] - p[2]))
    centroid = 2 / 3 * (outer**3 - inner**3) / (outer**2 - inner**2)  # where it is wider
    return _at(k, (start + end) / 2, centroid)


def _place(abbr: str, at: tuple[float, float], variant: Variant) -> Place:
    """The name above; the unit and its city side by side under it (a fleet at sea under
    the name)."""
    x, y = at
    province = variant.provinces[abbr]
    if not (province.income or province.fortress):
        unit = (round(x), round(y + 8))
        return Place(abbr, (), unit, (round(x), round(y - 12)), {}, unit)
    return Place(
        abbr, (), (round(x - 12), round(y + 8)), (round(x), round(y - 14)), {},
        (round(x + 14), round(y + 8)),
    )  # fmt: skip
