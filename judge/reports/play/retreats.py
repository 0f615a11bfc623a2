"""Retreats: where each dislodged unit went, or that it was destroyed, in the results and
(with no fate yet) in a power's listing of its orders.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import parser as syntax
from variants import Variant

from .layout import (
    Doc,
    as_phase,
    counted_lines,
    dislodged_entries,
    padded,
    sorted_dislodged,
    stamp,
    unit_of,
    when,
)
from .notation import order_place, parse_order, unit_words
from .ownership import table_lines


def retreat_results(
    variant: Variant,
    game: str,
    seq: int | str,
    input_doc: Doc,
    output_doc: Doc,
    *,
    marks: Mapping[str, str] | None = None,
    seen: Collection[str] | None = None,
) -> str:
    """`Retreat results for ...`: where each dislodged unit went or that it is gone, and after
    the centre season's retreats the ownership tables (`seen` as for movement_results)."""
    phase = as_phase(variant, input_doc["phase"])
    lines = [f"Retreat results for {when(phase)}.  {stamp(game, seq)}", ""]
    counted = counted_lines(output_doc)
    dislodged = dislodged_entries(variant, input_doc.get("dislodged", []))
    lines.extend(retreat_lines(variant, counted, dislodged))
    if phase.in_center_season(variant):
        lines.extend(["", *table_lines(variant, output_doc, marks, seen)])
    return "\n".join(lines) + "\n"


def retreat_lines(
    variant: Variant,
    counted: list[Mapping[str, Any]],
    dislodged: Sequence[Mapping[str, Any]] | None,
) -> list[str]:
    """One line per dislodged unit; `dislodged` None for a listing, where there is no fate yet.

    A unit of the attacker may stand where the dislodged unit stood, so units are matched by
    power and unit, not by province.
    """
    by_unit = {(line["power"], " ".join(unit_of(line["order"]))): line for line in counted}
    if dislodged is None:
        entries = [{"power": line["power"], "unit": key} for (_, key), line in by_unit.items()]
    else:
        entries = list(dislodged)
    out = []
    for entry in sorted_dislodged(variant, entries):
        power, unit = entry["power"], entry["unit"]
        kind, location = unit.split()[:2]
        text = padded(power) + unit_words(variant, kind, location, pad=True)
        line = by_unit.get((power, unit))
        if line is None or line.get("reason") == "no order":
            out.append(text + ", No Order Processed (DISBAND).")
            continue
        order = parse_order(variant, line["order"], "retreat")
        if isinstance(order, syntax.Retreat):
            text += f" -> {order_place(variant, str(order.destination))}"
            if dislodged is not None and line.get("result") == "fails":
                text += " (*bounce, destroyed*)"
        else:
            text += " DISBAND"
        out.append(text + ".")
    return out
