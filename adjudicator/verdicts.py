"""What a resolved movement phase did to each unit, and which provinces it left contested.

Read from a `Resolver` after `run()`: every decision is settled, so asking one again costs
nothing.
"""

from __future__ import annotations

from .legality import CONVOY, HOLDING, MOVE, SUPPORT
from .movement import Outcome, Resolver

_SUCCESS = Outcome(True, None, None)


def outcomes(r: Resolver) -> list[Outcome]:
    """Per unit: did its order succeed, why not, and who dislodged it."""
    n = r.n
    kind, result, via_sea, gate, dest = r.kind, r.result, r.via_sea, r.gate, r.dest
    # Per unit, the unit that moved into its province (it is dislodged unless it left).
    beaten_by: list[int | None] = [None] * n
    unit_at = r.unit_at
    for i in r.moves:
        if result[i]:
            j = unit_at.get(dest[i])  # type: ignore[arg-type]
            if j is not None:
                beaten_by[j] = i
    out = [_SUCCESS] * n
    void = r.void
    new = tuple.__new__
    for i in range(n):
        k = kind[i]
        if k == MOVE and result[i]:
            continue  # moved: nobody dislodges it
        by = beaten_by[i]
        if k == MOVE:
            if via_sea[i] and not result[n + i]:
                reason = "no convoy"
            else:
                reason = "blocked" if gate[i] != -1 and r.shut(i) else "bounce"
        elif k == SUPPORT:
            if void[i]:
                reason = "void"
            elif gate[i] != -1 and r.shut(i):
                reason = "blocked"
            elif by is not None:
                reason = "cut"
            elif result[i]:
                continue
            else:
                reason = "cut"
        elif k == CONVOY:
            army = r.target[i]
            if void[i]:
                reason = "void"
            elif by is not None:
                reason = None
            elif kind[army] == MOVE and result[army]:
                continue
            else:
                reason = "army did not move"
        else:
            assert k in HOLDING
            if by is None:
                continue
            reason = None
        if by is None:
            out[i] = _FAILED.get(reason) or new(Outcome, (False, reason, None))
        else:
            reason = f"{reason}, dislodged" if reason else "dislodged"
            out[i] = new(Outcome, (False, reason, by))
    return out


# The outcome of an order that failed for a reason, its unit not dislodged: one for each.
_FAILED = {
    reason: Outcome(False, reason, None)
    for reason in ("bounce", "no convoy", "blocked", "void", "cut", "army did not move", None)
}


def standoffs(r: Resolver, occupied: set[str]) -> set[str]:
    """Provinces left empty by a bounce: no retreat may go there (DATC 6.H.6). A move that
    never arrived (a disrupted convoy, a blocked order, an unsupported crossing) bounced
    nowhere."""
    n, result = r.n, r.result
    out = set()
    for province, movers in r.moves_into.items():
        if province in occupied:
            continue
        for k in movers:
            if result[k]:
                continue
            if r.via_sea[k] and not result[n + k]:
                continue  # a disrupted convoy never arrived to bounce (DATC 6.F.?)
            if r.idle(k):
                continue
            j = r.h2h[k]
            if j >= 0 and result[j]:
                continue  # beaten head to head: the winner left the province
            out.add(province)
            break
    return out
