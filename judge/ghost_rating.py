"""Ghost-Rating, the skill rating of webDiplomacy, as a pure function of one game's result
(docs/ratings.md gives the formula and its source).

Everyone starts at 100. A game of three or more rated players is a pot: each player stakes
his rating divided by 17.5 times the game's press and variant weights, and the pot is shared
by the result (a solo takes it all, a draw shares it equally between those in the draw, or
by the squares of their centres under sum-of-squares scoring). Written as webDiplomacy
writes it, a player's change is `x * (actual - expected)` with `x = sum of the players'
ratings / (17.5 * press weight * variant weight)` and `expected = his rating / that sum`:
the changes add up to nothing, so the ratings neither inflate nor deflate. A game of two
rated players is Elo's: `x = 32` and the expected score from the ratings' difference over
400.

Nothing here reads the judge: the caller says who played, how they finished and how the
game was played (engine/endings/rating.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

K = TypeVar("K")

START = 100.0  # a new player's rating
DIVISOR = 17.5  # the share of his rating a player stakes in a game of full press
ELO_K = 32.0  # a two-player game's step
ELO_SCALE = 400.0

# The press weights (webDiplomacy's "press type modifier"): full press 1, public press
# (broadcasts only) 2, no press (webDiplomacy's gunboat) 4.
PRESS_WEIGHTS = {"full": 1.0, "public": 2.0, "none": 4.0}
# The variant weights (webDiplomacy's "variant modifier" where it names the map; its
# Classic - Chaos is our chaos, its Modern Diplomacy II our modern). A map webDiplomacy
# does not weigh is weighed as its less balanced maps are, 4.
VARIANT_WEIGHTS = {"standard": 1.0, "ancient_med": 2.0, "modern": 4.0, "chaos": 8.0}
OTHER_VARIANT = 4.0


def variant_weight(variant: str) -> float:
    return VARIANT_WEIGHTS.get(variant, OTHER_VARIANT)


def scaling(total: float, press: float = 1.0, variant: float = 1.0) -> float:
    """webDiplomacy's `x`: the sum of the players' ratings over 17.5 times the weights."""
    return total / (DIVISOR * press * variant)


def expected_share(rating: float, total: float) -> float:
    """What a player is expected to take of the pot: his part of the ratings' sum."""
    return rating / total


def elo_expected(rating: float, other: float) -> float:
    """A two-player game's expected score."""
    mine = 10 ** (rating / ELO_SCALE)
    return mine / (mine + 10 ** (other / ELO_SCALE))


def draw_size_scores(players: Sequence[K], shared_by: Sequence[K]) -> dict[K, float]:
    """Draw-size scoring (the njudge's, and webDiplomacy's WTA): a solo (one in
    `shared_by`) takes 1, a draw of n takes 1/n each, everyone else 0."""
    share = 1.0 / len(shared_by) if shared_by else 0.0
    return {k: share if k in shared_by else 0.0 for k in players}


def sum_of_squares_scores(centres: Mapping[K, int], shared_by: Sequence[K]) -> dict[K, float]:
    """Sum-of-squares scoring of a draw: each in it takes his centres squared over the
    sum of the squares of everyone's in it; a solo takes 1."""
    squares = {k: centres[k] ** 2 if k in shared_by else 0 for k in centres}
    total = sum(squares.values())
    return {k: (v / total if total else 0.0) for k, v in squares.items()}


def adjusted(
    ratings: Mapping[K, float],
    scores: Mapping[K, float],
    press: float = 1.0,
    variant: float = 1.0,
) -> dict[K, float]:
    """Every player's rating after the game: `ratings` before it, `scores` what each took
    (adding up to 1 in a game of three or more; 1, 0.5 or 0 in a game of two)."""
    if len(ratings) < 2:
        return dict(ratings)
    if len(ratings) == 2:
        (a, ra), (b, rb) = ratings.items()
        return {
            a: ra + ELO_K * (scores[a] - elo_expected(ra, rb)),
            b: rb + ELO_K * (scores[b] - elo_expected(rb, ra)),
        }
    total = sum(ratings.values())
    x = scaling(total, press, variant)
    return {k: r + x * (scores[k] - expected_share(r, total)) for k, r in ratings.items()}
