"""SUMMARY of a blind game (info.blind: "The summary position will not give historic centre
progression whilst a blind game is in progress"): a player or observer gets no grid of who
owned which centre, only each power's count year by year; the master gets it all, and so
does everyone once the game is over."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.listingkit import Judge, ask, fresh_judge, join, user
from tests.test_summary import played_game

GRID = "Historical Supply Center Summary"


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[Judge]:
    yield from fresh_judge(tmp_path)


def test_a_blind_games_summary_hides_the_grid_but_from_its_master(judge: Judge) -> None:
    with judge.store.transaction() as s:
        people = played_game(s, options=["blind"])
        join(s, people["Austria"].game, user(s, "mona@example.org", "Mona"), role="master")
    player = ask(judge, "SUMMARY alpha", "p2@example.org", signed="p2@example.org")
    assert GRID not in player.text
    assert "History of Supply Center Counts" in player.text
    assert "France      3   5   6" in player.text
    assert "England     3   4   4" in player.text  # no mark of an unused build
    assert "* = 1 unused build." not in player.text
    outsider = ask(judge, "SUMMARY alpha", "zed@example.org")
    assert GRID not in outsider.text and "France      3   5   6" in outsider.text
    master = ask(judge, "SUMMARY alpha", "mona@example.org", signed="mona@example.org")
    assert GRID in master.text and "* = 1 unused build." in master.text


def test_a_blind_games_summary_shows_everything_once_it_is_over(judge: Judge) -> None:
    with judge.store.transaction() as s:
        played_game(s, options=["blind"], status="finished")
    outsider = ask(judge, "SUMMARY alpha", "zed@example.org")
    assert GRID in outsider.text and "* = 1 unused build." in outsider.text
