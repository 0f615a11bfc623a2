"""GET LINK and REVOKE LINK (issue 36): a link to one's own view of a game on the judge's
web window, mailed in the reply, and the closing of every link mailed before. Only
someone signed on to the game (his password given) gets one: the link shows what his mail
shows him, his press and his orders."""

from __future__ import annotations

import parser as p

from ...store.models import Game, Participant
from ...web.links import issue, revoke, web_base
from ..reply.conversation import Conversation


def get_link(ctx: Conversation, cmd: p.GetLink) -> None:
    place = _signed_on(ctx, cmd.game, "GET LINK")
    if place is None:
        return
    game, me = place
    base = web_base(ctx.settings)
    if not base:
        ctx.fail("GET LINK: this judge has no web window (its keeper has not set web_listen).")
        return
    link = issue(ctx.session, me, ctx.now)
    ctx.say(
        f"Your own view of game '{game.name}' on the judge's web window (the board and the "
        "results as your mail shows them, your press, your orders, your deadlines):\n\n"
        f"    {base}/me/{link.token}\n\n"
        "Whoever has this link sees what you see: keep it to yourself.  REVOKE LINK closes "
        "it, and every other link to this game mailed to you."
    )


def revoke_link(ctx: Conversation, cmd: p.RevokeLink) -> None:
    place = _signed_on(ctx, cmd.game, "REVOKE LINK")
    if place is None:
        return
    game, me = place
    if revoke(ctx.session, me, ctx.now):
        ctx.say(f"Every link to your view of game '{game.name}' mailed so far is closed.")
    else:
        ctx.say(f"No link to your view of game '{game.name}' has been mailed to you.")


def _signed_on(ctx: Conversation, name: str | None, what: str) -> tuple[Game, Participant] | None:
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(
            f"{what}: sign on to the game first (SIGN ON, with your password): the link "
            "shows your own part of it."
        )
        return None
    if name is not None and name.lower() != game.name.lower():
        ctx.fail(f"{what} {name}: this mail signed on to game '{game.name}', not '{name}'.")
        return None
    return game, me
