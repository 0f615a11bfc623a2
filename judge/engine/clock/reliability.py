"""Reliability (not in the njudge; issue 35): a score beside the dedication systems of
manual 5.2 that forgets. Dedication counts every turn a user ever played alike; here a
turn counts for a year only, and the nearer it is the more it weighs, so that a player who
missed deadlines long ago and has been on time since is trusted again, and one who has
just started missing them is seen at once.

Each phase of a rated game in which a user owed orders leaves one `TurnRecord`: `ontime`,
`late` (a late notice), `missed` (the grace period ended without his orders: abandoned or
civil disorder) or `excused` (an excuse used, SET EXCUSES, excuses.py). A record only ever
gets worse (a late power that then misses the grace period has missed it), and a duplex
player's record of a turn is the worst of his powers'.

    reliability = sum of w(t) over the turns on time / sum of w(t) over the turns counted

over the turns of the last 365 days, excused turns left out (an excuse excuses), with
w(t) = 2 ** (-age in days / 90): a turn three months old weighs half a turn today's, one
nine months old an eighth. Shown as a percentage; with no turn counted it is 100 %, as the
on-time ratio of a newcomer is a perfect 1.00, so SET RELIABILITY never keeps a newcomer
out.

A game that hides who plays it (reports/identities.py: gunboat) counts only once it has
ended, as it holds its dedication: a score that moved at a late notice would name the
late power's player.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ...reports.identities import hidden_while_played
from ...store.models import Game, Participant, TurnRecord, User
from .dedication import rated

WINDOW = timedelta(days=365)
HALF_LIFE_DAYS = 90.0
# Worse outcomes replace better ones, never the other way round.
_RANK = {"ontime": 0, "excused": 1, "late": 2, "missed": 3}


def forget(session: Session, game: Game, turn: int) -> None:
    """A ROLLBACK to `turn`: the records of the turns played again go; they are made anew."""
    session.execute(
        delete(TurnRecord).where(TurnRecord.game_id == game.id, TurnRecord.turn >= turn)
    )


def record(
    session: Session, game: Game, people: list[Participant], outcome: str, now: datetime
) -> None:
    """This phase's outcome for each of `people` (their users), in a rated game; a record
    already there is kept if it is as bad or worse."""
    if not people or not rated(game):
        return
    users = {x.user_id for x in people if x.role == "player" and _counted(x.user)}
    if not users:
        return
    session.flush()  # the rows of this transaction so far, seen by the query below
    found = {
        row.user_id: row
        for row in session.execute(
            select(TurnRecord).where(
                TurnRecord.game_id == game.id,
                TurnRecord.turn == game.turn,
                TurnRecord.user_id.in_(users),
            )
        ).scalars()
    }
    for user_id in sorted(users):
        row = found.get(user_id)
        if row is None:
            session.add(
                TurnRecord(
                    user_id=user_id, game_id=game.id, turn=game.turn, at=now, outcome=outcome
                )
            )
        elif _RANK[outcome] > _RANK.get(row.outcome, 0):
            row.outcome = outcome
            row.at = now


def excused_users(session: Session, game: Game) -> set[int]:
    """The users who used an excuse in the game's current phase: their turn is not
    counted on time in the dedication systems either (excuses.py)."""
    if not rated(game):
        return set()
    session.flush()
    return set(
        session.execute(
            select(TurnRecord.user_id).where(
                TurnRecord.game_id == game.id,
                TurnRecord.turn == game.turn,
                TurnRecord.outcome == "excused",
            )
        ).scalars()
    )


def _counted(user: User) -> bool:
    """Robots and FORCE BEGIN's dummies keep no record: they are never late."""
    email = user.email.lower()
    return not email.endswith(".invalid")


@dataclass(frozen=True)
class Reliability:
    """A user's reliability as INFO PLAYER shows it."""

    percent: int  # 0 to 100
    turns: int  # turns counted in the last year (excused ones not)
    missed: int  # of which late or missed


def reliability(session: Session, user: User, now: datetime) -> Reliability:
    rows = session.execute(
        select(TurnRecord.at, TurnRecord.outcome, Game)
        .join(Game, Game.id == TurnRecord.game_id)
        .where(TurnRecord.user_id == user.id, TurnRecord.at > now - WINDOW)
    ).all()
    on_time = weight = 0.0
    turns = missed = 0
    for at, outcome, game in rows:
        if outcome == "excused" or hidden_while_played(game):
            continue
        age = max((now - at).total_seconds() / 86400, 0.0)
        w = 2.0 ** (-age / HALF_LIFE_DAYS)
        weight += w
        turns += 1
        if outcome == "ontime":
            on_time += w
        else:
            missed += 1
    percent = 100 if weight == 0 else int(100 * on_time / weight + 0.5)
    return Reliability(percent, turns, missed)


def refusal(session: Session, game: Game, user: User, now: datetime) -> str | None:
    """SET RELIABILITY n: why this user may not play the game, or None."""
    least = (game.settings or {}).get("reliability")
    if least is None:
        return None
    mine = reliability(session, user, now).percent
    if mine < least:
        return (
            f"Game '{game.name}' requires a reliability of at least {int(least)}%; "
            f"yours is {mine}%."
        )
    return None
