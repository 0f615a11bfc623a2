"""Reading a variant file: its sections and lines, and what each line says.

The format is documented in docs/variant-format.md. What can be checked on a line by itself
(a province's attributes, a power's letter, a name given twice) is checked here; what needs
the whole file (adjacencies, units, centres) is left to `checking`.
"""

from __future__ import annotations

import re
import shlex

from .draft import ABBR, Draft, name_key
from .mach_reading import READERS as MACH_READERS
from .model import COASTS, Gateway, Power, Province, ProvinceKind, Railway, StartingUnit

SECTIONS = (
    "variant", "powers", "provinces", "adjacencies", "units", "ownership", "center order",
    "railways", "gateways", "uncounted", *MACH_READERS,
)  # fmt: skip
# Machiavelli's city attributes (docs/variant-format.md); `city=N` is read apart.
CITY_FLAGS = ("fortified", "fortress", "port", "venice")
MOVE_KINDS = ("army", "fleet", "wing", "crossing")
VARIANT_KEYS = ("name", "title", "start", "phases", "victory", "units", "rules")
POWER_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_'-]*$")


def read_text(text: str, source: str) -> Draft:
    """The facts of each section, with their lines; refused if the file's layout is wrong or
    a line cannot be read for its section."""
    draft = Draft(source)
    section: str | None = None
    seen_sections: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise draft.fail(number, f"a section header must end with ']': {line}")
            section = line[1:-1].strip().lower()
            if section not in SECTIONS:
                raise draft.fail(number, f"unknown section [{section}]")
            if section in seen_sections:
                raise draft.fail(number, f"section [{section}] appears twice")
            seen_sections.add(section)
            continue
        if section is None:
            raise draft.fail(number, "text before the first [section]")
        try:
            tokens = shlex.split(line, posix=True)
        except ValueError as exc:
            raise draft.fail(number, f"cannot read this line: {exc}") from None
        _READERS[section](draft, number, tokens)
    for required in ("variant", "powers", "provinces", "adjacencies", "units"):
        if required not in seen_sections:
            raise draft.fail(None, f"missing section [{required}]")
    return draft


def _strip_comment(line: str) -> str:
    """A `#` at the start of a line or after white space begins a comment; quotes protect it."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def _read_variant(draft: Draft, number: int, tokens: list[str]) -> None:
    key = tokens[0].lower()
    if key not in VARIANT_KEYS:
        raise draft.fail(number, f"unknown key '{tokens[0]}' in [variant]")
    if key in draft.header:
        raise draft.fail(number, f"'{key}' is given twice")
    if len(tokens) < 2 and key != "rules":
        raise draft.fail(number, f"'{key}' needs a value")
    draft.header[key] = (number, " ".join(tokens[1:]))


def _read_province(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) < 3:
        raise draft.fail(number, 'a province needs: abbreviation, kind, "Full Name"')
    abbr, kind_word, name, *attrs = tokens
    abbr = abbr.lower()
    if not ABBR.match(abbr):
        raise draft.fail(number, f"'{abbr}' is not a valid province abbreviation")
    if abbr in draft.provinces:
        raise draft.fail(number, f"province '{abbr}' is defined twice")
    try:
        kind = ProvinceKind(kind_word.lower())
    except ValueError:
        raise draft.fail(
            number, f"province kind must be land, coast or sea, not '{kind_word}'"
        ) from None
    flags: dict[str, bool] = {"center": False, "impassable": False, "dual": False, "arctic": False}
    flags.update(dict.fromkeys(CITY_FLAGS, False))
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    income = 0
    for attr in attrs:
        word, eq, value = attr.partition("=")
        word = word.lower()
        if word in flags and not eq:
            flags[word] = True
        elif word == "city" and eq:
            if not value.isdigit() or not 1 <= int(value) <= 9:
                raise draft.fail(number, f"a city gives 1 to 9 ducats, not '{value}'")
            income = int(value)
        elif word == "coasts" and eq:
            coasts = tuple(c.strip().lower() for c in value.split(",") if c.strip())
            bad = [c for c in coasts if c not in COASTS]
            if bad:
                raise draft.fail(number, f"unknown coast '{bad[0]}' (use nc, sc, ec or wc)")
            if len(coasts) < 2:
                raise draft.fail(number, "a province with named coasts needs at least two")
        elif word == "aliases" and eq:
            aliases = tuple(name_key(a) for a in value.split(",") if a.strip())
        else:
            raise draft.fail(number, f"unknown province attribute '{attr}'")
    if coasts and kind is not ProvinceKind.COAST:
        raise draft.fail(number, f"only a coast province can have named coasts, '{abbr}' is {kind}")
    if flags["dual"] and kind is not ProvinceKind.COAST:
        raise draft.fail(number, f"only a coast province can be dual, '{abbr}' is {kind}")
    if flags["arctic"] and kind is not ProvinceKind.SEA:
        raise draft.fail(number, f"only a sea can be arctic, '{abbr}' is {kind}")
    if flags["center"] and kind is ProvinceKind.SEA:
        raise draft.fail(number, f"a sea cannot be a supply center ('{abbr}')")
    _check_city(draft, number, abbr, kind, income, flags)
    # A Machiavelli city is a supply centre: what the rules call controlling cities.
    flags["center"] = flags["center"] or income > 0
    province = Province(abbr, name, kind, coasts=coasts, aliases=aliases, income=income, **flags)
    draft.provinces[abbr] = (number, province)


def _check_city(
    draft: Draft, number: int, abbr: str, kind: ProvinceKind, income: int, flags: dict[str, bool]
) -> None:
    """A Machiavelli city's attributes agree with each other and with the province."""
    walls = [w for w in CITY_FLAGS if flags[w]]
    if (income or walls) and kind is ProvinceKind.SEA:
        raise draft.fail(number, f"a sea has no city ('{abbr}')")
    if flags["fortress"] and income:
        raise draft.fail(number, f"a fortress gives no income ('{abbr}': city= or fortress)")
    if flags["fortified"] and not income:
        raise draft.fail(number, f"only a city is fortified ('{abbr}' needs city=N)")
    if (flags["port"] or flags["venice"]) and not (income or flags["fortress"]):
        raise draft.fail(number, f"a port or Venice is a city or a fortress ('{abbr}')")
    if flags["port"] and kind is not ProvinceKind.COAST and not flags["impassable"]:
        raise draft.fail(number, f"a port is on the coast, '{abbr}' is {kind}")


def _read_power(draft: Draft, number: int, tokens: list[str]) -> None:
    played = True
    if tokens and tokens[-1].lower() in ("played=no", "played=yes"):
        played = tokens.pop().lower() == "played=yes"
    if len(tokens) < 3:
        raise draft.fail(number, "a power needs: Name Adjective Letter [home centres...]")
    name, adjective, letter, *homes = tokens
    if not POWER_NAME.match(name):
        raise draft.fail(number, f"'{name}' is not a valid power name (one word)")
    if len(letter) != 1 or not letter.isalnum():
        raise draft.fail(number, f"a power letter is one letter or digit, not '{letter}'")
    letter = letter.upper()
    if letter in ("M", "O"):
        raise draft.fail(number, f"letter {letter} is reserved for masters and observers")
    for other_line, other in draft.powers.values():
        if other.name.lower() == name.lower():
            raise draft.fail(number, f"power {name} is defined twice (line {other_line})")
        if other.letter == letter:
            raise draft.fail(
                number, f"letter {letter} is already {other.name}'s (line {other_line})"
            )
    homes_ = tuple(h.lower() for h in homes)
    draft.powers[name] = (number, Power(name, adjective, letter, homes_, played))


def _read_adjacency(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) < 3:
        raise draft.fail(
            number, "an adjacency line needs: from, army|fleet|wing|crossing, destinations"
        )
    frm, kind, *tos = tokens
    kind = kind.lower()
    if kind not in MOVE_KINDS:
        raise draft.fail(number, f"moves are by army, fleet, wing or crossing, not '{kind}'")
    for to in tos:
        draft.moves[(frm.lower(), kind)].append((number, to.lower()))


def _read_units(draft: Draft, number: int, tokens: list[str]) -> None:
    power, *rest = [t.rstrip(",") for t in tokens]
    words = [w for w in rest if w]
    if len(words) % 2:
        raise draft.fail(number, "starting units are pairs of type and location: A bud, F tri")
    for i in range(0, len(words), 2):
        kind, slash, wing = words[i].upper().partition("/")
        if slash and wing != "W":
            raise draft.fail(number, f"'{words[i]}': only a wing may stand in for a unit (F/W)")
        unit = StartingUnit(power, kind, words[i + 1].lower(), wing=bool(slash))
        draft.units.append((number, unit))


def _read_ownership(draft: Draft, number: int, tokens: list[str]) -> None:
    power, *centers = tokens
    for center in centers:
        center = center.lower()
        if center in draft.ownership:
            raise draft.fail(number, f"center '{center}' is owned twice")
        draft.ownership[center] = (number, power)


def _read_center_order(draft: Draft, number: int, tokens: list[str]) -> None:
    draft.center_order.extend((number, t.lower()) for t in tokens)


def _read_railway(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) < 5:
        raise draft.fail(
            number, 'a railway needs: abbreviation, "Full Name", power or any, two stations or more'
        )
    abbr, name, power, *stations = tokens
    owner = None if power.lower() == "any" else power
    railway = Railway(abbr.lower(), name, owner, tuple(s.lower() for s in stations))
    draft.railways.append((number, railway))


def _read_gateway(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) < 5:
        raise draft.fail(
            number, 'a gateway needs: abbreviation, "Full Name", its province, two waters or more'
        )
    abbr, name, at, *joins = tokens
    gateway = Gateway(abbr.lower(), name, at.lower(), tuple(j.lower() for j in joins))
    draft.gateways.append((number, gateway))


def _read_uncounted(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) < 2:
        raise draft.fail(number, "an uncounted line needs: power, centres")
    power, *centers = tokens
    if power.lower() in (p.lower() for p in draft.uncounted):
        raise draft.fail(number, f"{power} is listed twice in [uncounted]")
    draft.uncounted[power] = (number, tuple(c.lower() for c in centers))


_READERS = {
    "variant": _read_variant,
    "provinces": _read_province,
    "powers": _read_power,
    "adjacencies": _read_adjacency,
    "units": _read_units,
    "ownership": _read_ownership,
    "center order": _read_center_order,
    "railways": _read_railway,
    "gateways": _read_gateway,
    "uncounted": _read_uncounted,
    **MACH_READERS,
}
