"""Agreements made in press, checked against the orders played: the observation module's
"Violation of Specific Agreements" (Loeb, Diplomatic Pouch S1995).

"Agreements not to occupy a certain space DMZ ..., to make certain moves XDO ..., or to not
make certain moves NOT(XDO ...) can be automatically verified. A bonus is given in case of
respect. In case of violation, a penalty is given ... The bonus achieved by stabbing or
ignored by refusing to stab are computed, and stored as STABLIMIT data." The seed leaves
peace (PCE) to a later version; here it is checked too: no attack between the parties.

`verdicts` judges every agreement in every phase it binds, kept or broken; the observation
module turns them into the matrix's bonuses and penalties (observation.py), RELATIONS lists
the broken ones (`broken_agreements`) and each power's StabLimit (`stab_limits`): the least
it gained by a broken agreement, and the most it let pass by keeping one. A gain is counted
in centres: a breaking move onto a centre not the breaker's gains one; keeping a peace or a
DMZ passes up every such centre of the other parties (or in the zone) the keeper's units
stood next to; keeping a NOT XDO passes up the centre the forbidden move went to.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from variants import Variant, province_of

from .board import neighbours
from .played import Line, Phase, played

KINDS = ("PCE", "DMZ", "XDO", "NOT XDO")


@dataclass(frozen=True)
class Agreement:
    """An agreement made in press, in plain data (DPP's PCE, DMZ, XDO and NOT (XDO) convert
    to it).

    kind: "PCE" (no attack between the parties), "DMZ" (none of the parties moves into the
    provinces), "XDO" (the orders are given; each in the adjudicator's notation,
    `A par - bur`), "NOT XDO" (the orders are not given). parties: who is bound. partners:
    the others who made it (an XDO's proposer; for PCE and DMZ the parties bind each other).
    phase: the phase the agreement was made in; it holds from then on (XDO and NOT XDO: for
    the first phase at or after it that has the unit ordered).
    """

    kind: str
    parties: frozenset[str]
    phase: str
    provinces: frozenset[str] = frozenset()
    orders: tuple[str, ...] = ()
    partners: frozenset[str] = frozenset()

    def between(self) -> frozenset[str]:
        """Everyone the agreement is between: whose friendliness it moves."""
        return self.parties | self.partners


@dataclass(frozen=True)
class Broken:
    """One agreement broken: in which phase, by whom, with which order."""

    agreement: Agreement
    phase: str
    by: str
    order: str


@dataclass(frozen=True)
class Verdict:
    """An agreement judged in one phase: broken by `by` (with `order`), or kept (by None);
    `gain`: the centres the breaking won, or the keeping let pass (by `keeper`)."""

    agreement: Agreement
    phase: str
    by: str | None
    order: str
    gain: int
    keeper: str | None = None


@dataclass(frozen=True)
class StabLimit:
    """A power's price, as its agreements show it: `broke_for`, the least gain it has broken
    one for (None: it has broken none); `refused`, the most it let pass keeping one."""

    power: str
    broke_for: int | None
    refused: int


def verdicts(
    variant: Variant, results: Sequence[Mapping[str, Any]], agreements: Iterable[Agreement]
) -> list[Verdict]:
    """Every agreement judged in every phase it binds: agreement by agreement, as they are
    given, each in phase order."""
    phases = played(variant, results)
    codes = [ph.code for ph in phases]
    out: list[Verdict] = []
    for agreement in agreements:
        if agreement.phase.upper() not in codes:
            continue
        for ph in phases[codes.index(agreement.phase.upper()) :]:
            out.extend(_judge(agreement, ph))
            if agreement.kind in ("XDO", "NOT XDO") and _has_unit(agreement, ph):
                break  # an order's agreement is for one phase
    return out


def broken_agreements(
    variant: Variant, results: Sequence[Mapping[str, Any]], agreements: Iterable[Agreement]
) -> list[Broken]:
    """Each agreement broken, with the phase, the power that broke it and its order."""
    return [
        Broken(v.agreement, v.phase, v.by, v.order)
        for v in verdicts(variant, results, agreements)
        if v.by is not None
    ]


def stab_limits(found: Iterable[Verdict]) -> list[StabLimit]:
    """Each power's StabLimit from the verdicts, for the powers that kept or broke one."""
    broke: dict[str, int] = {}
    refused: dict[str, int] = {}
    for v in found:
        if v.by is not None:
            broke[v.by] = min(broke.get(v.by, v.gain), v.gain)
        elif v.keeper is not None:
            refused[v.keeper] = max(refused.get(v.keeper, 0), v.gain)
    powers = sorted(set(broke) | set(refused))
    return [StabLimit(p, broke.get(p), refused.get(p, 0)) for p in powers]


def _judge(agreement: Agreement, ph: Phase) -> list[Verdict]:
    """The agreement in one phase: a verdict per breaking order, or one per party that kept
    it; none where the phase does not bear on it."""
    kind, parties = agreement.kind, agreement.parties
    if kind in ("XDO", "NOT XDO"):
        return _orders_judged(agreement, ph)
    if kind == "PCE" and not ph.movement:
        return []
    breaking = [x for x in ph.lines if x.power in parties and _breaks(agreement, ph, x)]
    if breaking:
        return [Verdict(agreement, ph.code, x.power, x.text, _gained(ph, x)) for x in breaking]
    if not ph.movement:
        return []
    return [
        Verdict(agreement, ph.code, None, "", _passed_up(agreement, ph, p), keeper=p)
        for p in sorted(parties)
        if any(owner == p for owner in ph.owners.values())
    ]


def _breaks(agreement: Agreement, ph: Phase, x: Line) -> bool:
    if agreement.kind == "PCE":
        return x.verb in ("-", "S", "C") and any(v in agreement.parties for v in ph.attacks(x))
    into = x.target if x.verb == "-" else province_of(x.at) if x.verb == "B" else None
    return into is not None and into in agreement.provinces


def _orders_judged(agreement: Agreement, ph: Phase) -> list[Verdict]:
    """XDO and NOT XDO: each agreed order whose unit a party has in this phase."""
    given = {_norm(x.text): x for x in ph.lines}
    out = []
    for order in agreement.orders:
        words = order.split()
        if len(words) < 2:
            continue
        unit_at = province_of(words[1].lower())
        x = next((x for x in ph.lines if province_of(x.at) == unit_at and x.verb != "B"), None)
        if x is None or x.power not in agreement.parties:
            continue
        done = _norm(order) in given
        if done == (agreement.kind == "XDO"):
            gain = _gained(ph, x) if agreement.kind == "NOT XDO" else 0
            out.append(Verdict(agreement, ph.code, None, "", gain, keeper=x.power))
        else:
            out.append(Verdict(agreement, ph.code, x.power, x.text, _gained(ph, x)))
    return out


def _has_unit(agreement: Agreement, ph: Phase) -> bool:
    """Whether the phase has a unit one of the agreed orders is for (it settles them)."""
    units = {province_of(o.split()[1].lower()) for o in agreement.orders if len(o.split()) > 1}
    return any(province_of(x.at) in units for x in ph.lines)


def _gained(ph: Phase, x: Line) -> int:
    """1 for a move onto a centre not the mover's own, else 0."""
    if x.verb != "-" or x.target is None:
        return 0
    owner = ph.centre_owner.get(x.target)
    is_centre = x.target in ph.variant.provinces and ph.variant.provinces[x.target].center
    return int(is_centre and owner != x.power)


def _passed_up(agreement: Agreement, ph: Phase, keeper: str) -> int:
    """The centres `keeper`'s units stood next to that the agreement kept it from."""
    if agreement.kind == "PCE":
        others = agreement.parties - {keeper}
        forbidden = {c for c, p in ph.centre_owner.items() if p in others}
    else:
        provinces = ph.variant.provinces
        forbidden = {
            c
            for c in agreement.provinces
            if c in provinces and provinces[c].center and ph.centre_owner.get(c) != keeper
        }
    near = neighbours(ph.variant)
    stands = {p for p, owner in ph.owners.items() if owner == keeper}
    return sum(1 for c in forbidden if near.get(c, frozenset()) & stands)


def _norm(order: str) -> str:
    return " ".join(order.lower().split())
