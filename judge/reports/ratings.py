"""The texts of the skill rating (docs/ratings.md): the table GET RATINGS mails, and the
line INFO PLAYER adds to a player's record. Neither names a game: a rating is moved only
when a game ends, and only by games that reveal their players then
(engine/endings/rating.py), so no line here can tell who plays a game still hidden."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .counts import counted


@dataclass(frozen=True)
class Rated:
    """One player's line of the table."""

    address: str
    name: str
    rating: float
    games: int


def ratings_table(code: str, rows: Sequence[Rated]) -> str:
    """GET RATINGS: every rated player, best first (equals share a place, listed by
    address)."""
    head = [
        f"Skill ratings of judge {code} (Ghost-Rating, as webDiplomacy computes it).",
        "Everyone starts at 100; each finished game moves its players' ratings by how",
        "they did against the ratings of those they played.  GET skill says how.",
        "",
    ]
    if not rows:
        return "\n".join([*head, "No game has been rated yet."]) + "\n"
    ordered = sorted(rows, key=lambda r: (-r.rating, r.address))
    lines = [f"{'Rank':>4}  {'Rating':>7}  {'Games':>5}  Player"]
    for row in ordered:
        who = f"{row.name} <{row.address}>" if row.name else row.address
        lines.append(f"{rank_of(row.rating, rows):>4}  {row.rating:>7.1f}  {row.games:>5}  {who}")
    games = sum(r.games for r in rows)
    tail = f"{counted(len(rows), 'player')} rated, {counted(games, 'place')} in rated games."
    return "\n".join([*head, *lines, "", tail]) + "\n"


def rank_of(rating: float, rows: Sequence[Rated]) -> int:
    """A rating's place: one more than the ratings above it (equals share a place)."""
    return 1 + sum(1 for r in rows if round(r.rating, 6) > round(rating, 6))


def rating_line(rating: float, games: int, rank: int | None, of: int) -> str:
    """INFO PLAYER's and GET DEDICATION's line of the skill rating."""
    if not games:
        return "  Skill rating:          100.0  (no rated game yet)"
    place = f", {rank} of {of} rated" if rank is not None else ""
    return f"  Skill rating:          {rating:.1f}  ({counted(games, 'rated game')}{place})"
