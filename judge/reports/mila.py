"""A game in the saved-game format of MILA's `diplomacy` package (its `to_saved_game_format`
and `from_saved_game_format`; docs/export.md): one entry a phase, each with the board
before it (`state`), the orders that were carried out and their results, and last the
board as it stands (`COMPLETED` once the game is over).

MILA writes what the judge writes in capitals: powers (`FRANCE`), places (`STP/SC`), its
adjustment phase as `W1901A` (ours `F1901B`), a retreat as `A MUN R BOH`, a unit that
must retreat as `*A MUN` among its power's units. An order the adjudicator found illegal
(or replaced) did nothing and is left out, and so is a build or removal not carried out
(a second build in one place, one too many) and the hold of a unit given no order (MILA
holds it too); a removal the civil-disorder rule made is written as the power's
order, since MILA's own rule for it is not the judge's. A pure function of the phase
documents.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from variants import Variant

COMPLETED = "COMPLETED"
# The adjudicator's reasons that MILA's results name the same way.
RESULTS = {"bounce": "bounce", "cut": "cut", "dislodged": "dislodged", "void": "void",
           "no convoy": "no convoy"}  # fmt: skip
# Variants MILA's package has a map for, by our name -> MILA's.
MAPS = {"standard": "standard"}


def mila_phase(code: str) -> str:
    """`F1901B` -> `W1901A`; a movement or retreat phase keeps its name."""
    if code.endswith("B"):
        return f"W{code[1:-1]}A"
    return code


def saved_game(
    game_id: str,
    variant: Variant,
    played: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]],
    now: Mapping[str, Any] | None,
    finished: bool,
) -> dict[str, Any]:
    """`played`: each phase's input and output documents, in order; `now`: the board as it
    stands (units, centres, dislodged, its phase), or None before the start."""
    phases = [_phase(variant, doc, out) for doc, out in played]
    if now is not None:
        name = COMPLETED if finished else mila_phase(str(now.get("phase") or ""))
        phases.append(
            {"name": name, "state": _state(variant, name, now), "orders": {}, "results": {},
             "messages": []}
        )  # fmt: skip
    rules: list[str] = []
    for phase in phases:
        phase["state"].update(game_id=game_id, map=MAPS[variant.name], rules=rules)
    return {"id": game_id, "map": MAPS[variant.name], "rules": rules, "phases": phases}


def _phase(variant: Variant, doc: Mapping[str, Any], out: Mapping[str, Any]) -> dict[str, Any]:
    name = mila_phase(str(doc["phase"]))
    orders: dict[str, list[str]] = {_power(p.name): [] for p in variant.powers}
    results: dict[str, list[str]] = {}
    for line in out.get("orders") or ():
        if line.get("result") == "illegal" or line.get("reason") == "no order":
            continue
        if name.endswith("A") and line.get("result") != "succeeds":  # not carried out
            continue
        text = mila_order(str(line.get("order") or line.get("text") or ""), name[-1])
        if not text:
            continue
        orders.setdefault(_power(line["power"]), []).append(text)
        if text != "WAIVE":
            reasons = str(line.get("reason") or "").split(", ")
            results[" ".join(text.split()[:2])] = [RESULTS[r] for r in reasons if r in RESULTS]
    return {"name": name, "state": _state(variant, name, doc), "orders": orders,
            "results": results, "messages": []}  # fmt: skip


_ROUTE = re.compile(r"^([AF]) (\S+)((?: - \S+)+)$")


def mila_order(order: str, kind: str) -> str:
    """One order in MILA's words; `kind`: the phase's letter (M, R or A)."""
    text = " ".join(order.split()).upper()
    if not text:
        return ""
    if text.startswith("WAIVE"):
        return "WAIVE"
    via = False
    for mark in (" VIA CONVOY", " VIA"):
        if text.endswith(mark):
            text, via = text[: -len(mark)], True
    route = _ROUTE.match(text)
    if route and route[3].count(" - ") > 1:  # a route named: MILA names only the end
        text, via = f"{route[1]} {route[2]} - {route[3].split(' - ')[-1]}", True
    if kind == "R":
        text = text.replace(" - ", " R ", 1)
    return text + (" VIA" if via else "")


def _state(variant: Variant, name: str, board: Mapping[str, Any]) -> dict[str, Any]:
    powers = [_power(p.name) for p in variant.powers]
    units: dict[str, list[str]] = {p: [] for p in powers}
    for power, theirs in (board.get("units") or {}).items():
        units.setdefault(_power(power), []).extend(u.upper() for u in theirs)
    retreats: dict[str, dict[str, list[str]]] = {p: {} for p in powers}
    if name.endswith("R"):
        for d in board.get("dislodged") or ():
            unit = str(d["unit"]).upper()
            units.setdefault(_power(d["power"]), []).append(f"*{unit}")
            retreats.setdefault(_power(d["power"]), {})[unit] = [
                str(x).upper() for x in d.get("retreats") or ()
            ]
    centres = board.get("centers")
    if centres is None:
        centres = _by_power(variant.ownership.items())
    owned: dict[str, list[str]] = {p: [] for p in powers}
    for power, theirs in centres.items():
        if _power(power) in owned:
            owned[_power(power)] = [c.upper() for c in theirs]
    return {
        "name": name,
        "note": "",
        "units": units,
        "retreats": retreats,
        "centers": owned,
        "homes": {_power(p.name): [h.upper() for h in p.homes] for p in variant.powers},
        "influence": {p: list(owned[p]) for p in powers},
        "civil_disorder": {p: 0 for p in powers},
        "builds": {p: {"count": 0, "homes": []} for p in powers},
    }


def _by_power(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for centre, power in pairs:
        out.setdefault(power, []).append(centre)
    return out


def _power(name: str) -> str:
    return name.upper()
