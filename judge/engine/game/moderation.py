"""Who may run a game (users' manual 8): its masters always; in a game that is not
moderated, any of its players. And how a change is told to the others: by the changer's
address, or as 'someone@somewhere' when the game does not SHOW it (gunboat games by
default, manual 9.1)."""

from __future__ import annotations

from ...reports.identities import hides_players
from ...store.models import Game, Participant
from ..reply.conversation import Conversation
from ..reply.notices import deliver, everyone

ANONYMOUS = "someone@somewhere"


def masters(game: Game) -> list[Participant]:
    return [x for x in game.participants if x.role == "master" and x.status != "resigned"]


def moderated(game: Game) -> bool:
    """A game with a master, or one set MODERATE, is run by its masters alone."""
    return bool((game.settings or {}).get("moderated")) or bool(masters(game))


def is_moderator(game: Game, me: Participant | None) -> bool:
    if me is None or me.status == "resigned":
        return False
    if me.role == "master":
        return True
    return me.role == "player" and not moderated(game)


def may_moderate(ctx: Conversation, what: str) -> tuple[Game, Participant] | None:
    """The game and the moderator, or None after saying why not."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(f"{what}: sign on to a game first.")
        return None
    if is_moderator(game, me):
        return game, me
    ctx.fail(f"{what}: only the master of game '{game.name}' may change its settings.")
    return None


def master_only(ctx: Conversation, what: str) -> tuple[Game, Participant] | None:
    """For the commands of manual 8.2, which no player may give, moderated or not."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(f"{what}: sign on to a game first.")
        return None
    if ctx.became:
        ctx.fail(f"{what}: no master command may follow BECOME in the same mail.")
        return None
    if me.role == "master" and me.status != "resigned":
        return game, me
    ctx.fail(f"{what}: only a master of game '{game.name}' may do that.")
    return None


def hearers(
    game: Game, subjects: list[Participant] | tuple[Participant, ...] = ()
) -> list[Participant]:
    """Who hears of abandonment, takeovers and returns: everyone, or in a QUIET game only
    the masters and those it is about (manual 8.2, SET QUIET)."""
    if not (game.settings or {}).get("quiet"):
        return everyone(game)
    ids = {x.id for x in subjects}
    return [x for x in everyone(game) if x.role == "master" or x.id in ids]


def shows_changer(game: Game) -> bool:
    default = not hides_players(game)
    return bool((game.settings or {}).get("show", default))


def changer(game: Game, me: Participant) -> str:
    return me.user.email if shows_changer(game) else ANONYMOUS


def announce(ctx: Conversation, game: Game, me: Participant, event: str, text: str) -> None:
    """Everyone else in the game hears of a change (manual 8.3)."""
    deliver(ctx, game, [x for x in everyone(game) if x is not me], event, text)
