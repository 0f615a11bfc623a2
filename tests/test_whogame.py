"""WHOGAME on a real database (users' manual 3.4): everyone's registration in a game,
observers only with FULL, and nobody named in a gunboat game but to its master."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.listingkit import (
    Judge,
    all_seven,
    ask,
    fresh_judge,
    game,
    join,
    start_board,
    user,
)


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[Judge]:
    yield from fresh_judge(tmp_path)


def test_whogame_gives_the_players_registration_and_observers_only_when_full(
    judge: Judge,
) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board())
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        anna = user(s, "anna@example.org", "Anna Example", country="Netherlands", level="Expert")
        join(s, alpha, anna, power="France")
        join(s, alpha, user(s, "watcher@example.org", "Walt"), role="observer")
    answer = ask(judge, "WHOGAME alpha")
    assert not answer.failed
    assert "Master:    master@example.org" in answer.lines
    france = answer.lines.index("France:    anna@example.org")
    assert answer.lines[france + 1 : france + 4] == [
        "Name:      Anna Example",
        "Country:   Netherlands",
        "Level:     Expert",
    ]
    assert "watcher@example.org" not in answer.text
    assert "Observer:  watcher@example.org" in ask(judge, "WHOGAME alpha FULL").lines


def test_whogame_in_a_gunboat_game_hides_who_plays_which_power(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="S1901M", turn=1, position=start_board(), options=["gunboat"]
        )
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        all_seven(s, alpha)
    outsider = ask(judge, "WHOGAME alpha")
    assert outsider.failed
    assert "gunboat" in outsider.text
    assert "@example.org" not in outsider.text
    player = ask(judge, "WHOGAME", sender="p0@example.org", signed="p0@example.org")
    assert player.failed
    assert "p1@example.org" not in player.text
    master = ask(judge, "WHOGAME", sender="master@example.org", signed="master@example.org")
    assert not master.failed
    assert "Austria:   p0@example.org" in master.lines
