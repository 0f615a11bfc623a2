"""Proxy orders (users' manual 8.3 SET PROXY; the njudge's words `proxy to`, `give proxy
to`, `proxy`, `p`): in a movement phase a power hands one of its units to another power,
whose order for that unit then stands. A proxied unit the other power does not order holds.

The adjudicator knows nothing of proxies: they are settled here, on the order texts, before
the phase document is made. A proxy is kept as the text `A par proxy to Germany`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import variants
from parser.orders import OrderParser, OrderSyntaxError
from variants.model import province_of

from ...store.models import Game
from ..game.record import power_called

# [type] place PROXY power; `place` may be several words (`north sea`), read by the map.
_PROXY = re.compile(
    r"^\s*(?:(army|a|fleet|f)\s+)?(.+?)\s+(?:give\s+proxy\s+to|proxy\s+to|proxy|p)\s+"
    r"([a-z]+)\s*\.?\s*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"^\s*(give\s+proxy\s+to|proxy\s+to|proxy|p)\s", re.IGNORECASE)
_KEPT = re.compile(r"^([AF]) (\S+) proxy to (\S+)$")


@dataclass(frozen=True)
class Proxy:
    unit: str  # "A par", as the board has it
    owner: str
    holder: str


def read(
    game: Game, variant: variants.Variant, text: str, blind_giver: str | None = None
) -> Proxy | str | None:
    """A proxy order, or why it cannot be one, or None when the text is no proxy order.

    `blind_giver`: in a blind game, the power giving the proxy, which must not learn what
    stands where it has no unit: such a place gets one answer, empty or not."""
    found = _PROXY.match(text)
    if found is None:
        return None
    place = variant.names.get(found.group(2).strip().lower())
    if place is None:
        return None  # not a place: leave the text to the order parser's own message
    holder = power_called(variant, found.group(3))
    if holder is None:
        return f"{text}: '{found.group(3)}' is not a power of game '{game.name}'."
    if not (game.settings or {}).get("proxy"):
        return f"{text}: Game '{game.name}' does not allow proxy orders."
    if not (game.phase or "").endswith("M"):
        return f"{text}: proxies are given in movement phases only."
    for owner, units in ((game.position or {}).get("units") or {}).items():
        for unit in units:
            if province_of(unit.split()[1]) == province_of(place):
                if blind_giver is not None and owner != blind_giver:
                    return not_owned(text, blind_giver)
                if owner == holder:
                    return f"{text}: {holder} owns that unit already."
                return Proxy(unit, owner, holder)
    if blind_giver is not None:
        return not_owned(text, blind_giver)
    return f"{text}: there is no unit in {found.group(2).strip()}."


def not_owned(text: str, power: str) -> str:
    """A proxy of a unit that is not the giver's own."""
    return f"{text}: {power} does not own the unit in that place."


def starts_proxy(text: str) -> bool:
    return _WORD.match(text) is not None


def kept_text(proxy: Proxy) -> str:
    kind, where = proxy.unit.split()
    return f"{kind} {where} proxy to {proxy.holder}"


def settle(variant: variants.Variant, orders: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """Each power's orders as the adjudicator is to read them: a proxy's text dropped, the
    holder's order for a proxied unit moved to its owner (last, so that it stands), and a
    proxied unit nobody ordered holding."""
    handed: dict[str, tuple[str, str, str]] = {}  # province -> (unit, owner, holder)
    for owner, texts in orders.items():
        for text in texts:
            kept = _KEPT.match(text)
            if kept:
                unit = f"{kept.group(1)} {kept.group(2)}"
                handed[province_of(kept.group(2))] = (unit, owner, kept.group(3))
    if not handed:
        return {power: list(texts) for power, texts in orders.items()}
    out: dict[str, list[str]] = {
        p: [t for t in ts if not _KEPT.match(t)] for p, ts in orders.items()
    }
    parser = OrderParser.for_names(variant.names, variant.dialect)
    given: set[str] = set()
    for holder, texts in list(out.items()):
        keep = []
        for text in texts:
            province = _unit_province(parser, text)
            deal = handed.get(province) if province else None
            if deal is not None and deal[2] == holder:
                out.setdefault(deal[1], []).append(text)
                given.add(province)  # type: ignore[arg-type]
            else:
                keep.append(text)
        out[holder] = keep
    for province, (unit, owner, _holder) in handed.items():
        if province not in given:
            out.setdefault(owner, []).append(f"{unit} H")
    return out


def _unit_province(parser: OrderParser, text: str) -> str | None:
    try:
        order = parser.parse(text, "movement")
    except OrderSyntaxError:
        return None
    unit = getattr(order, "unit", None)
    return province_of(str(unit.location)) if unit is not None else None
