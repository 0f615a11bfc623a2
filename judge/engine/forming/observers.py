"""Who may observe a game (users' manual 1.2.2: an observer is "a person who is not playing
in a game, but who receives the game reports"), a person being every address of his.

A player may not observe his own game: an observer may read press that was not addressed
to him (SET WATCH ALL PRESS, manual 8.5), and a player reading the press between others
would play with what they kept from him. A master may not either: he is no observer (the
manual's PROMOTE makes an observer a master, not both), and he reads all an observer does.
And the other way round, an observer who signs on to play a power, or as a master, is an
observer no more: his observer's place ends, and the reply says so.
"""

from __future__ import annotations

from ...store.models import Game, User
from ..game.record import playing
from ..reply.conversation import Conversation


def observer_refusal(game: Game, user: User | None, sender: str) -> str | None:
    """Why `user` (None: an address not registered), writing from `sender`, may not observe
    `game`, or None."""
    ids, theirs = playing(game)
    if (user is not None and user.id in ids) or sender.lower() in theirs:
        return f"You are playing in game '{game.name}': a player may not also observe his own game."
    if user is not None and any(
        x.role == "master" and x.status != "resigned" and x.user_id == user.id
        for x in game.participants
    ):
        return (
            f"You are a master of game '{game.name}': a master receives all an observer "
            "does, and may not also observe the game."
        )
    return None


def stop_observing(ctx: Conversation, game: Game, user: User | None) -> None:
    """The observer's places of the person signing on to play or to run `game` (his user's,
    and an unregistered address's of his), ended; the reply says so."""
    sender = ctx.sender.lower()
    ended = False
    for x in game.participants:
        if x.role != "observer" or x.status == "resigned":
            continue
        if (user is not None and x.user_id == user.id) or x.user.email.lower() == sender:
            x.status = "resigned"
            ended = True
    if ended:
        ctx.say(f"You are no longer an Observer in game '{game.name}'.")
