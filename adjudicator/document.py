"""One phase as a JSON-shaped document in and out (shared/phase-format.md).

`adjudicate(doc)` reads and checks the document, hands the orders to the resolver for the
phase's kind, and writes the board that follows. Bad input raises ValueError with a message
that says what and where; an order that is wrong is not bad input, it is reported illegal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import variants
from variants import Variant

from .board import Unit
from .given import Position, read_orders
from .options import Options
from .outcome import PhaseResult
from .phase import Phase
from .phases import adjudicate_phase
from .retreats import Dislodged, retreat_options
from .variant_rules import closed_waters
from .wings import with_wings


def adjudicate(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate one phase; see shared/phase-format.md for both documents."""
    position, orders, options = read_document(doc)
    given = read_orders(position.variant, position.phase, orders)
    return write_result(position.variant, adjudicate_phase(position, given, options))


# -- reading the input -------------------------------------------------------------------


def read_document(
    doc: Mapping[str, Any],
) -> tuple[Position, list[tuple[str, str]], Options]:
    """The position, the orders as (power, text) and the options of a phase document."""
    if not isinstance(doc, Mapping):
        raise ValueError("the document must be a JSON object")
    unknown = set(doc) - {
        "variant",
        "phase",
        "units",
        "centers",
        "dislodged",
        "orders",
        "options",
        "contested",
    }
    if unknown:
        raise ValueError(f"unknown key '{sorted(unknown)[0]}' in the document")
    name = doc.get("variant", "standard")
    if not isinstance(name, str):
        raise ValueError("'variant' must be a string")
    try:
        variant = variants.load(name)
    except KeyError:
        known = ", ".join(variants.available())
        raise ValueError(f"unknown variant '{name}' (known: {known})") from None
    if "phase" not in doc:
        raise ValueError("'phase' is missing")
    options = Options.from_mapping(doc.get("options"))
    if options.summer is not None:
        variant = variants.with_summer(variant, options.summer)
    if options.wings or "wings" in variant.rules:
        variant = with_wings(variant)
    phase = Phase.parse(str(doc["phase"]), variant)
    units = _read_units(variant, doc.get("units", {}), "units")
    taken: dict[str, Unit] = {}
    for unit in units:
        if unit.province in taken:
            raise ValueError(
                f"units: two units in {unit.province} ({taken[unit.province]}, {unit})"
            )
        taken[unit.province] = unit
    centers = _read_centers(variant, doc.get("centers"))
    dislodged: list[Dislodged] = []
    contested: set[str] = set()
    if phase.kind == "retreat":
        contested = {
            _province(variant, p, "contested") for p in _list(doc.get("contested", []), "contested")
        }
        # No retreat into a standoff, nor into arctic water in the Fall (variant_rules).
        barred = contested | closed_waters(variant, phase)
        dislodged = _read_dislodged(variant, doc.get("dislodged", []), taken, barred)
    elif doc.get("dislodged"):
        raise ValueError("'dislodged' belongs to a retreat phase only")
    orders = _read_orders(variant, doc.get("orders", {}))
    position = Position(variant, phase, tuple(units), centers, tuple(dislodged))
    return position, orders, options


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list")
    return value


def _power(variant: Variant, name: Any, where: str) -> str:
    if not isinstance(name, str):
        raise ValueError(f"{where}: a power name must be a string")
    try:
        return variant.power(name).name
    except KeyError:
        powers = ", ".join(p.name for p in variant.powers)
        raise ValueError(f"{where}: unknown power '{name}' (the powers are {powers})") from None


def _province(variant: Variant, name: Any, where: str) -> str:
    try:
        return variant.province(str(name)).abbr
    except KeyError:
        raise ValueError(f"{where}: unknown province '{name}'") from None


def _unit(variant: Variant, power: str, text: Any, where: str) -> Unit:
    if not isinstance(text, str) or " " not in text.strip():
        raise ValueError(f'{where}: a unit is written like "A lvp" or "F stp/sc", not {text!r}')
    kind, place = text.strip().split(None, 1)
    kind = kind.upper()
    if kind not in variant.unit_types:
        raise ValueError(f"{where}: unknown unit type '{kind}' in '{text}'")
    try:
        location = variant.location(place)
    except KeyError:
        raise ValueError(f"{where}: unknown province or coast '{place}' in '{text}'") from None
    province = variant.provinces[location.split("/")[0]]
    if kind == "A" and province.is_sea:
        raise ValueError(f"{where}: an army cannot be in the sea {province.abbr} ('{text}')")
    if kind == "A" and "/" in location:
        location = province.abbr
    if kind == "F":
        if province.kind.value == "land":
            raise ValueError(f"{where}: a fleet cannot be in the inland {province.abbr} ('{text}')")
        if province.coasts and "/" not in location:
            raise ValueError(f"{where}: a fleet in {province.abbr} must name its coast ('{text}')")
    if province.impassable:
        raise ValueError(f"{where}: no unit can be in {province.abbr}")
    return Unit(power, kind, location)


def _read_units(variant: Variant, raw: Any, where: str) -> list[Unit]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"'{where}' must be an object of power: [units]")
    out = []
    for name, units in raw.items():
        power = _power(variant, name, where)
        for text in _list(units, f"{where}: {name}"):
            out.append(_unit(variant, power, text, f"{where}: {name}"))
    return out


def _read_centers(variant: Variant, raw: Any) -> dict[str, str]:
    if raw is None:
        return dict(variant.ownership)
    if not isinstance(raw, Mapping):
        raise ValueError("'centers' must be an object of power: [centres]")
    out: dict[str, str] = {}
    for name, centers in raw.items():
        power = _power(variant, name, "centers")
        for c in _list(centers, f"centers: {name}"):
            abbr = _province(variant, c, f"centers: {name}")
            if not variant.provinces[abbr].center:
                raise ValueError(f"centers: {name}: '{c}' is not a supply center")
            if abbr in out:
                raise ValueError(f"centers: '{c}' is owned by both {out[abbr]} and {power}")
            out[abbr] = power
    return out


def _read_dislodged(
    variant: Variant, raw: Any, board: dict[str, Unit], contested: set[str]
) -> list[Dislodged]:
    out = []
    for i, entry in enumerate(_list(raw, "dislodged")):
        where = f"dislodged[{i}]"
        if not isinstance(entry, Mapping):
            raise ValueError(f"{where}: expected an object")
        power = _power(variant, entry.get("power"), where)
        unit = _unit(variant, power, entry.get("unit"), where)
        if "retreats" in entry:
            retreats = []
            for loc in _list(entry["retreats"], f"{where}.retreats"):
                try:
                    retreats.append(variant.location(str(loc)))
                except KeyError:
                    raise ValueError(f"{where}.retreats: unknown place '{loc}'") from None
            attacker = entry.get("attacker_from")
            out.append(Dislodged(unit, tuple(retreats), attacker))
        elif "attacker_from" in entry:
            attacker = _province(variant, entry["attacker_from"], f"{where}.attacker_from")
            options = retreat_options(variant, unit, set(board), contested, attacker)
            out.append(Dislodged(unit, options, attacker))
        else:
            raise ValueError(f"{where}: give 'retreats' or 'attacker_from'")
    return out


def _read_orders(variant: Variant, raw: Any) -> list[tuple[str, str]]:
    if not isinstance(raw, Mapping):
        raise ValueError("'orders' must be an object of power: [orders]")
    out = []
    for name, texts in raw.items():
        power = _power(variant, name, "orders")
        for text in _list(texts, f"orders: {name}"):
            if not isinstance(text, str):
                raise ValueError(f"orders: {name}: an order is a string, not {text!r}")
            out.append((power, text))
    return out


# -- writing the output ------------------------------------------------------------------


def write_result(variant: Variant, result: PhaseResult) -> dict[str, Any]:
    body: dict[str, Any] = {
        "phase": str(result.phase),
        "next_phase": str(result.next_phase),
        "orders": [_line(line) for line in result.orders],
        "units": _by_power(variant, [(u.power, str(u)) for u in result.units]),
    }
    if result.phase.kind == "movement":
        body["dislodged"] = [
            {
                "power": d.unit.power,
                "unit": str(d.unit),
                "attacker_from": d.attacker_from,
                "retreats": list(d.retreats),
            }
            for d in result.dislodged
        ]
        body["contested"] = list(result.contested)
    body["centers"] = _by_power(variant, [(o, c) for c, o in result.centers.items()])
    if result.adjustments is not None:
        body["adjustments"] = dict(result.adjustments)
    body["winner"] = result.winner
    return body


def _line(line: Any) -> dict[str, Any]:
    out = {
        "power": line.power,
        "text": line.text,
        "order": line.order,
        "result": line.result,
        "reason": line.reason,
    }
    if line.message is not None:
        out["message"] = line.message
    return out


def _by_power(variant: Variant, pairs: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Powers in the variant's order, each with its sorted list; powers with none left out."""
    out: dict[str, list[str]] = {p.name: [] for p in variant.powers}
    for power, item in pairs:
        out[power].append(item)
    return {power: sorted(items) for power, items in out.items() if items}
