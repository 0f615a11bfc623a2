"""A finished game rated: each player's Ghost-Rating moved by how his power finished
(judge/ghost_rating.py; docs/ratings.md).

Which games count: one decided (a solo, a draw, a concession; never one terminated), rated
as dedication counts it (SET RATED / UNRATED, `clock.dedication.rated`), played by people
only (a game in which the judge's robots or a program player held a power at any time is
not rated: a rating measures people against people, and a robot's strength is not a
person's), with each person holding one power (a duplex game is not rated), and none whose
players stay hidden after its end (a gunboat game set NO REVEAL: any change of a rating at
its end would name its players, reports/identities.py). A gunboat game that reveals its
players at the end is rated at the end, when they are revealed; no game changes a rating
before it ends.

Who is rated for a power: its last player, the one holding it at the end or the last to
leave it (a power abandoned and never taken over is his defeat, as webDiplomacy counts a
civil disorder).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ... import ghost_rating as gr
from ...reports.identities import hides_players
from ...reports.robots import robot_strategy
from ...store.models import Game, Participant, RatingChange
from ..clock.dedication import rated
from ..reply.notices import DUMMY


def rate(session: Session, game: Game, shared_by: Sequence[str], now: datetime) -> bool:
    """Rate `game`, ended with the powers `shared_by` sharing the result (one: a solo or a
    concession; several: a draw). True if it was rated."""
    if not shared_by or not ratable(game):
        return False
    done = session.execute(select(RatingChange.id).where(RatingChange.game_id == game.id))
    if done.first() is not None:  # rated once
        return False
    seats = last_players(game.participants)
    if len(seats) < 2 or len({x.user_id for x in seats.values()}) < len(seats):
        return False
    users = [x.user_id for x in seats.values()]
    before = current_ratings(session, users)
    by_power = {power: before[x.user_id] for power, x in seats.items()}
    scores = gr.draw_size_scores(list(seats), [p for p in shared_by if p in seats])
    after = gr.adjusted(by_power, scores, press_weight(game), gr.variant_weight(game.variant))
    for power, x in seats.items():
        session.add(
            RatingChange(
                game_id=game.id, user_id=x.user_id, power=power, score=scores[power],
                before=by_power[power], after=after[power], at=now,
            )
        )  # fmt: skip
    return True


def ratable(game: Game) -> bool:
    """Whether the game counts at all (the module's docstring)."""
    if not rated(game) or hides_players(game):
        return False
    return not any(
        is_machine(x) for x in game.participants if x.role == "player" and x.user is not None
    )


def is_machine(x: Participant) -> bool:
    """A robot of the judge's, the dummy, or a program player by mail (its registration
    names a program: engine/robots/programs.py reads the same field)."""
    address = x.user.email
    if address == DUMMY or robot_strategy(address) is not None:
        return True
    program = " ".join(str((x.user.registration or {}).get("program", "")).split())
    return program.lower() not in ("", "no", "none", "-")


def last_players(people: Iterable[Participant]) -> dict[str, Participant]:
    """Each power's last player: whoever holds it, or else the last who did."""
    seats: dict[str, Participant] = {}
    for x in sorted(people, key=lambda y: y.id or 0):
        if x.role != "player" or not x.power:
            continue
        held = seats.get(x.power)
        if held is None or held.status == "resigned" or x.status != "resigned":
            seats[x.power] = x
    return seats


def press_weight(game: Game) -> float:
    """No press at all weighs as webDiplomacy's gunboat, broadcasts only as its public
    press, anything else as full press. The njudge's Gunboat option hides who plays but
    leaves the press as the game sets it, so it weighs by its press."""
    settings = game.settings or {}
    if settings.get("press") == "none":
        return gr.PRESS_WEIGHTS["none"]
    if settings.get("partial", True) is False:
        return gr.PRESS_WEIGHTS["public"]
    return gr.PRESS_WEIGHTS["full"]


def current_ratings(session: Session, users: Iterable[int]) -> dict[int, float]:
    """Each user's rating now: his newest change's `after`, or the start."""
    wanted = list(users)
    found = {u: gr.START for u in wanted}
    rows = session.execute(
        select(RatingChange.user_id, RatingChange.after)
        .where(RatingChange.user_id.in_(wanted))
        .order_by(RatingChange.at, RatingChange.id)
    )
    for user_id, after in rows:
        found[user_id] = after
    return found
