"""Reading the sections only a Machiavelli map has (docs/variant-format.md, "Machiavelli").

Each reader takes one line of its section, as `reading` does for the others; what needs
the whole file (do the provinces exist, is a table full) is `mach_checking`'s.
"""

from __future__ import annotations

from collections.abc import Callable

from .draft import Draft
from .mach_model import LIMIT_KINDS, LIMIT_LETTERS, Strait, UnitLimits, VariableIncome

TABLES = ("famine", "plague", "storms")
DICE_FACES = 6


def _read_control(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) < 2:
        raise draft.fail(number, "a control line needs: power, provinces")
    power, *provinces = tokens
    for province in provinces:
        province = province.lower()
        if province in draft.control:
            raise draft.fail(number, f"province '{province}' is controlled twice")
        draft.control[province] = (number, power)


def _read_province_order(draft: Draft, number: int, tokens: list[str]) -> None:
    draft.province_order.extend((number, t.lower()) for t in tokens)


def _read_variable_income(draft: Draft, number: int, tokens: list[str]) -> None:
    words = [t for t in tokens if "=" not in t]
    extras = [t for t in tokens if "=" in t]
    if len(words) != 2 + DICE_FACES or not all(w.isdigit() for w in words[1:]):
        raise draft.fail(
            number, "a variable income line needs: province, dice, six ducats [initial=N]"
        )
    initial = None
    for extra in extras:
        key, _, value = extra.partition("=")
        if key.lower() != "initial" or not value.isdigit():
            raise draft.fail(number, f"unknown variable income attribute '{extra}'")
        initial = int(value)
    dice = int(words[1])
    if not 1 <= dice <= 3:
        raise draft.fail(number, f"a province rolls one to three dice, not {dice}")
    ducats = tuple(int(w) for w in words[2:])
    draft.variable_income.append((number, VariableIncome(words[0].lower(), dice, ducats, initial)))


def _table_reader(name: str) -> Callable[[Draft, int, list[str]], None]:
    def read(draft: Draft, number: int, tokens: list[str]) -> None:
        row = tokens[0].rstrip(":")
        if not row.isdigit() or not 2 <= int(row) <= 12:
            raise draft.fail(number, f"a {name} row starts with its dice, 2 to 12, not '{row}'")
        columns = tuple(None if t.strip("-") == "" else t.lower() for t in tokens[1:])
        if len(columns) != 11:
            raise draft.fail(
                number, f"a {name} row has a place for each column 2 to 12, '-' for none"
            )
        rows = draft.tables.setdefault(name, [])
        if any(r == int(row) for _, r, _ in rows):
            raise draft.fail(number, f"{name} row {row} is given twice")
        rows.append((number, int(row), columns))

    return read


def _read_limits(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) != 4:
        raise draft.fail(number, "a unit limit line needs: power, army, fleet, garrison")
    power, *kinds = tokens
    for letters in kinds:
        if len(letters) != len(LIMIT_KINDS) or any(c not in LIMIT_LETTERS for c in letters):
            raise draft.fail(
                number,
                f"'{letters}' is not four of x . b r (ordinary, militia, mercenary, professional)",
            )
    if power.lower() in (p.lower() for p in draft.limits):
        raise draft.fail(number, f"{power} is listed twice in [unit limits]")
    draft.limits[power] = (number, UnitLimits(*kinds))


def _read_strait(draft: Draft, number: int, tokens: list[str]) -> None:
    if len(tokens) != 3:
        raise draft.fail(number, "a strait line needs: the keeper's province, two waters")
    keeper, one, two = (t.lower() for t in tokens)
    draft.straits.append((number, Strait(keeper, (one, two))))


READERS: dict[str, Callable[[Draft, int, list[str]], None]] = {
    "control": _read_control,
    "province order": _read_province_order,
    "variable income": _read_variable_income,
    "unit limits": _read_limits,
    "straits": _read_strait,
    **{name: _table_reader(name) for name in TABLES},
}
