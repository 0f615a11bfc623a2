"""What the njudge's map files do not say about its variants: powers, titles, centres to win.

The njudge kept each variant's power names and letters, its centres to win and its rule
switches in its C code (its table of variants); the map and seed files hold only letters.
This table is ours: the letters, centre counts and starting phases of that table (the
judge's docs, "Variants shipped"), the names the variants' own info and report files use,
and the rule words (docs/variant-format.md) for what an info file states beyond the map.
`python -m variants.njudge --all MAPS OUT` reads it to write every variant file.
"""

from __future__ import annotations

from dataclasses import dataclass

# name, adjective, letter
PowerRow = tuple[str, str, str]

STANDARD: tuple[PowerRow, ...] = (
    ("Austria", "Austrian", "A"),
    ("England", "English", "E"),
    ("France", "French", "F"),
    ("Germany", "German", "G"),
    ("Italy", "Italian", "I"),
    ("Russia", "Russian", "R"),
    ("Turkey", "Turkish", "T"),
)
NORWAY = ("Norway", "Norwegian", "N")
SPAIN = ("Spain", "Spanish", "S")
CROWDED = (
    STANDARD[0],
    ("Balkan", "Balkan", "B"),
    *STANDARD[1:5],
    ("Lowland", "Lowland", "L"),
    NORWAY,
    STANDARD[5],
    SPAIN,
    STANDARD[6],
)

# Chaos: one power per centre of the standard board, named after it, with the letter the
# njudge's info file gives (M and O are the master's and the observers').
CHAOS_CENTERS = [
    "Ankara",
    "Belgium",
    "Berlin",
    "Brest",
    "Budapest",
    "Bulgaria",
    "Constantinople",
    "Denmark",
    "Edinburgh",
    "Greece",
    "Holland",
    "Kiel",
    "Liverpool",
    "London",
    "Marseilles",
    "Moscow",
    "Munich",
    "Naples",
    "Norway",
    "Paris",
    "Portugal",
    "Rome",
    "Rumania",
    "Serbia",
    "Sevastopol",
    "Smyrna",
    "Spain",
    "StPetersburg",
    "Sweden",
    "Trieste",
    "Tunis",
    "Venice",
    "Vienna",
    "Warsaw",
]
CHAOS_LETTERS = "ABCDEFGHIJKLNPQRSTUVWXYZ0123456789"
CHAOS = tuple((c, c, letter) for c, letter in zip(CHAOS_CENTERS, CHAOS_LETTERS, strict=True))

MINORS = (
    ("Belgium", "Belgian", "B"),
    ("Bulgaria", "Bulgarian", "L"),
    ("Denmark", "Danish", "D"),
    ("Greece", "Greek", "C"),
    ("Holland", "Dutch", "H"),
    ("Norway", "Norwegian", "Y"),
    ("Portugal", "Portuguese", "P"),
    ("Rumania", "Rumanian", "U"),
    ("Serbia", "Serbian", "S"),
    ("Spain", "Spanish", "N"),
    ("Sweden", "Swedish", "W"),
    ("Tunis", "Tunisian", "X"),
)

# Root Z: each standard power twice, on board One (its usual letter) and board Two (a digit).
ROOTZ = tuple(
    row
    for digit, (name, adjective, letter) in enumerate(STANDARD, start=1)
    for row in ((f"{name}1", f"{adjective}1", letter), (f"{name}2", f"{adjective}2", str(digit)))
)

COLONIAL = (
    ("Britain", "British", "B"),
    ("China", "Chinese", "C"),
    ("France", "French", "F"),
    ("Japan", "Japanese", "J"),
    ("Russia", "Russian", "R"),
    ("Turkey", "Turkish", "T"),
    ("Holland", "Dutch", "H"),
)
HUNDRED = (("Burgundy", "Burgundian", "B"), ("England", "English", "E"), ("France", "French", "F"))
SAILHO = (
    ("North", "Northern", "N"),
    ("South", "Southern", "S"),
    ("East", "Eastern", "E"),
    ("West", "Western", "W"),
)


@dataclass(frozen=True)
class NjudgeVariant:
    title: str
    victory: int
    start: str
    powers: tuple[PowerRow, ...]
    rules: tuple[str, ...] = ()
    # The njudge's map file, when it is not map.<name>.
    map_file: str = ""
    # Starting units that are wings in a game with wings (info.modern: "Games with wings
    # play the 'W' units": F/W LON, F/W BOR, A/W GOR); the seed has only their A or F.
    wing_units: tuple[str, ...] = ()


def _v(title: str, victory: int, start: str, powers: tuple[PowerRow, ...], **kw: object):
    return NjudgeVariant(title, victory, start, tuple(powers), **kw)  # type: ignore[arg-type]


S1901 = "S1901M"
VARIANTS: dict[str, NjudgeVariant] = {
    "standard": _v("Standard", 18, S1901, STANDARD, map_file="map"),
    "youngstown": _v(
        "Youngstown",
        37,
        S1901,
        (
            STANDARD[0],
            ("China", "Chinese", "C"),
            *STANDARD[1:4],
            ("India", "Indian", "N"),
            STANDARD[4],
            ("Japan", "Japanese", "J"),
            *STANDARD[5:],
        ),
    ),
    "loeb9": _v("Loeb9", 20, S1901, (*STANDARD[:5], NORWAY, STANDARD[5], SPAIN, STANDARD[6])),
    "pure": _v("Pure", 4, S1901, STANDARD),
    "chaos": _v("Chaos", 18, "F1900B", CHAOS, rules=("any_center",)),
    "britain": _v("Britain", 19, S1901, STANDARD),
    "1898": _v("1898", 18, "S1899M", STANDARD),
    "crowded": _v("Crowded", 18, S1901, CROWDED),
    "fleet_rome": _v("Fleet Rome", 18, S1901, STANDARD),
    "shift_right": _v("Shift Right", 18, S1901, STANDARD),
    "shift_left": _v("Shift Left", 18, S1901, STANDARD),
    # info.rootz (6.0): "The victory condition is 28 centres, owned by a combination of a
    # player's two powers" (seven players, SET PLAYERS 7; alone, each power counts its own).
    "rootz": _v("Root Z", 28, S1901, ROOTZ, rules=("victory_by_player",)),
    "aberration": _v(
        "Aberration",
        27,
        S1901,
        (
            ("Burgundy", "Burgundian", "B"),
            ("Byzantium", "Byzantine", "Z"),
            ("Eire", "Irish", "E"),
            ("Hungary", "Hungarian", "H"),
            ("Israel", "Israeli", "I"),
            ("Poland", "Polish", "P"),
            ("Sicily", "Sicilian", "C"),
            ("Spain", "Spanish", "S"),
            ("Ukraine", "Ukrainian", "U"),
        ),
        rules=("one_center",),
    ),
    "wraparound": _v("Wraparound", 19, S1901, STANDARD),
    "chromatic": _v(
        "Chromatic",
        11,
        S1901,
        tuple((c, c, c[0]) for c in ("Yellow", "Dark", "Light", "Red", "Blue")),
    ),
    "milan": _v("Milan", 18, S1901, STANDARD),
    "asia": _v(
        "Asia",
        21,
        S1901,
        (
            ("China", "Chinese", "C"),
            ("India", "Indian", "N"),
            ("Indonesia", "Indonesian", "I"),
            ("Japan", "Japanese", "J"),
            ("Persia", "Persian", "P"),
            ("Russia", "Russian", "R"),
            ("Siberia", "Siberian", "S"),
        ),
    ),
    "modern": _v(
        "Modern",
        33,
        "S1995M",
        (
            ("Britain", "British", "B"),
            ("Egypt", "Egyptian", "E"),
            STANDARD[2],
            STANDARD[3],
            STANDARD[4],
            ("Poland", "Polish", "P"),
            STANDARD[5],
            SPAIN,
            STANDARD[6],
            ("Ukraine", "Ukrainian", "U"),
        ),
        wing_units=("lon", "bor", "gor"),
    ),
    "colonial": _v("Colonial", 30, "S1870M", COLONIAL, rules=("duality",)),
    "h31": _v("Hundred 3.1", 9, "S1425M", HUNDRED, rules=("one_center",)),
    "h32": _v("Hundred 3.2", 9, "S1425M", HUNDRED, rules=("one_center",)),
    "classical": _v(
        "Classical",
        18,
        "S1050M",
        (
            ("Egypt", "Egyptian", "E"),
            ("Syria", "Syrian", "S"),
            ("Carthage", "Carthaginian", "C"),
            ("Macedon", "Macedonian", "A"),
            ("Rome", "Roman", "R"),
        ),
        rules=("one_center",),
    ),
    # The njudge's table has 29 centres to win; the info file says 30 of 58. The table is what
    # the njudge played.
    "empire": _v(
        "Empire",
        29,
        "S1999M",
        (
            ("BC", "British Columbian", "B"),
            ("California", "Californian", "C"),
            ("Mexico", "Mexican", "X"),
            ("Florida", "Floridian", "F"),
            ("Heartland", "Heartland", "H"),
            ("NewYork", "New York", "N"),
            ("Peru", "Peruvian", "P"),
            ("Quebec", "Quebecois", "Q"),
            ("Texas", "Texan", "T"),
            ("Cuba", "Cuban", "U"),
        ),
    ),
    "african2": _v(
        "African 2",
        19,
        S1901,
        (
            ("Ethiopia", "Ethiopian", "E"),
            ("Ivory-Coast", "Ivorian", "I"),
            ("Libya", "Libyan", "L"),
            ("Saudi-Arabia", "Saudi", "S"),
            ("South-Africa", "South African", "A"),
            ("Zaire", "Zairean", "Z"),
        ),
    ),
    "wraparound2": _v("Wraparound2", 19, S1901, STANDARD),
    "shift_around": _v("Shift Around", 18, S1901, STANDARD),
    "layered": _v("Layered", 35, S1901, STANDARD),
    "sailho_crowded": _v(
        "Sail Ho Crowded",
        10,
        S1901,
        (
            *SAILHO,
            ("Cyprus", "Cypriot", "C"),
            ("Dissentos", "Dissentos", "D"),
        ),
    ),
    "sailho": _v("Sail Ho", 9, S1901, SAILHO),
    "ancient_med": _v(
        "Ancient Mediterranean",
        18,
        "S0001M",
        (
            ("Egypt", "Egyptian", "E"),
            ("Persia", "Persian", "P"),
            ("Carthage", "Carthaginian", "C"),
            ("Rome", "Roman", "R"),
            ("Greece", "Greek", "G"),
        ),
        rules=("duality",),
    ),
    "crowded_1898": _v("Crowded 1898", 18, "S1899M", CROWDED),
    "colonial96": _v("Colonial96", 30, "S1870M", COLONIAL, rules=("duality",)),
    "minorpower": _v("Minor Power", 18, "F1900B", (*STANDARD, *MINORS)),
}
