"""The standard board's geography as public facts, for drawing its picture from Natural
Earth's coastlines and borders (realmap.py).

Each province is a set of places (longitude, latitude) that lie in it on the classic board:
the cities it is named for and the regions it spans, with more places where its borders
need shaping. A block is the land of some of today's countries; within it, each piece of
land goes to the province of the nearest place. So a border between blocks follows a real
frontier (the Pyrenees, the Alps, the Danube between Serbia and Rumania) and a border
within a block runs halfway between two provinces' places (Paris and Burgundy, Prussia and
Warsaw), as the board's own borders, drawn before any of today's, do.
"""

from __future__ import annotations

# The board's frame: west, south, east, north, in degrees, and the projection's centre.
FRAME = (-22.0, 28.5, 49.0, 76.0)
CENTRE_LON = 13.0
PARALLELS = (40.0, 62.0)
# The board's middle is drawn larger than its edges, as on the printed board, so that the
# crowded provinces of central Europe have room: a radial magnifier about this place,
# `MAGNIFY` times at its centre (Sarkar and Brown's fisheye), the frame's corners fixed.
MIDDLE = (7.0, 51.0)
MAGNIFY = 1.7

# Land of no province: drawn as land, entered by nobody (its places take land in its block;
# a country in no block is all of it).
UNNAMED = "*"

# block name -> (today's countries, provinces whose places divide it)
BLOCKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "britain": (("United Kingdom", "Isle of Man"), ("cly", "edi", "lvp", "yor", "wal", "lon")),
    "ireland": (("Ireland",), ("*",)),
    "iberia": (("Spain", "Andorra", "Gibraltar"), ("spa", "naf")),
    "portugal": (("Portugal",), ("por",)),
    "france": (("France", "Monaco"), ("bre", "pic", "par", "bur", "gas", "mar")),
    "belgium": (("Belgium", "Luxembourg"), ("bel",)),
    "holland": (("Netherlands",), ("hol",)),
    "switzerland": (("Switzerland", "Liechtenstein"), ("swi",)),
    "denmark": (("Denmark",), ("den",)),
    "italy": (("Italy", "San Marino", "Vatican"), ("pie", "ven", "tus", "rom", "apu", "nap")),
    "norway": (("Norway",), ("nwy",)),
    "sweden": (("Sweden",), ("swe",)),
    "finland": (("Finland", "Aland"), ("fin", "nwy")),
    "bohemia": (("Czechia",), ("boh",)),
    "albania": (("Albania",), ("alb",)),
    "balkans": (
        ("Greece", "Bulgaria", "North Macedonia", "Republic of Serbia", "Kosovo", "Montenegro",
         "Bosnia and Herzegovina", "Croatia", "Slovenia"),
        ("gre", "bul", "ser", "tri"),
    ),
    "europe": (
        ("Germany", "Poland", "Austria", "Slovakia", "Hungary", "Romania", "Moldova", "Ukraine",
         "Belarus", "Lithuania", "Latvia", "Estonia", "Russia", "Kazakhstan"),
        ("kie", "ber", "pru", "sil", "mun", "ruh", "vie", "tyr", "bud", "gal", "war", "ukr",
         "mos", "lvn", "stp", "sev", "rum"),
    ),
    "anatolia": (
        ("Turkey", "Georgia", "Armenia", "Azerbaijan", "Iran"),
        ("con", "ank", "smy", "arm"),
    ),
    "levant": (
        ("Syria", "Lebanon", "Israel", "Palestine", "Jordan", "Iraq", "Saudi Arabia"),
        ("syr", "*"),
    ),
    "maghreb": (("Morocco", "Algeria", "Western Sahara"), ("naf",)),
    "tunisia": (("Tunisia",), ("tun",)),
}  # fmt: skip

# Islands the board leaves to nobody, though their country has provinces: (west, south,
# east, north) boxes; land wholly inside one is unnamed.
ISLANDS = (
    (8.4, 41.3, 9.7, 43.1),  # Corsica
    (8.0, 38.8, 10.0, 41.3),  # Sardinia
    (12.3, 36.5, 15.8, 38.4),  # Sicily
    (1.1, 38.5, 4.5, 40.2),  # the Balearics
    (23.3, 34.7, 26.5, 35.8),  # Crete
    (-8.3, 53.9, -5.3, 55.5),  # Northern Ireland
    (-4.9, 54.0, -4.2, 54.5),  # Man
    (26.0, 35.0, 28.5, 37.5),  # the Dodecanese
    (25.7, 36.5, 27.2, 39.6),  # Lesbos, Chios, Samos
    (-18.0, 27.0, -13.0, 30.0),  # the Canaries
)

# Each province's places (longitude, latitude).
PLACES: dict[str, tuple[tuple[float, float], ...]] = {
    # Britain
    "cly": ((-4.4, 56.0), (-5.3, 56.5), (-5.2, 57.5), (-5.0, 58.4), (-6.3, 57.3), (-5.6, 55.5)),
    "edi": ((-3.3, 56.0), (-2.8, 56.6), (-2.3, 57.3), (-3.8, 57.6), (-3.3, 58.5), (-2.6, 55.4),
            (-4.2, 58.5), (-4.3, 57.4)),
    "lvp": ((-2.9, 53.6), (-2.7, 54.3), (-3.2, 54.9), (-2.3, 53.6), (-4.4, 55.0)),
    "yor": ((-1.1, 54.0), (-1.5, 54.7), (-0.6, 53.6), (-1.6, 53.4)),
    "wal": ((-3.8, 52.4), (-3.4, 51.6), (-2.5, 52.4), (-4.6, 50.5), (-3.6, 50.8), (-2.2, 51.6)),
    "lon": ((-0.1, 51.5), (0.9, 52.2), (-1.0, 51.2), (1.2, 52.8), (-1.0, 52.0)),
    # Iberia and France
    "spa": ((-3.7, 40.4),),
    "por": ((-8.6, 39.6),),
    "bre": ((-3.5, 48.2), (-1.5, 48.5), (-1.6, 49.3), (-0.4, 49.0), (-2.0, 47.6)),
    "pic": ((2.3, 49.9), (1.1, 49.8), (3.0, 50.5), (3.3, 49.5)),
    "par": ((2.3, 48.8), (1.2, 48.0), (2.5, 47.4), (0.5, 47.3)),
    "bur": ((4.8, 47.3), (5.2, 48.6), (6.5, 48.5), (5.9, 46.8), (4.5, 46.3), (4.0, 48.0),
            (7.5, 48.3)),
    "gas": ((-0.6, 44.8), (0.4, 43.6), (1.2, 45.5), (-0.9, 46.2), (2.4, 44.5), (0.5, 46.5)),
    "mar": ((5.4, 43.5), (3.9, 43.6), (6.3, 43.9), (6.2, 44.7), (2.9, 42.7), (4.8, 44.4),
            (6.4, 45.4), (5.6, 45.4)),
    # The Low Countries, the Alps, Scandinavia
    "bel": ((4.4, 50.8),),
    "hol": ((5.3, 52.2),),
    "swi": ((8.2, 46.8),),
    "den": ((9.5, 56.0),),
    "nwy": ((10.7, 60.5), (26.5, 69.6), (25.0, 69.4)),
    "swe": ((15.5, 60.0),),
    "fin": ((25.0, 62.5), (25.5, 65.0), (26.0, 67.5), (23.5, 67.5)),
    "boh": ((14.5, 49.8),),
    "alb": ((20.0, 41.2),),
    # Italy
    "pie": ((7.7, 45.1), (8.6, 44.6), (7.4, 45.8), (9.2, 45.5), (9.8, 46.2), (10.25, 46.45)),
    "ven": ((11.9, 45.4), (11.2, 45.6), (10.8, 45.1), (11.7, 44.6), (12.3, 46.4), (13.3, 45.9),
            (11.3, 46.5), (12.4, 44.1), (13.4, 43.6), (13.9, 42.9), (12.6, 43.8)),
    "tus": ((11.2, 43.6), (10.4, 43.5), (10.4, 44.2), (11.6, 43.0)),
    "rom": ((12.5, 41.9), (13.4, 41.5), (11.9, 42.4), (12.9, 42.5)),
    "apu": ((16.6, 40.9), (15.6, 41.5), (14.7, 42.0), (17.9, 40.4)),
    "nap": ((14.3, 40.9), (16.1, 39.3), (15.7, 38.3), (15.2, 40.3), (16.4, 38.6)),
    # The Balkans
    "gre": ((22.4, 39.3), (21.7, 37.6), (23.7, 38.0), (21.4, 40.3), (22.9, 40.6)),
    "bul": ((25.3, 42.7), (23.3, 42.7), (27.5, 42.5), (25.0, 41.3), (26.2, 41.0), (24.0, 41.4),
            (27.0, 43.5)),
    "ser": ((20.5, 44.0), (21.0, 42.6), (21.9, 43.3), (19.8, 45.2), (21.4, 41.7), (20.9, 41.3)),
    "tri": ((13.8, 45.6), (15.9, 45.8), (17.5, 44.2), (15.9, 43.5), (19.2, 42.6), (18.4, 43.9),
            (14.7, 46.1), (16.8, 45.4)),
    # Central and eastern Europe
    "kie": ((10.0, 54.3), (9.5, 53.5), (8.8, 53.1), (9.9, 52.4), (10.7, 53.9), (9.3, 54.8),
            (7.5, 53.2), (10.3, 51.3), (9.7, 50.7)),
    "ber": ((13.4, 52.5), (12.5, 53.3), (14.3, 53.5), (12.3, 52.1), (11.7, 53.8)),
    "pru": ((20.5, 54.7), (18.6, 54.3), (16.5, 54.2), (21.5, 53.8), (15.2, 53.8), (22.5, 54.8),
            (19.5, 53.6)),
    "sil": ((17.0, 51.1), (15.5, 51.5), (18.5, 50.4), (16.2, 50.6), (17.7, 52.0), (14.7, 52.4)),
    "mun": ((11.6, 48.1), (10.0, 48.5), (9.2, 48.8), (12.1, 49.0), (10.9, 47.6), (11.3, 49.7),
            (12.5, 50.6), (13.0, 48.3), (8.3, 49.4), (11.0, 50.5)),
    "ruh": ((7.2, 51.4), (6.8, 50.4), (8.5, 51.9), (7.1, 49.3), (7.0, 52.0), (8.0, 50.5),
            (8.8, 51.0)),
    "vie": ((16.4, 48.2), (15.5, 47.2), (15.3, 48.5), (16.2, 47.0), (17.6, 48.7), (17.9, 48.9)),
    "tyr": ((11.4, 47.3), (12.9, 47.6), (13.6, 46.9), (10.2, 47.1), (14.0, 48.3)),
    "bud": ((19.0, 47.5), (21.6, 47.5), (20.8, 46.2), (17.5, 46.9), (18.8, 48.6), (21.3, 48.6),
            (17.5, 48.1), (23.4, 47.8), (22.5, 46.7)),
    "gal": ((24.0, 49.8), (20.0, 50.0), (22.0, 49.9), (25.9, 48.9), (19.9, 49.4), (26.0, 50.5),
            (24.3, 48.3), (18.8, 49.75)),
    "war": ((21.0, 52.2), (19.5, 51.7), (23.2, 52.9), (24.5, 51.7), (25.5, 52.8), (22.5, 51.2),
            (18.6, 52.8), (20.5, 53.0)),
    "ukr": ((30.5, 50.5), (28.5, 49.5), (32.0, 49.2), (35.5, 50.0), (29.0, 51.5), (27.5, 48.8),
            (34.0, 51.7), (38.0, 49.8), (33.5, 48.6)),
    "mos": ((37.6, 55.8), (33.0, 54.0), (29.5, 54.0), (41.0, 56.5), (44.0, 54.0), (40.0, 59.0),
            (45.0, 58.0), (27.5, 53.6), (36.5, 52.5), (35.0, 58.0), (44.0, 61.0)),
    "lvn": ((24.1, 56.9), (25.5, 58.5), (23.0, 55.5), (26.5, 57.8), (27.5, 56.0), (25.0, 54.7),
            (29.0, 57.5)),
    "stp": ((31.6, 59.9), (30.3, 59.9), (33.0, 62.5), (33.0, 66.5), (36.0, 68.0), (31.0, 68.8),
            (29.0, 61.5), (28.5, 59.0), (40.0, 66.0), (45.0, 66.0), (38.0, 63.0)),
    "sev": ((34.2, 45.0), (33.5, 44.6), (39.7, 47.2), (41.0, 45.0), (44.5, 44.0), (38.5, 45.5),
            (44.0, 48.0), (42.0, 51.0), (46.5, 51.0), (30.7, 46.5), (32.3, 46.8), (35.5, 47.0),
            (30.0, 46.0)),
    "rum": ((26.1, 44.6), (27.5, 47.2), (28.5, 45.0), (24.5, 44.3), (28.8, 47.0), (22.8, 44.6),
            (26.7, 45.9)),
    # Anatolia, the Levant, Africa
    "con": ((28.9, 41.0), (27.0, 41.5), (29.9, 40.7), (27.6, 40.3), (30.5, 41.1), (26.6, 40.8),
            (31.2, 40.3)),
    "ank": ((32.9, 39.9), (34.5, 41.4), (36.3, 41.3), (33.0, 41.2), (37.5, 40.6), (31.6, 41.0),
            (35.3, 39.7)),
    "smy": ((27.1, 38.4), (28.5, 37.5), (30.7, 36.9), (33.0, 37.5), (35.3, 37.0), (29.0, 39.0),
            (31.5, 38.5), (34.5, 38.2), (36.5, 36.6)),
    "arm": ((41.0, 39.9), (39.5, 41.0), (43.0, 40.0), (44.5, 40.2), (38.5, 39.0), (43.5, 38.0),
            (42.5, 41.8), (46.0, 39.5), (40.0, 38.0)),
    "syr": ((36.3, 33.5), (37.2, 36.2), (35.8, 34.8), (38.5, 35.5), (40.5, 36.0), (35.2, 32.0),
            (42.0, 35.0), (44.0, 34.0)),
    "naf": ((-1.0, 34.5),),
    "tun": ((9.5, 35.5),),
    # Seas
    "nao": ((-18.0, 55.0), (-14.0, 60.0), (-20.0, 50.0), (-11.5, 55.0), (-10.0, 57.3),
            (-20.0, 62.0), (-13.0, 52.0), (-6.3, 55.6), (-7.5, 57.5)),
    "nwg": ((2.0, 66.0), (-6.0, 64.5), (8.0, 70.0), (-4.0, 70.0), (2.0, 62.5), (10.0, 67.5),
            (14.0, 71.0), (-4.0, 59.4), (-1.0, 61.0), (-5.6, 58.2),
            (-6.0, 58.6)),
    "bar": ((35.0, 72.0), (44.0, 71.0), (25.0, 72.3), (40.0, 69.0)),
    "nth": ((3.0, 56.0), (2.0, 54.0), (4.0, 58.5), (-0.5, 57.0), (5.0, 53.7), (1.5, 52.5),
            (6.8, 56.4), (3.4, 51.8), (1.0, 59.5), (7.6, 56.9)),
    "ska": ((9.5, 57.9), (8.5, 58.2), (10.8, 58.8), (11.3, 57.3)),
    "hel": ((7.5, 54.3), (8.0, 54.9)),
    "bal": ((17.0, 55.5), (19.5, 57.5), (14.0, 54.8), (12.5, 55.2), (21.0, 55.5), (20.0, 59.0)),
    "bot": ((20.0, 62.0), (22.5, 64.5), (23.0, 60.0), (26.0, 59.8), (29.0, 60.1), (19.2, 60.3)),
    "eng": ((-3.0, 49.9), (0.0, 50.3), (-5.5, 49.5), (1.0, 50.5), (2.1, 51.2)),
    "iri": ((-5.3, 53.4), (-6.0, 51.7), (-4.0, 54.2), (-5.0, 52.3)),
    "mao": ((-12.0, 45.0), (-15.0, 38.0), (-8.5, 36.0), (-5.0, 45.5), (-11.0, 41.0),
            (-15.0, 32.0), (-6.0, 35.9), (-3.0, 44.0), (-10.0, 48.5)),
    "wes": ((2.0, 38.5), (-1.5, 36.7), (5.0, 38.0), (7.5, 38.0), (1.5, 37.0), (-3.5, 36.3)),
    "lyo": ((5.0, 42.2), (7.5, 43.2), (3.5, 41.5), (8.5, 42.8)),
    "tys": ((12.0, 40.0), (10.7, 42.5), (13.5, 39.0), (11.5, 38.5), (14.0, 40.5)),
    "ion": ((18.0, 37.0), (20.0, 34.0), (17.5, 39.5), (14.0, 34.0), (12.0, 35.5), (21.5, 37.0),
            (19.3, 39.8), (24.0, 34.0), (16.0, 36.0)),
    "adr": ((15.5, 43.0), (18.0, 41.8), (13.0, 44.5), (14.5, 44.2), (17.0, 42.5), (12.8, 45.5)),
    "aeg": ((25.0, 38.5), (25.0, 40.0), (24.0, 37.0), (26.5, 37.5), (23.5, 39.5), (25.5, 36.0)),
    "eas": ((30.0, 34.5), (33.0, 35.2), (34.5, 33.0), (28.0, 35.5), (31.0, 33.0), (35.5, 36.0)),
    "bla": ((34.0, 43.5), (31.0, 42.5), (38.0, 43.0), (30.0, 44.5), (36.0, 42.0), (40.0, 42.0),
            (32.0, 45.5), (29.0, 43.0), (37.0, 45.0)),
    # Land of no province, so that the provinces beside it do not take it.
    "*": ((-7.5, 53.4), (37.0, 30.5), (39.0, 31.5), (44.0, 31.0), (47.0, 32.0)),
}  # fmt: skip

# Water the board makes land: the Sea of Marmara and the straits are Constantinople's, the
# Danish straits Denmark's (so the Aegean and the Black Sea, the Baltic and the Skagerrak,
# do not meet).
FILLS: dict[str, tuple[tuple[float, float, float, float], ...]] = {
    "lvp": ((-3.7, 54.75, -3.0, 55.05),),  # the Solway Firth
    "cly": ((-5.6, 56.4, -4.9, 56.95),),  # Loch Linnhe
    "con": ((26.1, 40.0, 29.95, 41.3),),
    "den": ((9.6, 54.75, 12.75, 55.95), (12.45, 55.3, 13.0, 56.15)),
}

# Where a fleet stands on each coast of a province with several.
COASTS: dict[str, dict[str, tuple[float, float]]] = {
    "spa": {"nc": (-5.6, 43.1), "sc": (-2.8, 37.3)},
    "stp": {"nc": (34.0, 68.3), "sc": (29.3, 60.3)},
    "bul": {"ec": (27.5, 42.9), "sc": (25.3, 41.2)},
}

# Norway widened where Sweden comes within a few miles of its fjords (Narvik), so that
# Sweden and the Norwegian Sea do not meet on the picture.
GRAB: dict[str, tuple[tuple[float, float, float, float], ...]] = {
    "nwy": ((14.5, 65.8, 16.2, 67.0), (17.0, 67.0, 18.6, 68.0), (17.0, 67.8, 19.5, 69.0),
            (15.8, 66.8, 17.4, 68.4), (19.5, 68.5, 21.0, 69.1)),
}  # fmt: skip

# The Strait of Gibraltar widened, so that Spain and North Africa do not meet on the picture.
CARVE: dict[str, tuple[tuple[float, float, float, float], ...]] = {
    "wes": ((-6.0, 35.75, -5.3, 36.1),),
}
