"""Machiavelli's special units (SET SPECIAL; rules.machiavelli "Special units", "Sieges",
"Conversion between unit types"; rules.machiavelli2 "Special units" and appendix 2 for the
second edition's unit limits).

A citizen's militia has a strength of 1, an elite mercenary or an elite professional a
strength of 2: "twice the normal strength for moves, holds, and supports", the resolver's
per-unit `Special.strength`. Their support is "entirely cut by a unit of strength 1", as
any support is cut whole; a besieged garrison of strength 2 cannot convert out in the
second campaign of its siege, as no besieged garrison can (first edition: the movement's
"siege in progress"); in retreats every unit is of strength 1 (retreats have no strength).

Which unit is special is the state's `special`, by power and place (a province, or a city's
garrison `pad*`), kept up to date as units move, convert, retreat or die (`carried`). The
builds and bribes of the money stage ask `refusal` whether a power may have a unit; the
second edition's `[unit limits]` say which powers may build or buy which kinds, and a
conversion into a type a power may not build is refused (the njudge's PermittedMachUnit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from variants import Variant

from ..board import Unit, place_name
from .board import CITY, GARRISON, MachRules
from .state import SPECIAL_KINDS, MachState

ORDINARY = "ordinary"
STRENGTH = {"militia": 1, "mercenary": 2, "professional": 2}
# The njudge's words for the kinds: "an elite mercenary", "Elite Mercenary Army".
TITLES = {
    "militia": "Citizen's Militia",
    "mercenary": "Elite Mercenary",
    "professional": "Elite Professional",
}
_ARTICLES = {
    "militia": "a citizen's militia",
    "mercenary": "an elite mercenary",
    "professional": "an elite professional",
}


def place(variant: Variant, unit: Unit) -> str:
    """Where a unit stands, as `special` names it: its province, or `pad*` for a garrison
    in its city (Venice's garrison holds the province itself)."""
    if unit.type == GARRISON and not variant.provinces[unit.province].venice:
        return unit.province + CITY
    return unit.province


def kind_of(variant: Variant, state: MachState, unit: Unit) -> str:
    """The unit's kind: one of SPECIAL_KINDS, or ORDINARY."""
    if not state.special:
        return ORDINARY
    return state.special.get((unit.power, place(variant, unit)), ORDINARY)


def strengths(variant: Variant, state: MachState, units: Sequence[Unit]) -> dict[int, int]:
    """For the resolver (`Special.strength`): the index of each unit of strength 2."""
    if not state.special:
        return {}
    out = {}
    for i, unit in enumerate(units):
        kind = state.special.get((unit.power, place(variant, unit)))
        if kind is not None and STRENGTH[kind] != 1:
            out[i] = STRENGTH[kind]
    return out


def carried(
    variant: Variant,
    special: Mapping[tuple[str, str], str],
    moves: Iterable[tuple[Unit, Unit]],
    present: Iterable[Unit],
) -> dict[tuple[str, str], str]:
    """The special units after a phase: each `(before, after)` of a unit that moved,
    converted or changed hands carries its kind along; a kind whose unit is not `present`
    (on the board, or dislodged and waiting to retreat) is gone with it."""
    if not special:
        return {}
    out = dict(special)
    taken = {}
    for before, after in moves:
        kind = out.pop((before.power, place(variant, before)), None)
        if kind is not None:
            taken[after.power, place(variant, after)] = kind
    out.update(taken)
    here = {(u.power, place(variant, u)) for u in present}
    return {key: kind for key, kind in out.items() if key in here}


def refusal(
    variant: Variant,
    rules: MachRules,
    state: MachState,
    units: Iterable[Unit],
    power: str,
    unit_type: str,
    kind: str,
    how: str,
) -> str | None:
    """Why `power` may not get a unit of this type and kind, `how` = "built" or "bribed"
    (bought), or None: special units in a game without them, a second special unit ("Each
    power may only have one special unit in play at any one time"), the second edition's
    unit limits; in the njudge's words (ma_build.c, ma_expenses.c)."""
    if kind != ORDINARY:
        if kind not in SPECIAL_KINDS:
            raise ValueError(f"unknown kind of unit '{kind}'")
        if not rules.special:
            return "This game does not allow special units."
        for unit in units:
            held = state.special.get((unit.power, place(variant, unit)))
            if unit.power == power and held is not None:
                where = place_name(variant, unit.province)
                word = {"A": "army", "F": "fleet", "G": "garrison"}[unit.type]
                return (
                    f"You already have {_ARTICLES[held]} {word} in {where}.\n"
                    "Only one special unit allowed per major power."
                )
    if not _allowed(variant, rules, power, unit_type, kind, how):
        if how == "built":
            return "Power is not allowed to build this unit type."
        return "You are not permitted to buy this unit type."
    return None


def conversion_refusal(
    variant: Variant, rules: MachRules, state: MachState, unit: Unit, into: str
) -> str | None:
    """A conversion makes a unit of the new type, as a build would: the unit limits must
    let the power build that type of the unit's kind (the njudge's ma_movement.c)."""
    if _allowed(variant, rules, unit.power, into, kind_of(variant, state, unit), "built"):
        return None
    return "Conversion is not permitted for this power."


def _allowed(
    variant: Variant, rules: MachRules, power: str, unit_type: str, kind: str, how: str
) -> bool:
    """The second edition's unit limits (the njudge's XF_LIMIT_TYPES, set with MACH2); a
    power the variant gives no line is unrestricted."""
    data = variant.machiavelli
    if not rules.mach2 or data is None:
        return True
    limits = data.limits.get(power)
    return limits is None or limits.allows(unit_type, kind, how)
