"""Who sits where: the powers of a game open to DAIDE bots, their passcodes, the port the
game's bots connect to, and which bot has taken which power.

A DAIDE seat is a robot's place (engine/robots/seats.py) whose strategy is `daide`: the
judge never mails it and never orders for it; its orders come over TCP. The game keeps the
rest in `game.settings["daide"]`: `port`, `passcodes` (power -> a number DAIDE can carry,
1 to 8191) and `bots` (power -> the name and version the bot gave), so that a restarted
judge, or another node, serves the same table.
"""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..config import Settings, host_port
from ..store.models import Game

DAIDE = "daide"  # the strategy of a DAIDE seat among the robots'
_codes = random.SystemRandom()


def state(game: Game) -> dict[str, Any]:
    return dict((game.settings or {}).get("daide") or {})


def _put(game: Game, daide: dict[str, Any]) -> None:
    game.settings = {**(game.settings or {}), "daide": daide}


def passcodes(game: Game) -> dict[str, int]:
    return {k: int(v) for k, v in (state(game).get("passcodes") or {}).items()}


def bots(game: Game) -> dict[str, dict[str, str]]:
    return dict(state(game).get("bots") or {})


def port_of(game: Game) -> int | None:
    port = state(game).get("port")
    return int(port) if port else None


def where(settings: Settings, port: int) -> str:
    """host:port as a bot is told to connect (the judge's domain for a wildcard host)."""
    host, _ = host_port(settings.daide_listen, 16713)
    if host in ("0.0.0.0", "::", ""):
        host = settings.domain
    return f"{host}:{port}"


def _free_port(session: Session, settings: Settings, game: Game) -> int | None:
    """A port no running game has; of those, one no game ever had, else the one whose last
    game is the oldest: a game just over may still have its port open for a moment, and a
    bot meant for the new game must not reach the old one."""
    _, base = host_port(settings.daide_listen, 16713)
    busy: set[int] = set()
    last: dict[int, int] = {}
    for other in session.scalars(select(Game)):
        port = port_of(other) or (state(other).get("had_port"))
        if other.id == game.id or not port:
            continue
        if other.status in ("forming", "active"):
            busy.add(int(port))
        last[int(port)] = max(last.get(int(port), 0), other.id)
    free = [p for p in range(base, base + settings.daide_ports) if p not in busy]
    if not free:
        return None
    return min(free, key=lambda p: (last.get(p, 0), p))


def open_seat(session: Session, settings: Settings, game: Game, power: str) -> int | None:
    """The power opened to DAIDE bots: its passcode (the game given a port if it has
    none); None when every port is taken."""
    daide = state(game)
    if not daide.get("port"):
        port = _free_port(session, settings, game)
        if port is None:
            return None
        daide["port"] = port
    codes = dict(daide.get("passcodes") or {})
    if power not in codes:
        codes[power] = _codes.randrange(1, 8192)
    daide["passcodes"] = codes
    _put(game, daide)
    return int(codes[power])


def close_seat(game: Game, power: str) -> None:
    daide = state(game)
    codes = dict(daide.get("passcodes") or {})
    codes.pop(power, None)
    taken = dict(daide.get("bots") or {})
    taken.pop(power, None)
    daide.update(passcodes=codes, bots=taken)
    if not codes:
        daide["had_port"] = daide.pop("port", None)
    _put(game, daide)


def take(game: Game, power: str, name: str, version: str) -> None:
    """The bot that took the power (NME) is remembered: SMR names it."""
    daide = state(game)
    taken = dict(daide.get("bots") or {})
    taken[power] = {"name": name[:40], "version": version[:40]}
    daide["bots"] = taken
    _put(game, daide)
