"""The DATC 3.0 section 6 cases (tests/data/datc.json) as phase documents, and the checks.

Each case is run through the public `adjudicate` function. The file is data only; its README
is shared/datc/README.md (the encoding of every case, the DATC's preferred rulings).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from adjudicator import adjudicate

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "datc.json").read_text(encoding="utf-8")
)
BY_ID = {case["id"]: case for case in CASES}

# The DATC's preferred choices where ours differ by default (the njudge keeps the latest
# builds; the DATC handles them one by one).
PREFERRED = {"excess_adjustments": "first"}

# Orders we reject as impossible where the DATC makes no such claim; its README allows a
# stricter adjudicator this, and the positions agree. 6.F.1: no chain of fleets could carry
# the army from Greece to Sevastopol (the reasoning of DATC 3.0's own 6.D.32), so neither
# the move nor the convoys are possible. 6.F.12: the Irish Sea is on no route from London to
# Belgium (the reasoning of 6.G.19).
STRICTER = {
    ("6.F.1", "A GRE - SEV"),
    ("6.F.1", "F AEG C A GRE - SEV"),
    ("6.F.1", "F BLA C A GRE - SEV"),
    ("6.F.12", "F IRI C A LON - BEL"),
}


def units_doc(units: list[dict[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in units:
        out.setdefault(u["power"], []).append(f"{u['type']} {u['loc']}")
    return out


def phase_doc(case: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "variant": "standard",
        "phase": case["phase"],
        "units": units_doc(case["units"]),
        "orders": case["orders"],
        "options": {**PREFERRED, **(options or {})},
    }
    if "centers" in case:
        doc["centers"] = case["centers"]
    if "dislodged" in case:
        doc["dislodged"] = [
            {"power": d["power"], "unit": f"{d['type']} {d['loc']}", "attacker_from": d["from"]}
            for d in case["dislodged"]
        ]
        doc["contested"] = case.get("contested", [])
    return doc


def results(out: dict[str, Any]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Output lines by (power, text as given); a text given twice has two lines."""
    table: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for line in out["orders"]:
        if line["text"]:
            table.setdefault((line["power"], line["text"]), []).append(line)
    return table


def _power_of(case: dict[str, Any], text: str) -> list[tuple[str, str]]:
    return [(p, t) for p, texts in case["orders"].items() for t in texts if t == text]


def check_movement(case_id: str, case: dict[str, Any], out: dict[str, Any]) -> None:
    expect = case["expect"]
    table = results(out)
    listed: set[str] = set()
    for category, wanted in (("moves", "succeeds"), ("fails", "fails"), ("illegal", "illegal")):
        for text in expect[category]:
            listed.add(text)
            for key in _power_of(case, text):
                for line in table[key]:
                    got = line["result"]
                    if (case_id, text) in STRICTER and got == "illegal":
                        continue
                    assert got == wanted, f"{key}: expected {wanted}, got {got} ({line})"
    for key, lines in table.items():
        text = key[1]
        if text in listed:
            continue
        for line in lines:
            if (case_id, text) in STRICTER and line["result"] == "illegal":
                continue
            kind = line["order"].split()[2] if line["order"] else "?"
            if kind == "-":
                raise AssertionError(f"{key}: a move the DATC does not list: {line}")
            if kind == "S":
                assert line["result"] == "succeeds", f"{key}: support should be given: {line}"
            assert line["result"] != "illegal", f"{key}: should be legal: {line}"
    dislodged = sorted(d["unit"].split()[1].split("/")[0] for d in out["dislodged"])
    assert dislodged == sorted(expect["dislodged"]), f"dislodged {dislodged}"
    for province, rule in expect.get("retreats", {}).items():
        entry = next(d for d in out["dislodged"] if d["unit"].split()[1].startswith(province))
        assert sorted(entry["retreats"]) == sorted(rule["allowed"]), entry
        for place in rule.get("forbidden", []):
            assert place not in entry["retreats"]


def board_after(out: dict[str, Any]) -> Counter:
    return Counter((power, u.upper()) for power, units in out["units"].items() for u in units)


def check_retreat(case: dict[str, Any], out: dict[str, Any], dislodged: list[str]) -> None:
    expect = case["expect"]
    table = results(out)
    for category, wanted in (("moves", "succeeds"), ("fails", "fails"), ("illegal", "illegal")):
        for text in expect[category]:
            for key in _power_of(case, text):
                for line in table[key]:
                    assert line["result"] == wanted, f"{key}: expected {wanted}: {line}"
    retreated = {
        " ".join(line["order"].split()[:2]).upper()
        for line in out["orders"]
        if line["result"] == "succeeds" and line["order"] and " R " in line["order"]
    }
    disbanded = sorted(u.upper() for u in dislodged if u.upper() not in retreated)
    assert disbanded == sorted(expect["disbands"]), f"disbanded {disbanded}"


def check_adjustment(case: dict[str, Any], out: dict[str, Any]) -> None:
    expect = case["expect"]
    before = Counter((u["power"], f"{u['type']} {u['loc']}".upper()) for u in case["units"])
    after = board_after(out)
    assert sorted(u for _, u in (after - before).elements()) == sorted(expect["builds"])
    assert sorted(u for _, u in (before - after).elements()) == sorted(expect["disbands"])
    table = results(out)
    for category, wanted in (("fails", "fails"), ("illegal", "illegal")):
        for text in expect[category]:
            for key in _power_of(case, text):
                assert any(line["result"] == wanted for line in table[key]), table[key]


def run_case(case: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    kind = case["phase"][-1]
    if kind == "M":
        out = adjudicate(phase_doc(case, options))
        check_movement(case["id"], case, out)
    elif kind == "R":
        out = adjudicate(phase_doc(case, options))
        check_retreat(case, out, [f"{d['type']} {d['loc']}" for d in case["dislodged"]])
    else:
        out = adjudicate(phase_doc(case, options))
        check_adjustment(case, out)
    return out


def run_preceding(case: dict[str, Any], options: dict[str, Any] | None = None) -> None:
    """A retreat case end to end: its movement phase, then the retreats on what it left."""
    pre = {**case["preceding"], "id": case["id"] + " (movement)"}
    moved = adjudicate(phase_doc(pre, options))
    check_movement(pre["id"], pre, moved)
    doc = {
        "variant": "standard",
        "phase": moved["next_phase"],
        "units": moved["units"],
        "dislodged": [
            {"power": d["power"], "unit": d["unit"], "retreats": d["retreats"]}
            for d in moved["dislodged"]
        ],
        "orders": case["orders"],
        "options": {**PREFERRED, **(options or {})},
    }
    assert moved["next_phase"].endswith("R") or not any(d["retreats"] for d in moved["dislodged"])
    if not moved["next_phase"].endswith("R"):
        # Nobody could retreat: every dislodged unit is already gone.
        assert sorted(d["unit"].upper() for d in moved["dislodged"]) == sorted(
            case["expect"]["disbands"]
        )
        return
    out = adjudicate(doc)
    check_retreat(case, out, [d["unit"] for d in moved["dislodged"]])
