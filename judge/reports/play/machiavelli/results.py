"""A Machiavelli phase's results, and a power's orders as they stand, in the njudge's layout
(ma_movement.c's ma_moveout, ma_retreat.c's ma_retreatout, ma_build_basic.c's buildout):

    Movement results for Spring of 1454. (mach.002)

    Venice: Army Padua BESIEGE Autonomous Garrison.
    Autonomous: Garrison Ferrara.  (*siege in progress*)

each unit a line, its fate after two spaces; the dislodged units and where they may go;
then the end of the campaign (campaign.py). Retreats and adjustments are titled `orders`,
as the njudge titles them in its results too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import parser as syntax
from adjudicator.board import Unit, unit_phrase
from adjudicator.machiavelli.special_units import TITLES
from adjudicator.options import Options
from parser.values_money import MONEY_ORDERS
from variants import UNIT_WORDS, Variant, province_of

from ...counts import counted
from ..layout import (
    Doc,
    as_phase,
    counted_lines,
    padded,
    power_order,
    sorted_dislodged,
    stamp,
    unit_of,
    when,
    wrap_words,
)
from ..notation import convoy_routes, order_place
from .campaign import campaign_lines, dislodged_sentence
from .money import after_bribes, public_lines, upkeep_lines
from .words import Board, own_units, owners, parse, phrase, rank, unit_name

_NO_TAG = {"army did not move", "no order", "destroyed"}


def movement_results(
    variant: Variant, game: str, seq: int | str, input_doc: Doc, output_doc: Doc
) -> str:
    phase = as_phase(variant, input_doc["phase"])
    board = Board.of(variant, input_doc)
    counted = [line for line in counted_lines(output_doc) if not _is_money(variant, line)]
    by_unit = {(line["power"], " ".join(unit_of(line["order"]))): line for line in counted}
    routes = convoy_routes(variant, [line for line in counted if line["order"][0] == "A"])
    dislodged = output_doc.get("dislodged") or []
    beaten = {(d["power"], d["unit"]) for d in dislodged}
    events = output_doc.get("events") or ()
    besieged = {e["place"] for e in events if e.get("event") == "siege begun"}
    lines = [f"Movement results for {when(phase)}. {stamp(game, seq)}"]
    last = None
    bribed, disbanded = after_bribes(input_doc, output_doc)
    for power, kind, location in own_units(variant, bribed):
        if power != last:
            lines.append("")
            last = power
        text = f"{kind} {location}"
        line = by_unit.get((power, text))
        tags = [t for t in ((line or {}).get("reason") or "").split(", ") if t and t not in _NO_TAG]
        if kind == "G" and location in besieged and "siege in progress" not in tags:
            tags.append("siege in progress")
        if (power, text) in beaten and "dislodged" not in tags:
            tags.append("dislodged")
        if (power, text) in disbanded and "disbanded" not in tags:
            tags.append("disbanded")
        name = unit_name(board, power, kind, location)
        if line is None:  # an autonomous unit: it never orders
            said = name
        elif line.get("reason") == "no order":
            said = f"{name}, No Order Processed"
        else:
            route = routes.get(province_of(location), ()) if kind == "A" else ()
            said = phrase(board, power, line["order"], route=route)
        lines.append(f"{power}: {said}." + (f"  (*{', '.join(tags)}*)" if tags else ""))
    public = public_lines(variant, output_doc)
    if public:
        lines.extend(["", *public])
    if dislodged:
        lines.extend(["", "", "The following units were dislodged:", ""])
        for entry in sorted_dislodged(variant, dislodged):
            lines.extend(wrap_words(dislodged_sentence(variant, entry)))
    lines.extend(_campaign(variant, input_doc, output_doc))
    return "\n".join(lines) + "\n"


def retreat_results(
    variant: Variant, game: str, seq: int | str, input_doc: Doc, output_doc: Doc
) -> str:
    phase = as_phase(variant, input_doc["phase"])
    lines = [f"Retreat orders for {when(phase)}.  {stamp(game, seq)}", ""]
    lines += retreat_lines(variant, counted_lines(output_doc), input_doc.get("dislodged") or [])
    lines.extend(_campaign(variant, input_doc, output_doc))
    return "\n".join(lines) + "\n"


def retreat_lines(
    variant: Variant,
    counted: list[Mapping[str, Any]],
    dislodged: Sequence[Mapping[str, Any]] | None,
) -> list[str]:
    """A line per dislodged unit with somewhere to go; `dislodged` None for a listing."""
    by_unit = {(line["power"], " ".join(unit_of(line["order"]))): line for line in counted}
    if dislodged is None:
        entries = [{"power": p, "unit": u, "retreats": [1]} for (p, u) in by_unit]
    else:
        entries = [d for d in dislodged if d.get("retreats")]
    out = []
    for entry in sorted_dislodged(variant, entries):
        power, unit = entry["power"], entry["unit"]
        kind, location = unit.split()[:2]
        text = padded(power) + f"{UNIT_WORDS.get(kind, 'Unit'):<5} {order_place(variant, location)}"
        line = by_unit.get((power, f"{kind} {location}"))
        if line is None or line.get("reason") == "no order":
            out.append(text + ", No Order Processed (DISBAND).")
            continue
        order = parse(variant, line["order"], "retreat")
        if isinstance(order, syntax.Retreat):
            text += f" -> {order_place(variant, str(order.destination))}"
            if dislodged is not None and line.get("result") == "fails":
                text += (
                    " (*blocked, destroyed*)"
                    if line.get("reason") == "blocked"
                    else (" (*bounce, destroyed*)")
                )
        elif isinstance(order, syntax.Convert):
            text += " CONVERT TO Garrison"
        else:
            text += " DISBAND"
        out.append(text + ".")
    return out


def adjustment_results(
    variant: Variant, game: str, seq: int | str, input_doc: Doc, output_doc: Doc
) -> str:
    phase = as_phase(variant, input_doc["phase"])
    lines = [f"Adjustment orders for {when(phase)}.  {stamp(game, seq)}", ""]
    before = {p: len(us) for p, us in (input_doc.get("units") or {}).items()}
    lines += adjustment_lines(variant, None, before, output_doc, results=True)
    return "\n".join(lines).rstrip("\n") + "\n"


def adjustment_lines(
    variant: Variant,
    only: str | None,
    before: Mapping[str, int],
    output_doc: Doc,
    *,
    results: bool,
) -> list[str]:
    """The builds, removals and waives carried out; the builds left (`2 builds pending.`,
    `1 unusable build pending.`); the removals the judge made (`Defaults, removing the
    army in Verona.`). `before`: each power's units before the phase; `only`: one power's,
    for its listing."""
    order = rank(variant)
    lines = [
        line
        for line in output_doc.get("orders", ())
        if line.get("result") == "succeeds"
        and line.get("order")
        and (only is None or line.get("power") == only)
    ]
    lines.sort(key=lambda li: order.get(li["power"], len(order)))
    out = []
    for line in lines:
        if line.get("reason") in ("civil disorder", "no order"):
            continue
        out.append(padded(line["power"]) + _adjustment(variant, line) + ".")
    # With money (a treasury kept, if only the reader's in a blind game's copy) builds
    # are paid for, not counted: none is pending.
    money = "treasury" in (output_doc.get("machiavelli") or {})
    due = {} if money else _balances(variant, before, output_doc)
    for power in [p for p in power_order(variant) if only is None or p == only]:
        used = sum(
            1
            for line in lines
            if line["power"] == power
            and line.get("reason") is None
            and (line["order"].endswith(" B") or line["order"] == "WAIVE")
        )
        left = due.get(power, 0) - used
        if left > 0:
            word = "" if _room(variant, output_doc, power) else "unusable "
            verb = "waived" if results and word else "pending"
            out.append(padded(power) + f"{counted(left, word + 'build')} {verb}.")
    for line in lines:
        if line.get("reason") == "civil disorder":
            kind, location = unit_of(line["order"])
            unit = unit_phrase(variant, Unit(line["power"], kind, location))
            out.append(padded(line["power"]) + f"Defaults, removing {unit}.")
    for line in lines:  # with money: a unit neither maintained nor removed is removed
        if line.get("reason") == "no order":
            kind, location = unit_of(line["order"])
            said = "No order received, removed" if results else "No order received"
            where = order_place(variant, location)
            out.append(
                padded(line["power"]) + f"{UNIT_WORDS.get(kind, 'Unit')} {where} *** {said}."
            )
    return out


def _adjustment(variant: Variant, line: Mapping[str, Any]) -> str:
    text = line["order"]
    if text == "WAIVE":
        return "Build waived"
    if text.startswith("build "):  # a special unit, with money: `build mercenary A pad`
        _, special, kind, location = text.split()[:4]
        title = TITLES.get(special, special).lower()
        word = UNIT_WORDS.get(kind, "unit").lower()
        return f"Builds {'an' if title[0] in 'aeiou' else 'a'} {title} {word} in " + order_place(
            variant, location
        )
    kind, location = unit_of(text)
    unit = Unit(line["power"], kind, location)
    if text.endswith(" B"):
        word = UNIT_WORDS.get(kind, "unit").lower()
        article = "an" if word[0] in "aeiou" else "a"
        return f"Builds {article} {word} in {order_place(variant, location)}"
    if text.endswith(" M"):
        return f"Maintains {unit_phrase(variant, unit)}"
    return f"Removes {unit_phrase(variant, unit)}"


def _balances(variant: Variant, before: Mapping[str, int], doc: Doc) -> dict[str, int]:
    """Builds (+) and removals (-) due at the phase without money: a unit for each city a
    power holds with its province (the adjudicator's `season.unit_balances`)."""
    control = owners((doc.get("machiavelli") or {}).get("control"))
    due = {power: -count for power, count in before.items()}
    for city, power in owners(doc.get("centers")).items():
        if variant.provinces[city].income and control.get(city) == power:
            due[power] = due.get(power, 0) + 1
    return due


def _room(variant: Variant, output_doc: Doc, power: str) -> bool:
    """Is a home city of the power, with its province, free for another unit?"""
    control = owners((output_doc.get("machiavelli") or {}).get("control"))
    cities = owners(output_doc.get("centers"))
    taken = {
        province_of(u.split()[1]) for us in (output_doc.get("units") or {}).values() for u in us
        if u.split()[0] != "G"
    }  # fmt: skip
    return any(
        cities.get(h) == power and control.get(h) == power and h not in taken
        for h in variant.power(power).homes
        if variant.provinces[h].income
    )


def _campaign(variant: Variant, input_doc: Doc, output_doc: Doc) -> list[str]:
    """The end of the campaign, when this phase ended it (no retreats follow)."""
    phase = as_phase(variant, input_doc["phase"])
    nxt = as_phase(variant, output_doc["next_phase"])
    if nxt.letter == "R" and nxt.season == phase.season:
        return []
    options = Options.from_mapping(input_doc.get("options"))
    control = phase.season == "F" or not options.second_edition(variant)
    return campaign_lines(variant, output_doc, tables=control and not options.money)


def _is_money(variant: Variant, line: Mapping[str, Any]) -> bool:
    """A money line (`borrow`, `pay`, `expense` ...), not a unit's order."""
    return isinstance(parse(variant, line["order"], "movement"), MONEY_ORDERS)


def power_orders(variant: Variant, phase: str, power: str, result_doc: Doc) -> list[str]:
    """A power's orders as they stand (its part of a reply), from a trial adjudication."""
    letter = as_phase(variant, phase).letter
    counted = [line for line in counted_lines(result_doc) if line.get("power") == power]
    if letter == "R":
        return retreat_lines(variant, counted, None)
    if letter == "B":
        before = {p: len(us) for p, us in (result_doc.get("units") or {}).items()}
        for line in counted:  # the units after the trial, less its builds, plus its removals
            if line.get("result") == "succeeds" and line["order"].endswith((" B", " D")):
                before[power] = before.get(power, 0) + (1 if line["order"].endswith(" D") else -1)
        listed = adjustment_lines(variant, power, before, result_doc, results=False)
        # A build or upkeep the treasury cannot pay, with the njudge's error (`Builds an
        # army in Treviso  (3 ducats *** NSF)`; docs/machiavelli.md on its error flag).
        return listed + upkeep_lines(variant, result_doc, power, unpaid_only=True)
    board = Board.of_lines(variant, result_doc)
    money = [line for line in counted if _is_money(variant, line)]
    counted = [line for line in counted if line not in money]
    routes = convoy_routes(variant, [line for line in counted if line["order"][0] == "A"])
    # The money lines first, in the order given, as the judge reads them before the units'.
    out = [f"{power}: {line['order']}." for line in money]
    for line in sorted(counted, key=lambda li: unit_of(li["order"])):
        kind, location = unit_of(line["order"])
        if line.get("reason") == "no order":
            out.append(f"{power}: {unit_name(board, power, kind, location)}, No Order Processed.")
            continue
        route = routes.get(province_of(location), ()) if kind == "A" else ()
        out.append(f"{power}: {phrase(board, power, line['order'], route=route)}.")
    return out
