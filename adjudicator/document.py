"""One phase as a JSON-shaped document in and out (shared/phase-format.md).

`adjudicate(doc)` reads and checks the document, hands the orders to the resolver for the
phase's kind, and writes the board that follows. Bad input raises ValueError with a message
that says what and where; an order that is wrong is not bad input, it is reported illegal.

Robots and tournaments call `adjudicate` constantly, with boards that differ from call to call
by a few units: a power's list of units or centres, and every order text, is read once and
remembered (per variant, in bounded memos that forget the least recently used), so that a
call costs little more than the adjudication itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

import variants
from variants import AUTONOMOUS, Variant

from .board import Unit
from .given import GivenOrder, Position, order_reader
from .legality import Command
from .machiavelli.board import MachBoard, mach_rules
from .machiavelli.state import read_state, write_state
from .options import Options
from .outcome import MovementResult, PhaseResult
from .phase import Phase
from .phases import adjudicate_phase
from .retreats import Dislodged, retreat_options
from .variant_rules import closed_waters
from .wings import with_wings


def adjudicate(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate one phase; see shared/phase-format.md for both documents."""
    position, given, options = _read(doc)
    return write_result(position.variant, adjudicate_phase(position, given, options))


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
# The keys of a board that `_ListReader.board` remembers whole.
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
    lists = _lists(variant)
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
        _two_in_one(units)
    centers = lists.read_centers(doc.get("centers"))
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
    orders = lists.read_orders(doc.get("orders", {}), phase.kind)
    position = Position(variant, phase, units, centers, tuple(dislodged), mach)
    return position, orders, options


_DEFAULT_OPTIONS = Options()
_NONE: dict[str, Any] = {}  # never changed


def _two_in_one(units: tuple[Unit, ...]) -> None:
    taken: dict[str, Unit] = {}
    for unit in units:
        if unit.province in taken:
            raise ValueError(
                f"units: two units in {unit.province} ({taken[unit.province]}, {unit})"
            )
        taken[unit.province] = unit


# Lists remembered per variant: a power's units, centres or orders, as a tuple of their
# texts (a list of orders holds its orders as read: a few hundred bytes); and single units
# and centres, a few dozen bytes each.
LISTS_REMEMBERED = 2048
# Whole boards (a phase's units and centres, and the position they make): a few kilobytes each.
BOARDS_REMEMBERED = 1024
ITEMS_REMEMBERED = 4096
LIST_READERS_KEPT = 16
_LIST_READERS: dict[int, _ListReader] = {}


def _lists(variant: Variant) -> _ListReader:
    """The list reader of this variant (known by identity: variants are kept objects)."""
    known = _LIST_READERS.get(id(variant))
    if known is not None and known.variant is variant:
        return known
    if len(_LIST_READERS) >= LIST_READERS_KEPT:
        del _LIST_READERS[next(iter(_LIST_READERS))]  # the oldest made
    reader = _LIST_READERS[id(variant)] = _ListReader(variant)
    return reader


def forget_lists() -> None:
    """Forget every list read (for the benchmark's cold runs)."""
    _LIST_READERS.clear()


class _ListReader:
    """Reads a document's phase, and each power's units, centres and orders, each list once.

    What a list reads as depends on the variant and the list alone (and an order on the
    kind of phase), so each is remembered by its texts; a list that is bad input is never
    remembered (the error is raised again, with where it is).
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.phase = lru_cache(maxsize=64)(lambda text: Phase.parse(text, variant))
        self._units = lru_cache(maxsize=LISTS_REMEMBERED)(self._power_units)
        self._centers = lru_cache(maxsize=LISTS_REMEMBERED)(self._power_centers)
        self._orders = lru_cache(maxsize=LISTS_REMEMBERED)(self._power_orders)
        # A list not seen before is read item by item, each item remembered too: a board
        # is new every phase, but most of its units and centres were on the boards before.
        self._unit_of = lru_cache(maxsize=ITEMS_REMEMBERED)(self._unit_or_none)
        self._center_of = lru_cache(maxsize=ITEMS_REMEMBERED)(self._center_or_none)
        self.start_centers = dict(variant.ownership)
        self._board = lru_cache(maxsize=BOARDS_REMEMBERED)(self._read_board)

    def board(self, phase: Any, raw_units: Any, raw_centers: Any) -> Position | None:
        """The position of a phase document with no dislodged units, remembered by its texts;
        None if the lists are not all lists of texts (the caller reads them to say so)."""
        units = _key(raw_units)
        centers = None if raw_centers is None else _key(raw_centers)
        if units is None or (centers is None and raw_centers is not None):
            return None
        try:
            return self._board(phase, units, centers)
        except TypeError:  # something unhashable: bad input, read to say so
            return None

    def _read_board(
        self, phase: Any, units: tuple[Any, ...], centers: tuple[Any, ...] | None
    ) -> Position:
        board = self.read_units(_unkey(units))
        if len({unit.province for unit in board}) < len(board):
            _two_in_one(board)
        owned = self.read_centers(None if centers is None else _unkey(centers))
        return Position(self.variant, self.phase(str(phase)), board, owned)

    def read_units(self, raw: Any) -> tuple[Unit, ...]:
        if not isinstance(raw, Mapping):
            raise ValueError("'units' must be an object of power: [units]")
        units: tuple[Unit, ...] = ()
        for name, texts in raw.items():
            key = tuple(_list(texts, f"units: {name}"))
            try:
                units += self._units(name, key)
            except TypeError:  # something unhashable in the list: bad input, read to say so
                units += self._power_units(name, key)
        return units

    def read_centers(self, raw: Any) -> dict[str, str]:
        if raw is None:
            return dict(self.start_centers)
        if not isinstance(raw, Mapping):
            raise ValueError("'centers' must be an object of power: [centres]")
        out: dict[str, str] = {}
        for name, texts in raw.items():
            key = tuple(_list(texts, f"centers: {name}"))
            try:
                power, centers = self._centers(name, key)
            except TypeError:  # something unhashable in the list: bad input, read to say so
                power, centers = self._power_centers(name, key)
            for abbr, text in centers:
                if abbr in out:
                    raise ValueError(f"centers: '{text}' is owned by both {out[abbr]} and {power}")
                out[abbr] = power
        return out

    def read_orders(self, raw: Any, kind: str) -> list[GivenOrder]:
        if not isinstance(raw, Mapping):
            raise ValueError("'orders' must be an object of power: [orders]")
        given: list[GivenOrder] = []
        orders = self._orders
        for name, texts in raw.items():
            if type(texts) is not list:
                _list(texts, f"orders: {name}")  # says what is wrong
            key = tuple(texts)
            try:
                given += orders(name, kind, key)
            except TypeError:  # something unhashable in the list: bad input, read to say so
                given += self._power_orders(name, kind, key)
        return given

    def _power_orders(self, name: Any, kind: str, texts: tuple[Any, ...]) -> tuple[GivenOrder, ...]:
        """A power's orders as read; a power's list often comes again unchanged (a robot
        weighing its own orders against the others'), and else each text is remembered."""
        power = _power(self.variant, name, "orders")
        for text in texts:
            if not isinstance(text, str):
                raise ValueError(f"orders: {name}: an order is a string, not {text!r}")
        read = order_reader(self.variant, kind)
        new = tuple.__new__
        return tuple(new(GivenOrder, (power, text, read(text))) for text in texts)

    def _power_units(self, name: Any, texts: tuple[Any, ...]) -> tuple[Unit, ...]:
        power = _power(self.variant, name, "units")
        unit_of = self._unit_of
        units = []
        for text in texts:
            try:
                unit = unit_of(power, text)
            except TypeError:  # not a text at all: _unit says so
                unit = None
            if unit is None:
                unit = _unit(self.variant, power, text, f"units: {name}")
            units.append(unit)
        return tuple(units)

    def _unit_or_none(self, power: str, text: Any) -> Unit | None:
        try:
            return _unit(self.variant, power, text, "")
        except ValueError:
            return None

    def _power_centers(
        self, name: Any, texts: tuple[Any, ...]
    ) -> tuple[str, tuple[tuple[str, Any], ...]]:
        """The power and its centres, each as (abbreviation, the text given)."""
        variant = self.variant
        power = _power(variant, name, "centers")
        centers: dict[str, Any] = {}
        center_of = self._center_of
        for c in texts:
            try:
                abbr = center_of(c)
            except TypeError:  # not a text at all: read below to say so
                abbr = None
            if abbr is None:
                abbr = _province(variant, c, f"centers: {name}")
                if not variant.provinces[abbr].center:
                    raise ValueError(f"centers: {name}: '{c}' is not a supply center")
            if abbr in centers:
                raise ValueError(f"centers: '{c}' is owned by both {power} and {power}")
            centers[abbr] = c
        return power, tuple(centers.items())

    def _center_or_none(self, text: Any) -> str | None:
        """The centre's abbreviation; None if the text names no centre."""
        try:
            province = self.variant.province(str(text))  # as _province reads it
        except KeyError:
            return None
        return province.abbr if province.center else None


def _key(raw: Any) -> tuple[Any, ...] | None:
    """A document's power: [texts] lists as one tuple (power, texts, power, texts, ...);
    None if it is not an object of lists."""
    if type(raw) is not dict:
        return None
    key: list[Any] = []
    for name, texts in raw.items():
        if type(texts) is not list:
            return None
        key.append(name)
        key.append(tuple(texts))
    return tuple(key)


def _unkey(key: tuple[Any, ...]) -> dict[Any, list[Any]]:
    return {key[i]: list(key[i + 1]) for i in range(0, len(key), 2)}


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list")
    return value


def _power(variant: Variant, name: Any, where: str) -> str:
    if not isinstance(name, str):
        raise ValueError(f"{where}: a power name must be a string")
    if variant.is_machiavelli and name.strip().lower() == AUTONOMOUS.lower():
        return AUTONOMOUS  # the units and cities no power owns
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


# -- writing the output ------------------------------------------------------------------


def write_result(variant: Variant, result: PhaseResult) -> dict[str, Any]:
    # A movement phase's lines are written from their fields, no OrderResult made of them.
    pending = result.pending_lines() if type(result) is MovementResult else None
    body: dict[str, Any] = {
        "phase": _phase_text(result.phase),
        "next_phase": _phase_text(result.next_phase),
        "orders": _lines(result.orders if pending is None else pending),
        "units": _by_power(variant, [(u[0], f"{u[1]} {u[2]}") for u in result.units]),
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
    if result.mach is not None:
        body["machiavelli"] = write_state(variant, result.mach)
        body["events"] = list(result.events)
    body["winner"] = result.winner
    return body


def _lines(lines: Sequence[tuple]) -> list[dict[str, Any]]:
    """Each order's line (from an OrderResult or a tuple of its fields). A command's line is
    copied from the one written for it before (`_LINES`), its result and reason put in."""
    out = []
    memo = _LINES
    for power, text, notation, result, reason, message in lines:
        if type(notation) is Command:
            known = memo.get(id(notation))
            if (
                known is not None
                and known[0] is notation
                and known[1]["text"] == text
                and known[1]["power"] == power
            ):
                line = known[1].copy()
                line["result"] = result
                line["reason"] = reason
            else:
                line = {
                    "power": power,
                    "text": text,
                    "order": _command_text(notation),
                    "result": result,
                    "reason": reason,
                }
                _remember_line(notation, line)
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


# A command's normal notation depends on the command alone (units and places by name), and
# the same moves recur from call to call: each is written once.
_command_text = lru_cache(maxsize=8192)(Command.__str__)

# The line last written for a command, by the command's identity (the board kept by
# legality.board_for gives the same command for the same order text again): its power,
# text and notation are copied for the next line of that command. Each entry holds its
# command, so the identity is not reused while the entry is kept.
LINES_KEPT = 8192
_LINES: dict[int, tuple[Command, dict[str, Any]]] = {}


def _remember_line(command: Command, line: dict[str, Any]) -> None:
    if len(_LINES) >= LINES_KEPT:
        del _LINES[next(iter(_LINES))]  # the oldest kept
    _LINES[id(command)] = (command, line.copy())


_phase_text = lru_cache(maxsize=256)(Phase.__str__)


def forget_notations() -> None:
    """Forget every command's notation and line written (for the benchmark's cold runs)."""
    _command_text.cache_clear()
    _LINES.clear()


def _by_power(variant: Variant, pairs: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Powers in the variant's order, each with its sorted list; powers with none left out."""
    out: dict[str, list[str]] = {p.name: [] for p in variant.powers}
    if variant.is_machiavelli:
        out[AUTONOMOUS] = []
    for power, item in pairs:
        out[power].append(item)
    return {power: sorted(items) for power, items in out.items() if items}
