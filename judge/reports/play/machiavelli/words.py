"""How a Machiavelli report names its units and orders, in the njudge's words (ma_movement.c,
ma_retreat.c): `Army Padua`, `Elite Mercenary Army Padua`, `Garrison Venice`; a besieged
garrison by its owner's adjective (`BESIEGE Autonomous Garrison`); a support of a garrison
as a `CONVERSION`; every power's units then the autonomous ones.

A province holds an army or a fleet and, in its city, a garrison; an order that names no
type is the ordering power's own unit there, as the adjudicator reads it
(`MachBoard.unit_named`), so a report names the unit the adjudicator moved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import parser as syntax
from adjudicator.machiavelli.special_units import TITLES
from variants import AUTONOMOUS, COAST_WORDS, UNIT_WORDS, Variant, province_of

from ..layout import Doc, power_order
from ..notation import order_place

GARRISON = "G"


def listed_powers(variant: Variant) -> list[str]:
    """The powers in the variant's order, then the autonomous units' owner."""
    return [*power_order(variant), AUTONOMOUS]


def adjective(variant: Variant, power: str) -> str:
    """`Venetian`, `Autonomous`."""
    return AUTONOMOUS if power == AUTONOMOUS else variant.power(power).adjective


def rank(variant: Variant) -> dict[str, int]:
    return {name: i for i, name in enumerate(listed_powers(variant))}


@dataclass
class Board:
    """The units of a document, by where they stand: who holds each province's army or
    fleet, and each city's garrison; and the special units' kinds (the state's `special`)."""

    variant: Variant
    held: dict[str, tuple[str, str]] = field(default_factory=dict)  # province -> (power, A/F)
    garrisons: dict[str, str] = field(default_factory=dict)  # province -> power
    special: dict[tuple[str, str], str] = field(default_factory=dict)  # (power, place) -> kind

    @classmethod
    def of(cls, variant: Variant, doc: Doc) -> Board:
        board = cls(variant)
        for power, texts in (doc.get("units") or {}).items():
            for text in texts:
                kind, location = text.split()[:2]
                province = province_of(location.lower())
                if kind.upper() == GARRISON and not _venice(variant, province):
                    board.garrisons[province] = power
                else:
                    board.held[province] = (power, kind.upper())
        state = doc.get("machiavelli") or {}
        for power, places in (state.get("special") or {}).items():
            for place, kind in places.items():
                board.special[power, place] = kind
        return board

    @classmethod
    def of_lines(cls, variant: Variant, result_doc: Doc) -> Board:
        """The board before a trial, as far as its order lines tell it: each ordered unit
        where it stood, and the garrisons nobody ordered (the autonomous ones) where they
        stand after it (a garrison moves only by converting) or where a siege took them."""
        board = cls.of(variant, {"machiavelli": result_doc.get("machiavelli")})
        for line in result_doc.get("orders", ()):
            if line.get("result") == "illegal" or not line.get("order"):
                continue
            kind, location = line["order"].split()[:2]
            province = province_of(location)
            if kind == GARRISON and not _venice(variant, province):
                board.garrisons[province] = line["power"]
            else:
                board.held[province] = (line["power"], kind)
        # After it: a garrison taken by a siege is gone from the units, dislodged with no
        # retreats; it stood in its city before, and the order besieging it names it.
        after = [(power, text) for power, texts in (result_doc.get("units") or {}).items()
                 for text in texts]  # fmt: skip
        after += [(d["power"], d["unit"]) for d in result_doc.get("dislodged") or ()]
        for power, text in after:
            kind, location = text.split()[:2]
            if kind == GARRISON and not _venice(variant, location):
                board.garrisons.setdefault(location, power)
        return board

    def unit(self, power: str, kind: str | None, province: str) -> tuple[str, str] | None:
        """(owner, type) of the unit an order names: as `MachBoard.unit_named`."""
        held = self.held.get(province)
        garrison = self.garrisons.get(province)
        if held is not None and held[1] == GARRISON:  # Venice's garrison
            held, garrison = None, held[0]
        city = (garrison, GARRISON) if garrison is not None else None
        if kind == GARRISON:
            return city
        if kind is not None:
            return held
        for found in (held, city):
            if found is not None and found[0] == power:
                return found
        return held or city

    def title(self, power: str, kind: str, location: str) -> str:
        """`Elite Mercenary ` for a special unit, else nothing."""
        province = province_of(location)
        in_city = kind == GARRISON and not _venice(self.variant, province)
        place = province + "*" if in_city else province
        special = self.special.get((power, place))
        return f"{TITLES[special]} " if special in TITLES else ""


def _venice(variant: Variant, province: str) -> bool:
    prov = variant.provinces.get(province)
    return bool(prov is not None and prov.venice)


def unit_name(board: Board, power: str, kind: str, location: str) -> str:
    """`Army Padua`, `Elite Mercenary Army Padua`, `Fleet Spain (north coast)`."""
    word = UNIT_WORDS.get(kind, "Unit")
    return f"{board.title(power, kind, location)}{word} {order_place(board.variant, location)}"


def own_units(variant: Variant, doc: Doc) -> list[tuple[str, str, str]]:
    """Every unit of a document as (power, type, location), in the order reports list
    them: by power (the autonomous last), then type and place."""
    order = rank(variant)
    out = []
    for power, texts in (doc.get("units") or {}).items():
        for text in texts:
            kind, location = text.split()[:2]
            out.append((power, kind.upper(), location.lower()))
    return sorted(out, key=lambda u: (order.get(u[0], len(order)), u[1], u[2]))


def parse(variant: Variant, text: str, kind: str) -> syntax.Order:
    reader = syntax.OrderParser.for_names(variant.names, variant.dialect)
    return reader.parse(text, kind)  # type: ignore[arg-type]


def phrase(
    board: Board, power: str, text: str, kind: str = "movement", route: Sequence[str] = ()
) -> str:
    """An adjudicator order (`A pad B`, `G gen C F`) in the njudge's words, without the
    final period."""
    variant = board.variant
    order = parse(variant, text, kind)
    spec = order.unit  # type: ignore[union-attr]
    own = board.unit(power, spec.type, spec.location.province)
    unit_kind = spec.type or (own[1] if own else "A")
    unit = unit_name(board, power, unit_kind, str(spec.location))
    if isinstance(order, syntax.Hold):
        return f"{unit} HOLD"
    if isinstance(order, syntax.Move):
        stops = [*(order.route or route), str(order.destination)]
        return unit + "".join(f" -> {order_place(variant, stop)}" for stop in stops)
    if isinstance(order, syntax.Retreat):
        return f"{unit} -> {order_place(variant, str(order.destination))}"
    if isinstance(order, syntax.Disband):
        return f"{unit} DISBAND"
    if isinstance(order, syntax.Besiege):
        garrison = board.garrisons.get(spec.location.province)
        held = f" {adjective(variant, garrison)} Garrison" if garrison is not None else ""
        return f"{unit} BESIEGE{held}"
    if isinstance(order, syntax.LiftSiege):
        return f"{unit} LIFT SIEGE"
    if isinstance(order, syntax.Convert):
        into = order.into or (GARRISON if unit_kind != GARRISON else "A")
        coast = f" ({COAST_WORDS[order.coast]})" if order.coast else ""
        return f"{unit} CONVERT TO {UNIT_WORDS[into]}{coast}"
    if isinstance(order, syntax.SupportConvert):
        return f"{unit} SUPPORT {_other(board, power, order.supported)} CONVERSION"
    if isinstance(order, syntax.SupportHold):
        # Any support of a garrison is of its conversion (the njudge's words).
        tail = " CONVERSION" if _is_garrison(board, power, order.supported) else ""
        return f"{unit} SUPPORT {_other(board, power, order.supported)}{tail}"
    if isinstance(order, syntax.SupportMove):
        target = _other(board, power, order.supported)
        return f"{unit} SUPPORT {target} -> {order_place(variant, str(order.destination))}"
    if isinstance(order, syntax.Convoy):
        army = _other(board, power, order.convoyed, word="Army")
        return f"{unit} CONVOY {army} -> {order_place(variant, str(order.destination))}"
    return unit


def _is_garrison(board: Board, power: str, spec: syntax.UnitSpec) -> bool:
    found = board.unit(power, spec.type, spec.location.province)
    return found is not None and found[1] == GARRISON


def _other(board: Board, power: str, spec: syntax.UnitSpec, word: str | None = None) -> str:
    """`Venetian Army Padua`, or `Army Padua` for the power's own unit."""
    found = board.unit(power, spec.type, spec.location.province)
    owner, kind = found if found is not None else (None, spec.type or "A")
    lead = "" if owner is None or owner == power else adjective(board.variant, owner) + " "
    place = order_place(board.variant, str(spec.location))
    return f"{lead}{word or UNIT_WORDS.get(kind, 'Unit')} {place}"


def names(variant: Variant, provinces: Iterable[str]) -> list[str]:
    """Provinces by name, in the map's order."""
    wanted = set(provinces)
    return [p.name for abbr, p in variant.provinces.items() if abbr in wanted]


def by_power(variant: Variant, pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for power, item in pairs:
        out.setdefault(power, []).append(item)
    order = rank(variant)
    return dict(sorted(out.items(), key=lambda kv: order.get(kv[0], len(order))))


def owners(doc: Mapping[str, Iterable[str]] | None) -> dict[str, str]:
    """Place -> owner, from a `power: [places]` object."""
    return {place: power for power, places in (doc or {}).items() for place in places}
