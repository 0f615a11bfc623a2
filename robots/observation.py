"""The observation module: who is friends with whom, read off the adjudicated orders.

After the Bordeaux Diplomat's observation module (Loeb, Diplomatic Pouch S1995): every
processed phase's result document is evidence of how each power treated each other one.
Supports and convoys given to another power's units are friendly; attacks on its units and
centres, standoffs and dislodgements are hostile; a unit moved, retreated, built or removed
changes its distance to another power's nearest centre, and coming closer is hostile in a
measure that falls off with the distance (one step from a centre counts a lot, four or five
hardly at all). Each movement phase keeps 70 % of the history before it; the matrix is
symmetric; and friends of friends (and enemies of enemies) lean towards friendship.

The seed symmetrises and adds a small multiple of F squared to the stored matrix every
season; here the decayed, symmetric history is what is kept and transitivity is applied
when the matrix is read, so friend-of-friend effects do not compound phase after phase.

Nothing is stored: `friendliness` recomputes everything from the phase results the judge
keeps (PhaseRecord.result, docs/phase-format.md). Agreements made in press (PCE, DMZ, XDO)
are checked against the same orders by `broken_agreements`. Pure: no judge imports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.geography import geography
from variants import Variant, province_of

# The weights of the evidence (a support given counts 2).
SUPPORT = 2.0
CONVOY = 2.0
REFUSED_SUPPORT = 0.5  # a support that failed still showed the intent: half counts
ATTACK_UNIT = 2.0
ATTACK_CENTRE = 0.5  # on top of an attack on a unit standing in the centre
STANDOFF = 0.5
DISLODGE = 2.0  # on top of the attack: the defender must retreat
APPROACH = 1.0  # one step from next to a centre onto it is worth APPROACH * 0.5
FAILED_MOVE = 0.5  # a move that failed counts half (the seed's FLD and BNC)
HISTORY = 0.7  # what is kept of the matrix before each movement phase
TRANSITIVITY = 0.05  # the small multiple of F squared

# Above this a pair are friends, below minus this enemies (for blocs and robots).
FRIENDLY = 1.0

Matrix = dict[str, dict[str, float]]


@dataclass(frozen=True)
class Relations:
    """The friendliness of every pair of powers: positive friendly, negative hostile."""

    powers: tuple[str, ...]
    matrix: Mapping[str, Mapping[str, float]]
    phases: int = 0  # how many phase results it was read from

    def value(self, a: str, b: str) -> float:
        if a == b:
            return 0.0
        return self.matrix.get(a, {}).get(b, 0.0)


@dataclass(frozen=True)
class Agreement:
    """An agreement made in press, in plain data (DPP's PCE, DMZ and XDO convert to it).

    kind: "PCE" (no attack between the parties), "DMZ" (none of the parties moves into the
    provinces), "XDO" (the orders are given; each in the adjudicator's notation,
    `A par - bur`). phase: the phase the agreement was made in; it holds from then on
    (XDO: for the first phase at or after it that has the ordered unit).
    """

    kind: str
    parties: frozenset[str]
    phase: str
    provinces: frozenset[str] = frozenset()
    orders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Broken:
    """One agreement broken: in which phase, by whom, with which order."""

    agreement: Agreement
    phase: str
    by: str
    order: str


@dataclass(frozen=True)
class _Line:
    power: str
    unit: str  # "A" or "F" (or "W")
    at: str  # location, with coast
    verb: str  # "-", "S", "C", "H", "D", "B", ...
    target: str | None  # province moved to (or supported/convoyed into)
    other: str | None  # the province of the supported or convoyed unit
    to: str | None  # where a move goes, with its coast (for a fleet's distances)
    ok: bool
    text: str


def _line(order: Mapping[str, Any]) -> _Line | None:
    """One order line of a result document, or None for one that says nothing."""
    if order.get("result") == "illegal" or not order.get("power"):
        return None
    words = str(order.get("order") or "").split()
    if len(words) < 3:
        return None
    ok = order.get("result") == "succeeds"
    unit, at, verb = words[0].upper(), words[1].lower(), words[2].upper()
    rest = [w.lower() for w in words[3:]]
    target: str | None = None
    other: str | None = None
    to: str | None = None
    if verb == "-" and rest:
        to = rest[-1]  # a convoy route names the end last
        target = province_of(to)
    elif verb in ("S", "C") and len(rest) >= 2:
        other = province_of(rest[1])
        if len(rest) >= 4 and rest[2] == "-":
            target = province_of(rest[3])
    return _Line(order["power"], unit, at, verb, target, other, to, ok, " ".join(words))


def _owners(doc: Mapping[str, Any]) -> dict[str, str]:
    """Province -> power of the units a board shows (a result's `units`)."""
    out: dict[str, str] = {}
    for power, units in (doc.get("units") or {}).items():
        for unit in units:
            parts = str(unit).split()
            if len(parts) == 2:
                out[province_of(parts[1].lower())] = power
    return out


def _centres(variant: Variant, before: Mapping[str, Any] | None) -> dict[str, frozenset[str]]:
    if before is not None and before.get("centers"):
        return {p: frozenset(cs) for p, cs in before["centers"].items()}
    found: dict[str, set[str]] = {}
    for centre, power in variant.ownership.items():
        found.setdefault(power, set()).add(centre)
    return {p: frozenset(cs) for p, cs in found.items()}


def _closeness(distance: int | None) -> float:
    """How much a unit at this distance from a power's centres weighs: the seed's filter,
    falling and flattening with the distance; None is no unit at all."""
    return 0.0 if distance is None else 1.0 / (1 + distance)


class _Phase:
    """What one phase's orders say of each power's dealings with each other one."""

    def __init__(self, variant: Variant, doc: Mapping[str, Any], before: Mapping[str, Any] | None):
        self.variant = variant
        self.doc = doc
        self.lines = [x for x in map(_line, doc.get("orders") or []) if x is not None]
        owners = _owners(before) if before is not None else {}
        if before is None:
            owners = {province_of(u.location): u.power for u in variant.units}
        for x in self.lines:
            if x.verb not in ("B",):
                owners[province_of(x.at)] = x.power
        self.owners = owners
        self.centres = _centres(variant, before)
        self.centre_owner = {c: p for p, cs in self.centres.items() for c in cs}

    def attacks(self, x: _Line) -> list[str]:
        """The powers a move (or a support of one) attacks: the unit there, the centre."""
        if x.target is None:
            return []
        found = []
        for power in (self.owners.get(x.target), self.centre_owner.get(x.target)):
            if power and power != x.power and power not in found:
                found.append(power)
        return found


def _evidence(variant: Variant, ph: _Phase) -> Matrix:
    """How each power treated each other one in this phase (not yet symmetric)."""
    e: Matrix = {}

    def add(a: str, b: str, amount: float) -> None:
        if a != b and a and b:
            row = e.setdefault(a, {})
            row[b] = row.get(b, 0.0) + amount

    dislodged = {
        province_of(str(d.get("unit", "x x")).split()[-1].lower()): d
        for d in ph.doc.get("dislodged") or []
    }
    movement = str(ph.doc.get("phase", ""))[-1:] == "M"
    into: dict[str, set[str]] = {}
    for x in ph.lines:
        if x.verb in ("S", "C") and x.other is not None:
            helped = ph.owners.get(x.other)
            if helped and helped != x.power:
                add(
                    x.power,
                    helped,
                    (SUPPORT if x.verb == "S" else CONVOY) * (1 if x.ok else REFUSED_SUPPORT),
                )
            if x.target is not None:  # helping an attack on a third power
                for victim in ph.attacks(x):
                    if victim != helped:
                        add(x.power, victim, -ATTACK_UNIT / 2)
        elif x.verb == "-" and x.target is not None:
            if movement:
                into.setdefault(x.target, set()).add(x.power)
                victim_unit = ph.owners.get(x.target)
                if victim_unit and victim_unit != x.power:
                    add(x.power, victim_unit, -ATTACK_UNIT)
                    if x.ok and x.target in dislodged:
                        add(x.power, victim_unit, -DISLODGE)
                victim_centre = ph.centre_owner.get(x.target)
                if victim_centre and victim_centre != x.power:
                    add(x.power, victim_centre, -ATTACK_CENTRE)
            _approach(variant, ph, x.power, x.unit, x.at, x.to, x.ok, add)
        elif x.verb == "B":
            _approach(variant, ph, x.power, x.unit, None, x.at, True, add)
        elif x.verb == "D" and not movement:
            _approach(variant, ph, x.power, x.unit, x.at, None, True, add)
    for province in ph.doc.get("contested") or []:
        movers = sorted(into.get(province, ()))
        for a in movers:
            for b in movers:
                add(a, b, -STANDOFF)
    return e


def _approach(
    variant: Variant,
    ph: _Phase,
    power: str,
    unit: str,
    frm: str | None,
    to: str | None,
    ok: bool,
    add: Callable[[str, str, float], None],
) -> None:
    """A unit coming closer to another power's centres (hostile) or leaving (friendly)."""
    geo = geography(variant)
    kind = "F" if unit == "F" else "A"
    for other, centres in ph.centres.items():
        if other == power or not centres:
            continue
        dist = geo.distances_to(centres, kind)
        before = _closeness(dist.get(frm) if frm else None)
        after = _closeness(dist.get(to, dist.get(province_of(to))) if to else None)
        change = after - before
        if change:
            add(power, other, -APPROACH * change * (1 if ok else FAILED_MOVE))


def _played(results: Iterable[Mapping[str, Any]]) -> list[tuple[Mapping[str, Any], Any]]:
    """Each phase's output document and the board before it. A result is either the
    adjudicator's output document or what the judge stores (PhaseRecord.result:
    {"input": ..., "output": ...}), whose input is the board before the phase; else the
    board before is the previous output (None: the variant's start)."""
    out: list[tuple[Mapping[str, Any], Any]] = []
    previous: Mapping[str, Any] | None = None
    for doc in results:
        if "output" in doc:
            output, before = doc.get("output") or {}, doc.get("input") or previous
        else:
            output, before = doc, previous
        out.append((output, before))
        previous = output
    return out


def friendliness(variant: Variant, results: Sequence[Mapping[str, Any]]) -> Relations:
    """The friendliness matrix after the given phase results, oldest first (each the
    adjudicator's output document, or PhaseRecord.result as the judge stores it)."""
    powers = tuple(p.name for p in variant.powers)
    history: Matrix = {a: {b: 0.0 for b in powers if b != a} for a in powers}
    played = _played(results)
    for doc, before in played:
        if str(doc.get("phase", ""))[-1:] == "M":
            for row in history.values():
                for b in row:
                    row[b] *= HISTORY
        e = _evidence(variant, _Phase(variant, doc, before))
        for a in powers:
            for b in powers:
                if a != b:
                    # Symmetry (the seed's F + F transposed): what a did to b and what b
                    # did to a count for both.
                    history[a][b] += e.get(a, {}).get(b, 0.0) + e.get(b, {}).get(a, 0.0)
    return Relations(powers, _transitive(powers, history), len(played))


def _transitive(powers: tuple[str, ...], f: Matrix) -> Matrix:
    out: Matrix = {}
    for a in powers:
        out[a] = {}
        for b in powers:
            if a == b:
                continue
            through = sum(f[a][c] * f[c][b] for c in powers if c not in (a, b))
            out[a][b] = round(f[a][b] + TRANSITIVITY * through, 3)
    return out


def friends_of(relations: Relations, power: str, threshold: float = FRIENDLY) -> frozenset[str]:
    """The powers a robot playing `power` should treat as friends."""
    return frozenset(
        b for b in relations.powers if b != power and relations.value(power, b) >= threshold
    )


def blocs(relations: Relations, threshold: float = FRIENDLY) -> list[tuple[str, ...]]:
    """The alliances the matrix implies: groups in which every two are friends, formed from
    the friendliest pair down; a power with no friend is a bloc of its own. Largest first."""
    groups: dict[str, set[str]] = {p: {p} for p in relations.powers}
    pairs = sorted(
        (
            (relations.value(a, b), a, b)
            for i, a in enumerate(relations.powers)
            for b in relations.powers[i + 1 :]
        ),
        reverse=True,
    )
    for value, a, b in pairs:
        if value < threshold or groups[a] is groups[b]:
            continue
        joined = groups[a] | groups[b]
        if all(relations.value(x, y) >= threshold for x in joined for y in joined if x != y):
            for p in joined:
                groups[p] = joined
    order = {p: i for i, p in enumerate(relations.powers)}
    found = {tuple(sorted(g, key=order.__getitem__)) for g in groups.values()}
    return sorted(found, key=lambda g: (-len(g), order[g[0]]))


def broken_agreements(
    variant: Variant, results: Sequence[Mapping[str, Any]], agreements: Iterable[Agreement]
) -> list[Broken]:
    """Each agreement broken, with the phase, the power that broke it and its order."""
    played = _played(results)
    phases = [str(doc.get("phase", "")).upper() for doc, _ in played]
    out: list[Broken] = []
    for agreement in agreements:
        if agreement.phase.upper() not in phases:
            continue
        for i in range(phases.index(agreement.phase.upper()), len(played)):
            ph = _Phase(variant, *played[i])
            out.extend(_check(agreement, ph, phases[i]))
            if agreement.kind == "XDO" and _xdo_settled(agreement, ph):
                break
    return out


def _check(agreement: Agreement, ph: _Phase, phase: str) -> list[Broken]:
    found: list[Broken] = []
    parties = agreement.parties
    for x in ph.lines:
        if x.power not in parties:
            continue
        if agreement.kind == "PCE" and x.verb in ("-", "S", "C") and phase.endswith("M"):
            if any(v in parties for v in ph.attacks(x)):
                found.append(Broken(agreement, phase, x.power, x.text))
        elif agreement.kind == "DMZ":
            into = x.target if x.verb == "-" else province_of(x.at) if x.verb == "B" else None
            if into is not None and into in agreement.provinces:
                found.append(Broken(agreement, phase, x.power, x.text))
    if agreement.kind == "XDO":
        given = {_norm(x.text) for x in ph.lines}
        for order in agreement.orders:
            words = order.split()
            if len(words) < 2:
                continue
            unit_at = province_of(words[1].lower())
            owner = next(
                (x for x in ph.lines if province_of(x.at) == unit_at and x.verb != "B"), None
            )
            if owner is None or owner.power not in parties:
                continue
            if _norm(order) not in given:
                found.append(Broken(agreement, phase, owner.power, owner.text))
    return found


def _xdo_settled(agreement: Agreement, ph: _Phase) -> bool:
    """An XDO is for one phase: the first that has one of its units."""
    units = {province_of(o.split()[1].lower()) for o in agreement.orders if len(o.split()) > 1}
    return any(province_of(x.at) in units for x in ph.lines)


def _norm(order: str) -> str:
    return " ".join(order.lower().split())
