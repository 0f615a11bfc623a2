"""Robot powers answer DPP press (robots.talk through press.dpp.robot_answers): each robot's
answers go to the sender at once, as press from the robot's power with their English
reading, in one mail however many messages of his they answer (press/robot_mail.py).

A robot that makes peace this way (its proposal accepted, or it accepts his) revises its
orders for the phase at once, as the seed's BlabBot sends revised orders "if a peace
agreement is reached after we have submitted our orders" (step [8]): the robots room adds
itself to PEACE_MADE, so press never imports it. What a robot knows when it answers EP 191's
press comes the same way: the robots room puts the strategies that read it in SITUATIONS."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session

from robots.ep191_talk import Situation

from ...store.models import Game, Participant
from ..reply.conversation import Conversation
from .dpp import remember_friends, robot_answers
from .robot_mail import send_robot_press

# Called (mailer, game, robot powers) when robot powers made peace in press: the judge's
# robot players order again with their new friends (judge/engine/robots/ordering.py).
PEACE_MADE: list[Any] = []
# By strategy: (session, game, robot power, asker) -> what the robot knows when it answers
# EP 191's press (judge/engine/robots/ep191.py); a strategy not here is given nothing.
SITUATIONS: dict[str, Callable[[Session, Game, str, Participant | None], Situation]] = {}


def robot_replies(
    ctx: Conversation, game: Game, me: Participant, robots: list[str], message: object
) -> None:
    """Mail `me` each robot's answer to the DPP `message` he sent to the powers `robots`;
    the robots that made peace with him order again."""
    made = remember_friends(game, me.power or "", robots, message)  # type: ignore[arg-type]
    said: dict[str, list[str]] = {}

    def situation(power: str, strategy: str) -> Situation | None:
        """What a robot knows when it answers EP 191's press (engine/robots/ep191.py)."""
        known = SITUATIONS.get(strategy)
        return known(ctx.session, game, power, me) if known is not None else None

    answers = robot_answers(game, me.power or "", robots, message, situation)  # type: ignore[arg-type]
    for robot, text in answers:
        said.setdefault(robot, []).append(text)
    for robot, texts in said.items():
        send_robot_press(ctx, game, robot, me, texts)
    if made and game.status == "active":
        for revised in PEACE_MADE:
            revised(ctx, game, made)
