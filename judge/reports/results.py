"""The texts a game's players read about its board: order listings, results, status, start.

Players of the old njudge parse these texts with scripts and map tools, and compare them
line by line with what they are used to, so the layout follows the njudge's own
(`st_movement.c`, `st_retreat.c`, `st_build.c`, `st_porder.c`, `po_status.c`) down to the
spaces; see shared/njudge-formats.md 2.3 to 2.6 and 2.11.

Everything here is a pure function of the adjudicator's documents (docs/phase-format.md) and
the variant, so a report can be written again, identically, from what the store keeps. Each
text ends with a newline and has no blank line at either end: the caller joins sections with
one blank line between them, as the njudge does (`judge.reports.replies.paragraphs`).

Units are listed in the adjudicator's order (type, then location), which for the standard
game is the njudge's seed order; only the starting position keeps the variant's own order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import parser as syntax
from adjudicator.adjustments import build_sites
from adjudicator.board import Unit, a_unit, place_name, unit_phrase
from adjudicator.phase import Phase
from variants import COAST_WORDS, UNIT_WORDS, Variant, province_of

GAME_OVER = "The game is over.  Thank you for playing."

Doc = Mapping[str, Any]

# The njudge's column for the unit after `Power: ` in retreat and adjustment lines (LPOWER).
_LPOWER = 24
_STATUS_WORDS = {"M": "Movement", "R": "Retreat", "B": "Adjustment"}
# How the njudge tags a failed order; a reason of ours it has no tag for is shown as it is.
_NO_TAG = {"army did not move", "no order"}


# -- single orders -------------------------------------------------------------------------


def order_phrase(
    variant: Variant,
    power: str,
    order_text: str,
    *,
    owners: Mapping[str, str] | None = None,
    kind: str | None = None,
    route: Sequence[str] = (),
    unknown: bool = False,
) -> str:
    """An adjudicator order (`F nth C A lon - nwy`) in the njudge's words, without the final
    period: players know the njudge's phrases, not our notation.

    `owners` (province -> power) lets a support or convoy name another power's unit by its
    adjective, as the njudge does; `kind` ("movement", "retreat", "adjustment") settles what
    `A mun D` means when the text alone does not; `route` shows the seas of a convoy the
    order did not name. `unknown`: a blind game's copy, where a unit that is not the
    power's own is an "unknown unit", neither its owner nor its type told (info.blind).
    """
    order = _parse(variant, order_text, kind)
    return _phrase(variant, power, order, _Others(owners or {}, unknown), kind, route)


def _parse(variant: Variant, text: str, kind: str | None) -> syntax.Order:
    reader = syntax.OrderParser.for_names(variant.names)
    kinds = [kind] if kind else ["movement", "retreat", "adjustment"]
    error: syntax.OrderSyntaxError | None = None
    for k in kinds:
        try:
            return reader.parse(text, k)  # type: ignore[arg-type]
        except syntax.OrderSyntaxError as exc:
            error = error or exc
    assert error is not None
    raise error


@dataclass(frozen=True, slots=True)
class _Others:
    """How an order names a unit it supports or convoys: who owns what, and whether units
    that are not the ordering power's are to stay unknown."""

    owners: Mapping[str, str]
    unknown: bool = False


def _phrase(
    variant: Variant,
    power: str,
    order: syntax.Order,
    others: _Others,
    kind: str | None,
    route: Sequence[str],
) -> str:
    if isinstance(order, syntax.Waive):
        return "Build waived"
    spec = order.unit
    if isinstance(order, syntax.Build):
        return f"Builds {a_unit(spec.type or 'A')} in {_place(variant, str(spec.location))}"
    if isinstance(order, syntax.Remove) or (
        isinstance(order, syntax.Disband) and kind == "adjustment"
    ):
        return f"Removes {_unit_phrase(variant, power, spec)}"
    if isinstance(order, syntax.Maintain):
        return f"Maintains {_unit_phrase(variant, power, spec)}"
    if isinstance(order, syntax.Transform):
        coast = f" ({COAST_WORDS[order.coast]})" if order.coast else ""
        if kind == "adjustment":
            here = unit_phrase(variant, Unit(power, spec.type or "A", spec.location.province))
            return f"Transform {here} to {a_unit(order.into)}{coast}"
        into = UNIT_WORDS.get(order.into, "Unit")
        return f"{_unit_name(variant, spec)} TRANSFORMS TO {into}{coast}"
    unit = _unit_name(variant, spec)
    if isinstance(order, syntax.Hold):
        return f"{unit} HOLD"
    if isinstance(order, syntax.Move):
        seas = order.route or tuple(route)
        stops = [*seas, str(order.destination)]
        return unit + "".join(f" -> {_place(variant, stop)}" for stop in stops)
    if isinstance(order, syntax.Retreat):
        return f"{unit} -> {_place(variant, str(order.destination))}"
    if isinstance(order, syntax.Disband):
        return f"{unit} DISBAND"
    if isinstance(order, syntax.SupportHold):
        return f"{unit} SUPPORT {_other(variant, power, order.supported, others)}"
    if isinstance(order, syntax.SupportMove):
        target = _other(variant, power, order.supported, others)
        return f"{unit} SUPPORT {target} -> {_place(variant, str(order.destination))}"
    if isinstance(order, syntax.Convoy):
        army = _other(variant, power, order.convoyed, others, word="Army")
        return f"{unit} CONVOY {army} -> {_place(variant, str(order.destination))}"
    return unit  # a bare unit: the njudge would have refused it


def _place(variant: Variant, location: str) -> str:
    """`North Sea`, `Spain (north coast)`: orders name seas without `the`, unlike sentences."""
    province = variant.provinces[province_of(location)]
    coast = location.partition("/")[2]
    return f"{province.name} ({COAST_WORDS[coast]})" if coast else province.name


def _unit_name(variant: Variant, spec: syntax.UnitSpec) -> str:
    return _unit_words(variant, spec.type or "", str(spec.location))


def _unit_words(variant: Variant, unit_type: str, location: str, pad: bool = False) -> str:
    """`Army Paris`, or `Army  Paris` where the njudge prints the type as `%-5s`."""
    word = UNIT_WORDS.get(unit_type, "Unit")
    return (
        f"{word:<5} {_place(variant, location)}" if pad else f"{word} {_place(variant, location)}"
    )


def _unit_phrase(variant: Variant, power: str, spec: syntax.UnitSpec) -> str:
    return unit_phrase(variant, Unit(power, spec.type or "A", str(spec.location)))


def _other(
    variant: Variant, power: str, spec: syntax.UnitSpec, others: _Others, word: str | None = None
) -> str:
    """`German Army Munich`, or `Army Munich` for the power's own unit (or nobody's); in a
    blind game's copy, `unknown unit Munich` for any unit not the power's own."""
    owner = others.owners.get(spec.location.province)
    place = _place(variant, str(spec.location))
    if others.unknown and owner != power:
        return f"unknown unit {place}"
    adjective = "" if owner is None or owner == power else variant.power(owner).adjective + " "
    return f"{adjective}{word or UNIT_WORDS.get(spec.type or '', 'Unit')} {place}"


# -- the documents' pieces -----------------------------------------------------------------


def _phase(variant: Variant, phase: Phase | str) -> Phase:
    return phase if isinstance(phase, Phase) else Phase.parse(str(phase), variant)


def _when(phase: Phase) -> str:
    """`Fall of 1901`: the part of the phase's description every title shares."""
    return phase.describe().split(" for ", 1)[1]


def _stamp(game: str, seq: int | str) -> str:
    number = f"{seq:03d}" if isinstance(seq, int) else str(seq)
    return f"({game}.{number})"


def _unit_of(order: str) -> tuple[str, str]:
    """The unit an adjudicator order line is for: (`A`, `stp/sc`)."""
    kind, location = order.split()[:2]
    return kind, location


def _counted_lines(doc: Doc) -> list[Mapping[str, Any]]:
    """The lines that stand for a unit's order: legal, not replaced by a later one."""
    return [
        line
        for line in doc.get("orders", ())
        if line.get("result") != "illegal" and line.get("order")
    ]


def _power_order(variant: Variant) -> list[str]:
    return [p.name for p in variant.powers]


def _board(variant: Variant, units: Mapping[str, Iterable[str]] | None) -> dict[str, list[str]]:
    """An input document's units as the adjudicator writes them (`F stp/sc`, `England`).

    The adjudicator accepts many spellings (`f StP(sc)`, `england`) but answers in one, and
    units are matched with its answer.
    """
    out: dict[str, list[str]] = {}
    for power, texts in (units or {}).items():
        name = variant.power(power).name
        out.setdefault(name, []).extend(_unit_text(variant, t) for t in texts)
    return out


def _unit_text(variant: Variant, text: str) -> str:
    kind, _, place = text.strip().partition(" ")
    try:
        location = variant.location(place)
    except KeyError:
        location = place.strip().lower()
    if kind.upper() == "A":
        location = province_of(location)
    return f"{kind.upper()} {location}"


def _dislodged_entries(variant: Variant, entries: Iterable[Mapping[str, Any]]) -> list[dict]:
    return [
        {
            "power": variant.power(entry["power"]).name,
            "unit": _unit_text(variant, entry["unit"]),
            "retreats": [variant.location(str(r)) for r in entry.get("retreats") or ()],
        }
        for entry in entries
    ]


def _owners(units: Mapping[str, Iterable[str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for power, texts in units.items():
        for text in texts:
            out[province_of(text.split()[1])] = power
    return out


def _padded(power: str) -> str:
    """`Austria:                  `: retreat and adjustment lines start the unit in column 27."""
    return f"{power}: " + " " * max(0, _LPOWER - len(power))


def _tags(reason: str | None, dislodged: bool) -> list[str]:
    tags = [t for t in (reason or "").split(", ") if t and t not in _NO_TAG]
    if dislodged and "dislodged" not in tags:
        tags.append("dislodged")
    return tags


def _wrap_words(text: str, width: int = 78) -> list[str]:
    """Break at the last space that keeps a line within `width` columns (no indent), as the
    njudge's dislodgement lines do."""
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut <= 0:
            break
        lines.append(text[:cut])
        text = text[cut + 1 :]
    lines.append(text)
    return lines


def _wrap_commas(text: str, indent: int) -> list[str]:
    """The njudge's `wrap_char`: break after the last comma before column 79, continue the
    list under the first name."""
    lines = []
    while len(text) >= 79:
        comma = text.rfind(",", 0, 79)
        space = text.find(" ", comma + 1) if comma >= 0 else -1
        if space < 0 or space < indent:
            break
        lines.append(text[:space])
        text = " " * indent + text[space + 1 :]
    lines.append(text)
    return lines


def _wrap_status(text: str) -> list[str]:
    """`po_status.c`'s wrap: 80 columns on the first line, then nine spaces of indent."""
    lines = []
    limit = 80
    while len(text) > limit:
        cut = text.rfind(" ", 0, limit)
        if cut <= 0:
            break
        lines.append(text[:cut])
        text = text[cut + 1 :]
        limit = 70
    lines.append(text)
    return [lines[0]] + ["         " + line for line in lines[1:]]


def _route(variant: Variant, army: str, destination: str, fleets: Iterable[str]) -> tuple[str, ...]:
    """The seas of a convoy the order did not name, from the fleets ordered to carry it.

    The njudge always printed the route because its players had to write it; where ours may
    leave it out, the fleets' orders say which way the army went.
    """
    seas = {province_of(f): f for f in fleets}
    start, goal = province_of(army), province_of(destination)

    def touches(fleet: str, province: str) -> bool:
        return any(province_of(loc) == province for loc in variant.fleet_moves.get(fleet, ()))

    paths: list[tuple[str, ...]] = [(s,) for s in sorted(seas) if touches(seas[s], start)]
    seen = {p[0] for p in paths}
    while paths:
        path = paths.pop(0)
        if touches(seas[path[-1]], goal):
            return path
        for sea in sorted(seas):
            if sea not in seen and touches(seas[path[-1]], sea):
                seen.add(sea)
                paths.append((*path, sea))
    return ()


def _convoy_routes(
    variant: Variant, lines: Iterable[Mapping[str, Any]]
) -> dict[str, tuple[str, ...]]:
    """Routes, by the army's province, for moves that can only have gone by sea."""
    reader = syntax.OrderParser.for_names(variant.names)
    parsed = []
    for line in lines:
        try:
            parsed.append(reader.parse(line["order"], "movement"))
        except syntax.OrderSyntaxError:
            continue
    carriers: dict[tuple[str, str], list[str]] = {}
    for order in parsed:
        if isinstance(order, syntax.Convoy):
            key = (order.convoyed.location.province, order.destination.province)
            carriers.setdefault(key, []).append(str(order.unit.location))
    out: dict[str, tuple[str, ...]] = {}
    for order in parsed:
        if not isinstance(order, syntax.Move) or order.route or order.unit.type != "A":
            continue
        src, dst = order.unit.location.province, order.destination.province
        if not order.via_convoy and variant.adjacent("A", src, dst):
            continue
        route = _route(variant, src, dst, carriers.get((src, dst), ()))
        if route:
            out[src] = route
    return out


# -- ownership and adjustments -------------------------------------------------------------


def ownership_tables(
    variant: Variant,
    centers: Mapping[str, Iterable[str]],
    units: Mapping[str, Iterable[str]],
    winner: str | None = None,
    marks: Mapping[str, str] | None = None,
    *,
    seen: Collection[str] | None = None,
) -> str:
    """`Ownership of supply centers:` and the count of builds and removals that follows it.

    Results after the centre season and LIST both end with these tables; `marks` gives a
    power's `CD` or `ABANDONED` tag, which only the game (not the board) knows. `seen`: a
    blind game's copy for a reader who sees only these powers (judge/reports/blind.py):
    their centres and counts in full, no unowned centres, and of every other power only
    how many centres it has.
    """
    widest = max([len(p.name) for p in variant.powers] + [0]) + 1
    column = max(widest, 10)
    owner = {
        variant.province(c).abbr: variant.power(p).name for p, cs in centers.items() for c in cs
    }
    order = [p.abbr for p in variant.provinces.values() if p.center]
    named = [*_power_order(variant), "Unowned"] if seen is None else list(seen)
    lines = ["Ownership of supply centers:", ""]
    for name in [n for n in [*_power_order(variant), "Unowned"] if n in named]:
        owned = [variant.provinces[c].name for c in order if owner.get(c, "Unowned") == name]
        if not owned:
            continue
        head = f"{name}:" + " " * (column - len(name))
        lines.extend(_wrap_commas(head + ", ".join(owned) + ".", column + 1))
    if lines[-1]:
        lines.append("")
    held = Counter({variant.power(p).name: sum(1 for _ in us) for p, us in units.items()})
    count = Counter(owner.values())
    for name in _power_order(variant):
        np, nu = count.get(name, 0), held.get(name, 0)
        if seen is not None and name not in seen:
            if np:
                lines.append(_padded_count(name, column, np) + ".")
            continue
        if not np and not nu:
            continue
        left = abs(np - nu)
        line = (
            _padded_count(name, column, np)
            + (", " if np == 1 else ",")  # the njudge's columns: `center,   1` `centers,  3`
            + f" {nu:2d} Unit{': ' if nu == 1 else 's:'}"
            + f"  {'Builds ' if np >= nu else 'Removes'} {left:2d} unit{'' if left == 1 else 's'}."
        )
        tag = "VICTORY!!" if name == winner else (marks or {}).get(name)
        if tag:
            line += f"{' ' if left == 1 else ''}  (* {tag} *)"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _padded_count(name: str, column: int, centers: int) -> str:
    """`Austria:   5 Supply centers`, the centre count lined up in the table's column."""
    plural = "" if centers == 1 else "s"
    return f"{name}:" + " " * max(0, column - len(name) - 1) + f"{centers:2d} Supply center{plural}"


# -- the current orders, before the deadline -----------------------------------------------


def orders_listing(
    variant: Variant,
    game: str,
    seq: int | str,
    phase: Phase | str,
    power: str,
    result_doc: Doc,
    *,
    build_at: str = "variant",
    seen: Collection[str] | None = None,
) -> str:
    """The part of a reply that shows a power its orders as the judge holds them.

    `result_doc` is a trial adjudication of the current orders: it tells which orders count
    and which are impossible, and nothing of it but the power's own orders is shown, so a
    reply never gives away what the trial made of anybody else's. `build_at` is the game's
    SET HOME / ANY / ONE CENTER, for the builds a power has left. `seen`: a blind game's
    player sees only these powers' units (judge/reports/blind.py), so a unit his order
    supports or convoys reads as in his copy of the results ("unknown unit Munich").
    """
    phase = _phase(variant, phase)
    power = variant.power(power).name
    mine = [line for line in result_doc.get("orders", ()) if line.get("power") == power]
    letter = variant.power(power).letter
    errors: list[str] = []
    for line in mine:
        if line.get("result") == "illegal" and line.get("reason") != "replaced":
            errors.append(f"{letter}: {line.get('text', '')}")
            errors.extend((line.get("message") or line.get("reason") or "").splitlines())
    lines = [*errors, ""] if errors else []
    lines.append(orders_title(variant, game, seq, phase))
    body = power_orders(variant, phase, power, result_doc, build_at=build_at, seen=seen)
    if body:
        lines.extend(["", *body])
    return "\n".join(lines).rstrip("\n") + "\n"


def orders_title(variant: Variant, game: str, seq: int | str, phase: Phase | str) -> str:
    """`Movement orders for Spring of 1901. (dt.001)` (two spaces before the stamp in
    retreat and adjustment phases, as the njudge prints them)."""
    phase = _phase(variant, phase)
    if phase.letter == "M":
        return f"Movement orders for {_when(phase)}. {_stamp(game, seq)}"
    word = "Retreat" if phase.letter == "R" else "Adjustment"
    return f"{word} orders for {_when(phase)}.  {_stamp(game, seq)}"


def power_orders(
    variant: Variant,
    phase: Phase | str,
    power: str,
    result_doc: Doc,
    *,
    build_at: str = "variant",
    seen: Collection[str] | None = None,
) -> list[str]:
    """A power's orders as they stand, a line each (the body of `orders_listing`, and of
    each power's block in a master's report)."""
    phase = _phase(variant, phase)
    power = variant.power(power).name
    counted = [line for line in _counted_lines(result_doc) if line.get("power") == power]
    if phase.letter == "M":
        return _movement_listing(variant, power, counted, result_doc, unknown=seen is not None)
    if phase.letter == "R":
        return _retreat_lines(variant, counted, None)
    return _adjustment_lines(variant, power, result_doc, None, results=False, build_at=build_at)


def _movement_listing(
    variant: Variant,
    power: str,
    counted: list[Mapping[str, Any]],
    result_doc: Doc,
    unknown: bool = False,
) -> list[str]:
    owners = {}
    for line in _counted_lines(result_doc):
        owners[province_of(_unit_of(line["order"])[1])] = line["power"]
    routes = _convoy_routes(variant, counted)
    reader = syntax.OrderParser.for_names(variant.names)
    own: dict[str, syntax.Order] = {}
    for line in counted:
        try:
            own[province_of(_unit_of(line["order"])[1])] = reader.parse(line["order"], "movement")
        except syntax.OrderSyntaxError:
            continue
    out = []
    for line in sorted(counted, key=lambda li: _unit_of(li["order"])):
        kind, location = _unit_of(line["order"])
        if line.get("reason") == "no order":
            out.append(f"{power}: {_unit_words(variant, kind, location)}, No Order Processed.")
            continue
        text = order_phrase(
            variant,
            power,
            line["order"],
            owners=owners,
            kind="movement",
            route=routes.get(province_of(location), ()),
            unknown=unknown,
        )
        warn = _convoy_doubt(own.get(province_of(location)), own)
        out.append(f"{power}: {text}." + (" (*WARN: check convoy*)" if warn else ""))
    return out


def _convoy_doubt(order: syntax.Order | None, own: Mapping[str, syntax.Order]) -> bool:
    """The njudge's early warning: the power's own convoy orders and moves do not match.

    Only the power's own units are looked at, as the njudge does, so the warning says
    nothing about other powers' orders.
    """
    if isinstance(order, syntax.Move) and order.route:
        src, dst = order.unit.location.province, order.destination.province
        for sea in order.route:
            if sea in own:
                fleet = own[sea]
                if not (
                    isinstance(fleet, syntax.Convoy)
                    and fleet.convoyed.location.province == src
                    and fleet.destination.province == dst
                ):
                    return True
    if isinstance(order, syntax.Convoy):
        army = own.get(order.convoyed.location.province)
        if army is not None and not (
            isinstance(army, syntax.Move)
            and army.destination.province == order.destination.province
        ):
            return True
    return False


# -- results ---------------------------------------------------------------------------


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
    phase = _phase(variant, input_doc["phase"])
    units = _board(variant, input_doc.get("units"))
    owners = _owners(units)
    counted = _counted_lines(output_doc)
    by_unit = {(line["power"], " ".join(_unit_of(line["order"]))): line for line in counted}
    routes = _convoy_routes(variant, counted)
    dislodged = output_doc.get("dislodged", [])
    beaten = {(d["power"], d["unit"]) for d in dislodged}
    lines = [f"Movement results for {_when(phase)}. {_stamp(game, seq)}"]
    for power in _power_order(variant):
        mine = sorted(units.get(power, ()))
        if not mine:
            continue
        lines.append("")
        for text in mine:
            kind, location = text.split()[:2]
            line = by_unit.get((power, text))
            tags = _tags(line.get("reason") if line else None, (power, text) in beaten)
            if line is None or line.get("reason") == "no order":
                phrase = f"{_unit_words(variant, kind, location)}, No Order Processed"
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
    if dislodged:
        lines.extend(["", "", "The following units were dislodged:", ""])
        for entry in _sorted_dislodged(variant, dislodged):
            lines.extend(_wrap_words(_dislodged_sentence(variant, entry)))
    next_phase = _phase(variant, output_doc["next_phase"])
    if phase.in_center_season(variant) and next_phase.letter != "R":
        lines.extend(["", *_tables(variant, output_doc, marks, seen)])
    return "\n".join(lines) + "\n"


def _sorted_dislodged(variant: Variant, dislodged: Iterable[Mapping[str, Any]]) -> list:
    rank = {name: i for i, name in enumerate(_power_order(variant))}
    return sorted(dislodged, key=lambda d: (rank.get(d["power"], len(rank)), d["unit"]))


def _dislodged_sentence(variant: Variant, entry: Mapping[str, Any]) -> str:
    kind, location = entry["unit"].split()[:2]
    adjective = variant.power(entry["power"]).adjective
    head = f"The {adjective} {UNIT_WORDS.get(kind, 'Unit')} in {place_name(variant, location)}"
    retreats = entry.get("retreats") or []
    if not retreats:
        return head + " with no valid retreats was destroyed."
    return head + " can retreat to " + " or ".join(_place(variant, r) for r in retreats) + "."


def _tables(
    variant: Variant,
    output_doc: Doc,
    marks: Mapping[str, str] | None,
    seen: Collection[str] | None,
) -> list[str]:
    text = ownership_tables(
        variant,
        output_doc.get("centers", {}),
        output_doc.get("units", {}),
        output_doc.get("winner"),
        marks,
        seen=seen,
    )
    return text.rstrip("\n").split("\n")


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
    phase = _phase(variant, input_doc["phase"])
    lines = [f"Retreat results for {_when(phase)}.  {_stamp(game, seq)}", ""]
    counted = _counted_lines(output_doc)
    dislodged = _dislodged_entries(variant, input_doc.get("dislodged", []))
    lines.extend(_retreat_lines(variant, counted, dislodged))
    if phase.in_center_season(variant):
        lines.extend(["", *_tables(variant, output_doc, marks, seen)])
    return "\n".join(lines) + "\n"


def _retreat_lines(
    variant: Variant,
    counted: list[Mapping[str, Any]],
    dislodged: Sequence[Mapping[str, Any]] | None,
) -> list[str]:
    """One line per dislodged unit; `dislodged` None for a listing, where there is no fate yet.

    A unit of the attacker may stand where the dislodged unit stood, so units are matched by
    power and unit, not by province.
    """
    by_unit = {(line["power"], " ".join(_unit_of(line["order"]))): line for line in counted}
    if dislodged is None:
        entries = [{"power": line["power"], "unit": key} for (_, key), line in by_unit.items()]
    else:
        entries = list(dislodged)
    out = []
    for entry in _sorted_dislodged(variant, entries):
        power, unit = entry["power"], entry["unit"]
        kind, location = unit.split()[:2]
        text = _padded(power) + _unit_words(variant, kind, location, pad=True)
        line = by_unit.get((power, unit))
        if line is None or line.get("reason") == "no order":
            out.append(text + ", No Order Processed (DISBAND).")
            continue
        order = _parse(variant, line["order"], "retreat")
        if isinstance(order, syntax.Retreat):
            text += f" -> {_place(variant, str(order.destination))}"
            if dislodged is not None and line.get("result") == "fails":
                text += " (*bounce, destroyed*)"
        else:
            text += " DISBAND"
        out.append(text + ".")
    return out


def adjustment_results(
    variant: Variant,
    game: str,
    seq: int | str,
    input_doc: Doc,
    output_doc: Doc,
    *,
    seen: Collection[str] | None = None,
) -> str:
    """`Adjustment results for ...`: the builds, removals and waives carried out, the builds
    that could not be used, and the removals the judge made for powers that gave too few
    (`seen`: only those powers', for a blind game's copy)."""
    phase = _phase(variant, input_doc["phase"])
    lines = [f"Adjustment results for {_when(phase)}.  {_stamp(game, seq)}", ""]
    lines.extend(_adjustment_lines(variant, None, output_doc, input_doc, results=True, seen=seen))
    return "\n".join(lines).rstrip("\n") + "\n"


def _adjustment_lines(
    variant: Variant,
    only: str | None,
    output_doc: Doc,
    input_doc: Doc | None,
    results: bool,
    build_at: str = "variant",
    seen: Collection[str] | None = None,
) -> list[str]:
    """The njudge's three passes (`buildout`): orders power by power, then what is left of
    each power's builds, then the removals by default.

    Without the input document (a listing) the board before the phase is worked back from
    the output: the units after it, less what was built, plus what was removed. A unit kept
    with `maintain` (SET ANY DISBAND) is listed to its power, never in the results, as the
    njudge does; one kept for want of an order is not listed.
    """
    if input_doc is not None:
        build_at = str((input_doc.get("options") or {}).get("build_centers", build_at))
    powers = [only] if only else [p for p in _power_order(variant) if seen is None or p in seen]
    lines = [
        line
        for line in output_doc.get("orders", ())
        if line.get("result") == "succeeds" and line.get("order") and line.get("power") in powers
    ]
    ordered = [
        line
        for line in lines
        if line.get("reason") not in ("civil disorder", "no order")
        and not (results and line["order"].endswith(" M"))
    ]
    defaults = [line for line in lines if line.get("reason") == "civil disorder"]
    built: list[tuple[str, str]] = []
    removed: list[tuple[str, str]] = []
    for line in output_doc.get("orders", ()):
        if line.get("result") != "succeeds" or not line.get("order"):
            continue
        order = line["order"]
        if order.endswith(" B"):
            built.append((line["power"], order[:-2]))
        elif order.endswith(" D"):
            removed.append((line["power"], order[:-2]))
    centers = _center_owner(variant, (input_doc or output_doc).get("centers"))
    if input_doc is not None:
        before = {(p, u) for p, us in _board(variant, input_doc.get("units")).items() for u in us}
    else:
        after = {(p, u) for p, us in output_doc.get("units", {}).items() for u in us}
        before = (after - set(built)) | set(removed)
    occupied = {province_of(u.split()[1]) for _, u in set(before) - set(removed)}
    occupied |= {province_of(u.split()[1]) for _, u in built}
    out = []
    for power in powers:
        for line in ordered:
            if line["power"] == power:
                phrase = order_phrase(variant, power, line["order"], kind="adjustment")
                out.append(_padded(power) + phrase + ".")
    for power in powers:
        # Builds are counted after the power's own removals (under ANY DISBAND a removal
        # makes room for a build; otherwise a power removing has no builds anyway).
        removing = sum(
            1 for line in ordered if line["power"] == power and line["order"].endswith(" D")
        )
        due = (
            sum(1 for o in centers.values() if o == power)
            - sum(1 for p, _ in before if p == power)
            + removing
        )
        used = sum(
            1
            for line in ordered
            if line["power"] == power and (line["order"].endswith(" B") or line["order"] == "WAIVE")
        )
        left = due - used
        if left <= 0:
            continue
        plural = "" if left == 1 else "s"
        if build_sites(variant, power, centers, occupied, build_at):
            out.append(_padded(power) + f"{left} build{plural} pending.")
        else:
            verb = "waived" if results else "pending"
            out.append(_padded(power) + f"{left} unusable build{plural} {verb}.")
    for line in defaults:
        kind, location = _unit_of(line["order"])
        unit = unit_phrase(variant, Unit(line["power"], kind, location))
        out.append(_padded(line["power"]) + f"Defaults, removing {unit}.")
    return out


def _center_owner(variant: Variant, centers: Mapping[str, Iterable[str]] | None) -> dict[str, str]:
    """Centre -> owner; a document without centres has the variant's starting ownership,
    as the adjudicator reads it."""
    if centers is None:
        return dict(variant.ownership)
    return {
        variant.province(c).abbr: variant.power(p).name for p, cs in centers.items() for c in cs
    }


# -- what comes after the results ------------------------------------------------------


def next_phase_lines(
    variant: Variant, game: str, next_phase: Phase | str, deadline_text: str
) -> str:
    """The two lines every result ends with, naming the phase as the njudge does (`Adjustments
    for Winter of 1901`) so that players' tools recognise it."""
    phase = _phase(variant, next_phase)
    return (
        f"The next phase of '{game}' will be {phase.describe()}.\n"
        f"The deadline for orders will be {deadline_text}.\n"
    )


def game_over_line() -> str:
    """The line the last result of a game ends with (two spaces, as the njudge writes it)."""
    return GAME_OVER + "\n"


# -- the board as it stands ------------------------------------------------------------


def starting_position(variant: Variant, phase: Phase | str, empty: bool = False) -> str:
    """The `report.<variant>` text of the game-start mail, made from the variant itself so a
    new variant needs no hand-written report; `empty` for a game set BLANK BOARD."""
    phase = _phase(variant, phase)
    lines = [f"Starting position for {_when(phase)}.", ""]
    by_power: dict[str, list[tuple[str, str]]] = {}
    for unit in () if empty else variant.units:
        by_power.setdefault(unit.power, []).append((unit.type, unit.location))
    if not by_power:
        lines.append("There are no units on the board.")
        return "\n".join(lines) + "\n"
    width = max(len(p) for p in by_power) + 2
    first = True
    for power in _power_order(variant):
        if power not in by_power:
            continue
        if not first:
            lines.append("")
        first = False
        for kind, location in by_power[power]:
            lead = f"{power}:".ljust(width)
            lines.append(f"{lead}{_unit_words(variant, kind, location, pad=True)}.")
    return "\n".join(lines) + "\n"


def status_listing(
    variant: Variant,
    game: str,
    seq: int | str,
    phase: Phase | str,
    position_doc: Doc,
    *,
    marks: Mapping[str, str] | None = None,
) -> str:
    """What LIST shows of the board: every unit (with its retreats in a retreat phase) and the
    ownership tables, so that anyone can see the position without waiting for results."""
    phase = _phase(variant, phase)
    title = f"Status of the {_STATUS_WORDS[phase.letter]} phase for {_when(phase)}."
    lines = [f"{title}  {_stamp(game, seq)}"]
    units: dict[str, list[tuple[str, list[str] | None]]] = {}
    for power, texts in _board(variant, position_doc.get("units")).items():
        units.setdefault(power, []).extend((t, None) for t in texts)
    dislodged = position_doc.get("dislodged", ()) if phase.letter == "R" else ()
    for entry in _dislodged_entries(variant, dislodged):
        units.setdefault(entry["power"], []).append((entry["unit"], entry.get("retreats") or []))
    width = max([len(p) for p, us in units.items() if us] + [1])
    for power in _power_order(variant):
        mine = sorted(units.get(power, ()), key=lambda item: item[0])
        if not mine:
            continue
        lines.append("")
        for text, retreats in mine:
            kind, location = text.split()[:2]
            line = f"{power}:".ljust(width + 2) + _unit_words(variant, kind, location)
            if retreats:
                line += " can retreat to " + " or ".join(_place(variant, r) for r in retreats)
            lines.extend(_wrap_status(line + "."))
    counts = {p: [t for t, _ in us] for p, us in units.items()}
    centers = position_doc.get("centers")
    if centers is None:
        centers = {}
        for center, owner in variant.ownership.items():
            centers.setdefault(owner, []).append(center)
    winner = position_doc.get("winner")
    tables = ownership_tables(variant, centers, counts, winner, marks)
    lines.extend(["", "", *tables.rstrip("\n").split("\n")])
    return "\n".join(lines) + "\n"
