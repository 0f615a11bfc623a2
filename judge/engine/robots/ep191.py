"""What a robot knows when it answers press of EP 191's protocol (robots/ep191_talk.py): Loeb's
program answers a WHT or a HOW from the board, a UDO from its own orders for the phase, a
PCE or an ALY from its trustworthiness list. All of it is what its power's player would
know (knowing.py: in a blind game his copy), as when it orders."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from robots.ep191_talk import Situation, turn_number
from robots.loeb import KIN, sides, trust_list

from ...store.models import Game, OrderRecord, Participant, PressRecord
from ..game.record import players
from ..press.answers import SITUATIONS
from .knowing import Knowing
from .seats import seed_of

# The strategies whose answers read the situation; the others are not given one.
READS_SITUATION = frozenset({"loeb"})


def situation_of(
    session: Session, game: Game, power: str, asker: Participant | None = None
) -> Situation:
    """The robot playing `power`'s situation at this moment of the phase; `asker`, the
    player it answers (for RPT, what it last said to him this phase)."""
    knowing = Knowing(session, game)
    position, rules = knowing.board(power)
    robots: dict[str, str] = (game.settings or {}).get("robots") or {}
    kin = frozenset(p for p, s in robots.items() if s in KIN)
    seed = seed_of(game)
    side = sides(trust_list(position.variant, power, knowing.memory(power, seed, kin)))
    orders = session.scalars(
        select(OrderRecord.text).where(
            OrderRecord.game_id == game.id,
            OrderRecord.power == power,
            OrderRecord.phase == game.phase,
            OrderRecord.condition.is_(None),
        )
    ).all()
    return Situation(
        position=position,
        rules=rules,
        orders=tuple(orders),
        allies=side.allies,
        enemies=side.enemies,
        turn=turn_number(game.phase or ""),
        seed=f"{seed}/{game.phase}",
        centers=frozenset(c for c, owner in position.centers.items() if owner == power),
        last_said=_last_said(session, game, power, asker),
    )


def _last_said(session: Session, game: Game, power: str, asker: Participant | None) -> str | None:
    """The robot's last message to `asker` in this phase (press/robot_mail.py keeps each)."""
    seat = next((x for x in players(game) if x.power == power), None)
    if seat is None or asker is None:
        return None
    texts = session.execute(
        select(PressRecord.text, PressRecord.recipients)
        .where(
            PressRecord.game_id == game.id,
            PressRecord.sender_id == seat.id,
            PressRecord.phase == game.phase,
        )
        .order_by(PressRecord.id.desc())
    )
    return next((text for text, to in texts if asker.id in [int(x) for x in to]), None)


SITUATIONS.update(dict.fromkeys(READS_SITUATION, situation_of))
