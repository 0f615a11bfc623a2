"""Press between people by mail and DAIDE bots, the mail side: a bot reads DPP press only,
and only up to its game's press level (HLO's LVL). What it cannot read it never gets, and
the sender is told so at once, with DAIDE's HUH (the DAIDE server sends a bot its press
as FRM: room.py, `_deliver`)."""

from __future__ import annotations

from collections.abc import Iterable

from parser.dpp_levels import level
from parser.dpp_values import DppMessage

from ..reports import daide as texts
from ..store.models import Game
from .play import press_level
from .seats import DAIDE


def daide_notes(game: Game, powers: Iterable[str], message: DppMessage | None) -> list[str]:
    """What the sender of press to `powers` is told of the DAIDE bots among them: HUH for
    plain language, or for DPP beyond the game's press level; nothing when they read it."""
    robots = (game.settings or {}).get("robots") or {}
    bots = [p for p in powers if robots.get(p) == DAIDE]
    if not bots:
        return []
    lvl = press_level(game.settings or {})
    if message is None:
        return [texts.huh_plain(p) for p in bots]
    needed = level(message)
    if needed > lvl:
        return [texts.huh_level(p, needed, lvl) for p in bots]
    return []
