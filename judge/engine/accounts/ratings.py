"""GET RATINGS and the skill rating INFO PLAYER and GET DEDICATION show (docs/ratings.md):
read off `rating_changes`, which only a finished game writes (engine/endings/rating.py)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

import parser as p

from ...reports.ratings import Rated, rank_of, rating_line, ratings_table
from ...store.models import RatingChange, User
from ..reply.conversation import Conversation
from .files import mail_file


def standings(session: Session) -> list[Rated]:
    """Every rated player: his rating now (his newest change) and his rated games."""
    rows = session.execute(
        select(RatingChange.user_id, RatingChange.after).order_by(RatingChange.at, RatingChange.id)
    )
    newest: dict[int, float] = {}
    games: dict[int, int] = {}
    for user_id, after in rows:
        newest[user_id] = after
        games[user_id] = games.get(user_id, 0) + 1
    if not newest:
        return []
    users = session.execute(select(User).where(User.id.in_(list(newest)))).scalars()
    return [Rated(u.email, u.name, newest[u.id], games[u.id]) for u in users]


def rating_of(session: Session, user: User, table: list[Rated] | None = None) -> str:
    """The user's line of the rating, with his place among the rated (`table`: the
    standings, read once for a mail that asks of several users)."""
    table = standings(session) if table is None else table
    mine = next((r for r in table if r.address == user.email), None)
    if mine is None:
        return rating_line(0.0, 0, None, len(table))
    return rating_line(mine.rating, mine.games, rank_of(mine.rating, table), len(table))


def get_ratings(ctx: Conversation, cmd: p.GetRatings) -> None:
    if "ratings" in ctx.files:  # asked for again: in the mail of files already
        return
    text = ratings_table(ctx.settings.code, standings(ctx.session))
    mail_file(ctx, "ratings", text, "The table of skill ratings has been sent.")
