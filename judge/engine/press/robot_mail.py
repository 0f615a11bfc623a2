"""A robot's press as a person gets it, and what the robots remember of a game's press.

What one robot says to one reader at once, its answers to a mail of his or the proposal it
opens a phase with, goes in one mail: the messages one after the other, each under its own
header as the njudge's press mails read, with its English reading (issue 29: six BlabBots
sent a person 36 mails in four phases). So a robot writes to a reader once a phase, and
again only to answer a mail of his. The mails of different robots stay
apart, each under its own `Press from G to F` subject, so that a reader sees who is
talking as he sees it for people. Each message is kept as a PressRecord, as a person's
press is: a robot's YES is an agreement (press/agreements.py), and what a robot proposed
and was refused is read back from these records (robots.talk.Said) instead of being kept
anywhere else. Who reads a robot's press is press's one rule (readers.py); in a game that
hides who plays (reports/identities.py) its header is a person's, "(robot)" only in a
master's copy.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from parser.dpp import english, read_dpp
from robots.talk import Said

from ...reports.dpp import robot_header, with_reading
from ...reports.frame import game_subject
from ...reports.identities import hides_players, sees_players
from ...reports.press import press_body, press_header, press_subject
from ...store.models import Game, Participant, PressRecord
from ..game.record import players, variant_of
from ..reply.notices import send_together
from .dpp import names_of
from .readers import readers

Mailer = Any  # a Conversation or a Notices: has .session, .settings, .now and .extra

_scatter = random.SystemRandom()


def send_robot_press(
    mailer: Mailer, game: Game, robot: str, reader: Participant, texts: list[str]
) -> None:
    """Mail `reader` the DPP `texts` from the robot power `robot`, all in one mail with
    anything else that robot has said to him in this run of the judge, and keep each. Who
    else reads it is press's rule (readers.py: the masters and watching observers, where the
    game lets them). Where the game hides who plays it, nothing marks the robot to anyone
    but a master, and its answer goes out at a scattered moment, as grey press does, rather
    than with the reply to the mail it answers."""
    if not texts:
        return
    variant = variant_of(game)
    names = names_of(variant)
    letter = {x.name: x.letter.upper() for x in variant.powers}
    to = reader.power or ""
    seat = next((x for x in players(game) if x.power == robot), None)
    bodies = []
    for text in texts:
        if seat is not None:
            mailer.session.add(
                PressRecord(
                    game_id=game.id, sender_id=seat.id, recipients=[reader.id],
                    shown_to=[letter.get(to, "?")], grey=False, postal=False, text=text,
                    created_at=mailer.now, phase=game.phase, broadcast=False,
                )
            )  # fmt: skip
        message = read_dpp(text)
        body = text
        if message is not None:
            body = with_reading(text, english(message, robot, names.powers, names.provinces))
        bodies.append(body)
    event = press_subject(letter.get(robot, "?"), letter.get(to, "?"))
    subject = game_subject(mailer.settings, game, event)
    not_before = None
    if hides_players(game):
        scatter = _scatter.uniform(0, mailer.settings.press_scatter)
        not_before = mailer.now + timedelta(seconds=scatter)
    for copy in readers(game, [reader], seat, partial=True):
        # A robot's header says what it is (EP 191: the programmer tells his vocabulary),
        # but not where the game hides who plays: there it reads as a person's.
        marked = sees_players(game, copy.person)
        header = (robot_header if marked else press_header)(game.name, robot, to)
        mail = "\n".join(press_body(header, body) for body in bodies)
        for address in copy.addresses:
            send_together(mailer, address, subject, mail, game.id, not_before, copy.stream)


def said_in(session: Session, game: Game) -> list[Said]:
    """The game's press between powers, oldest first, as the robots read it (grey press
    names no sender to them, and postal press goes to no one in particular)."""
    power_of = {x.id: x.power or "" for x in game.participants if x.power}
    records = session.scalars(
        select(PressRecord)
        .where(
            PressRecord.game_id == game.id,
            PressRecord.postal.is_(False),
            PressRecord.grey.is_(False),
        )
        .order_by(PressRecord.id)
    )
    return [
        Said(
            power_of[x.sender_id],
            frozenset(power_of[int(i)] for i in x.recipients if int(i) in power_of),
            x.text,
            x.phase or "",
        )
        for x in records
        if x.sender_id in power_of
    ]
