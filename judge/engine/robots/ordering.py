"""The robots' orders: at the start of each phase every power the judge plays is ordered
by its strategy, through the same order book as a player's orders, so that they show in the
master's report and count as in: once the people have ordered, the phase goes by the game's
timetable (its DELAY, and a movement phase's MIN; judge/helpfiles/robots tells a master how to
play a fast practice game).

A robot plays each power whose place is a robot's, and under SET ROBOTS each abandoned
power until someone takes it over. Its randomness is `robots.rng_for(game seed, phase,
power)`: a game replays exactly.

Before they order, the robots talk (talk.py: BlabBot's proposals, robots answering robots),
so that the peace made at the start of a phase counts in its orders, as the seed's BlabBot
waits a second in the first turn for it. A robot that makes peace later in the phase, with
a person by press, orders again (`revise_orders`, through press/answers.py's PEACE_MADE: the
seed's "send revised orders"). A blabbot under Joe whose every power left is a friend votes
for a draw of all the survivors each phase (`vote_draws`), counted as a person's SET DRAW.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert

import robots
from robots.loeb import KIN
from robots.talk import votes_draw

from ...reports.robots import robot_strategy
from ...store.models import Game, OrderRecord, Participant
from ..endings.votes import count_votes, robot_vote
from ..game.record import players
from ..play import processing
from ..play.standing import refresh
from ..press.answers import PEACE_MADE
from ..press.dpp import left_in
from ..reply.conversation import Conversation
from . import ep191  # noqa: F401 - fills press.answers.SITUATIONS
from .knowing import Knowing
from .seats import observes, policy_of, seed_of, set_strategy
from .talk import talk

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
    """Every robot of the game talks (talk.py: its own press, robots answering robots),
    then orders for the current phase (its earlier orders for it, if any, replaced) with
    the friends the talk left it, then votes for a draw if its policy says so; the orders
    flags are refreshed."""
    if game.status != "active" or not game.phase:
        return
    seats = played_by_robots(game)
    if not seats:
        return
    for x, strategy in seats:
        if (game.settings or {}).get("robots", {}).get(x.power or "") != strategy:
            set_strategy(game, x.power or "", strategy)  # SET ROBOTS' robot, abandoned power
    talk(mailer, game)
    _order(mailer, game, seats)
    vote_draws(mailer, game, seats)


def revise_orders(mailer: Mailer, game: Game, powers: list[str]) -> None:
    """The robots of `powers` made peace in press during the phase: each orders again, with
    its new friends, its standing orders replaced (the seed's step [8]), and votes for a
    draw if every power left is now its friend."""
    if game.status != "active" or not game.phase:
        return
    seats = [(x, s) for x, s in played_by_robots(game) if x.power in powers]
    if seats:
        _order(mailer, game, seats)
        vote_draws(mailer, game, seats)


def _order(mailer: Mailer, game: Game, seats: list[tuple[Participant, str]]) -> None:
    seed = seed_of(game)
    session = mailer.session
    powers = [x.power or "" for x, _ in seats]
    # Each robot knows what its power's player would (knowing.py): in a blind game his copy.
    knowing = Knowing(session, game)
    kin = frozenset(x.power or "" for x, s in played_by_robots(game) if s in KIN)
    left = frozenset(left_in(game))
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
        rng = robots.rng_for(seed, game.phase or "", power)
        position, rules = knowing.board(power)
        known = friends_of(knowing, game, power, strategy)
        mind = knowing.memory(power, seed, kin) if strategy in robots.REMEMBER else None
        policy = policy_of(game, power)
        orders = robots.play(strategy, position, power, rng, known, rules, mind, policy, left)
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


def friends_of(knowing: Knowing, game: Game, power: str, strategy: str) -> frozenset[str]:
    """The robot's friends: from its press, and with SET ROBOT's `observe` from the
    observation matrix too; none for a strategy that has no friends."""
    if strategy not in robots.KNOW_FRIENDS:
        return frozenset()
    return knowing.friends(power, observes(game, power))


def vote_draws(mailer: Mailer, game: Game, seats: list[tuple[Participant, str]]) -> None:
    """Each robot whose policy draws (robots.talk.votes_draw: a blabbot under Joe, every
    power left its friend) votes for a draw of all the survivors, as SET DRAW would, and
    the votes are counted as a person's are (endings/votes.py): the seed's DRW, which the
    judge declares once everyone left has voted it."""
    if game.status != "active":
        return
    left = frozenset(left_in(game))
    voted = False
    for x, strategy in seats:
        power = x.power or ""
        friends = frozenset(((game.settings or {}).get("robot_friends") or {}).get(power, ()))
        wanted = votes_draw(strategy, power, left, friends, policy_of(game, power))
        vote = robot_vote(game, power) if wanted else None
        if vote != x.draw:  # a vote cast, or withdrawn (the master set it to Mac)
            x.draw = vote
            voted = voted or vote is not None
    if voted:
        count_votes(mailer, game)


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
PEACE_MADE.append(revise_orders)
