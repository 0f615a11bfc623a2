"""Robot powers answer DPP press (robots.talk through press.dpp.robot_answers): each answer
goes to the sender at once, as press from the robot's power, with its English reading."""

from __future__ import annotations

from parser.dpp import english, read_dpp

from ...reports.dpp import robot_header, with_reading
from ...reports.frame import game_subject
from ...reports.press import press_body, press_subject
from ...store.models import Game, Participant
from ..game.record import variant_of
from ..reply.conversation import Conversation
from ..reply.notices import addresses
from .dpp import names_of, remember_friends, robot_answers


def robot_replies(
    ctx: Conversation, game: Game, me: Participant, robots: list[str], message: object
) -> None:
    """Mail `me` each robot's answer to the DPP `message` he sent to the powers `robots`."""
    names = names_of(variant_of(game))
    remember_friends(game, me.power or "", robots, message)  # type: ignore[arg-type]
    letter = {x.name: x.letter.upper() for x in variant_of(game).powers}
    sender = me.power or ""
    for robot, text in robot_answers(game, sender, robots, message):  # type: ignore[arg-type]
        reply = read_dpp(text)
        body = text
        if reply is not None:
            body = with_reading(text, english(reply, robot, names.powers, names.provinces))
        header = robot_header(game.name, robot, sender)
        subject = press_subject(letter.get(robot, "?"), letter.get(sender, "?"))
        for address in addresses(me):
            ctx.send(
                address,
                game_subject(ctx.settings, game, subject),
                press_body(header, body),
                game.id,
            )
