"""What robots say of their own at the start of a phase (press.dpp.robot_openings: a
blabbot proposes peace to each power left that is not yet its friend, and a draw once all
are; in movement phases, once, and again only after a refusal, once a game year): each
message goes to the people playing the power it is for, as press from the robot's power
with its English reading, one mail from each robot (press/robot_mail.py). Robots do not
write to robots, nor speak in a game without press, nor in a gunboat game, where a robot's
header would reveal a program."""

from __future__ import annotations

from typing import Any

from ...reports.identities import hides_players
from ...reports.robots import robot_strategy
from ...store.models import Game
from ..game.record import players
from ..press.dpp import robot_openings
from ..press.robot_mail import said_in, send_robot_press

Mailer = Any  # a Conversation or a Notices: has .session, .settings, .now and .send()


def send_openings(mailer: Mailer, game: Game) -> None:
    """Each robot's own press at the start of the game's phase, to the people it is for:
    one mail from each robot to each of them, if it has anything to say."""
    settings = game.settings or {}
    if settings.get("press") == "none" or hides_players(game):
        return
    people = {
        x.power: x
        for x in players(game)
        if x.power and x.status == "active" and robot_strategy(x.user.email) is None
    }
    if not people:
        return
    said: dict[tuple[str, str], list[str]] = {}
    for robot, to, text in robot_openings(game, said_in(mailer.session, game)):
        if to in people:
            said.setdefault((robot, to), []).append(text)
    for (robot, to), texts in said.items():
        send_robot_press(mailer, game, robot, people[to], texts)
