"""What robots say of their own at the start of a phase, through robots/talk.py's `converse`,
the same talk `judge tournament`'s games have: a blabbot proposes peace to each power left
that is not yet its friend, and a draw once all are; in movement phases, once, and again only
after a refusal, once a game year. A message to a power a person plays goes to him as press
from the robot's power with its English reading, one mail from each robot
(press/robot_mail.py); a message to another robot is answered by it at once, and both are
kept as press like a person's (a master under SET ALL PRESS reads them), so that robots make
peace with robots only by saying so. Robots do not speak of their own in a game without
press, nor in a gunboat game, where a robot's header would reveal a program."""

from __future__ import annotations

from typing import Any

from robots.talk import Speaker, converse

from ...reports.identities import hides_players
from ...reports.robots import robot_strategy
from ...store.models import Game, Participant
from ..game.record import players, variant_of
from ..press.dpp import left_in, names_of
from ..press.robot_mail import said_in, send_robot_press
from .seats import policy_of

Mailer = Any  # a Conversation or a Notices: has .session, .settings, .now and .send()


def talk(mailer: Mailer, game: Game) -> None:
    """Each robot's own press at the start of the game's phase, robots answering robots at
    once; the friendships it makes kept in settings["robot_friends"] (and the TRYs sent in
    settings["robot_tried"]) before the robots order."""
    settings = game.settings or {}
    chosen: dict[str, str] = settings.get("robots") or {}
    if settings.get("press") == "none" or hides_players(game) or not chosen:
        return
    seats: dict[str, Participant] = {
        x.power: x for x in players(game) if x.power and x.status != "resigned"
    }
    speakers = {
        power: Speaker(strategy, policy_of(game, power))
        for power, strategy in chosen.items()
        if power in seats and robot_strategy(seats[power].user.email) is not None
    }
    if not speakers:
        return
    friends = {k: frozenset(v) for k, v in (settings.get("robot_friends") or {}).items()}
    tried = {k: frozenset(v) for k, v in (settings.get("robot_tried") or {}).items()}
    names = names_of(variant_of(game)).powers
    said = converse(
        speakers, frozenset(left_in(game)), friends, phase=game.phase or "",
        said=said_in(mailer.session, game), tokens=names, tried=tried,
    )  # fmt: skip
    friends.update(said.friends)
    tried.update(said.tried)
    game.settings = {
        **settings,
        "robot_friends": {k: sorted(v) for k, v in friends.items() if v},
        "robot_tried": {k: sorted(v) for k, v in tried.items() if v},
    }
    people = {
        p for p, x in seats.items() if x.status == "active" and robot_strategy(x.user.email) is None
    }
    grouped: dict[tuple[str, str], list[str]] = {}
    for x in said.said:
        (to,) = x.to
        if to in people or to in speakers:
            grouped.setdefault((x.sender, to), []).append(x.text)
    for (robot, to), texts in grouped.items():
        send_robot_press(mailer, game, robot, seats[to], texts)
