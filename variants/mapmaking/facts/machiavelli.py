"""The first edition's Machiavelli board (machiavelli, and the scenarios on it under
facts/mach_sfd1.py) as public facts: the second edition's Italy (facts/machiavelli2.py,
Salerno and Saluzzo called sle and slu), with Brescia, Piacenza, Pontremoli, Romagna,
Tivoli and Vicenza carved out of their neighbours, Venice an island in its Lagoon, Rome
inland behind Tivoli's coast, and the Tyrrhenian Sea in two (the western and the eastern).
"""

from __future__ import annotations

from . import machiavelli2
from ._derive import renamed

globals().update(renamed(machiavelli2, {"slr": "sle", "slz": "slu"}))

_base = renamed(machiavelli2, {"slr": "sle", "slz": "slu"})
_countries, _provinces = _base["BLOCKS"]["board"]  # type: ignore[index]
BLOCKS = {
    **_base["BLOCKS"],  # type: ignore[dict-item]
    "board": (_countries, (*_provinces, "bre", "pia", "pon", "rma", "tiv", "vic")),
}

PLACES = {
    **{k: v for k, v in _base["PLACES"].items() if k != "tyn"},  # type: ignore[union-attr]
    # Lombardy: Brescia out of Bergamo, Piacenza out of Parma, Pontremoli out of Fornovo.
    "ber": ((9.67, 45.70), (9.95, 45.85), (10.10, 46.05), (10.35, 45.95)),
    "mil": ((9.95, 46.10), (9.19, 45.46), (9.50, 45.31), (9.87, 46.17), (10.37, 46.47),
            (10.20, 46.30),
            (9.40, 45.60), (9.45, 45.85)),
    "bre": ((10.21, 45.54), (10.45, 45.35), (10.55, 45.65)),
    "par": ((10.33, 44.80), (10.10, 44.85)),
    "pia": ((9.69, 45.05), (9.50, 44.95), (9.85, 44.95)),
    "for": ((9.95, 44.62), (9.38, 44.77), (9.60, 44.55), (9.20, 44.60)),
    "pon": ((9.88, 44.38), (10.05, 44.45)),
    "man": ((10.79, 45.16), (10.60, 45.00), (11.05, 45.05), (11.10, 44.95)),
    # The Veneto: Vicenza the foothills from the Brenta to Belluno; Venice an island.
    "ver": ((10.99, 45.44), (10.75, 45.65), (11.30, 45.20), (10.85, 45.80)),
    "vic": ((11.55, 45.55), (12.22, 46.14), (11.90, 46.02), (11.40, 45.80), (12.00, 45.80)),
    "pad": ((11.88, 45.41), (12.20, 45.20), (11.79, 45.07), (12.24, 45.45)),
    "trv": ((12.24, 45.67), (12.55, 45.65), (12.30, 45.52), (12.45, 45.49)),
    "fri": ((13.23, 46.06), (12.66, 45.96), (13.40, 46.40), (13.00, 45.72)),
    # Romagna out of Bologna and Urbino; Bologna keeps a shore at Comacchio's south.
    "rma": ((12.20, 44.42), (12.04, 44.22), (12.57, 44.06), (12.75, 43.85), (12.40, 44.20),
            (11.75, 44.15), (11.95, 44.15), (12.20, 44.10)),
    "anc": ((13.45, 43.25), (13.52, 43.62), (13.45, 43.30), (13.58, 42.85), (13.25, 43.50)),
    "spo": ((12.74, 42.73), (12.70, 42.95), (13.07, 43.13), (12.95, 42.45), (13.10, 42.75),
            (13.10, 42.00), (13.00, 42.25), (12.85, 43.35)),
    "bol": ((11.34, 44.49), (11.71, 44.35), (11.10, 44.30), (11.90, 44.20), (11.25, 44.70),
            (10.80, 44.35), (12.10, 44.55)),
    "urb": ((12.64, 43.73), (12.30, 43.85), (12.00, 43.95), (12.45, 43.60), (12.70, 43.55)),
    # Latium: Tivoli has the coast from Ostia to Terracina, Rome none.
    "rme": ((12.50, 41.90), (12.55, 42.25), (12.35, 42.05)),
    "tiv": ((12.80, 41.96), (12.30, 41.73), (12.20, 41.85), (12.60, 41.60), (13.20, 41.35),
            (12.95, 41.70)),
    # Trieste's Karst and Fiume are Croatia's, so that Carniola and Istria do not meet.
    "crn": ((14.50, 46.05), (13.65, 45.80), (15.26, 46.23), (14.00, 46.30), (13.77, 45.68)),
    "ist": ((13.85, 44.87), (13.94, 45.24), (13.60, 45.20), (14.10, 45.00), (14.40, 44.60)),
    "cro": ((15.98, 45.81), (15.55, 45.49), (14.92, 44.95), (16.37, 45.48), (18.00, 45.16),
            (18.80, 45.25), (15.40, 44.70), (17.00, 45.30), (14.44, 45.33), (14.20, 45.60),
            (13.85, 45.55), (14.80, 45.15)),
    "ven": ((12.41, 45.38),),
    "otr": ((18.49, 40.15), (17.24, 40.47), (16.25, 39.30), (16.60, 38.90), (16.40, 39.80),
            (17.90, 40.50), (16.20, 38.60), (15.90, 38.40)),
    # Marseilles a pocket of Provence's coast, apart from Avignon.
    "mar": ((5.37, 43.30), (5.50, 43.30)),
    "pro": ((6.23, 44.09), (5.93, 43.12), (6.46, 43.54), (6.08, 44.56), (6.65, 44.40),
            (6.80, 43.60), (5.10, 43.50), (5.00, 43.38), (5.45, 43.53)),
    # Seas: the Lagoon before Venice; the Tyrrhenian in two.
    "lag": ((12.40, 45.40), (12.62, 45.52), (12.85, 45.58), (12.33, 45.33), (12.45, 45.45)),
    "uas": ((13.50, 44.00), (12.60, 45.15), (14.30, 44.60), (12.80, 44.40), (13.55, 45.62),
            (12.90, 45.30), (13.30, 45.62),
            (15.00, 43.80)),
    "egl": ((8.50, 43.80), (9.50, 43.70), (7.60, 43.60), (9.80, 43.90), (8.60, 43.30),
            (10.10, 43.85),
            (7.00, 43.30), (9.60, 43.30)),
    "wts": ((10.20, 43.45), (10.25, 43.30), (12.50, 38.60), (11.80, 39.20), (9.90, 42.80),
            (10.20, 40.50), (9.95, 41.30),
            (10.40, 42.20),
            (10.60, 41.40)),
    "ets": ((10.45, 43.05), (14.00, 38.40), (11.00, 42.30), (12.00, 41.30), (12.00, 40.50),
            (13.30, 39.50),
            (12.30, 39.20), (13.80, 38.80), (14.80, 38.70)),
    "wms": ((11.50, 38.00), (10.80, 38.90), (12.10, 38.10)),  # type: ignore[index]
    # The toe of Calabria, no province's: Otranto and Messina are no neighbours; nor
    # Venice's old town (in Natural Earth it all but joins the mainland: Venice is the
    # water round it).
    "*": ((15.70, 38.15), (15.85, 38.05), (15.68, 38.25),
          (12.335, 45.437), (12.375, 45.39), (12.43, 45.445)),  # type: ignore[index]
    "gon": ((14.50, 40.35), (15.20, 39.60), (13.60, 40.80), (13.95, 40.72), (15.45, 38.40),
            (15.60, 38.80)),
}  # fmt: skip

# Venice's island in the Lagoon.
FILLS = {"ven": ((12.36, 45.33, 12.47, 45.42),)}

# The Kvarner islands (Istria's Cres and Losinj to Dalmatia's Pag).
LINKS = (("ist", "dal", ((14.40, 44.65), (15.00, 44.45))),)

# Where a fleet stands on each coast: Croatia's north coast at Trieste's Karst, its south
# coast under the Velebit; Provence's north coast west of Marseilles, its south coast east.
COASTS = {
    "cro": {"nc": (13.80, 45.57), "sc": (14.90, 44.97)},
    "pro": {"nc": (5.02, 43.40), "sc": (5.95, 43.13)},
}
