"""Ghost-Rating (judge/ghost_rating.py, docs/ratings.md): webDiplomacy's published worked
example of its weights, the pot a solo takes, Elo in a game of two, and ratings carried
over the random games of tests/randomgames.py; and which finished games the judge rates
(engine/endings/rating.py), on games as the store holds them."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from adjudicator.given import read_orders
from adjudicator.phases import adjudicate_phase
from judge import ghost_rating as gr
from judge.engine.endings.rating import last_players, press_weight, ratable
from judge.store.models import Game, Participant, User
from tests.randomgames import play


def test_webdiplomacys_worked_example_of_the_weights():
    """ghostRatings.php, "Category Modifiers": with the players' ratings adding up to 200,
    x is 11.43 in a classic full-press game and 1.43 in an Ancient Mediterranean gunboat
    game (17.5 * 2 * 4 = 140), so the first moves a rating 8 times as far."""
    classic = gr.scaling(200, gr.PRESS_WEIGHTS["full"], gr.variant_weight("standard"))
    ancient = gr.scaling(200, gr.PRESS_WEIGHTS["none"], gr.variant_weight("ancient_med"))
    assert round(classic, 2) == 11.43
    assert round(ancient, 2) == 1.43
    assert classic / ancient == pytest.approx(8)
    # The same game, two players of 100 each: one solos (takes 1, expected 1/2) ...
    ratings, scores = {"a": 100.0, "b": 60.0, "c": 40.0}, {"a": 1.0, "b": 0.0, "c": 0.0}
    after = gr.adjusted(ratings, scores)
    assert after["a"] == pytest.approx(100 + classic * (1 - 0.5))
    assert after["b"] == pytest.approx(60 - classic * 0.3)
    weighted = gr.adjusted(ratings, scores, press=4, variant=2)
    assert (after["a"] - 100) / (weighted["a"] - 100) == pytest.approx(8)


def test_a_solo_takes_the_pot_of_seven_new_players():
    """Seven at 100 stake 100/17.5 each; the soloist takes all 40."""
    ratings = {p: gr.START for p in "AEFGIRT"}
    after = gr.adjusted(ratings, gr.draw_size_scores(list(ratings), ["G"]))
    assert after["G"] == pytest.approx(100 + 40 * 6 / 7)
    assert all(after[p] == pytest.approx(100 - 40 / 7) for p in "AEFIRT")
    assert sum(after.values()) == pytest.approx(700)


def test_a_draw_shares_by_size_or_by_squares():
    assert gr.draw_size_scores(list("ABCD"), ["A", "B"]) == {"A": 0.5, "B": 0.5, "C": 0, "D": 0}
    squares = gr.sum_of_squares_scores({"A": 12, "B": 6, "C": 0}, ["A", "B"])
    assert squares == {"A": pytest.approx(0.8), "B": pytest.approx(0.2), "C": 0.0}
    # A seven-way draw of equals changes nothing.
    even = gr.adjusted({p: 100.0 for p in "ABCDEFG"}, gr.draw_size_scores("ABCDEFG", "ABCDEFG"))
    assert all(v == pytest.approx(100) for v in even.values())


def test_two_players_are_rated_by_elo():
    assert gr.elo_expected(100, 100) == 0.5
    after = gr.adjusted({"a": 100.0, "b": 100.0}, {"a": 1.0, "b": 0.0})
    assert after == {"a": pytest.approx(116), "b": pytest.approx(84)}
    drawn = gr.adjusted({"a": 500.0, "b": 100.0}, {"a": 0.5, "b": 0.5})
    # 400 apart: the stronger is expected to score 10/11, and a draw costs him.
    assert drawn["a"] == pytest.approx(500 + 32 * (0.5 - 10 / 11))
    assert drawn["b"] == pytest.approx(100 + 32 * (0.5 - 1 / 11))


def _finished(seed: int, years: int) -> tuple[list[str], list[str]]:
    """A random game to its end: the powers in it, and those that share the result (the
    winner, or every power still with a centre, as a draw including all survivors)."""
    turns = list(play(seed, years=years))
    last = turns[-1]
    variant = last.position.variant
    result = adjudicate_phase(last.position, read_orders(variant, last.position.phase, last.orders))
    powers = [p.name for p in variant.powers]
    if result.winner:
        return powers, [result.winner]
    return powers, sorted({owner for owner in result.centers.values() if owner})


def test_ratings_over_the_random_games():
    """Twelve players sit down at random to the games of tests/randomgames.py, each rated
    as it ends: no rating is made or lost in all (the pot is shared out whole), none goes
    below nothing, everyone outside a game's result loses by it, a soloist gains."""
    rng = random.Random(35)
    people = [f"player{i}" for i in range(12)]
    ratings = {p: gr.START for p in people}
    games = 0
    for seed in range(8):
        powers, shared = _finished(seed, years=4 + seed % 3)
        seated = dict(zip(powers, rng.sample(people, len(powers)), strict=True))
        before = {seated[p]: ratings[seated[p]] for p in powers}
        scores = {seated[p]: s for p, s in gr.draw_size_scores(powers, shared).items()}
        after = gr.adjusted(before, scores, press=1.0, variant=gr.variant_weight("standard"))
        for power in powers:
            who = seated[power]
            if power not in shared:
                assert after[who] < before[who]
            elif len(shared) == 1:
                assert after[who] > before[who]
        ratings.update(after)
        games += 1
    assert games == 8
    assert sum(ratings.values()) == pytest.approx(100 * len(people))
    assert all(r > 0 for r in ratings.values())
    assert len({round(r, 6) for r in ratings.values()}) > 1


# -- which games are rated ------------------------------------------------------------------


def _game(options=(), **settings) -> Game:
    game = Game(name="war", variant="standard", options=list(options), status="finished",
                settings={"rated": True, **settings}, participants=[])  # fmt: skip
    for i, power in enumerate(["Austria", "England", "France"], 1):
        user = User(id=i, email=f"{power.lower()}@players.example", registration={})
        x = Participant(id=i, user_id=i, role="player", power=power, status="active")
        x.user = user
        game.participants.append(x)
    return game


def test_a_game_is_rated_only_when_its_players_may_be_named_and_are_people():
    assert ratable(_game())
    assert not ratable(_game(rated=False))
    # A gunboat game is rated at its end, when its players are revealed; never under
    # NO REVEAL, when a rating's change would name them.
    assert ratable(_game(["gunboat"]))
    assert not ratable(_game(["gunboat"], reveal=False))
    running = _game(["gunboat"])
    running.status = "active"
    assert not ratable(running)
    robot = _game()
    robot.participants[0].user.email = "dumbbot.austria@robots.judge.invalid"
    assert not ratable(robot)
    program = _game()
    program.participants[1].user.registration = {"program": "Snikkel 2 at cs.cornell.edu"}
    assert not ratable(program)


def test_each_power_is_rated_for_its_last_player_and_the_press_weighs():
    game = _game()
    gone = game.participants[0]
    gone.status = "resigned"
    assert last_players(game.participants)["Austria"] is gone  # nobody took it over
    heir = Participant(id=9, user_id=9, role="player", power="Austria", status="active",
                       joined_at=datetime(2026, 1, 1))  # fmt: skip
    assert last_players([*game.participants, heir])["Austria"] is heir
    assert press_weight(_game()) == 1
    assert press_weight(_game(partial=False)) == 2
    assert press_weight(_game(press="none")) == 4
