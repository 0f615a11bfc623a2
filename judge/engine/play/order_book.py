"""The orders that stand for a power in the current phase: one for each unit, the newest.

Players correct themselves by sending the order again (users' manual 5.1, 6.1: "the last
valid order for a particular unit will be honored"), so a mail of orders replaces, unit by
unit, whatever the power gave before, an impossible order as well as a good one. An order
that names no unit the power could be given (an unreadable line, a unit that is not there,
a build on a centre it cannot use) has nothing a later order could replace: it is answered
with its error, stands until the power's next mail of orders, and is put away then. So the
error flag always tells the orders as they now stand, and a player who has seen his error
and sent a good set is never held back by it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

import variants
from parser.orders import Adjust, Build, OrderParser, OrderSyntaxError, PhaseKind, Waive
from parser.values_money import MONEY_ORDERS, Borrow, BuildSpecial, Expense, NoExpense, Pay
from variants.model import province_of

from ...store.models import Game, OrderRecord

KINDS: dict[str, PhaseKind] = {"M": "movement", "R": "retreat", "B": "adjustment"}


def phase_kind(phase: str) -> PhaseKind:
    return KINDS.get(phase[-1:], "movement")


def unit_key(variant: variants.Variant, kind: PhaseKind, text: str) -> str | None:
    """The province of the unit (or, in an adjustment phase, of the build or removal) an
    order is for; None for what names no place (an unreadable line, a waive)."""
    try:
        order = OrderParser.for_names(variant.names, variant.dialect).parse(text, kind)
    except (OrderSyntaxError, ValueError):
        return None
    if isinstance(order, Waive):
        return None
    if isinstance(order, MONEY_ORDERS) and not isinstance(order, BuildSpecial):
        return _money_key(order)
    unit = getattr(order, "unit", None)
    if unit is None:
        return None
    place = province_of(str(unit.location.province).lower())
    if getattr(unit, "type", None) == "G":
        place += "*"  # a Machiavelli garrison: the city's unit, beside the province's
    if kind != "adjustment":
        return place
    # A build is for a place, a removal or a maintain for the unit there: under ANY
    # DISBAND a unit removed may be built again, as another kind, where it stood.
    if isinstance(order, Build):
        return f"build {place}"
    if isinstance(order, Adjust):
        return f"adjust {place}"
    return place


def _money_key(order: object) -> str | None:
    """A Machiavelli money line replaces an earlier one of the same expense number, payee or
    loan duration (as the adjudicator's `campaign` reads them); a chit or `ally` line
    stands on its own. An expense names a unit, but is no order of that unit."""
    if isinstance(order, Expense | NoExpense):
        return f"expense {order.number}"
    if isinstance(order, Pay):
        return f"pay {order.to.lower()}"
    if isinstance(order, Borrow):
        return f"borrow {order.years}"
    return None


def _standing(session: Session, game: Game, power: str, phase: str) -> list[OrderRecord]:
    return list(
        session.execute(
            select(OrderRecord)
            .where(OrderRecord.game_id == game.id, OrderRecord.power == power)
            .where(OrderRecord.phase == phase, OrderRecord.condition.is_(None))
            .order_by(OrderRecord.id)
        ).scalars()
    )


def standing_rows(session: Session, game: Game, power: str, phase: str) -> list[OrderRecord]:
    """The power's orders standing for the phase, oldest first: what `replace_earlier`
    looks through, read once for a mail's orders and kept up to date by it."""
    return _standing(session, game, power, phase)


def replace_earlier(
    session: Session,
    variant: variants.Variant,
    game: Game,
    power: str,
    phase: str,
    text: str,
    standing: list[OrderRecord] | None = None,
) -> None:
    """A new order for a unit puts away every earlier one for the same unit. `standing`:
    the power's rows as `standing_rows` read them, the rows put away taken out of it."""
    kind = phase_kind(phase)
    key = unit_key(variant, kind, text)
    if key is None:
        return
    rows = _standing(session, game, power, phase) if standing is None else standing
    stale = [row for row in rows if unit_key(variant, kind, row.text) == key]
    if stale:
        if any(row.id is None for row in stale):  # given earlier in this mail, not yet written
            session.flush()
        session.execute(delete(OrderRecord).where(OrderRecord.id.in_([r.id for r in stale])))
        if standing is not None:
            standing[:] = [row for row in standing if row not in stale]


def orphans(
    variant: variants.Variant,
    game: Game,
    power: str,
    trial: dict[str, Any],
) -> set[str]:
    """The texts of the power's impossible orders that no later order could replace: in a
    movement or retreat phase those that name none of its units; in an adjustment phase
    every impossible one (a build is for a place, and the next build may be elsewhere)."""
    kind = phase_kind(game.phase or "")
    own = _own_places(game, power)
    out: set[str] = set()
    for line in trial.get("orders", ()):
        if line.get("power") != power or line.get("result") != "illegal":
            continue
        text = line.get("text") or ""
        if not text:
            continue
        if kind == "adjustment" or line.get("reason") == "replaced":
            out.add(text)
            continue
        key = unit_key(variant, kind, text)
        if key is None or key not in own:
            out.add(text)
    return out


def _own_places(game: Game, power: str) -> set[str]:
    """Where the power has a unit that could be given an order this phase."""
    position = game.position or {}
    if (game.phase or "").endswith("R"):
        units: Iterable[str] = (
            d["unit"] for d in position.get("dislodged") or [] if d.get("power") == power
        )
    else:
        units = (position.get("units") or {}).get(power) or []
    return {province_of(u.split()[1].lower()) + ("*" if u[:2] == "G " else "") for u in units}


def put_away(session: Session, game: Game, power: str, phase: str, texts: set[str]) -> None:
    if texts:
        session.execute(
            delete(OrderRecord).where(
                OrderRecord.game_id == game.id,
                OrderRecord.power == power,
                OrderRecord.phase == phase,
                OrderRecord.condition.is_(None),
                OrderRecord.text.in_(sorted(texts)),
            )
        )


def keep_last_per_unit(
    session: Session, variant: variants.Variant, game: Game, power: str, phase: str
) -> None:
    """Orders given in advance (several mails, several IF branches that held) come to
    stand like orders given now: the last for each unit."""
    kind = phase_kind(phase)
    seen: set[str] = set()
    stale: list[int] = []
    for row in reversed(_standing(session, game, power, phase)):
        key = unit_key(variant, kind, row.text)
        if key is None:
            continue
        if key in seen:
            stale.append(row.id)
        seen.add(key)
    if stale:
        session.execute(delete(OrderRecord).where(OrderRecord.id.in_(stale)))
