"""What a variant is, said from its data: the JSON of `judge variants --json` and the text of
`GET info.<variant>`. Both are made from the variant file alone, so that a map added to
variants/data is described the moment it loads, and a fact is never written twice.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from . import mach_description as mach
from .model import COAST_WORDS, PHASE_WORDS, SEASON_WORDS, UNIT_WORDS, Variant

# What each rule word of a variant file means to a player (docs/variant-format.md).
RULE_MEANINGS: dict[str, str] = {
    "any_center": "Builds may go in any supply centre the power owns, not only its home centres.",
    "one_center": "Once a power has lost a home centre it may build in any supply centre it owns.",
    "duality": "Fleets in the dual provinces named below may convoy.",
    "wings": "Wings (W) may be played beside armies and fleets.",
    "blind": "The game is played blind: each power sees only its own part of the board.",
    "no_retreats": "Dislodged units are disbanded at once: there are no retreats.",
    "victory_by_player": "A player who plays two powers (SET PLAYERS at half the powers) "
    "wins with the centres of both together; of two players with the victory count, the "
    "one with more centres wins.",
    **mach.MEANINGS,
}


def describe(variant: Variant) -> dict[str, Any]:
    """One variant as `judge variants --json` prints it: units and centres as the phase
    documents write them (docs/phase-format.md)."""
    described: dict[str, Any] = {
        "name": variant.name,
        "title": variant.title,
        "start_phase": variant.start,
        "centers_to_win": variant.victory,
        "supply_centers": len(variant.centers),
        "powers": [
            {
                "name": power.name,
                "letter": power.letter,
                "units": [f"{u.type} {u.location}" for u in variant.units if u.power == power.name],
                "centers": _owned(variant, power.name),
                **({} if power.played else {"played": False}),
            }
            for power in variant.powers
        ],
    }
    if variant.is_machiavelli:  # centres are cities; the garrisons nobody owns are listed
        described["rules"] = sorted(variant.rules)
        described["autonomous_units"] = mach.autonomous_units(variant)
    return described


def _owned(variant: Variant, power: str) -> list[str]:
    """The power's centres at the start: its home centres in their order, then the others
    the variant gives it."""
    homes = list(variant.power(power).homes)
    owned = {c for c, owner in variant.ownership.items() if owner == power}
    return [c for c in homes if c in owned] + sorted(owned - set(homes))


def phase_words(code: str) -> str:
    """`S1901M` -> `Spring 1901, movement`; `F1900B` -> `Winter 1900, adjustments`."""
    season = "Winter" if code[-1] in "AB" else SEASON_WORDS.get(code[0], code[0])
    words = {**PHASE_WORDS, "A": "money"}  # a Machiavelli game's first phase: the income
    return f"{season} {code[1:-1]}, {words.get(code[-1], code[-1]).lower()}"


def info_text(variant: Variant) -> str:
    """The `info.<variant>` help file: the powers and where they start, the year, what
    wins, the map's special places and rules, and every province's abbreviation."""
    names = {p.abbr: p.name for p in variant.provinces.values()}
    lines = [f"THE {variant.title.upper()} VARIANT".center(70).rstrip(), ""]
    lines += _wrapped(
        f"{variant.title} is played by {len(variant.powers)} powers on a map of "
        f"{sum(not p.impassable for p in variant.provinces.values())} provinces and "
        f"{len(variant.centers)} {_centres(variant)}.  Games on it are made with "
        f"CREATE ?name password {variant.name}, or SIGN ON ?name password {variant.name}."
    )
    lines += ["", "", "THE POWERS", ""]
    lines += _wrapped(
        "Each power is known by its initial in SIGN ON lines, in press and in draw votes; "
        "M stands for the master and O for the observers."
    )
    lines.append("")
    lines += _powers_table(variant, names)
    neutral = sorted(names[c] for c in variant.centers if c not in variant.ownership)
    lines.append("")
    if neutral:
        lines += _wrapped(
            f"The {len(neutral)} neutral {_centres(variant)} are {_joined(neutral)}.", width=70
        )
    else:
        lines += _wrapped(f"There are no neutral {_centres(variant)}: every one has an owner.")
    lines += ["", "", "THE YEAR", ""]
    lines += _year(variant)
    lines += ["", "", "WINNING", ""]
    lines += _wrapped(
        mach.winning(variant)
        if variant.is_machiavelli
        else f"A power that owns {variant.victory} supply centres wins the game.  The players "
        "may also agree a draw (SET DRAW) or concede the game to the largest power "
        "(SET CONCEDE); see the file info."
    )
    special = list(_special(variant, names))
    if special:
        lines += ["", "", "SPECIAL RULES", ""]
        for item in special:
            lines += textwrap.wrap(item, width=70, initial_indent="  * ", subsequent_indent="    ")
    lines += ["", "", "THE PROVINCES", ""]
    lines += _provinces(variant)
    lines += ["", f"GET map.{variant.name} lists every province's neighbours."]
    return "\n".join(lines) + "\n"


def _centres(variant: Variant) -> str:
    return "cities" if variant.is_machiavelli else "supply centres"


def _powers_table(variant: Variant, names: dict[str, str]) -> list[str]:
    autonomous = mach.autonomous_units(variant)
    width = max(len("power"), *(len(p.name) for p in variant.powers), 10 if autonomous else 0)
    homeland = "home country" if variant.is_machiavelli else "home supply centres"
    rows = [f"  {'power':<{width}}  initial  {homeland} / starting units"]
    for power in variant.powers:
        homes = [names[h] for h in power.homes] or ["none"]
        pad = " " * (width + 13)
        first = [f"  {power.name:<{width}}     {power.letter}     " + homes[0]]
        rows += _packed(homes[1:], pad, prefix=first[0]) if homes[1:] else first
        words = [
            f"{u.type}{'/W' if u.wing else ''} {u.location}"
            for u in variant.units
            if u.power == power.name
        ]
        first = "starts with" if power.played else "played by nobody; starts with"
        if words:
            rows += _packed([first, *words], pad)
        else:
            rows += _packed(["builds first" if power.played else "played by nobody"], pad)
    if autonomous:
        rows.append(f"  {'Autonomous':<{width}}     -     garrisons no power owns")
        rows += _packed(["starts with", *autonomous], " " * (width + 13))
    return rows


def _packed(items: list[str], pad: str, width: int = 70, prefix: str = "") -> list[str]:
    """Items on lines no wider than `width`, an item never cut (`A wal` stays whole);
    `prefix`: the first line begins so, and every item is followed by a comma."""
    rows: list[str] = []
    line = pad
    if prefix:
        line, items = prefix + ",", [*items]
    for i, item in enumerate(items):
        last = i == len(items) - 1
        text = item + ("," if (prefix and not last) or (i > 0 and not last) else "")
        if line.strip() and len(line) + 1 + len(text) > width:
            rows.append(line)
            line = pad
        line = f"{line} {text}" if line.strip() else pad + text
    return [*rows, line]


def _year(variant: Variant) -> list[str]:
    start = phase_words(variant.start).replace(", ", ", with the ") + " phase"
    lines = _wrapped(f"The game begins in {start}.  Each year has")
    lines.append("")
    seasons: dict[str, list[str]] = {}
    for code in variant.phases:
        season = "Winter" if code[1] == "B" else SEASON_WORDS[code[0]]
        word = {"M": "movement", "R": "retreats if any unit must retreat", "B": "adjustments"}
        seasons.setdefault(season, []).append(word[code[1]])
    lines += [f"  {season:<8} {', then '.join(parts)}" for season, parts in seasons.items()]
    lines.append("")
    if variant.is_machiavelli:
        return lines + mach.year(variant)
    plural = {"A": "armies", "F": "fleets", "W": "wings"}
    units = _joined([plural.get(t, UNIT_WORDS.get(t, t)) for t in variant.unit_types])
    builds = (
        "Builds go in any supply centre the power owns and holds empty."
        if "any_center" in variant.rules
        else "Builds go in the power's own home centres, only if it still owns them and "
        "they are empty."
    )
    lines += _wrapped(
        f"The units are {units}.  Supply centres change hands at the end of the Fall, "
        "when each centre belongs to the power whose unit stands on it.  In the Winter "
        "each power builds or removes units until it has as many units as centres.  " + builds
    )
    return lines


def _special(variant: Variant, names: dict[str, str]) -> Iterable[str]:
    for word in sorted(variant.rules):
        yield RULE_MEANINGS.get(word, f"Rule '{word}'.")
    if any(u.wing for u in variant.units):
        yield (
            "In a game played with wings (CREATE ... wings), the starting units written "
            "F/W or A/W are wings instead."
        )
    convoy = "" if "duality" in variant.rules else " when the game sets DUALITY"
    for one, many, test in (
        ("cannot be entered", "cannot be entered", lambda p: p.impassable),
        ("is arctic water", "are arctic waters", lambda p: p.arctic),
        ("is a coastal province through which fleets may convoy" + convoy,
         "are coastal provinces through which fleets may convoy" + convoy, lambda p: p.dual),
    ):  # fmt: skip
        found = sorted(p.name for p in variant.provinces.values() if test(p))
        if found:
            yield f"{_joined(found)} {one if len(found) == 1 else many}."
    arctic = [p.name for p in variant.provinces.values() if p.arctic]
    if arctic:
        yield (
            "In a Fall turn a unit in arctic water may not be ordered (it holds), and no "
            "unit may move or retreat into it."
        )
    for p in sorted(variant.provinces.values(), key=lambda p: p.name):
        if p.coasts:
            coasts = _joined([("an " if c == "ec" else "a ") + COAST_WORDS[c] for c in p.coasts])
            yield f"{p.name} has {coasts}; a fleet there is on one coast only."
    crossings = getattr(variant, "crossings", {})
    pairs = sorted({tuple(sorted((a, b))) for a, ends in crossings.items() for b in ends})
    for a, b in pairs:
        yield (
            f"Armies may cross between {names[a]} and {names[b]}, at the strength of "
            "their supports alone; fleets may not cross, and no support is given across."
        )
    for railway in getattr(variant, "railways", ()):
        stations = ", ".join(names[s] for s in railway.stations)
        who = f"{variant.power(railway.power).adjective} armies" if railway.power else "armies"
        yield (
            f"The {railway.name} ({railway.abbr.upper()}) joins {stations}: with SET "
            f"RAILWAYS, {who} may move along it in one move "
            f"(A {railway.stations[-1]} - {railway.abbr} - {railway.stations[0]})."
        )
    for gate in getattr(variant, "gateways", ()):
        joined = _joined([names[j] for j in gate.joins])
        yield (
            f"The {gate.name} ({gate.abbr.upper()}) in {names[gate.at]} joins {joined}: "
            "with SET GATEWAYS, the power with a unit there orders it, and only with its "
            "permission may a unit move through."
        )
    if variant.is_machiavelli:
        yield from mach.special(variant, names)
    for power, centres in sorted(getattr(variant, "uncounted", {}).items()):
        yield (
            f"With SET HONG KONG, {power} does not count "
            f"{_joined(sorted(names[c] for c in centres))} as a supply centre of its own."
        )


def _provinces(variant: Variant) -> list[str]:
    entries = [
        f"{p.abbr:<5} {p.name}{' *' if p.center else ''}"
        for p in sorted(variant.provinces.values(), key=lambda p: p.abbr)
        if not p.impassable
    ]
    half = (len(entries) + 1) // 2
    rows = []
    for left, right in zip(entries[:half], [*entries[half:], ""], strict=False):
        rows.append(f"  {left:<34} {right}".rstrip())
    what = "a city" if variant.is_machiavelli else "a supply centre"
    return [*rows, "", f"  (* {what})"]


def _joined(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _wrapped(text: str, width: int = 70) -> list[str]:
    return textwrap.wrap(text, width=width)
