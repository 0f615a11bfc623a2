"""Program players by mail (the Diplomacy Programming Project's house rules): a user whose
registration names a program (`Program: Snikkel 2 at cs.cornell.edu`) is a program. A game
SET HUMANS ONLY admits none; in any game no program holds two powers, and no two programs
written at one site play together."""

from __future__ import annotations

import re

from ...reports import robots as texts
from ...store.models import Game, User
from ..game.record import players, variant_of

# `name at site`, `name @ site` or `name (site)`: the program and its programmer's site.
_AT_SITE = re.compile(r"^(?P<name>.+?)\s*(?:\s+at\s+|@|\()\s*(?P<site>[^()]+?)\)?\s*$", re.I)


def program_of(user: User) -> tuple[str, str] | None:
    """The program a user is and its programmer's site (the form's Site when the Program
    field names none), or None for a person."""
    text = " ".join(str((user.registration or {}).get("program", "")).split())
    if not text or text.lower() in ("no", "none", "-"):
        return None
    found = _AT_SITE.match(text)
    if found:
        return found["name"], found["site"].lower()
    return text, (user.site or "").strip().lower()


def program_refusal(game: Game, user: User) -> str | None:
    """Why this user may not take a power of the game as a program, or None."""
    mine = program_of(user)
    if mine is None:
        return None
    name, site = mine
    if (game.settings or {}).get("humans_only"):
        return texts.program_refused_humans_only(game.name)
    seats = (game.settings or {}).get("players")
    if seats is not None and seats < len(variant_of(game).powers):  # a duplex deal
        return texts.program_refused_duplex(game.name, seats)
    for x in players(game):
        if x.user_id == user.id or x.status == "resigned":
            continue
        theirs = program_of(x.user)
        if theirs is None:
            continue
        if theirs[0].lower() == name.lower():
            return texts.program_refused_twice(name, game.name)
        if site and theirs[1] == site:
            return texts.program_refused_site(site, game.name)
    return None
