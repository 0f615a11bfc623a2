"""Robot powers answer DPP press (robots.talk through press.dpp.robot_answers): each answer
goes to the sender at once, as press from the robot's power, with its English reading."""

from __future__ import annotations

from parser.dpp import english, read_dpp

from ...reports.dpp import robot_header, with_reading
from ...reports.frame import game_subject
from ...reports.press import press_body, press_subject
from ...store.models import Game, Participant, PressRecord
from ..game.record import players, variant_of
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
    seat = {x.power: x for x in players(game) if x.power}
    for robot, text in robot_answers(game, sender, robots, message):  # type: ignore[arg-type]
        if robot in seat:  # kept like a person's press: a robot's YES is an agreement too
            ctx.session.add(
                PressRecord(
                    game_id=game.id, sender_id=seat[robot].id, recipients=[me.id],
                    shown_to=[letter_of(game, sender)], grey=False, postal=False, text=text,
                    created_at=ctx.now, phase=game.phase, broadcast=False,
                )
            )  # fmt: skip
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


def letter_of(game: Game, power: str) -> str:
    """A power's letter, as press records name the powers a message was shown to."""
    return next((x.letter.upper() for x in variant_of(game).powers if x.name == power), "?")
