"""Shorthand games (the `shorthand` modifier, info.shorthand): press between players and
observers must be statements of the Shorthand language (parser/shorthand.lark), or it is
not sent. Press to the Master alone, and the Master's own, are free text."""

from __future__ import annotations

from parser.shorthand import refusal

from ...store.models import Game, Participant
from ..game.record import variant_of

_KINDS = {"M": "movement", "R": "retreat", "B": "adjustment"}


def shorthand_refusal(game: Game, me: Participant, text: str) -> str:
    """Why `text` may not be sent in this game ('' when it may): the first line that is not
    Shorthand, in a Shorthand game, from anyone but a master."""
    if "shorthand" not in (game.options or []) or me.role == "master":
        return ""
    variant = variant_of(game)
    letters = [x.letter for x in variant.powers]
    kind = _KINDS.get((game.phase or "M")[-1:], "movement")
    problem = refusal(text, letters, variant.names, kind)  # type: ignore[arg-type]
    return f"game '{game.name}' is played in Shorthand: {problem}" if problem else ""
