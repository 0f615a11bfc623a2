"""Who may see who plays a game: the one rule every channel that could name a player reads
(LIST, WHOGAME, SUMMARY, the notices, press and postal press headers, dedication, a robot's
press).

A gunboat game hides who plays it (info.gunboat; users' manual 9.1 SET SHOW and QUIET): its
players are named to its masters alone while it is played, and after its end too when its
master SET NO REVEAL (manual 9.1). In such a game nothing may show that a power is played
by a program either (EP 191: "In GUNBOAT, it is not revealed that a computer program is
playing"). A player always knows his own place; that is the caller's business.

Here, below the engine, because the listings' texts read it as well as the engine.
"""

from __future__ import annotations

from ..store.models import Game, Participant
from .listings.record import ENDED, is_master, setting


def hides_players(game: Game) -> bool:
    """Whether `game` keeps who plays it from those who do not run it: a gunboat game
    until it ends, and after its end as well under SET NO REVEAL."""
    if "gunboat" not in (game.options or []):
        return False
    return game.status not in ENDED or setting(game, "reveal", True) is False


def sees_players(game: Game, reader: Participant | None) -> bool:
    """Whether `reader` (None: someone not in the game) may see who plays `game`, and which
    of its powers a program plays: its masters always, everyone where it hides nobody."""
    return is_master(reader) or not hides_players(game)


def hidden_while_played(game: Game) -> bool:
    """A game that hides who plays it and has not ended: what it does to its players'
    dedication is held until it ends (engine/clock/dedication.py), since a change seen in
    INFO PLAYER while it runs would name who was late in it."""
    return hides_players(game) and game.status not in ENDED
