"""SET BCENTERS (info.blind, manual 9.1): in a blind game every reader is shown which
centres each power owns, not only his own; units stay hidden and so do the others' unit
counts. Refused in a game that is not blind, where it would do nothing. The setting and
LIST on a real database, then the results' tables as pure functions."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import parser as p
from adjudicator import adjudicate
from judge.engine.master.settings import set_flag
from judge.reports.blind import blind_report, sight
from tests import listingkit
from tests.listingkit import Judge, all_seven, ask, fresh_judge, game, join, start_board, user
from variants import load

MASTER = "master@example.org"
WATCHER = "watcher@example.org"


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[Judge]:
    yield from fresh_judge(tmp_path)


def test_bcenters_shows_a_blind_games_centres_to_every_reader(judge: Judge, monkeypatch) -> None:
    monkeypatch.setitem(listingkit.HANDLERS, p.SetFlag, set_flag)  # SET as well as LIST
    with judge.store.transaction() as s:
        plain = game(s, "plain", status="forming")
        join(s, plain, user(s, "mona@example.org", "Mona"), role="master")
        war = game(s, "war", phase="S1901M", turn=1, position=start_board(), options=["blind"])
        join(s, war, user(s, MASTER, "Master"), role="master")
        all_seven(s, war)
        join(s, war, user(s, WATCHER, "Watcher"), role="observer")
    refused = ask(judge, "SET BCENTERS", "mona@example.org", signed="mona@example.org")
    assert refused.failed and refused.text == "SET BCENTERS: game 'plain' is not a Blind game."
    made = ask(judge, "SET BCENTRES", MASTER, signed=MASTER)
    assert "Game 'war' set: BCentres." in made.text

    french = ask(judge, "LIST", "p2@example.org", signed="p2@example.org").lines
    assert "   xFlags:  HomeCentres, BCentres, Concessions, Max Absence: 15." in french
    assert "France:    Brest, Marseilles, Paris." in french
    assert "Germany:   Berlin, Kiel, Munich." in french
    assert any(line.startswith("Unowned:   Belgium, Bulgaria") for line in french)
    assert "France:    3 Supply centers,  3 Units:  Builds   0 units." in french
    assert "Germany:   3 Supply centers." in french  # his units' count stays hidden
    assert "France:  Army Paris." in french and "Germany: Army Berlin." not in french
    watched = ask(judge, "LIST war", WATCHER).lines
    assert "Russia:    Moscow, Sevastopol, St Petersburg, Warsaw." in watched
    assert not any(" Army " in line or " Fleet " in line for line in watched)

    assert (
        "Game 'war' set: NoBCentres." in ask(judge, "SET NO BCENTERS", MASTER, signed=MASTER).text
    )
    french = ask(judge, "LIST", "p2@example.org", signed="p2@example.org").lines
    assert "Germany:   3 Supply centers." in french
    assert "Germany:   Berlin, Kiel, Munich." not in french
    assert not any(line.startswith("Unowned:") for line in french)


STANDARD = load("standard")
FALL = {
    "variant": "standard",
    "phase": "F1901M",
    "units": {"France": ["A par", "F bre"], "Germany": ["A ruh", "F kie"]},
    "centers": {"France": ["par", "bre", "mar"], "Germany": ["ber", "kie", "mun"]},
    "orders": {"France": ["A par - bur"], "Germany": ["A ruh - hol"]},
}


def test_a_blind_results_copy_names_every_powers_centres_only_under_bcenters():
    out = adjudicate(FALL)
    usual = blind_report(STANDARD, "war", 2, FALL, out, sight("player", "France"))
    assert "Germany:   4 Supply centers." in usual and "Holland" not in usual
    shown = blind_report(STANDARD, "war", 2, FALL, out, sight("player", "France", True))
    assert "Germany:   Berlin, Holland, Kiel, Munich." in shown
    assert "France:    Brest, Marseilles, Paris." in shown
    assert "Germany:   4 Supply centers." in shown  # still no count of his units
    assert "Army Holland" not in shown and "Germany: Army" not in shown
    watcher = blind_report(STANDARD, "war", 2, FALL, out, sight("observer", None, True))
    assert "Germany:   Berlin, Holland, Kiel, Munich." in watcher
    assert "Units" not in watcher
