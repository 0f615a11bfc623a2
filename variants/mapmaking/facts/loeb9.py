"""Loeb9's board on real ground (info.loeb9): the standard board (facts/standard.py) with
Spain in four (Navarre the north from Galicia to the Basque coast, Madrid the middle,
Catalonia the east from the Pyrenees to Valencia, Cordoba the south), Iceland, Ireland,
Corsica, Sardinia and Sicily made provinces, St Petersburg's eastern half Siberia and
Moscow's Kazakz, and the Arctic Ocean along the map's top, reaching down to Siberia's
shore in the north-east. The frame reaches two degrees further north than the standard
board's to make room for it. The armies' crossings (Cordoba to North Africa, Naples to
Sicily) are drawn as links; the Strait of Gibraltar and the Strait of Bonifacio are
widened so that the shores across them do not meet.

As milan does, it mends the standard picture's own false borders: Norway holds its necks
at Narvik and Lyngen and the Varangerfjord's shore, and Edinburgh's west is Clyde's.
"""

from __future__ import annotations

from . import standard as std

FRAME = (-22.0, 28.5, 49.0, 78.0)
CENTRE_LON = std.CENTRE_LON
PARALLELS = std.PARALLELS
MIDDLE = std.MIDDLE
MAGNIFY = std.MAGNIFY
UNNAMED = std.UNNAMED

_NOT_ISLANDS = {
    (8.4, 41.3, 9.7, 43.1),  # Corsica
    (8.0, 38.8, 10.0, 41.3),  # Sardinia
    (12.3, 36.5, 15.8, 38.4),  # Sicily
    (-8.3, 53.9, -5.3, 55.5),  # Northern Ireland
}
ISLANDS = (
    *(box for box in std.ISLANDS if box not in _NOT_ISLANDS),
    (10.0, 74.0, 35.0, 81.0),  # Svalbard and Bear Island
    (50.0, 70.0, 70.0, 78.0),  # Novaya Zemlya
)

BLOCKS = {
    **std.BLOCKS,
    "britain": (std.BLOCKS["britain"][0], (*std.BLOCKS["britain"][1], "ire")),
    "ireland": (("Ireland",), ("ire",)),
    "iceland": (("Iceland",), ("ice",)),
    "iberia": (("Spain", "Andorra", "Gibraltar"), ("nav", "mad", "cat", "cor")),
    "france": (std.BLOCKS["france"][0], (*std.BLOCKS["france"][1], "crs")),
    "italy": (std.BLOCKS["italy"][0], (*std.BLOCKS["italy"][1], "sar", "sic")),
    "europe": (std.BLOCKS["europe"][0], (*std.BLOCKS["europe"][1], "sib", "kaz")),
}

_GONE = ("spa",)
PLACES = {
    **{abbr: places for abbr, places in std.PLACES.items() if abbr not in _GONE},
    # Spain in four.
    "nav": ((-1.64, 42.8), (-2.95, 43.26), (-1.98, 43.3), (-5.85, 43.36), (-8.5, 42.9),
            (-3.8, 43.4), (-7.6, 42.0), (-4.7, 42.6), (-6.5, 42.5), (-8.0, 43.4)),
    "mad": ((-3.7, 40.4), (-4.7, 41.65), (-2.1, 40.1), (-5.7, 40.9), (-3.7, 41.8),
            (-6.4, 39.5), (-4.0, 39.5)),
    "cat": ((2.17, 41.39), (-0.9, 41.65), (0.62, 41.6), (2.8, 42.0), (-0.38, 39.47),
            (-0.4, 42.6), (1.5, 42.4), (0.3, 40.5), (-0.5, 38.35)),
    "cor": ((-4.78, 37.88), (-6.0, 37.4), (-3.6, 37.2), (-1.1, 38.0), (-5.4, 36.2),
            (-6.3, 36.6), (-2.5, 37.0), (-4.0, 38.3)),
    # The islands.
    "ice": ((-19.0, 64.9),),
    "ire": ((-7.5, 53.4), (-6.3, 54.6), (-7.0, 54.8), (-9.0, 52.5), (-6.5, 52.6)),
    "crs": ((9.1, 42.1),),
    "sar": ((9.0, 40.0),),
    "sic": ((14.0, 37.5), (13.4, 38.1), (15.4, 38.1), (15.0, 37.2), (12.6, 37.8)),
    # Russia: St Petersburg's west and Moscow's west; Siberia and Kazakz east of them.
    "stp": ((31.6, 59.9), (30.3, 59.9), (33.0, 62.5), (33.0, 66.5), (36.0, 68.0), (31.0, 68.8),
            (29.0, 61.5), (28.5, 59.0), (35.5, 64.5)),
    "sib": ((45.0, 64.0), (40.5, 64.5), (44.0, 61.0), (48.0, 66.5), (52.0, 64.0),
            (56.0, 67.0), (62.0, 66.0), (42.0, 62.5), (50.0, 60.5), (47.5, 58.8),
            (60.0, 62.0), (40.0, 61.0)),
    "mos": ((37.6, 55.8), (33.0, 54.0), (29.5, 54.0), (27.5, 53.6), (36.5, 52.5),
            (35.0, 58.0), (40.0, 58.5), (41.0, 56.5), (39.5, 53.5)),
    "kaz": ((49.1, 55.8), (45.0, 55.0), (47.0, 57.0), (48.0, 53.0), (44.0, 53.5),
            (52.0, 55.0), (56.0, 56.0), (54.0, 52.5)),
    "sev": (*std.PLACES["sev"], (48.0, 49.5)),
    # Vienna's Morava shore, so that Budapest does not come near Bohemia.
    "vie": (*std.PLACES["vie"], (17.3, 48.6), (17.6, 49.0)),
    # Seas: the Irish Sea all round Ireland's south and east, the North Atlantic its west
    # and north; the Gulf of Lyons round the Strait of Bonifacio's west.
    "iri": (*std.PLACES["iri"], (-8.0, 51.3), (-9.8, 51.2)),
    "nao": (*std.PLACES["nao"], (-11.5, 52.5), (-11.0, 54.5), (-25.0, 66.0)),
    "nwg": (*std.PLACES["nwg"], (-12.0, 67.5)),
    # Edinburgh's west is Clyde's, its Solway shore Liverpool's (as milan).
    "edi": (*(p for p in std.PLACES["edi"] if p not in ((-4.2, 58.5), (-2.6, 55.4))),
            (-3.5, 58.55), (-2.5, 55.6), (-3.55, 56.5)),
    "cly": (*std.PLACES["cly"], (-4.6, 58.5), (-4.75, 57.95), (-4.6, 57.75), (-4.6, 56.9)),
    "lvp": (*std.PLACES["lvp"], (-3.6, 55.1), (-3.0, 55.1)),
}  # fmt: skip

FILLS = std.FILLS

# The Arctic Ocean: the top of the map (slices of ten degrees, each down to where the
# picture is 24 units deep), and down to Siberia's shore east of the Pechora.
_TOP = ((-40, 67.5), (-30, 69.3), (-20, 70.6), (-10, 71.4), (0, 72.0), (10, 72.3),
        (20, 72.3), (30, 72.0), (40, 71.4), (50, 70.3), (60, 68.8), (70, 66.5), (80, 62.9),
        (90, 57.6))  # fmt: skip
CARVE = {
    "arc": tuple((lon, lat, lon + 10, 89.0) for lon, lat in _TOP),
    "wes": ((-6.0, 35.75, -5.3, 36.1),),  # the Strait of Gibraltar
    "tys": ((8.8, 41.1, 9.6, 41.45),),  # the Strait of Bonifacio
}

GRAB = {"nwy": ((15.5, 66.7, 17.6, 68.5), (17.0, 67.8, 19.5, 69.0), (19.5, 68.9, 21.5, 69.6),
                (25.5, 69.3, 30.0, 70.3))}  # fmt: skip

COASTS = {k: v for k, v in std.COASTS.items() if k != "spa"}

# The armies' crossings (info.loeb9): Cordoba to North Africa, Naples to Sicily.
LINKS = (
    ("cor", "naf", ((-5.6, 36.55), (-5.45, 35.3))),
    ("nap", "sic", ((16.1, 38.6), (14.7, 37.9))),
)

# The islands' names on them, not at their straits.
LABELS = {"crs": (9.1, 42.3), "sar": (9.0, 40.2), "sic": (14.2, 37.6), "ice": (-18.5, 65.0)}
