"""HISTORY on a real database (users' manual 3.4): stored history read in a span of real
time, cut after so many lines, or all but some turns; an unfinished blind game's history is
its master's alone."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from judge.store.models import Game, HistoryEvent
from tests.listingkit import (
    NOW,
    Answer,
    Judge,
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


def event(s: Session, where: Game, at: datetime, kind: str, phase: str, body: str) -> None:
    subject = f"{phase} Results" if kind == "results" else kind.capitalize()
    s.add(
        HistoryEvent(
            game_id=where.id, at=at, kind=kind, phase=phase, subject=subject, body=body + "\n"
        )
    )


def dated_history(s: Session) -> None:
    alpha = game(s, "alpha", phase="S1902M", turn=4, position=start_board())
    event(s, alpha, NOW - timedelta(days=10), "results", "S1901M", "Old news.\nLine two.")
    event(s, alpha, NOW - timedelta(days=3), "results", "F1901M", "Fall results.\nMore.")
    event(s, alpha, NOW - timedelta(days=1), "broadcast", "F1901B", "Hello all.")


def test_history_defaults_to_the_last_week(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
    answer = ask(judge, "HISTORY alpha")
    assert not answer.failed
    assert answer.lines[:2] == [
        "History information for game 'alpha' from Thu Dec 25 2003 12:00:00 +0000",
        "through Thu Jan 01 2004 12:00:00 +0000:",
    ]
    assert "Old news." not in answer.text
    assert "Date: Mon Dec 29 2003 12:00:00 +0000" in answer.lines
    assert "Subject: USTS:alpha - F1901M Results" in answer.lines
    assert "Fall results." in answer.lines
    assert "Hello all." in answer.lines
    assert answer.lines[-1] == "---- History terminated due to end of information."


def test_history_window_from_and_to(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
    everything = ask(judge, "HISTORY alpha FROM Jan 1 1990")
    assert "Old news." in everything.text and "Hello all." in everything.text
    assert everything.lines[0].endswith("from Mon Jan 01 1990 00:00:00 +0000")
    early = ask(judge, "HISTORY alpha FROM Jan 1 1990 TO Dec 30 2003")
    assert "Old news." in early.text and "Fall results." in early.text
    assert "Hello all." not in early.text
    assert early.lines[-1] == "---- History terminated due to time range exhausted."
    # An end before the (default) start is ignored: the same as no dates at all.
    backwards = ask(judge, "HISTORY alpha TO Dec 20 2003")
    assert backwards.text == ask(judge, "HISTORY alpha").text
    quiet = ask(judge, "HISTORY alpha FROM Jan 1 1990 TO Jan 2 1990")
    assert quiet.lines[-1] == "No history for specified period."


def test_history_lines_limit_cuts_the_output(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
    answer = ask(judge, "HISTORY alpha FROM Jan 1 1990 LINES 5")
    body = answer.lines[3:-2]
    assert body == [
        "Date: Mon Dec 22 2003 12:00:00 +0000",
        "Subject: USTS:alpha - S1901M Results",
        "",
        "Old news.",
        "Line two.",
    ]
    assert answer.lines[-1] == "---- History terminated due to line limit exceeded."
    assert ask(judge, "HISTORY alpha LINES 0").failed


def test_history_after_sign_on_needs_no_name_and_unknown_games_fail(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
        alpha = s.query(Game).one()
        join(s, alpha, user(s, "anna@example.org", "Anna"), power="France")
    signed = ask(judge, "HISTORY", sender="anna@example.org", signed="anna@example.org")
    assert signed.text == ask(judge, "HISTORY alpha").text
    assert ask(judge, "HISTORY nosuch").failed
    assert ask(judge, "HISTORY").failed


def turn_history(s: Session, options: list[str] | None = None) -> Game:
    alpha = game(s, "alpha", phase="S1903M", turn=7, position=start_board(), options=options or [])
    at = NOW - timedelta(days=30)
    for i, phase in enumerate(["S1901M", "F1901M", "F1901B", "S1902M", "F1902M", "F1902B"]):
        event(s, alpha, at + timedelta(days=2 * i), "results", phase, f"Results of {phase}.")
    event(s, alpha, at + timedelta(days=3), "broadcast", "F1901B", "A broadcast in F1901B.")
    event(s, alpha, at + timedelta(days=11), "draw", "S1903M", "Game 'alpha' is drawn.")
    return alpha


def shown(answer: Answer) -> list[str]:
    return [line for line in answer.lines if line.startswith(("Results of", "A broad", "Game"))]


def test_history_exclstart_keeps_results_before_the_excluded_turn(judge: Judge) -> None:
    with judge.store.transaction() as s:
        turn_history(s)
    answer = ask(judge, "HISTORY alpha EXCLSTART S1902M")
    assert not answer.failed
    assert answer.lines[:2] == [
        "History information for game 'alpha' excluding turn 'S1902M'",
        "to turn 'end of game'.",
    ]
    # The results of 1901 only: no broadcast without BROAD, and the draw came in S1903M,
    # inside the excluded phases (from S1902M to the end).
    assert shown(answer) == ["Results of S1901M.", "Results of F1901M.", "Results of F1901B."]
    assert answer.lines[-1] == "---- History terminated due to end of information."


def test_history_exclend_resumes_at_that_turn_and_keeps_draws(judge: Judge) -> None:
    with judge.store.transaction() as s:
        turn_history(s)
    answer = ask(judge, "HISTORY alpha EXCLSTART S1899M EXCLEND F1902M")
    assert shown(answer) == ["Results of F1902M.", "Results of F1902B.", "Game 'alpha' is drawn."]
    broad = ask(judge, "HISTORY alpha EXCLSTART S1902M BROAD")
    assert "A broadcast in F1901B." in shown(broad)


def test_history_exclstart_past_the_game_or_invalid_gives_everything(judge: Judge) -> None:
    with judge.store.transaction() as s:
        turn_history(s)
    everything = [f"Results of {x}." for x in ("S1901M", "F1901M", "F1901B", "S1902M")]
    everything += ["Results of F1902M.", "Results of F1902B.", "Game 'alpha' is drawn."]
    assert shown(ask(judge, "HISTORY alpha EXCLSTART S9999M")) == everything
    # A turn the standard game cannot have (no spring adjustments): the whole history.
    assert shown(ask(judge, "HISTORY alpha EXCLSTART S1902B EXCLEND F1902B")) == everything


def test_history_of_an_unfinished_blind_game_is_for_its_master(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = turn_history(s, options=["blind"])
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        join(s, alpha, user(s, "anna@example.org", "Anna"), power="France")
    assert ask(judge, "HISTORY alpha EXCLSTART S9999M").failed
    assert ask(judge, "HISTORY EXCLSTART S9999M", "anna@example.org", "anna@example.org").failed
    master = ask(judge, "HISTORY EXCLSTART S9999M", "master@example.org", "master@example.org")
    assert not master.failed
    assert "Results of S1901M." in master.lines
