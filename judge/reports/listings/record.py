"""What every listing reads off a game's record and its people: a setting with its default,
a power's counts, a phase's year, where a participant's mail goes, how he is labelled.

Both the listings' texts and the engine that gathers them use these, so they sit here,
below the engine.
"""

from __future__ import annotations

from typing import Any

from adjudicator.wings import blockaded_in

from ...store.models import Game, Participant
from ..robots import place_holder

ENDED = ("finished", "terminated")
# How a gunboat game shows an address that is not the asker's own.
SOMEONE = "someone@somewhere"


def setting(game: Game, key: str, default: Any) -> Any:
    return (game.settings or {}).get(key, default)


def on(game: Game, key: str, default: bool) -> bool:
    return bool(setting(game, key, default))


def blind(game: Game) -> bool:
    """A blind game still being played: players see only their own part of the board."""
    return "blind" in (game.options or []) and game.status not in ENDED


def is_master(viewer: Participant | None) -> bool:
    return viewer is not None and viewer.role == "master"


def counts(position: dict[str, Any], power: str | None) -> tuple[int, int]:
    """A power's units and centres on a board."""
    if not power:
        return 0, 0
    units = len((position.get("units") or {}).get(power) or [])
    return units, centre_count(position, power)


def centre_count(position: dict[str, Any], power: str) -> int:
    """The centres a power counts on a board: those a wing of another power blockades count
    for nobody (info.wings), though the power keeps them."""
    centers = position.get("centers") or {}
    mine = centers.get(power) or []
    shut = blockaded_in(position.get("units") or {}, centers) if mine else frozenset()
    return sum(1 for c in mine if c not in shut)


def year(phase: str | None) -> int | None:
    digits = (phase or "")[1:-1]
    return int(digits) if digits.isdigit() else None


def address(x: Participant | None) -> str:
    if x is None:
        return ""
    if x.report_to:
        return x.report_to[0]
    return place_holder(x.game.settings if x.game else None, x.power, x.status, x.user.email)


def label(x: Participant) -> str:
    """`France` for a power's player, `Player` before powers are given, `Master`, `Observer`."""
    if x.role == "player":
        return x.power or "Player"
    return x.role.capitalize()
