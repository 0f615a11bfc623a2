"""What a Machiavelli game carries from phase to phase beyond its units and cities.

The cities' owners are the position's `centers` (a Machiavelli city is its supply centre);
the rest is a `MachState`: who controls each province, who holds each home country now,
which cities are under siege, and the money, loans, assassination chits, famine and
rebellions of the rules the next stages carry out (docs/machiavelli.md, "State"). The
phase document writes it as its `machiavelli` object (docs/phase-format.md); a field this
stage does not use is read, checked and written back unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from variants import AUTONOMOUS, Variant


class Loan(NamedTuple):
    """A bank loan: the ducats borrowed and the interest, due at the start of `due`'s
    expenses (a phase code, `S1456M`)."""

    principal: int
    interest: int
    due: str


@dataclass(frozen=True)
class MachState:
    # Land province -> the power (or AUTONOMOUS) that controls it.
    control: Mapping[str, str]
    # Province of a home country -> the power that holds that home country now (its own
    # power, a conqueror, or AUTONOMOUS once its power is eliminated).
    homes: Mapping[str, str]
    # Provinces whose city's siege began in the last campaign: a second besiege takes it.
    sieges: frozenset[str] = frozenset()
    # The money rules (SET MONEY, LOANS, ASSASSINS): ducats, loans, the chits each power
    # holds (named by their victims), the powers the bank no longer lends to.
    treasury: Mapping[str, int] = field(default_factory=dict)
    loans: Mapping[str, tuple[Loan, ...]] = field(default_factory=dict)
    chits: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    defaulted: frozenset[str] = frozenset()
    # Disasters and unrest: provinces struck by famine (their units die at the end of the
    # next Spring), and rebellions, by province or city (`pad*`), with the power each is
    # against.
    famine: frozenset[str] = frozenset()
    rebellions: Mapping[str, str] = field(default_factory=dict)
    # The game's random seed: every die a phase rolls comes from it and the phase's code,
    # so a phase adjudicated again (ROLLBACK, PREDICT) rolls the same.
    seed: int = 0
    # Special units (SET SPECIAL): (power, place) -> "militia", "mercenary" or
    # "professional", the place a province, a city's garrison `pad*` (special_units.place).
    special: Mapping[tuple[str, str], str] = field(default_factory=dict)
    # The straits' leave (the `ally` order): power -> the powers its fleets let pass.
    allies: Mapping[str, frozenset[str]] = field(default_factory=dict)


def starting_state(variant: Variant) -> MachState:
    """The state a Machiavelli variant's game starts with."""
    data = variant.machiavelli
    assert data is not None, variant.name
    homes = {h: p.name for p in variant.powers for h in p.homes}
    return MachState(control=dict(data.control), homes=homes)


def read_state(variant: Variant, raw: Any) -> MachState:
    """The `machiavelli` object of a phase document; missing keys are the start's."""
    start = starting_state(variant)
    if raw is None:
        return start
    if not isinstance(raw, Mapping):
        raise ValueError("'machiavelli' must be an object")
    known = {
        "control", "homes", "sieges", "treasury", "loans", "chits", "defaulted", "famine",
        "rebellions", "seed", "special", "allies",
    }  # fmt: skip
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ValueError(f"machiavelli: unknown key '{unknown[0]}'")
    owners = {AUTONOMOUS.lower(): AUTONOMOUS}
    for each in variant.powers:
        owners[each.name.lower()] = owners[each.letter.lower()] = each.name

    def power(name: Any, where: str) -> str:
        found = owners.get(str(name).lower())
        if found is None:
            raise ValueError(f"machiavelli.{where}: unknown power '{name}'")
        return found

    def provinces(texts: Any, where: str) -> list[str]:
        if not isinstance(texts, list):
            raise ValueError(f"machiavelli.{where}: expected a list")
        out = []
        for text in texts:
            city = isinstance(text, str) and text.endswith("*")
            try:
                abbr = variant.province(str(text).rstrip("*")).abbr
            except KeyError:
                raise ValueError(f"machiavelli.{where}: unknown province '{text}'") from None
            out.append(abbr + ("*" if city else ""))
        return out

    def by_power(key: str, default: Mapping[str, str]) -> dict[str, str]:
        if key not in raw:
            return dict(default)
        if not isinstance(raw[key], Mapping):
            raise ValueError(f"machiavelli.{key}: expected an object of power: [provinces]")
        return {p: power(name, key) for name, ps in raw[key].items() for p in provinces(ps, key)}

    def numbers(key: str) -> dict[str, int]:
        value = raw.get(key, {})
        if not isinstance(value, Mapping) or not all(isinstance(v, int) for v in value.values()):
            raise ValueError(f"machiavelli.{key}: expected an object of power: number")
        return {power(k, key): v for k, v in value.items()}

    loans = {}
    for name, entries in raw.get("loans", {}).items():
        if not isinstance(entries, list):
            raise ValueError("machiavelli.loans: expected power: [[principal, interest, due]]")
        loans[power(name, "loans")] = tuple(Loan(int(a), int(b), str(c)) for a, b, c in entries)
    return MachState(
        control=by_power("control", start.control),
        homes=by_power("homes", start.homes),
        sieges=frozenset(provinces(raw.get("sieges", []), "sieges")),
        treasury=numbers("treasury"),
        loans=loans,
        chits={
            power(k, "chits"): tuple(power(v, "chits") for v in vs)
            for k, vs in raw.get("chits", {}).items()
        },
        defaulted=frozenset(power(p, "defaulted") for p in raw.get("defaulted", [])),
        famine=frozenset(provinces(raw.get("famine", []), "famine")),
        rebellions=by_power("rebellions", {}),
        seed=int(raw.get("seed", 0)),
        special=_special(raw.get("special", {}), power, provinces),
        allies={
            power(k, "allies"): frozenset(power(v, "allies") for v in vs)
            for k, vs in raw.get("allies", {}).items()
        },
    )


SPECIAL_KINDS = ("militia", "mercenary", "professional")


def _special(raw: Any, power: Any, provinces: Any) -> dict[tuple[str, str], str]:
    """`{"Venice": {"pad": "mercenary", "ven": "militia"}}`: each power's special units."""
    if not isinstance(raw, Mapping):
        raise ValueError("machiavelli.special: expected power: {place: kind}")
    out = {}
    for name, places in raw.items():
        who = power(name, "special")
        if not isinstance(places, Mapping):
            raise ValueError("machiavelli.special: expected power: {place: kind}")
        for place, kind in places.items():
            if kind not in SPECIAL_KINDS:
                known = ", ".join(SPECIAL_KINDS)
                raise ValueError(f"machiavelli.special: '{kind}' is not one of {known}")
            out[who, provinces([place], "special")[0]] = kind
    return out


def write_state(variant: Variant, state: MachState) -> dict[str, Any]:
    """The `machiavelli` object of a result document: each power's provinces sorted."""

    def grouped(owned: Mapping[str, str]) -> dict[str, list[str]]:
        order = [p.name for p in variant.powers] + [AUTONOMOUS]
        out: dict[str, list[str]] = {}
        for place, who in owned.items():
            out.setdefault(who, []).append(place)
        return {who: sorted(out[who]) for who in order if who in out}

    body: dict[str, Any] = {
        "control": grouped(state.control),
        "homes": grouped(state.homes),
        "sieges": sorted(state.sieges),
    }
    if state.treasury:
        body["treasury"] = dict(state.treasury)
    if state.loans:
        body["loans"] = {p: [list(loan) for loan in ls] for p, ls in state.loans.items()}
    if state.chits:
        body["chits"] = {p: list(c) for p, c in state.chits.items()}
    if state.defaulted:
        body["defaulted"] = sorted(state.defaulted)
    if state.famine:
        body["famine"] = sorted(state.famine)
    if state.rebellions:
        body["rebellions"] = grouped(state.rebellions)
    if state.seed:
        body["seed"] = state.seed
    if state.special:
        special: dict[str, dict[str, str]] = {}
        for (who, place), kind in sorted(state.special.items()):
            special.setdefault(who, {})[place] = kind
        body["special"] = special
    if any(state.allies.values()):
        body["allies"] = {p: sorted(vs) for p, vs in state.allies.items() if vs}
    return body
