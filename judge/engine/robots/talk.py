"""What robots say of their own at the start of a phase (press.dpp.robot_openings: a
blabbot proposes peace to each power left that is not yet its friend, and a draw once all
are): each message goes to the people playing the power it is for, as press from the
robot's power with its English reading. Robots do not write to robots, nor speak in a game
without press, nor in a gunboat game, where a robot's header would reveal a program."""

from __future__ import annotations

from typing import Any

from parser.dpp import english, read_dpp

from ...reports.dpp import robot_header, with_reading
from ...reports.frame import game_subject
from ...reports.press import press_body, press_subject
from ...reports.robots import robot_strategy
from ...store.models import Game
from ..game.record import players, variant_of
from ..press.dpp import names_of, robot_openings
from ..reply.notices import addresses

Mailer = Any  # a Conversation or a Notices: has .settings and .send()


def send_openings(mailer: Mailer, game: Game) -> None:
    settings = game.settings or {}
    if settings.get("press") == "none" or "gunboat" in (game.options or []):
        return
    variant = variant_of(game)
    names = names_of(variant)
    letter = {x.name: x.letter.upper() for x in variant.powers}
    people = {
        x.power: x
        for x in players(game)
        if x.power and x.status == "active" and robot_strategy(x.user.email) is None
    }
    for robot, to, text in robot_openings(game):
        person = people.get(to)
        if person is None:
            continue
        message = read_dpp(text)
        body = text
        if message is not None:
            body = with_reading(text, english(message, robot, names.powers, names.provinces))
        subject = game_subject(
            mailer.settings, game, press_subject(letter.get(robot, "?"), letter.get(to, "?"))
        )
        for address in addresses(person):
            mailer.send(
                address, subject, press_body(robot_header(game.name, robot, to), body), game.id
            )
