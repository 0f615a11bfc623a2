"""Milan's board on real ground: the standard board (facts/standard.py) with northern Italy
redrawn as info.milan says. Milan, a new province, lies between the former Piedmont and
Venice: Lombardy, and Emilia over to the Apennines, so that it meets Rome; it has no
coast. Savoy, the former Piedmont, keeps Liguria's coast and reaches north-west over the
Alps into Savoie, to meet Burgundy as well as Marseilles; Rome takes in all of Tuscany.

Where the standard board's own picture shows a border its adjacencies do not have, this
one mends it: Norway holds its narrow neck at Narvik and the shore of the Varangerfjord
(so Sweden does not meet the Norwegian Sea, nor Finland the Barents Sea), the Strait of
Gibraltar is widened (North Africa and Spain do not meet), and Edinburgh's share of
Scotland's north coast and of the Solway is given to Clyde and Liverpool (Edinburgh meets
neither the North Atlantic nor the Irish Sea).
"""

from __future__ import annotations

from . import standard as std

FRAME = std.FRAME
CENTRE_LON = std.CENTRE_LON
PARALLELS = std.PARALLELS
MIDDLE = std.MIDDLE
MAGNIFY = std.MAGNIFY
UNNAMED = std.UNNAMED
ISLANDS = std.ISLANDS
FILLS = std.FILLS

BLOCKS = {
    **std.BLOCKS,
    "france": (std.BLOCKS["france"][0], (*std.BLOCKS["france"][1], "sav")),
    "italy": (std.BLOCKS["italy"][0], ("sav", "mil", "ven", "rom", "apu", "nap")),
}

_GONE = ("pie", "tus")
PLACES = {
    **{abbr: places for abbr, places in std.PLACES.items() if abbr not in _GONE},
    # Savoy: Piedmont and Liguria, and Savoie over the Alps.
    "sav": ((7.7, 45.1), (7.4, 45.8), (8.6, 44.6), (8.9, 44.45), (8.0, 44.1), (7.5, 44.4),
            (9.5, 44.25), (6.4, 45.5), (6.4, 46.0), (6.9, 45.4)),
    # Milan: Lombardy and Emilia.
    "mil": ((9.75, 45.35), (9.2, 45.5), (9.8, 46.2), (10.25, 46.45), (10.0, 45.1), (10.3, 44.75),
            (10.9, 44.6), (9.7, 45.0), (8.8, 45.8)),
    # Rome with Tuscany.
    "rom": (*std.PLACES["rom"], (11.2, 43.6), (10.4, 43.5), (10.2, 44.05), (11.6, 43.0)),
    # The Gulf of Lyons reaches round the Ligurian Sea to Tuscany, so that Savoy's coast is
    # all on it, as the board has it (Savoy is no neighbour of the Tyrrhenian Sea).
    "lyo": (*std.PLACES["lyo"], (9.6, 43.9), (9.3, 43.4)),
    "mar": tuple(p for p in std.PLACES["mar"] if p != (6.4, 45.4)),
    "edi": (*(p for p in std.PLACES["edi"] if p not in ((-4.2, 58.5), (-2.6, 55.4))),
            (-3.5, 58.55), (-2.5, 55.6)),
    "cly": (*std.PLACES["cly"], (-4.6, 58.5), (-4.2, 57.9), (-4.6, 57.75), (-4.6, 56.9)),
    "lvp": (*std.PLACES["lvp"], (-3.6, 55.1), (-3.0, 55.1)),
}  # fmt: skip

# The Strait of Gibraltar widened, as youngstown's is.
CARVE = {"wes": ((-6.0, 35.75, -5.3, 36.1),)}

# Norway's neck from Bodo to Narvik, the end of the Lyngen fjord and the Varangerfjord's
# shore.
GRAB = {
    "nwy": (
        (15.5, 66.7, 17.6, 68.5),
        (17.0, 67.8, 19.5, 69.0),
        (19.5, 68.9, 21.5, 69.6),
        (25.5, 69.3, 30.0, 70.3),
    )
}

COASTS = std.COASTS
