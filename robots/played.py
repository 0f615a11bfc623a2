"""What one played phase shows, read from its result document: each order line (who gave
it, to what unit, where it went, whether it succeeded and why not) and the board before it
(who stood where, who owned which centre). The observation module (observation.py) and the
agreements checked against the orders (agreements.py) both read the phases through this.

A phase's result is either the adjudicator's output document or what the judge stores
(PhaseRecord.result: {"input": the phase document, "output": the result}), whose input is
the board before the phase; else the board before is the previous output (None: the
variant's start). Pure: no judge imports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from variants import Variant, province_of


@dataclass(frozen=True)
class Line:
    power: str
    unit: str  # "A" or "F" (or "W")
    at: str  # location, with coast
    verb: str  # "-", "S", "C", "H", "D", "B", ...
    target: str | None  # province moved to (or supported/convoyed into)
    other: str | None  # the province of the supported or convoyed unit
    to: str | None  # where a move goes, with its coast (for a fleet's distances)
    ok: bool
    reason: str | None  # why it failed: "void" (the seed's NSO), "cut", "bounce", ...
    text: str


def _line(order: Mapping[str, Any]) -> Line | None:
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
    reason = order.get("reason")
    return Line(order["power"], unit, at, verb, target, other, to, ok, reason, " ".join(words))


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


class Phase:
    """One played phase: its code, its order lines, the board before it."""

    def __init__(self, variant: Variant, doc: Mapping[str, Any], before: Mapping[str, Any] | None):
        self.variant = variant
        self.doc = doc
        self.code = str(doc.get("phase", "")).upper()
        self.movement = self.code.endswith("M")
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

    def attacks(self, x: Line) -> list[str]:
        """The powers a move (or a support of one) attacks: the unit there, the centre."""
        if x.target is None:
            return []
        found = []
        for power in (self.owners.get(x.target), self.centre_owner.get(x.target)):
            if power and power != x.power and power not in found:
                found.append(power)
        return found


def played(variant: Variant, results: Iterable[Mapping[str, Any]]) -> list[Phase]:
    """Each phase result read, oldest first (see the module's docstring)."""
    out: list[Phase] = []
    previous: Mapping[str, Any] | None = None
    for doc in results:
        if "output" in doc:
            output, before = doc.get("output") or {}, doc.get("input") or previous
        else:
            output, before = doc, previous
        out.append(Phase(variant, output, before))
        previous = output
    return out
