"""Press between DAIDE bots and the judge, on the server's database thread: a bot's SND
kept as press (to people by mail with its English reading, to bots as records their server
sends as FRM, answered by the judge's own robots), the press since a mark that bots are to
hear, and the names that turn DPP text into tokens and back."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from parser.dpp import DppError, check, english
from parser.dpp_levels import level

from ..config import Settings
from ..engine.game.record import players
from ..engine.press.dpp import names_of, remember_friends, robot_answers
from ..engine.press.robot_mail import send_robot_press
from ..engine.reply.notices import Notices
from ..store.db import Store
from ..store.models import Game, PressRecord
from . import seats as daide_seats
from .mdf import Board, board_of
from .play import press_level
from .tokens import KEYWORDS, Names


def dpp_names(board: Board, game_variant: str) -> Names:
    """Our board's names, and the judge's DPP names for the same powers and provinces (so
    that press a person wrote reads as tokens, and tokens as press he can read)."""
    names = dict(board.names.by_name)
    dpp = names_of(board.variant)
    for token, power in dpp.powers.items():
        if power in board.powers:
            names.setdefault(token, board.powers[power])
    for abbr, token in board.provinces.items():
        text = abbr.upper()
        if text not in KEYWORDS and text not in names:
            names[text] = token
    return Names(names)


def judge_names(board: Board) -> Names:
    """Tokens as the judge's DPP writes them: powers by their DPP tokens, provinces by the
    variant's own abbreviations where they read (else our three letters)."""
    dpp = names_of(board.variant)
    by_name: dict[str, int] = {}
    for token, power in dpp.powers.items():
        if power in board.powers:
            by_name[token] = board.powers[power]
    for abbr, token in board.provinces.items():
        text = abbr.upper()
        by_name[text if text in dpp.provinces and text not in by_name else
                board.province_names[abbr]] = token  # fmt: skip
    return Names(by_name)


@dataclass(frozen=True)
class Heard:
    id: int
    sender: str
    to: list[str]
    text: str


def press_to_bots(store: Store, game_id: int, after: int) -> list[Heard]:
    """Press sent since `after` to the game's DAIDE powers (by mail, or by other bots)."""
    with store.transaction(readonly=True) as session:
        game = session.get(Game, game_id)
        if game is None:
            return []
        robots = (game.settings or {}).get("robots") or {}
        power_of = {x.id: x.power for x in game.participants if x.power}
        bots = {i for i, p in power_of.items() if robots.get(p) == daide_seats.DAIDE}
        rows = session.scalars(
            select(PressRecord)
            .where(PressRecord.game_id == game_id, PressRecord.id > after)
            .where(PressRecord.postal.is_(False), PressRecord.grey.is_(False))
            .order_by(PressRecord.id)
        )
        out = []
        for r in rows:
            to = [power_of[int(i)] for i in r.recipients if int(i) in power_of]
            if r.sender_id in power_of and bots & {int(i) for i in r.recipients}:
                out.append(Heard(r.id, power_of[r.sender_id], to, r.text))
        return out


def last_press(store: Store, game_id: int) -> int:
    with store.transaction(readonly=True) as session:
        found = session.scalar(
            select(PressRecord.id)
            .where(PressRecord.game_id == game_id)
            .order_by(PressRecord.id.desc())
            .limit(1)
        )
        return int(found or 0)


def bot_press(
    store: Store, settings: Settings, now: datetime, game_id: int, power: str,
    to: Iterable[str], text: str,
) -> str | None:  # fmt: skip
    """A bot's SND, as DPP text: to each person by mail with its English reading (as a
    robot's press), to each bot as a record its server sends as FRM. None when sent;
    else why not (HUH: not DPP the game reads, or above its press level)."""
    with store.transaction() as session:
        game = session.get(Game, game_id)
        if game is None or game.status not in ("active", "forming"):
            return "over"
        names = names_of(board_of(game.variant).variant)
        try:
            message = check(text, names.powers, names.provinces)
        except DppError as problem:
            return problem.reason
        if message is None:
            return "not DPP"
        if level(message) > press_level(game.settings or {}):
            return "level"
        english(message, power, names.powers, names.provinces)
        robots = (game.settings or {}).get("robots") or {}
        holders = {x.power: x for x in players(game) if x.power and x.status != "resigned"}
        me = holders.get(power)
        bots = []
        notices = Notices(session, settings, now)
        judge_robots = []
        for other in to:
            x = holders.get(other)
            if x is None or other == power:
                continue
            if robots.get(other) == daide_seats.DAIDE:
                bots.append(x.id)
            elif other not in robots:
                send_robot_press(notices, game, power, x, [text])
            else:
                judge_robots.append(other)
        if bots and me is not None:
            session.add(
                PressRecord(
                    game_id=game.id, sender_id=me.id, recipients=bots, shown_to=[],
                    grey=False, postal=False, text=text, created_at=now, phase=game.phase,
                    broadcast=False,
                )
            )  # fmt: skip
        remember_friends(game, power, list(to), message)
        # The judge's own robots answer as they answer people (press/dpp.py); the answers
        # are kept as their press to the bot, which the server sends it as FRM.
        if judge_robots and me is not None:
            for robot, answer in robot_answers(game, power, judge_robots, message):
                seat = holders.get(robot)
                if seat is not None:
                    session.add(
                        PressRecord(
                            game_id=game.id, sender_id=seat.id, recipients=[me.id],
                            shown_to=[], grey=False, postal=False, text=answer, created_at=now,
                            phase=game.phase, broadcast=False,
                        )
                    )  # fmt: skip
        notices.write_outbox()
        return None
