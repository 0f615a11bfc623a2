"""The agreements made in a game's DPP press, for the observation module
(robots/agreements.py, robots/observation.py; RELATIONS and the robots' friends): a
proposal of peace (PCE), a demilitarised zone (DMZ), an order (XDO) or an order not to be
given (NOT (XDO ...)) that a power accepted with YES (PRP (...)), or in EP 191's words
between two powers (YES (PCE), YES (UDO ...): read as DAIDE's, parser/ep191_daide.py).

The parties are the powers the arrangement names (PCE, DMZ), or the power whose unit the
order is for (XDO, NOT XDO), whose partners are the others the YES passed between (who
proposed it, who accepted it); AND takes each of its parts. XDO orders are written in the
adjudicator's notation (`A par - bur`, `F stp/sc - bot`); retreats and adjustments are
left out, as the observation module checks movement orders only.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session

from parser.dpp import DppError, read_dpp
from parser.dpp_values import (
    And,
    Arrangement,
    Convoy,
    Dmz,
    DppOrder,
    Hold,
    Move,
    Not,
    Offer,
    Peace,
    Reply,
    Support,
    Unit,
    Via,
    Where,
    Xdo,
    is_ep191,
)
from parser.ep191_daide import daide_form
from robots.agreements import Agreement

from ...store.models import Game, Participant, PressRecord
from ..game.record import variant_of
from .dpp import names_of

_KIND = {"AMY": "A", "FLT": "F", "WNG": "W"}


def agreements(session: Session, game: Game) -> list[Agreement]:
    """Every agreement accepted in the game's press, oldest first."""
    return [made for _, made in agreements_seen(session, game)]


def agreements_seen(session: Session, game: Game) -> list[tuple[frozenset[str], Agreement]]:
    """Every agreement accepted in the game's press, oldest first, each with the powers
    that saw it made (who sent the YES and who received it): all a robot may know of the
    agreements is those its power saw (engine/robots/ordering.py)."""
    tokens = names_of(variant_of(game)).powers
    power_of = {
        x.id: x.power
        for x in session.scalars(select(Participant).where(Participant.game_id == game.id))
    }
    records = session.scalars(
        select(PressRecord)
        .where(PressRecord.game_id == game.id, PressRecord.postal.is_(False))
        .order_by(PressRecord.created_at, PressRecord.id)
    )
    out: list[tuple[frozenset[str], Agreement]] = []
    for record in records:
        if not power_of.get(record.sender_id) or not record.phase:
            continue
        try:
            message = read_dpp(record.text)
        except DppError:
            continue
        if is_ep191(message) and len(record.recipients) == 1:
            to = power_of.get(int(record.recipients[0]))
            message = _as_daide(message, power_of[record.sender_id], to, tokens)
        if (
            isinstance(message, Reply)
            and message.verb == "YES"
            and isinstance(message.message, Offer)
            and message.message.verb == "PRP"
        ):
            between = {power_of.get(r) for r in (record.sender_id, *record.recipients)}
            made = frozenset(p for p in between if p)
            made_here = agreed(message.message.arrangement, tokens, record.phase, made)
            out += [(made, x) for x in made_here]
    return out


def _as_daide(message: object, sender: str, to: str | None, tokens: Mapping[str, str]) -> object:
    """EP 191's YES (UDO ...) between two powers as DAIDE's YES (PRP (XDO ...)), so that
    an agreement made in the paper's words is one (parser/ep191_daide.py)."""
    token = {name: t for t, name in tokens.items()}
    text = daide_form(message, token.get(sender, sender), token.get(to or "", to), None, tokens)
    try:
        return read_dpp(text) if text else None
    except DppError:
        return None


def agreed(
    arrangement: Arrangement,
    tokens: Mapping[str, str],
    phase: str,
    between: frozenset[str] = frozenset(),
) -> list[Agreement]:
    """The observation module's agreements an accepted arrangement makes (pure); `between`:
    the powers the acceptance passed between, an order's partners."""
    match arrangement:
        case Peace(powers):
            return [Agreement("PCE", _names(powers, tokens), phase)]
        case Dmz(powers, provinces):
            where = frozenset(x.lower() for x in provinces)
            return [Agreement("DMZ", _names(powers, tokens), phase, provinces=where)]
        case Xdo(order):
            return _ordered("XDO", order, tokens, phase, between)
        case Not(Xdo(order)):
            return _ordered("NOT XDO", order, tokens, phase, between)
        case And(parts):
            return [x for part in parts for x in agreed(part, tokens, phase, between)]
    return []


def _ordered(
    kind: str, order: DppOrder, tokens: Mapping[str, str], phase: str, between: frozenset[str]
) -> list[Agreement]:
    """An XDO or NOT XDO: the power whose unit it is for is bound, the others partners."""
    text = order_notation(order)
    if text is None:
        return []
    power = tokens.get(order.unit.power, order.unit.power)  # type: ignore[union-attr]
    partners = between - {power}
    return [Agreement(kind, frozenset({power}), phase, orders=(text,), partners=partners)]


def order_notation(order: DppOrder) -> str | None:
    """A movement order in the adjudicator's notation; None for any other."""
    match order:
        case Hold(unit):
            return f"{_unit(unit)} H"
        case Move(unit, to):
            return f"{_unit(unit)} - {_where(to)}"
        case Support(unit, supported, None):
            return f"{_unit(unit)} S {_unit(supported)}"
        case Support(unit, supported, to):
            return f"{_unit(unit)} S {_unit(supported)} - {str(to).lower()}"
        case Convoy(unit, convoyed, to):
            return f"{_unit(unit)} C {_unit(convoyed)} - {to.lower()}"
        case Via(unit, to, _):
            return f"{_unit(unit)} - {to.lower()}"
    return None


def _unit(unit: Unit) -> str:
    return f"{_KIND.get(unit.kind, unit.kind[:1])} {_where(unit.where)}"


def _where(where: Where) -> str:
    place = where.province.lower()
    return f"{place}/{where.coast[:1].lower()}c" if where.coast else place


def _names(powers: tuple[str, ...], tokens: Mapping[str, str]) -> frozenset[str]:
    return frozenset(tokens.get(x, x) for x in powers)
