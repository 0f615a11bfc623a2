"""Per-game serialisation: a mail or a deadline that changes a game holds the game's row
lock until its transaction ends, so that two workers never interleave on one game.

On PostgreSQL this is `SELECT ... FOR UPDATE` on the game's row; other games go on in
parallel. SQLite has one writer at a time (every transaction begins IMMEDIATE), which
serialises games already.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from .models import Game


def game_for_update(session: Session, name: str) -> Game | None:
    """The game called `name`, locked for the rest of the transaction; None if none."""
    query = select(Game).where(Game.name == name.lower())
    if session.get_bind().dialect.name != "sqlite":
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()
