"""The observation module: who is friends with whom, read off the adjudicated orders.

After the Bordeaux Diplomat's observation module (Loeb, Diplomatic Pouch S1995): every
processed phase's result document is evidence of how each power treated each other one.
Supports and convoys given to another power's units are friendly, and a support or convoy
the other power did not match (void, the seed's NSO) a small hostile sign, "a possible
stab"; attacks on its units and centres, standoffs and dislodgements are hostile; a unit
moved, retreated, built or removed changes its distance to another power's nearest centre,
and coming closer is hostile in a measure that falls off with the distance (one step from a
centre counts a lot, four or five hardly at all). Agreements made in press (PCE, DMZ, XDO,
NOT XDO; agreements.py) move the matrix too: a bonus between the parties for each phase
one is kept, a penalty from the breaker for each order that breaks one. Each movement
phase keeps 70 % of the history before it; the matrix is symmetric; and friends of friends
(and enemies of enemies) lean towards friendship. The blocs are about four of seven powers
(`blocs`), the friendliest joined first, as the seed chooses its alliance thresholds.

The seed symmetrises and adds a small multiple of F squared to the stored matrix every
season; here the decayed, symmetric history is what is kept and transitivity is applied
when the matrix is read, so friend-of-friend effects do not compound phase after phase.

Nothing is stored: `friendliness` recomputes everything from the phase results the judge
keeps (PhaseRecord.result, docs/phase-format.md) and the agreements. Pure: no judge imports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.geography import geography
from variants import Variant, province_of

from .agreements import Agreement, Broken, Verdict, broken_agreements, verdicts
from .played import Phase, played

# The weights of the evidence (a support given counts 2).
SUPPORT = 2.0
CONVOY = 2.0
VOID_SUPPORT = -0.5  # a support or convoy the other did not match (NSO): a small penalty
ATTACK_UNIT = 2.0
ATTACK_CENTRE = 0.5  # on top of an attack on a unit standing in the centre
STANDOFF = 0.5
DISLODGE = 2.0  # on top of the attack: the defender must retreat
APPROACH = 1.0  # one step from next to a centre onto it is worth APPROACH * 0.5
FAILED_MOVE = 0.5  # a move that failed counts half (the seed's FLD and BNC)
KEPT = 0.5  # between the parties, for each phase an agreement is kept
BROKEN = 3.0  # from the breaker to each other party, for each order that breaks one
HISTORY = 0.7  # what is kept of the matrix before each movement phase
TRANSITIVITY = 0.05  # the small multiple of F squared
BLOCS = 4 / 7  # "about 4" blocs of seven powers
# The least friendliness that joins two powers in a bloc however many blocs there are: a
# quarter of one support given, above the traces that moves far away leave.
LEAST_FRIENDLY = 0.5

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


def _closeness(distance: int | None) -> float:
    """How much a unit at this distance from a power's centres weighs: the seed's filter,
    falling and flattening with the distance; None is no unit at all."""
    return 0.0 if distance is None else 1.0 / (1 + distance)


def _evidence(variant: Variant, ph: Phase, judged: Sequence[Verdict]) -> Matrix:
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
    into: dict[str, set[str]] = {}
    for x in ph.lines:
        if x.verb in ("S", "C") and x.other is not None:
            helped = ph.owners.get(x.other)
            if helped and helped != x.power:
                given = SUPPORT if x.verb == "S" else CONVOY
                add(x.power, helped, VOID_SUPPORT if x.reason == "void" else given)
            if x.target is not None:  # helping an attack on a third power
                for victim in ph.attacks(x):
                    if victim != helped:
                        add(x.power, victim, -ATTACK_UNIT / 2)
        elif x.verb == "-" and x.target is not None:
            if ph.movement:
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
        elif x.verb == "D" and not ph.movement:
            _approach(variant, ph, x.power, x.unit, x.at, None, True, add)
    for province in ph.doc.get("contested") or []:
        movers = sorted(into.get(province, ()))
        for a in movers:
            for b in movers:
                add(a, b, -STANDOFF)
    for v in judged:
        between = sorted(v.agreement.between())
        if v.by is not None:
            for other in between:
                add(v.by, other, -BROKEN)
        elif v.keeper is not None:
            for other in between:
                add(v.keeper, other, KEPT)
    return e


def _approach(
    variant: Variant,
    ph: Phase,
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


def friendliness(
    variant: Variant,
    results: Sequence[Mapping[str, Any]],
    agreements: Iterable[Agreement] = (),
) -> Relations:
    """The friendliness matrix after the given phase results, oldest first (each the
    adjudicator's output document, or PhaseRecord.result as the judge stores it), with the
    agreements made in press kept and broken in them."""
    powers = tuple(p.name for p in variant.powers)
    history: Matrix = {a: {b: 0.0 for b in powers if b != a} for a in powers}
    by_phase: dict[str, list[Verdict]] = {}
    for v in verdicts(variant, results, agreements):
        by_phase.setdefault(v.phase, []).append(v)
    phases = played(variant, results)
    for ph in phases:
        if ph.movement:
            for row in history.values():
                for b in row:
                    row[b] *= HISTORY
        e = _evidence(variant, ph, by_phase.get(ph.code, ()))
        for a in powers:
            for b in powers:
                if a != b:
                    # Symmetry (the seed's F + F transposed): what a did to b and what b
                    # did to a count for both.
                    history[a][b] += e.get(a, {}).get(b, 0.0) + e.get(b, {}).get(a, 0.0)
    return Relations(powers, _transitive(powers, history), len(phases))


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


def blocs(relations: Relations, count: int | None = None) -> list[tuple[str, ...]]:
    """The alliances the matrix implies, about `count` of them (None: four of seven, the
    seed's "about 4", in proportion for other numbers of powers): groups joined friendliest
    first while there are more than `count`, two groups only where every power of one is
    friendly (LEAST_FRIENDLY at least) with every power of the other: the threshold is the
    least friendliness within the last groups joined. A power with no friend is a bloc of
    its own. Largest first."""
    powers = relations.powers
    want = count if count is not None else max(1, round(len(powers) * BLOCS))
    groups: list[tuple[str, ...]] = [(p,) for p in powers]
    while len(groups) > want:
        pairs = [
            (min(relations.value(a, b) for a in g for b in h), i, j)
            for i, g in enumerate(groups)
            for j, h in enumerate(groups)
            if i < j
        ]
        best, i, j = max(pairs, key=lambda t: (t[0], -t[1], -t[2]))
        if best < LEAST_FRIENDLY:
            break
        groups[i] = groups[i] + groups[j]
        del groups[j]
    order = {p: n for n, p in enumerate(powers)}
    found = [tuple(sorted(g, key=order.__getitem__)) for g in groups]
    return sorted(found, key=lambda g: (-len(g), order[g[0]]))


def friends_of(relations: Relations, power: str) -> frozenset[str]:
    """The powers a robot playing `power` should treat as friends: the others of its bloc
    (the seed's blocs are the strategy finder's parameters)."""
    mine = next((g for g in blocs(relations) if power in g), (power,))
    return frozenset(mine) - {power}


__all__ = [
    "Agreement",
    "Broken",
    "Relations",
    "blocs",
    "broken_agreements",
    "friendliness",
    "friends_of",
]
