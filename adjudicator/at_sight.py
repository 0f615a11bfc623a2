"""The decisions of a movement phase that need no reasoning, settled before the resolver's
guess-and-check (movement.py) looks at the others: most of a phase's orders are plain, and
each decision settled here is one the resolver never works out.

A lone move by land into an empty province always succeeds, and a support nobody attacks is
always given. On a map with no rules of its own (every unit of strength 1, nothing gated): an
unsupported move by land into a province whose unit stays, or comes the other way, always
fails; and a support attacked by land by another power, from elsewhere than where it is
directed, is always cut.
"""

from __future__ import annotations

from typing import Any

from .legality import MOVE, SUPPORT


def at_sight(r: Any) -> tuple[list[int], list[int]]:
    """The moves and supports of a `movement.Resolver` (not imported: it imports this) that
    succeed at sight, and those that fail at sight."""
    kind, void, via_sea = r.kind, r.void, r.via_sea
    moves_into, unit_at, dest, prov = r.moves_into, r.unit_at, r.dest, r.prov
    base, power, supports, h2h = r.base, r.power, r.supports, r.h2h
    gated, gate, plain = r.gated, r.gate, r.plain
    succeeded: list[int] = []
    failed: list[int] = []
    for i in r.moves:
        if gated and gate[i] != -1:
            continue
        d = dest[i]
        j = unit_at.get(d)
        if j is None:
            if len(moves_into[d]) == 1 and not via_sea[i] and base[i]:
                succeeded.append(i)
        elif plain and not supports[i] and not via_sea[i] and (kind[j] != MOVE or h2h[i] == j):
            failed.append(i)
    for i in range(r.n):
        if kind[i] != SUPPORT or void[i] or (gated and gate[i] != -1):
            continue
        attackers = moves_into.get(prov[i])
        if not attackers:
            succeeded.append(i)
        elif plain:
            directed = dest[i] if dest[i] is not None else prov[r.target[i]]
            mine = power[i]
            for k in attackers:
                if power[k] != mine and prov[k] != directed and not via_sea[k]:
                    failed.append(i)  # cut
                    break
    return succeeded, failed
