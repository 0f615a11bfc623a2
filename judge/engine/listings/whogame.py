"""WHOGAME name [FULL] (users' manual 3.4): the registration of everyone in a game, observers
only with FULL. A game that hides who plays it (reports/identities.py: gunboat, until its
end unless NO REVEAL) stays anonymous: only its master, signed on, may ask. The text is
judge/reports/listings/people.py."""

from __future__ import annotations

import parser as p

from ...reports.identities import sees_players
from ...reports.listings.people import registrations
from ..reply.conversation import Conversation
from .lookup import known_variant, ordered_people, the_game, unreachable, viewer


def who_game(ctx: Conversation, cmd: p.WhoGame) -> None:
    """WHOGAME name [FULL], refused to all but the master of a gunboat game."""
    game = the_game(ctx, cmd.game, "WHOGAME")
    if game is None:
        return
    asker = viewer(ctx, game)
    if not sees_players(game, asker):
        ctx.fail(
            f"Game '{game.name}' is a gunboat game: only its master, signed on to it, "
            "may use WHOGAME."
        )
        return
    people = ordered_people(game, known_variant(game), observers=cmd.full)
    ctx.say(registrations(game, people, unreachable(ctx, asker, people)))
