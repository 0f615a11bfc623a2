"""The lists of a phase document, each read once: a power's units, centres and orders, and
whole boards, remembered per variant by their texts (bounded memos that forget the least
recently used). Robots and tournaments ask again and again about boards that differ by a
few units, so a call costs little more than the adjudication itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from variants import AUTONOMOUS, Variant

from .board import Unit
from .given import GivenOrder, OrderLists, Position, order_reader
from .phase import Phase


def two_in_one(units: tuple[Unit, ...]) -> None:
    """Raise on the first province given two units (bad input, said with both units)."""
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
_LIST_READERS: dict[int, ListReader] = {}


def list_reader(variant: Variant) -> ListReader:
    """The list reader of this variant (known by identity: variants are kept objects)."""
    known = _LIST_READERS.get(id(variant))
    if known is not None and known.variant is variant:
        return known
    if len(_LIST_READERS) >= LIST_READERS_KEPT:
        del _LIST_READERS[next(iter(_LIST_READERS))]  # the oldest made
    reader = _LIST_READERS[id(variant)] = ListReader(variant)
    return reader


def forget_lists() -> None:
    """Forget every list read (for the benchmark's cold runs)."""
    _LIST_READERS.clear()


class ListReader:
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
            two_in_one(board)
        owned = self.read_centers(None if centers is None else _unkey(centers))
        return Position(self.variant, self.phase(str(phase)), board, owned)

    def read_units(self, raw: Any) -> tuple[Unit, ...]:
        if not isinstance(raw, Mapping):
            raise ValueError("'units' must be an object of power: [units]")
        units: tuple[Unit, ...] = ()
        for name, texts in raw.items():
            key = tuple(as_list(texts, f"units: {name}"))
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
            key = tuple(as_list(texts, f"centers: {name}"))
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
        given = OrderLists()
        chunks: list[tuple[GivenOrder, ...]] = []
        orders, add = self._orders, chunks.append
        for name, texts in raw.items():
            if type(texts) is not list:
                as_list(texts, f"orders: {name}")  # says what is wrong
            key = tuple(texts)
            try:
                chunk = orders(name, kind, key)
            except TypeError:  # something unhashable in the list: bad input, read to say so
                chunk = self._power_orders(name, kind, key)
            given += chunk
            add(chunk)
        given.chunks = chunks
        return given

    def _power_orders(self, name: Any, kind: str, texts: tuple[Any, ...]) -> tuple[GivenOrder, ...]:
        """A power's orders as read; a power's list often comes again unchanged (a robot
        weighing its own orders against the others'), and else each text is remembered."""
        power = power_named(self.variant, name, "orders")
        for text in texts:
            if not isinstance(text, str):
                raise ValueError(f"orders: {name}: an order is a string, not {text!r}")
        read = order_reader(self.variant, kind)
        new = tuple.__new__
        return tuple(new(GivenOrder, (power, text, read(text))) for text in texts)

    def _power_units(self, name: Any, texts: tuple[Any, ...]) -> tuple[Unit, ...]:
        power = power_named(self.variant, name, "units")
        unit_of = self._unit_of
        units = []
        for text in texts:
            try:
                unit = unit_of(power, text)
            except TypeError:  # not a text at all: unit_named says so
                unit = None
            if unit is None:
                unit = unit_named(self.variant, power, text, f"units: {name}")
            units.append(unit)
        return tuple(units)

    def _unit_or_none(self, power: str, text: Any) -> Unit | None:
        try:
            return unit_named(self.variant, power, text, "")
        except ValueError:
            return None

    def _power_centers(
        self, name: Any, texts: tuple[Any, ...]
    ) -> tuple[str, tuple[tuple[str, Any], ...]]:
        """The power and its centres, each as (abbreviation, the text given)."""
        variant = self.variant
        power = power_named(variant, name, "centers")
        centers: dict[str, Any] = {}
        center_of = self._center_of
        for c in texts:
            try:
                abbr = center_of(c)
            except TypeError:  # not a text at all: read below to say so
                abbr = None
            if abbr is None:
                abbr = province_named(variant, c, f"centers: {name}")
                if not variant.provinces[abbr].center:
                    raise ValueError(f"centers: {name}: '{c}' is not a supply center")
            if abbr in centers:
                raise ValueError(f"centers: '{c}' is owned by both {power} and {power}")
            centers[abbr] = c
        return power, tuple(centers.items())

    def _center_or_none(self, text: Any) -> str | None:
        """The centre's abbreviation; None if the text names no centre."""
        try:
            province = self.variant.province(str(text))  # as province_named reads it
        except KeyError:
            return None
        return province.abbr if province.center else None


def _key(raw: Any) -> tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]] | None:
    """A document's power: [texts] lists as one key, (the powers, the texts of each); None
    if it is not an object of lists. Made in C (`map`): it is made on every call."""
    if type(raw) is not dict:
        return None
    lists = raw.values()
    if raw and set(map(type, lists)) != _LIST_TYPE:
        return None
    return tuple(raw), tuple(map(tuple, lists))


_LIST_TYPE = {list}


def _unkey(key: tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]) -> dict[Any, list[Any]]:
    return dict(zip(key[0], map(list, key[1]), strict=True))


def as_list(value: Any, where: str) -> list:
    """The value, if it is a list; else bad input, said with where it is."""
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list")
    return value


def power_named(variant: Variant, name: Any, where: str) -> str:
    """The power's name as the variant spells it; an unknown one is bad input."""
    if not isinstance(name, str):
        raise ValueError(f"{where}: a power name must be a string")
    if variant.is_machiavelli and name.strip().lower() == AUTONOMOUS.lower():
        return AUTONOMOUS  # the units and cities no power owns
    try:
        return variant.power(name).name
    except KeyError:
        powers = ", ".join(p.name for p in variant.powers)
        raise ValueError(f"{where}: unknown power '{name}' (the powers are {powers})") from None


def province_named(variant: Variant, name: Any, where: str) -> str:
    """The province's abbreviation; an unknown one is bad input."""
    try:
        return variant.province(str(name)).abbr
    except KeyError:
        raise ValueError(f"{where}: unknown province '{name}'") from None


def unit_named(variant: Variant, power: str, text: Any, where: str) -> Unit:
    """The unit a text like "F stp/sc" names, checked against the map (a fleet on a coast,
    an army on land); anything else is bad input, said with where it is."""
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
