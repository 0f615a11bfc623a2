"""An order in the njudge's words: `A par - bur` reads `Army Paris -> Burgundy`. Players
know the njudge's phrases, not our notation, so every listing and result phrases orders
here. A convoyed move whose order names no route is shown with the seas of the fleets
that carried it, as the njudge (whose players had to write the route) always showed one.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import parser as syntax
from adjudicator.board import Unit, a_unit, unit_phrase
from variants import COAST_WORDS, UNIT_WORDS, Variant, province_of


def order_phrase(
    variant: Variant,
    power: str,
    order_text: str,
    *,
    owners: Mapping[str, str] | None = None,
    kind: str | None = None,
    route: Sequence[str] = (),
    unknown: bool = False,
    known: Collection[str] = (),
) -> str:
    """An adjudicator order (`F nth C A lon - nwy`) in the njudge's words, without the final
    period: players know the njudge's phrases, not our notation.

    `owners` (province -> power) lets a support or convoy name another power's unit by its
    adjective, as the njudge does; `kind` ("movement", "retreat", "adjustment") settles what
    `A mun D` means when the text alone does not; `route` shows the seas of a convoy the
    order did not name. `unknown`: a blind game's copy, where a unit that is not the
    power's own is an "unknown unit", neither its owner nor its type told (info.blind);
    `known`: the other powers whose units the reader sees all the same (a duplex player's).
    """
    order = parse_order(variant, order_text, kind)
    others = _Others(owners or {}, unknown, frozenset(known))
    return _phrase(variant, power, order, others, kind, route)


def parse_order(variant: Variant, text: str, kind: str | None) -> syntax.Order:
    reader = syntax.OrderParser.for_names(variant.names, variant.dialect)
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
    known: frozenset[str] = frozenset()


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
        return f"Builds {a_unit(spec.type or 'A')} in {order_place(variant, str(spec.location))}"
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
        return unit + "".join(f" -> {order_place(variant, stop)}" for stop in stops)
    if isinstance(order, syntax.Retreat):
        return f"{unit} -> {order_place(variant, str(order.destination))}"
    if isinstance(order, syntax.Disband):
        return f"{unit} DISBAND"
    if isinstance(order, syntax.SupportHold):
        return f"{unit} SUPPORT {_other(variant, power, order.supported, others)}"
    if isinstance(order, syntax.SupportMove):
        target = _other(variant, power, order.supported, others)
        return f"{unit} SUPPORT {target} -> {order_place(variant, str(order.destination))}"
    if isinstance(order, syntax.Convoy):
        army = _other(variant, power, order.convoyed, others, word="Army")
        return f"{unit} CONVOY {army} -> {order_place(variant, str(order.destination))}"
    return unit  # a bare unit: the njudge would have refused it


def order_place(variant: Variant, location: str) -> str:
    """`North Sea`, `Spain (north coast)`: orders name seas without `the`, unlike sentences;
    a railway or a gateway (`Trans Siberian Railway`, `Suez Canal`) by its name."""
    province = variant.provinces.get(province_of(location))
    if province is None:
        return next(x.name for x in (*variant.railways, *variant.gateways) if x.abbr == location)
    coast = location.partition("/")[2]
    return f"{province.name} ({COAST_WORDS[coast]})" if coast else province.name


def _unit_name(variant: Variant, spec: syntax.UnitSpec) -> str:
    if spec.location.province not in variant.provinces:  # a gateway: `Suez Canal HOLD`
        return order_place(variant, spec.location.province)
    return unit_words(variant, spec.type or "", str(spec.location))


def unit_words(variant: Variant, unit_type: str, location: str, pad: bool = False) -> str:
    """`Army Paris`, or `Army  Paris` where the njudge prints the type as `%-5s`."""
    word = UNIT_WORDS.get(unit_type, "Unit")
    place = order_place(variant, location)
    return f"{word:<5} {place}" if pad else f"{word} {place}"


def _unit_phrase(variant: Variant, power: str, spec: syntax.UnitSpec) -> str:
    return unit_phrase(variant, Unit(power, spec.type or "A", str(spec.location)))


def _other(
    variant: Variant, power: str, spec: syntax.UnitSpec, others: _Others, word: str | None = None
) -> str:
    """`German Army Munich`, or `Army Munich` for the power's own unit (or nobody's); in a
    blind game's copy, `unknown unit Munich` for any unit not the power's own."""
    owner = others.owners.get(spec.location.province)
    place = order_place(variant, str(spec.location))
    if others.unknown and owner != power and owner not in others.known:
        return f"unknown unit {place}"
    adjective = "" if owner is None or owner == power else variant.power(owner).adjective + " "
    return f"{adjective}{word or UNIT_WORDS.get(spec.type or '', 'Unit')} {place}"


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


def convoy_routes(
    variant: Variant, lines: Iterable[Mapping[str, Any]]
) -> dict[str, tuple[str, ...]]:
    """Routes, by the army's province, for moves that can only have gone by sea."""
    reader = syntax.OrderParser.for_names(variant.names, variant.dialect)
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
