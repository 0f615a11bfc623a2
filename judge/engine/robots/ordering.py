"""The robots' orders: at the start of each phase every power the judge plays is ordered
by its strategy, through the same order book as a player's orders, so that they show in the
master's report and count as in: once the people have ordered, the phase goes by the game's
timetable (its DELAY, and a movement phase's MIN; judge/helpfiles/robots tells a master how to
play a fast practice game).

A robot plays each power whose place is a robot's, and under SET ROBOTS each abandoned
power until someone takes it over. Its randomness is `robots.rng_for(game seed, phase,
power)`: a game replays exactly.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert

import robots
from robots.loeb import KIN

from ...reports.robots import robot_strategy
from ...store.models import Game, OrderRecord, Participant
from ..game.record import players
from ..play import processing
from ..play.standing import refresh
from ..reply.conversation import Conversation
from .knowing import Knowing
from .seats import seed_of, set_strategy
from .talk import send_openings

Mailer = Any  # a Conversation or a Notices: has .session and .now


def played_by_robots(game: Game) -> list[tuple[Participant, str]]:
    """Each place a robot orders for this phase, with its strategy."""
    default = (game.settings or {}).get("robots_default")
    out = []
    for x in players(game):
        if not x.power or x.status == "resigned":
            continue
        strategy = robot_strategy(x.user.email)
        if strategy is None and x.status == "abandoned" and default:
            strategy = default
        if strategy is not None and strategy in robots.STRATEGIES:
            out.append((x, strategy))
    return out


def order_robots(mailer: Mailer, game: Game) -> None:
    """Every robot of the game orders for the current phase (its earlier orders for it, if
    any, replaced), and the orders flags are refreshed."""
    if game.status != "active" or not game.phase:
        return
    seats = played_by_robots(game)
    if not seats:
        return
    seed = seed_of(game)
    session = mailer.session
    powers = [x.power or "" for x, _ in seats]
    # Each robot knows what its power's player would (knowing.py): in a blind game his copy.
    knowing = Knowing(session, game)
    kin = frozenset(x.power or "" for x, s in seats if s in KIN)
    # One statement for the robots' earlier orders, and their new ones written together
    session.execute(
        delete(OrderRecord).where(
            OrderRecord.game_id == game.id,
            OrderRecord.power.in_(powers),
            OrderRecord.phase == game.phase,
            OrderRecord.condition.is_(None),
        )
    )
    rows: list[dict[str, Any]] = []
    for x, strategy in seats:
        power = x.power or ""
        x.wait = False  # a robot never waits (a takeover makes everyone else wait)
        if (game.settings or {}).get("robots", {}).get(power) != strategy:
            set_strategy(game, power, strategy)  # SET ROBOTS' robot on an abandoned power
        rng = robots.rng_for(seed, game.phase, power)
        position, rules = knowing.board(power)
        known = knowing.friends(power) if strategy in robots.KNOW_FRIENDS else frozenset()
        mind = knowing.memory(power, seed, kin) if strategy in robots.REMEMBER else None
        orders = robots.play(strategy, position, power, rng, known, rules, mind)
        rows.extend(
            {"game_id": game.id, "participant_id": x.id, "power": power, "phase": game.phase,
             "text": text, "condition": None, "created_at": mailer.now, "inbound_id": None,
             "advance": False}
            for text in orders
        )  # fmt: skip
    # Written in one statement, as rows: nothing here reads them back as objects.
    if rows:
        session.execute(insert(OrderRecord.__table__), rows)
    session.flush()
    refresh(session, game)
    send_openings(mailer, game)


def play_now(ctx: Conversation, game: Game) -> None:
    """Once the reply is written, the robots of a running game order for the phase (a
    robot just seated, a power just abandoned under SET ROBOTS), and the phase goes on if
    every power is in."""
    if game.status != "active":
        return

    def go() -> None:
        if played_by_robots(game):  # a game without robots goes on as it did
            order_robots(ctx, game)
            processing.schedule(ctx, game)

    ctx.after_reply("robots", go)


processing.PHASE_BEGUN.append(order_robots)
