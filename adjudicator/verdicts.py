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
    kind, result, via_sea, gate = r.kind, r.result, r.via_sea, r.gate
    moved = [kind[i] == MOVE and result[i] for i in range(n)]
    winner_into: dict[str, int] = {}
    for i in range(n):
        if moved[i]:
            winner_into[r.dest[i]] = i  # type: ignore[index]
    out: list[Outcome] = []
    for i in range(n):
        by = None if moved[i] else winner_into.get(r.prov[i])
        dislodged = by is not None
        k = kind[i]
        if k == MOVE:
            if moved[i]:
                out.append(_SUCCESS)
                continue
            if via_sea[i] and not result[n + i]:
                reason = "no convoy"
            else:
                reason = "blocked" if gate[i] != -1 and r.shut(i) else "bounce"
        elif k == SUPPORT:
            if r.void[i]:
                reason = "void"
            elif gate[i] != -1 and r.shut(i):
                reason = "blocked"
            elif dislodged:
                reason = "cut"
            elif result[i]:
                out.append(_SUCCESS)
                continue
            else:
                reason = "cut"
        elif k == CONVOY:
            army = r.target[i]
            if r.void[i]:
                reason = "void"
            elif dislodged:
                reason = None
            elif moved[army]:
                out.append(_SUCCESS)
                continue
            else:
                reason = "army did not move"
        else:
            assert k in HOLDING
            if not dislodged:
                out.append(_SUCCESS)
                continue
            reason = None
        if dislodged:
            reason = f"{reason}, dislodged" if reason else "dislodged"
        out.append(Outcome(False, reason, by))
    return out


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
