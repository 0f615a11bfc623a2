"""What a Machiavelli variant's info file says that another variant's does not: its year,
what wins, its cities, garrisons and tables (docs/machiavelli.md). `description` calls
these for a variant whose rules include `machiavelli`."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from .model import AUTONOMOUS, Variant

MEANINGS = {
    "machiavelli": "The rules are Machiavelli's: three campaigns a year, cities and provinces "
    "controlled by the last power there, money, garrisons and sieges; the master may set "
    "the options of the users' manual, section 9.2.",
    "mach2": "The second edition's rules (1995) apply unless the master sets NO MACH2: "
    "control changes only after the Fall, cities alone win, coastal convoys are not allowed.",
    "fortresses": "The fortresses are in use unless the master sets NO FORTRESSES.",
}


def year(variant: Variant) -> list[str]:
    """The paragraph on the year, after the list of its seasons."""
    return textwrap.wrap(
        "The units are armies, fleets and garrisons.  A garrison stands inside a fortified "
        "city, beside any army or fleet in the province; an army or fleet becomes one by "
        "converting (A gen C G), and a garrison leaves its city the same way.  The power "
        "whose unit was last in a province controls it, and its city if no garrison holds "
        "it.  The game begins with the money phase (the income, then the adjustments); "
        "in every Winter each power collects its income and pays 3 ducats for each unit "
        "it keeps or builds, in the cities of its home country that it controls.  Without "
        "money (SET NO MONEY) a power keeps one unit for each city whose province it also "
        "controls.  How to write the orders, sieges, money lines and bribes, and what each "
        "costs: GET machiavelli.",
        width=70,
    )


def winning(variant: Variant) -> str:
    countries = (variant.victory + 1) // 8
    return (
        f"A power that controls {variant.victory} cities wins the game; under the first "
        f"edition's rules it must also hold {countries} home countries (its own counts)."
        "  The players may also agree a draw (SET DRAW); see the file info."
    )


def autonomous_units(variant: Variant) -> list[str]:
    return [f"{u.type} {u.location}" for u in variant.units if u.power == AUTONOMOUS]


def special(variant: Variant, names: dict[str, str]) -> Iterable[str]:
    provinces = sorted(variant.provinces.values(), key=lambda p: p.name)
    majors = [f"{p.name} ({p.income})" for p in provinces if p.income > 1]
    if majors:
        yield "The major cities give more than one ducat: " + ", ".join(majors) + "."
    for word, test in (
        ("fortified cities", lambda p: p.fortified),
        ("fortresses", lambda p: p.fortress),
        ("ports", lambda p: p.port),
    ):
        found = [p.name for p in provinces if test(p)]
        if found:
            yield f"The {word} are " + ", ".join(found) + "."
    venice = [p.name for p in provinces if p.venice]
    if venice:
        yield f"{venice[0]} is one space: its province and its city hold one unit together."
    data = variant.machiavelli
    if data is None:
        return
    for strait in data.straits:
        one, two = (names[e] for e in strait.ends)
        yield (
            f"A fleet in {names[strait.keeper]} keeps the strait between {one} and {two}: "
            "no other power's fleet passes without its leave (ALLY)."
        )
    unplayed = [p.name for p in variant.powers if not p.played]
    if unplayed:
        yield (
            f"{', '.join(unplayed)}: no player plays it; its home country starts in other "
            "hands or without a ruler."
        )
