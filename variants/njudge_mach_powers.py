"""The njudge's Machiavelli variants: what its map files do not say (docs/machiavelli.md).

As `njudge_powers` for the other variants: the powers' names, adjectives and letters (the
njudge's power table and its letters per variant, checked against each scenario's info
file), the titles, the cities to win and the rule words. The njudge's table gave every
Machiavelli variant 15 cities to win; its info files say the same (with two home
countries under the first edition's rules: docs/machiavelli.md, "Victory"). A power no
player plays (`unplayed`) holds a home country that starts conquered or eliminated.
"""

from __future__ import annotations

from dataclasses import dataclass

PowerRow = tuple[str, str, str]  # name, adjective, letter

AUSTRIA = ("Austria", "Austrian", "A")
FLORENCE = ("Florence", "Florentine", "L")  # L and I: M is the master's, F France's
FRANCE = ("France", "French", "F")
MILAN = ("Milan", "Milanese", "I")
NAPLES = ("Naples", "Neapolitan", "N")
PAPACY = ("Papacy", "Papal", "P")
TURKEY = ("Turkey", "Turkish", "T")
VENICE = ("Venice", "Venetian", "V")
BALANCE = (AUSTRIA, FLORENCE, FRANCE, MILAN, NAPLES, PAPACY, TURKEY, VENICE)
BYZANTIUM = ("Byzantium", "Byzantine", "B")
LOMBARDY = ("Lombardy", "Lombard", "L")
EMPIRE = ("Empire", "Imperial", "E")
ARAGON = ("Aragon", "Aragonese", "A")
PROVENCE = ("Provence", "Provencal", "R")
GENOA = ("Genoa", "Genoese", "G")
STANDARD = (
    AUSTRIA,
    ("England", "English", "E"),
    FRANCE,
    ("Germany", "German", "G"),
    ("Italy", "Italian", "I"),
    ("Russia", "Russian", "R"),
    TURKEY,
)


@dataclass(frozen=True)
class MachVariant:
    title: str
    start: str
    powers: tuple[PowerRow, ...]
    rules: tuple[str, ...] = ("machiavelli",)
    victory: int = 15
    # Powers no player plays: the njudge's letter string has them, its player count not.
    unplayed: tuple[str, ...] = ()


MACH2 = ("machiavelli", "mach2")
VARIANTS: dict[str, MachVariant] = {
    "machiavelli": MachVariant("Machiavelli", "F1453A", BALANCE),
    "machiavelli2": MachVariant("Machiavelli 2", "F1453A", BALANCE, MACH2),
    # info.mach_eos and mach_este: "The fortresses are by default used in this scenario."
    "mach_eos": MachVariant(
        "Machiavelli: Expansion of States", "F1384A", (FLORENCE, MILAN, NAPLES, VENICE),
        ("machiavelli", "fortresses"),
    ),
    "mach_este": MachVariant(
        "Machiavelli: Expansion of States with Este", "F1384A",
        (FLORENCE, MILAN, NAPLES, VENICE, ("Este", "Estensian", "E")),
        ("machiavelli", "fortresses"),
    ),
    "mach_sfd1": MachVariant(
        "Machiavelli: Struggle for Dominance I", "F1498A",
        (AUSTRIA, FLORENCE, FRANCE, PAPACY, TURKEY, VENICE),
    ),
    # info.mach_sfd2 and mach_span: Naples "begins as an Austrian conquered home country",
    # with no unit; the njudge's table has seven players all the same, Naples among them.
    "mach_sfd2": MachVariant(
        "Machiavelli: Struggle for Dominance II", "F1512A",
        (AUSTRIA, FRANCE, MILAN, NAPLES, PAPACY, TURKEY, VENICE),
    ),
    "mach_span": MachVariant(
        "Machiavelli: Spanish Preponderance", "F1520A",
        (AUSTRIA, FLORENCE, FRANCE, NAPLES, PAPACY, TURKEY, VENICE),
    ),
    # info.mach_aoc: Provence "begins as neapolitan conquered home country".
    "mach_aoc": MachVariant(
        "Machiavelli: Age of Communes", "F1334A",
        (
            FLORENCE, MILAN, NAPLES, VENICE, ("Scaligeri", "Scaligerian", "A"),
            ("Pisa", "Pisan", "P"), GENOA, ("Savoy", "Sabaud", "S"),
            ("Trinacria", "Trinacrian", "T"), PROVENCE,
        ),
        unplayed=("Provence",),
    ),
    "mach_aoc2": MachVariant(
        "Machiavelli: Age of Communes 2", "F1334A",
        (
            FLORENCE, MILAN, NAPLES, PAPACY, VENICE, ("Scaligeri", "Scaligerian", "A"),
            ("Pisa", "Pisan", "S"), GENOA, ("Trinacria", "Trinacrian", "T"), PROVENCE,
        ),
        unplayed=("Provence",),
    ),
    "dipmach": MachVariant("Dipmach", "F1900A", STANDARD),
    "machfive": MachVariant(
        "Machfive", "F3000A",
        tuple((n, n, str(i)) for i, n in enumerate(("First", "Second", "Third", "Fourth",
                                                     "Fifth"), 1)),
    ),
    "mach2_sfd1": MachVariant(
        "Machiavelli 2: Struggle for Dominance I", "F1498A",
        (AUSTRIA, FLORENCE, FRANCE, PAPACY, TURKEY, VENICE), MACH2,
    ),
    "mach2_sfd2": MachVariant(
        "Machiavelli 2: Struggle for Dominance II", "F1512A",
        (AUSTRIA, FRANCE, MILAN, NAPLES, PAPACY, TURKEY, VENICE), MACH2,
    ),
    "mach2_span": MachVariant(
        "Machiavelli 2: Spanish Preponderance", "F1520A",
        (AUSTRIA, FLORENCE, FRANCE, NAPLES, PAPACY, TURKEY, VENICE), MACH2,
    ),
    "mach2_fotl": MachVariant(
        "Machiavelli 2: Fall of the Lombards", "F724A", (BYZANTIUM, FRANCE, PAPACY, LOMBARDY),
        MACH2,
    ),
    # info.mach2_eai: Lombardy "starts as an eliminated country that is not controlled by
    # any player".
    "mach2_eai": MachVariant(
        "Machiavelli 2: Empire and Invaders", "F1050A",
        (
            BYZANTIUM, PAPACY, TURKEY, VENICE, ("Pisa", "Pisan", "S"), LOMBARDY, EMPIRE,
            ("Norman", "Norman", "N"),
        ),
        MACH2, unplayed=("Lombardy",),
    ),
    "mach2_pamt": MachVariant(
        "Machiavelli 2: Papal Ascendancy and Mongol Threat", "F1176A",
        (MILAN, PAPACY, VENICE, EMPIRE, ("Mongols", "Mongol", "G")), MACH2,
    ),
    "mach2_pa": MachVariant(
        "Machiavelli 2: Papal Ascendancy", "F1176A", (MILAN, PAPACY, VENICE, EMPIRE), MACH2
    ),
    # The njudge's table starts it in F1249A; its seed (and info: "Spring 1253") in F1252A,
    # which is where its games began.
    "mach2_ttr": MachVariant(
        "Machiavelli 2: To the Renaissance", "F1252A",
        (FLORENCE, MILAN, NAPLES, PAPACY, VENICE, GENOA, ARAGON), MACH2,
    ),
}  # fmt: skip
