"""`judge show GAME --json`: a game's state for the judgekeeper (shared show-format.md).

Everything a keeper needs to see what a game is doing, and nothing secret: no password or
hash ever appears.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from ..store.models import Game, Participant


def game_state(game: Game, zone: ZoneInfo) -> dict[str, Any]:
    position = game.position or {}
    players = [p for p in game.participants if p.role == "player"]
    state: dict[str, Any] = {
        "name": game.name,
        "variant": game.variant,
        "options": list(game.options or []),
        "status": game.status,
        "phase": game.phase,
        "turn": game.turn,
        "deadline": _time(game.deadline, zone),
        "grace": _time(game.grace, zone),
        "units": position.get("units", {}),
        "centers": position.get("centers", {}),
        "players": [
            {
                "power": p.power,
                "address": _address(p),
                "status": p.status,
                "orders": p.orders_status,
                "wait": p.wait,
            }
            for p in players
        ],
        "masters": [_address(p) for p in game.participants if p.role == "master"],
        "observers": [_address(p) for p in game.participants if p.role == "observer"],
        "settings": dict(game.settings or {}),
    }
    if game.phase and game.phase.endswith("R"):
        state["dislodged"] = position.get("dislodged", [])
    return state


def _address(participant: Participant) -> str:
    return participant.report_to[0] if participant.report_to else participant.user.email


def _time(at: datetime | None, zone: ZoneInfo) -> str | None:
    if at is None:
        return None
    return at.replace(tzinfo=UTC).astimezone(zone).isoformat()
