"""SUMMARY on a real database (njudge-formats 2.12): played phases are stored, and who held
each power when and the centres each owned year by year are checked line by line."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

from judge.store.models import Participant, PhaseRecord
from tests.listingkit import (
    NOW,
    Judge,
    all_seven,
    ask,
    board,
    fresh_judge,
    game,
    join,
    start_board,
    user,
)


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[Judge]:
    yield from fresh_judge(tmp_path)


# Centres taken in 1901 (Belgium stays neutral), then in 1902 (Belgium, and Budapest from
# Austria).
YEAR_1901 = {
    "Austria": ["ser", "gre"], "England": ["nwy"], "France": ["spa", "por"],
    "Germany": ["den", "hol"], "Italy": ["tun"], "Russia": ["swe", "rum"], "Turkey": ["bul"],
}  # fmt: skip
YEAR_1902 = {**YEAR_1901, "France": ["spa", "por", "bel"], "Russia": ["swe", "rum", "bud"]}


def played_game(s: Session, **fields: Any) -> dict[str, Participant]:
    """alpha: 1901 and 1902 played, now in S1903M; England left a build unused in 1901,
    and Russia was taken over during the spring of 1902."""
    after_1901 = board(YEAR_1901)
    built_1901 = board(YEAR_1901, built=True, England=1)
    after_1902 = board(YEAR_1902, built=True)
    phases = [
        ("S1901M", start_board()), ("F1901M", start_board()), ("F1901B", after_1901),
        ("S1902M", built_1901), ("F1902M", built_1901), ("F1902B", after_1902),
    ]  # fmt: skip
    alpha = game(s, "alpha", phase="S1903M", turn=7, position=after_1902, **fields)
    people = all_seven(s, alpha)
    for turn, (phase, position) in enumerate(phases, 1):
        s.add(
            PhaseRecord(
                game_id=alpha.id, turn=turn, phase=phase, position=position, result={},
                processed_at=NOW - timedelta(days=14 - 2 * turn),
            )
        )  # fmt: skip
    people["Russia"].status = "resigned"
    taker = user(s, "rex@example.org", "Rex Taker")
    # After S1902M was processed (day -6), before F1902M (day -4).
    people["Rex"] = join(s, alpha, taker, power="Russia", joined_at=NOW - timedelta(days=5))
    return people


def test_summary_counts_centres_per_year_with_unused_builds_and_takeovers(judge: Judge) -> None:
    with judge.store.transaction() as s:
        played_game(s)
    answer = ask(judge, "SUMMARY alpha")
    assert not answer.failed
    lines = answer.lines
    assert lines[0] == "Summary of game 'alpha' through F1902B."
    assert "  Austria:       Player Austria  p0@example.org" in lines
    russia = lines.index("  Russia:        Player Russia   p5@example.org")
    assert lines[russia + 1] == "   from F1902M:  Rex Taker       rex@example.org"
    assert "Game parameters are/were as follows:" in lines
    assert "  Judge: USTS." in lines

    grid = lines.index("Historical Supply Center Summary")
    assert lines[grid + 2].startswith("    Ven Nap Edi Lvp Par")
    assert lines[grid + 3].startswith("Year  Rom Tun Lon Bre Mar")
    assert lines[grid + 4].startswith("1900 I I I . E E E F F F")
    assert lines[grid + 5].startswith("1901 I I I I E E E F F F")

    counts = lines.index("History of Supply Center Counts")
    assert lines[counts + 1] == "-------------------------------"
    # The player's name starts at column 52 (ten years to a line).
    assert lines[counts + 2] == "Power    1900 '01 '02" + " " * 31 + "Player"
    assert lines[counts + 3] == "Austria     3   5   4" + " " * 31 + "Player Austria"
    assert lines[counts + 4] == "England     3   4*  4" + " " * 31 + "Player England"
    assert lines[counts + 5] == "France      3   5   6" + " " * 31 + "Player France"
    # Russia's new player held it at the end of 1902: the row goes on under his name.
    assert lines[counts + 8] == "Russia      4   6 \\" + " " * 33 + "Player Russia"
    assert lines[counts + 9] == " " * 18 + "  7" + " " * 31 + "Rex Taker"
    assert lines[counts + 10] == "Turkey      3   4   4" + " " * 31 + "Player Turkey"
    # (9 + 6 * 9 + 16) / 7, (25 + 16 + 25 + 25 + 16 + 36 + 16) / 7, ...
    assert lines[counts + 11] == "Index:     10  22  24"
    assert "* = 1 unused build." in lines
    assert lines[-1] == "number of players.  It is a measure of how far the game has progressed."


def test_summary_of_a_gunboat_game_names_nobody(judge: Judge) -> None:
    with judge.store.transaction() as s:
        played_game(s, options=["gunboat"])
    answer = ask(judge, "SUMMARY alpha")
    assert "  Austria:       Somebody #1  someone@somewhere" in answer.lines
    assert "   from F1902M:  Somebody #7  someone@somewhere" in answer.lines
    assert "@example.org" not in answer.text


def test_summary_before_any_phase_was_played_fails(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board())
        all_seven(s, alpha)
    answer = ask(judge, "SUMMARY alpha")
    assert answer.failed
    assert "no phase has been played" in answer.text
