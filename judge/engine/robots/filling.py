"""SET ROBOTS at FORCE BEGIN: the powers nobody signed on for are played by the game's
default robot instead of standing abandoned, and every robot gives its first orders."""

from __future__ import annotations

from collections.abc import Iterable

from ...store.models import Game, Participant
from ..reply.conversation import Conversation
from .ordering import order_robots
from .seats import make_robot, robot_users, set_strategy


def seat_robots(
    ctx: Conversation, game: Game, empty: Iterable[Participant], order: bool = True
) -> None:
    """`order`: the robots give their orders now (the start gives them its own way)."""
    strategy = (game.settings or {}).get("robots_default")
    if strategy and game.status == "active":
        empty = list(empty)
        users = robot_users(ctx.session, strategy, [x.power or "any" for x in empty], ctx.now)
        for x in empty:
            make_robot(ctx.session, x, strategy, ctx.now, users[x.power or "any"])
            set_strategy(game, x.power or "", strategy)
        ctx.session.flush()
    if order:
        order_robots(ctx, game)
