"""`Movement results for ...`: every unit's order and its fate in the njudge's tags, the
dislodged units and where they may retreat, and after the centre season the ownership
tables.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from adjudicator.board import place_name
from variants import UNIT_WORDS, Variant, province_of

from .layout import (
    Doc,
    as_phase,
    board_units,
    counted_lines,
    power_order,
    sorted_dislodged,
    stamp,
    unit_of,
    when,
    wrap_words,
)
from .notation import convoy_routes, order_phrase, order_place, unit_words
from .ownership import table_lines

# How the njudge tags a failed order; a reason of ours it has no tag for is shown as it is.
_NO_TAG = {"army did not move", "no order"}


def movement_results(
    variant: Variant,
    game: str,
    seq: int | str,
    input_doc: Doc,
    output_doc: Doc,
    *,
    marks: Mapping[str, str] | None = None,
    seen: Collection[str] | None = None,
) -> str:
    """`Movement results for ...`: every unit's order with its fate, the dislodged units and
    where they may go, and after the centre season the ownership tables.

    `seen`: the documents are a blind game's copy for a reader who sees only these powers
    (judge/reports/blind.py), so the units they support or convoy and the tables are shown
    as such a reader sees them."""
    phase = as_phase(variant, input_doc["phase"])
    units = board_units(variant, input_doc.get("units"))
    owners = _owners(units)
    counted = counted_lines(output_doc)
    by_unit = {(line["power"], " ".join(unit_of(line["order"]))): line for line in counted}
    routes = convoy_routes(variant, counted)
    dislodged = output_doc.get("dislodged", [])
    beaten = {(d["power"], d["unit"]) for d in dislodged}
    gates = {g.abbr for g in variant.gateways}
    gate_lines: dict[str, list[Mapping[str, Any]]] = {}
    for line in counted:
        if line["order"].split()[0] in gates:
            gate_lines.setdefault(line["power"], []).append(line)
    lines = [f"Movement results for {when(phase)}. {stamp(game, seq)}"]
    for power in power_order(variant):
        mine = sorted(units.get(power, ()))
        if not mine:
            continue
        lines.append("")
        for text in mine:
            kind, location = text.split()[:2]
            line = by_unit.get((power, text))
            tags = _tags(line.get("reason") if line else None, (power, text) in beaten)
            if line is None or line.get("reason") == "no order":
                phrase = f"{unit_words(variant, kind, location)}, No Order Processed"
            else:
                phrase = order_phrase(
                    variant,
                    power,
                    line["order"],
                    owners=owners,
                    kind="movement",
                    route=routes.get(province_of(location), ()),
                    unknown=seen is not None,
                )
            lines.append(f"{power}: {phrase}." + (f" (*{', '.join(tags)}*)" if tags else ""))
        for line in gate_lines.get(power, ()):
            # A gateway's order (colonial's Suez Canal), after the units of the power in it.
            phrase = order_phrase(variant, power, line["order"], owners=owners, kind="movement")
            tags = _tags(line.get("reason"), False)
            lines.append(f"{power}: {phrase}." + (f" (*{', '.join(tags)}*)" if tags else ""))
    if dislodged:
        lines.extend(["", "", "The following units were dislodged:", ""])
        for entry in sorted_dislodged(variant, dislodged):
            lines.extend(wrap_words(_dislodged_sentence(variant, entry)))
    next_phase = as_phase(variant, output_doc["next_phase"])
    if phase.in_center_season(variant) and next_phase.letter != "R":
        lines.extend(["", *table_lines(variant, output_doc, marks, seen)])
    return "\n".join(lines) + "\n"


def _owners(units: Mapping[str, Iterable[str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for power, texts in units.items():
        for text in texts:
            out[province_of(text.split()[1])] = power
    return out


def _tags(reason: str | None, dislodged: bool) -> list[str]:
    tags = [t for t in (reason or "").split(", ") if t and t not in _NO_TAG]
    if dislodged and "dislodged" not in tags:
        tags.append("dislodged")
    return tags


def _dislodged_sentence(variant: Variant, entry: Mapping[str, Any]) -> str:
    kind, location = entry["unit"].split()[:2]
    adjective = variant.power(entry["power"]).adjective
    head = f"The {adjective} {UNIT_WORDS.get(kind, 'Unit')} in {place_name(variant, location)}"
    retreats = entry.get("retreats") or []
    if not retreats:
        return head + " with no valid retreats was destroyed."
    return head + " can retreat to " + " or ".join(order_place(variant, r) for r in retreats) + "."
