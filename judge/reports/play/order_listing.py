"""A power's orders as the judge holds them, before the deadline: the part of every reply
to a player (and of a master's report) that shows which orders count and which are
impossible, read from a trial adjudication; with the njudge's early warning when the
power's own convoys and moves do not match.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import parser as syntax
from adjudicator.phase import Phase
from variants import Variant, province_of

from .adjustments import adjustment_lines
from .layout import Doc, as_phase, counted_lines, stamp, unit_of, when
from .machiavelli import power_orders as mach_power_orders
from .notation import convoy_routes, order_phrase, unit_words
from .retreats import retreat_lines


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
    also: Sequence[str] = (),
) -> str:
    """The part of a reply that shows a power its orders as the judge holds them.

    `result_doc` is a trial adjudication of the current orders: it tells which orders count
    and which are impossible, and nothing of it but the power's own orders is shown, so a
    reply never gives away what the trial made of anybody else's. `build_at` is the game's
    SET HOME / ANY / ONE CENTER, for the builds a power has left. `seen`: a blind game's
    player sees only these powers' units (judge/reports/blind.py), so a unit his order
    supports or convoys reads as in his copy of the results ("unknown unit Munich").
    `also`: the other powers of a duplex player, listed under the same heading.
    """
    phase = as_phase(variant, phase)
    names = [variant.power(x).name for x in (power, *also)]
    errors: list[str] = []
    for name in names:
        letter = variant.power(name).letter
        for line in result_doc.get("orders", ()):
            if line.get("power") != name:
                continue
            if line.get("result") == "illegal" and line.get("reason") != "replaced":
                errors.append(f"{letter}: {line.get('text', '')}")
                errors.extend((line.get("message") or line.get("reason") or "").splitlines())
    lines = [*errors, ""] if errors else []
    lines.append(orders_title(variant, game, seq, phase))
    for name in names:
        body = power_orders(variant, phase, name, result_doc, build_at=build_at, seen=seen)
        if body:
            lines.extend(["", *body])
    return "\n".join(lines).rstrip("\n") + "\n"


def orders_title(variant: Variant, game: str, seq: int | str, phase: Phase | str) -> str:
    """`Movement orders for Spring of 1901. (dt.001)` (two spaces before the stamp in
    retreat and adjustment phases, as the njudge prints them)."""
    phase = as_phase(variant, phase)
    if phase.letter == "M":
        return f"Movement orders for {when(phase)}. {stamp(game, seq)}"
    word = "Retreat" if phase.letter == "R" else "Adjustment"
    return f"{word} orders for {when(phase)}.  {stamp(game, seq)}"


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
    phase = as_phase(variant, phase)
    power = variant.power(power).name
    if variant.is_machiavelli:
        return mach_power_orders(variant, str(phase), power, result_doc)
    counted = [line for line in counted_lines(result_doc) if line.get("power") == power]
    if phase.letter == "M":
        return _movement_listing(
            variant, power, counted, result_doc, unknown=seen is not None, known=seen or ()
        )
    if phase.letter == "R":
        return retreat_lines(variant, counted, None)
    return adjustment_lines(variant, power, result_doc, None, results=False, build_at=build_at)


def _movement_listing(
    variant: Variant,
    power: str,
    counted: list[Mapping[str, Any]],
    result_doc: Doc,
    unknown: bool = False,
    known: Collection[str] = (),
) -> list[str]:
    owners = {}
    for line in counted_lines(result_doc):
        owners[province_of(unit_of(line["order"])[1])] = line["power"]
    routes = convoy_routes(variant, counted)
    reader = syntax.OrderParser.for_names(variant.names, variant.dialect)
    own: dict[str, syntax.Order] = {}
    for line in counted:
        try:
            own[province_of(unit_of(line["order"])[1])] = reader.parse(line["order"], "movement")
        except syntax.OrderSyntaxError:
            continue
    out = []
    for line in sorted(counted, key=lambda li: unit_of(li["order"])):
        kind, location = unit_of(line["order"])
        if line.get("reason") == "no order":
            out.append(f"{power}: {unit_words(variant, kind, location)}, No Order Processed.")
            continue
        text = order_phrase(
            variant,
            power,
            line["order"],
            owners=owners,
            kind="movement",
            route=routes.get(province_of(location), ()),
            unknown=unknown,
            known=known,
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
