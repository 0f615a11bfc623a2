"""One phase as a JSON-shaped document in and out (shared/phase-format.md).

`adjudicate(doc)` reads and checks the document, hands the orders to the resolver for the
phase's kind, and writes the board that follows. Bad input raises ValueError with a message
that says what and where; an order that is wrong is not bad input, it is reported illegal.

Robots and tournaments call `adjudicate` constantly, with boards that differ from call to call
by a few units: a power's list of units or centres, and every order text, is read once and
remembered (document_lists.py), so that a call costs little more than the adjudication itself.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

import variants
from variants import AUTONOMOUS, Variant

from .board import Unit
from .document_lists import (
    as_list,
    list_reader,
    power_named,
    province_named,
    two_in_one,
    unit_named,
)
from .given import GivenOrder, Position
from .legality import Command
from .machiavelli.board import MachBoard, mach_rules
from .machiavelli.state import read_state, write_state
from .options import Options
from .outcome import REPLACED_VERDICT, LineParts, MovementResult, PhaseResult, line_fields
from .phase import Phase
from .phases import adjudicate_phase
from .retreats import Dislodged, retreat_options
from .variant_rules import closed_waters
from .wings import with_wings


def adjudicate(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate one phase; see shared/phase-format.md for both documents."""
    position, given, options = _read(doc)
    result = adjudicate_phase(position, given, options)
    return write_result(position.variant, result, position.centers)


# -- reading the input -------------------------------------------------------------------


def read_document(
    doc: Mapping[str, Any],
) -> tuple[Position, list[tuple[str, str]], Options]:
    """The position, the orders as (power, text) and the options of a phase document."""
    position, given, options = read_phase(doc)
    return position, [(order.power, order.text) for order in given], options


def read_phase(doc: Mapping[str, Any]) -> tuple[Position, list[GivenOrder], Options]:
    """The position, the orders as read and the options of a phase document."""
    position, given, options = _read(doc)
    # The position may be the memo's, shared between calls: the caller gets its own centres.
    return replace(position, centers=dict(position.centers)), given, options


_KEYS = frozenset(
    (
        "variant",
        "phase",
        "units",
        "centers",
        "dislodged",
        "orders",
        "options",
        "contested",
        "machiavelli",
    )
)
# The keys of a board that `ListReader.board` remembers whole.
_PLAIN_KEYS = frozenset(("variant", "phase", "units", "centers", "orders", "options"))


def _read(doc: Mapping[str, Any]) -> tuple[Position, list[GivenOrder], Options]:
    """`read_phase`, with a position that may be shared with other calls (never changed)."""
    if type(doc) is not dict and not isinstance(doc, Mapping):
        raise ValueError("the document must be a JSON object")
    if not _KEYS.issuperset(doc):
        unknown = set(doc) - _KEYS
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
    raw_options = doc.get("options")
    options = _DEFAULT_OPTIONS if raw_options is None else Options.from_mapping(raw_options)
    if options.summer is not None:
        variant = variants.with_summer(variant, options.summer)
    if options.wings or "wings" in variant.rules:
        variant = with_wings(variant)
    lists = list_reader(variant)
    if _PLAIN_KEYS.issuperset(doc) and not variant.is_machiavelli:
        # The common board: units and centres, remembered whole (a robot asks again and
        # again about one board with other orders).
        position = lists.board(doc.get("phase"), doc.get("units", _NONE), doc.get("centers"))
        if position is not None:
            orders = lists.read_orders(doc.get("orders", _NONE), position.phase.kind)
            return position, orders, options
    phase = lists.phase(str(doc["phase"]))
    units = lists.read_units(doc.get("units", {}))
    taken: dict[str, Unit] = {unit.province: unit for unit in units}
    mach = None
    if variant.is_machiavelli:
        # A garrison stands in its city beside the province's army or fleet.
        MachBoard(variant, mach_rules(variant, options), units)
        taken = {u.province: u for u in units if u.type != "G"}
        mach = read_state(variant, doc.get("machiavelli"))
    elif "machiavelli" in doc:
        raise ValueError("'machiavelli' belongs to a Machiavelli variant's phases only")
    elif len(taken) < len(units):
        two_in_one(units)
    centers = lists.read_centers(doc.get("centers"))
    dislodged: list[Dislodged] = []
    contested: set[str] = set()
    if phase.kind == "retreat":
        contested = {
            province_named(variant, p, "contested")
            for p in as_list(doc.get("contested", []), "contested")
        }
        # No retreat into a standoff, nor into arctic water in the Fall (variant_rules).
        barred = contested | closed_waters(variant, phase)
        dislodged = _read_dislodged(variant, doc.get("dislodged", []), taken, barred)
    elif doc.get("dislodged"):
        raise ValueError("'dislodged' belongs to a retreat phase only")
    orders = lists.read_orders(doc.get("orders", {}), phase.kind)
    position = Position(variant, phase, units, centers, tuple(dislodged), mach)
    return position, orders, options


_DEFAULT_OPTIONS = Options()
_NONE: dict[str, Any] = {}  # never changed


def _read_dislodged(
    variant: Variant, raw: Any, board: dict[str, Unit], contested: set[str]
) -> list[Dislodged]:
    out = []
    for i, entry in enumerate(as_list(raw, "dislodged")):
        where = f"dislodged[{i}]"
        if not isinstance(entry, Mapping):
            raise ValueError(f"{where}: expected an object")
        power = power_named(variant, entry.get("power"), where)
        unit = unit_named(variant, power, entry.get("unit"), where)
        if "retreats" in entry:
            retreats = []
            for loc in as_list(entry["retreats"], f"{where}.retreats"):
                try:
                    retreats.append(variant.location(str(loc)))
                except KeyError:
                    raise ValueError(f"{where}.retreats: unknown place '{loc}'") from None
            attacker = entry.get("attacker_from")
            out.append(Dislodged(unit, tuple(retreats), attacker))
        elif "attacker_from" in entry:
            attacker = province_named(variant, entry["attacker_from"], f"{where}.attacker_from")
            options = retreat_options(variant, unit, set(board), contested, attacker)
            out.append(Dislodged(unit, options, attacker))
        else:
            raise ValueError(f"{where}: give 'retreats' or 'attacker_from'")
    return out


# -- writing the output ------------------------------------------------------------------


def write_result(
    variant: Variant, result: PhaseResult, before: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The result document of a phase; `before`, the centres the phase began with (never
    changed), lets the centres be copied from those written before when they stay."""
    # A movement phase's lines are written from their fields, no OrderResult made of them.
    pending = result.pending_lines() if type(result) is MovementResult else None
    body: dict[str, Any] = {
        "phase": _phase_text(result.phase),
        "next_phase": _phase_text(result.next_phase),
        "orders": _lines(result.orders) if pending is None else _movement_lines(pending),
        "units": _units_by_power(variant, result.units),
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
    centers = result.centers
    if before is not None and centers == before:
        body["centers"] = {p: list(cs) for p, cs in _centers_written(variant, before).items()}
    else:
        body["centers"] = _centers_by_power(variant, centers)
    if result.adjustments is not None:
        body["adjustments"] = dict(result.adjustments)
    if result.mach is not None:
        body["machiavelli"] = write_state(variant, result.mach)
        body["events"] = list(result.events)
    body["winner"] = result.winner
    return body


def _movement_lines(parts: LineParts) -> list[dict[str, Any]]:
    """A movement phase's lines, from what they are made of (no OrderResult made): a
    command's line is copied from the one written for it before (kept in the board's memo
    entry of its text, `parts.known`, or else in `_LINES`), its result and reason put in."""
    known = parts.known
    if known is None:
        return _movement_lines_by_command(parts)
    out: list[dict[str, Any]] = []
    add, command_type = out.append, Command
    for given, command, verdict, entry in zip(
        parts.orders, parts.checked, parts.verdicts, known, strict=True
    ):
        if type(command) is not command_type:  # impossible
            out += _lines(line_fields((given,), (command,), (verdict,)))
            continue
        line = entry[3]  # type: ignore[index]  # an order possible has its entry
        if line is None:  # the entry's (power, text) are the order's, its command the same
            line = entry[3] = {  # type: ignore[index]
                "power": given[0],
                "text": given[1],
                "order": _command_text(command),
                "result": None,
                "reason": None,
            }
        line = line.copy()
        result, reason, message = verdict or REPLACED_VERDICT
        line["result"] = result
        line["reason"] = reason
        if message is not None:
            line["message"] = message
        add(line)
    if parts.unordered:
        out += _lines(parts.unordered)
    return out


def _movement_lines_by_command(parts: LineParts) -> list[dict[str, Any]]:
    """`_movement_lines` with no memo entries (a map with orders of its own): a command's
    line copied from the one written for it before (`_LINES`)."""
    out: list[dict[str, Any]] = []
    add, get, command_type = out.append, _LINES.get, Command
    for given, command, verdict in zip(parts.orders, parts.checked, parts.verdicts, strict=True):
        if type(command) is not command_type:  # impossible, or a gateway's order
            out += _lines(line_fields((given,), (command,), (verdict,)))
            continue
        known = get(id(command))
        # The same order (the memos of document_lists give it again), or the same words.
        if known is not None and known[0] is command and (known[1] is given or known[1] == given):
            line = known[2].copy()
        else:
            line = _command_line(given, command)
        result, reason, message = verdict or REPLACED_VERDICT
        line["result"] = result
        line["reason"] = reason
        if message is not None:
            line["message"] = message
        add(line)
    if parts.unordered:
        out += _lines(parts.unordered)
    return out


def _lines(lines: Sequence[tuple]) -> list[dict[str, Any]]:
    """Each order's line (from an OrderResult or a tuple of its fields)."""
    out = []
    memo = _LINES
    for power, text, notation, result, reason, message in lines:
        if type(notation) is Command:
            known = memo.get(id(notation))
            if (
                known is not None
                and known[0] is notation
                and known[1][1] == text
                and known[1][0] == power
            ):
                line = known[2].copy()
            else:
                line = _command_line((power, text, None), notation)
            line["result"] = result
            line["reason"] = reason
        else:
            order = None if notation is None else str(notation)
            line = {
                "power": power,
                "text": text,
                "order": order,
                "result": result,
                "reason": reason,
            }
        if message is not None:
            line["message"] = message
        out.append(line)
    return out


def _command_line(given: tuple, command: Command) -> dict[str, Any]:
    """A new line for a command given as (power, text, ...), kept in `_LINES` (its result
    and reason to be put in)."""
    line = {
        "power": given[0],
        "text": given[1],
        "order": _command_text(command),
        "result": None,
        "reason": None,
    }
    if len(_LINES) >= LINES_KEPT:
        _LINES.popitem(last=False)  # the oldest kept
    _LINES[id(command)] = (command, given, line.copy())
    return line


# A command's normal notation depends on the command alone (units and places by name), and
# the same moves recur from call to call: each is written once.
_command_text = lru_cache(maxsize=8192)(Command.__str__)

# The line last written for a command, by the command's identity (the board kept by
# legality.board_for gives the same command for the same order text again), with the order
# as given (power, text, ...): its power, text and notation are copied for the next line of
# that command given by the same power in the same words. Each entry holds its command, so
# the identity is not reused while the entry is kept. An OrderedDict forgets its oldest
# entry at once (a dict emptied from the front is slow to find its first entry).
LINES_KEPT = 8192
_LINES: OrderedDict[int, tuple[Command, tuple, dict[str, Any]]] = OrderedDict()


_phase_text = lru_cache(maxsize=256)(Phase.__str__)


def forget_notations() -> None:
    """Forget every command's notation and line written (for the benchmark's cold runs)."""
    _command_text.cache_clear()
    _LINES.clear()
    _CENTERS.clear()


def _centers_by_power(variant: Variant, centers: Mapping[str, str]) -> dict[str, list[str]]:
    """Powers in the variant's order, each with its sorted centres; powers with none left
    out."""
    out: dict[str, list[str]] = {power: [] for power in _power_order(variant)}
    try:
        for center, owner in centers.items():
            out[owner].append(center)
    except KeyError:  # an owner that is no power of the variant's: in no list
        out = _by_power(variant, ((owner, center) for center, owner in centers.items()))
    return _sorted_lists(out)


def _units_by_power(variant: Variant, units: Sequence[Unit]) -> dict[str, list[str]]:
    """Powers in the variant's order, each with its units' texts (`A bud`) sorted; powers
    with none left out. A unit's (power, type, location) read by position."""
    # A list for every power made first: each unit then appended with no test.
    out: dict[str, list[str]] = {power: [] for power in _power_order(variant)}
    try:
        for u in units:
            out[u[0]].append(f"{u[1]} {u[2]}")
    except KeyError:  # a power that is not the variant's: in no list
        out = _by_power(variant, ((u[0], f"{u[1]} {u[2]}") for u in units))
    return _sorted_lists(out)


def _by_power(variant: Variant, pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """(power, text) pairs as lists of texts by power, the variant's powers only."""
    out: dict[str, list[str]] = {power: [] for power in _power_order(variant)}
    for power, text in pairs:
        if power in out:
            out[power].append(text)
    return out


def _sorted_lists(out: dict[str, list[str]]) -> dict[str, list[str]]:
    """The lists sorted, the empty ones left out."""
    for texts in out.values():
        texts.sort()
    return {power: texts for power, texts in out.items() if texts}


@lru_cache(maxsize=64)
def _power_order(variant: Variant) -> tuple[str, ...]:
    names = tuple(p.name for p in variant.powers)
    return (*names, AUTONOMOUS) if variant.is_machiavelli else names


def _centers_written(variant: Variant, centers: Mapping[str, str]) -> dict[str, list[str]]:
    """`_centers_by_power` of centres that are never changed (a position's, remembered with
    it by document_lists), written once: the centres stay as they were in most phases."""
    known = _CENTERS.get(id(centers))
    if known is not None and known[0] is centers:
        return known[1]
    if len(_CENTERS) >= CENTERS_KEPT:
        _CENTERS.popitem(last=False)  # the oldest kept
    written = _centers_by_power(variant, centers)
    _CENTERS[id(centers)] = (centers, written)
    return written


# The centres written, by the identity of the centres (each entry holds them, so the
# identity is not reused while it is kept).
CENTERS_KEPT = 1024
_CENTERS: OrderedDict[int, tuple[Mapping[str, str], dict[str, list[str]]]] = OrderedDict()
