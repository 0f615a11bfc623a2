"""LIST on a real database (users' manual 3.4, njudge-formats 2.11): the brief table of the
listed games and the full listing of one, checked line by line against the njudge's layouts:
deadlines, parameters, players, the board, and what blind and gunboat games hide."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.listingkit import (
    NOW,
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


def test_brief_list_shows_active_and_forming_games_and_the_legend(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="F1903M", turn=6, position=start_board(), settings={"rated": True}
        )
        all_seven(s, alpha)
        beta = game(
            s, "beta", status="forming", options=["gunboat"], settings={"nmr": True},
            created_at=NOW - timedelta(days=1),
        )  # fmt: skip
        join(s, beta, user(s, "anna@example.org", "Anna"))
        join(s, beta, user(s, "bob@example.org", "Bob"))
        hidden = game(s, "hidden", status="forming", settings={"list": False})
        join(s, hidden, user(s, "carl@example.org", "Carl"))
    answer = ask(judge, "LIST")
    assert not answer.failed
    assert answer.lines[:5] == [
        "Name              Phase    Variant/Options",
        "---------------   ------   ---------------",
        "alpha             F1903M   Standard, Press:W-P-.",
        # Unmoderated games are unrated unless set RATED (manual 8.3).
        "beta              S1901M   Standard, Gunboat, NMR, Press:W-P-, Unrated.",
        "                     Forming: 5 more players needed.",
    ]
    assert "hidden" not in answer.text  # SET NO LIST
    assert answer.lines[6] == "Use 'list name' or 'list full' for more information on these games."
    assert answer.lines[-1] == "           - = Option not allowed"


def test_brief_list_marks_open_powers_and_ended_games(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1902M", turn=4, position=start_board())
        people = all_seven(s, alpha)
        people["France"].status = "abandoned"
        game(s, "omega", status="terminated", phase="F1905M", turn=12, position=start_board())
    answer = ask(judge, "LIST")
    assert "                     Openings: France (3/3)" in answer.lines
    assert "omega             F1905M   Standard, Press:W-P-, Unrated, Terminated." in answer.lines


def test_list_name_gives_the_full_listing(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="S1901M", turn=1, position=start_board(),
            deadline=datetime(2004, 1, 6, 23, 30), grace=datetime(2004, 1, 13, 22, 30),
            earliest=datetime(2004, 1, 2, 0, 0),
        )  # fmt: skip
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        people = all_seven(s, alpha)
        people["England"].orders_status = "complete"
        join(s, alpha, user(s, "watcher@example.org", "Walt"), role="observer")
    answer = ask(judge, "LIST alpha")
    assert not answer.failed
    lines = answer.lines
    assert lines[:5] == [
        "Game 'alpha' order #001 (S1901M) has a deadline of Tue Jan 06 2004 23:30:00 +0000.",
        "The earliest orders will be processed is Fri Jan 02 2004 00:00:00 +0000.",
        "One or more players have not gotten their orders in.",
        "Those who haven't gotten their orders in will be abandoned if nothing",
        "is received by Tue Jan 13 2004 22:30:00 +0000.",
    ]
    params = lines.index("The parameters for 'alpha' are as follows:")
    # The njudge's defaults shown (minimum dedication, MAX ABSENCE); Index and the counts
    # wait for the first count of centres, after the first Fall.
    assert lines[params + 1 : params + 9] == [
        "   Access:  Any-site, Level: Any, Dedication: -10000.",
        "  Variant:  Standard.",
        "    Flags:  NoNMR, NoProxy, DIAS.",
        "   xFlags:  HomeCentres, Concessions, Max Absence: 15.",
        "    Press:  White, Partial Allowed, No Fake.",
        "  Power Assignments: By Preference List Only.",
        "  Winning Centers: 18.",
        "    Index:  0  ",
    ]
    people_at = lines.index("The following players are signed up for game 'alpha':")
    assert lines[people_at + 1 : people_at + 4] == [
        "   Master                        0 master@example.org",
        "   Austria    move               0 p0@example.org",
        "   England    move               1 p1@example.org",
    ]
    assert "   Russia     move               5 p5@example.org" in lines
    assert "   Observer                        watcher@example.org" in lines
    assert "Status of the Movement phase for Spring of 1901.  (alpha.001)" in lines
    assert "Austria: Army Budapest." in lines
    assert "France:  Fleet Brest." in lines
    assert "Russia:  Fleet St Petersburg (south coast)." in lines
    assert "Ownership of supply centers:" in lines
    assert "Austria:   Budapest, Trieste, Vienna." in lines
    unowned = lines.index(
        "Unowned:   Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal,"
    )
    assert lines[unowned + 1] == "           Rumania, Serbia, Spain, Sweden, Tunis."
    assert "Austria:   3 Supply centers,  3 Units:  Builds   0 units." in lines
    assert "Russia:    4 Supply centers,  4 Units:  Builds   0 units." in lines


def test_list_after_sign_on_lists_that_game_and_late_players_show(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="F1901M", turn=2, position=start_board(),
            deadline=NOW - timedelta(hours=1), grace=NOW + timedelta(days=6),
            options=["gunboat"], settings={"nmr": True},
        )  # fmt: skip
        people = all_seven(s, alpha)
        people["Austria"].orders_status = "partial"
        people["England"].orders_status = "complete"
    answer = ask(judge, "LIST", sender="p0@example.org", signed="p0@example.org")
    lines = answer.lines
    assert lines[0].startswith("Game 'alpha' order #002 (F1901M) has a deadline of ")
    assert "Those who haven't gotten their orders in will be CD if nothing" in lines
    # Gunboat: no dedication, nobody's address but one's own.
    assert "   Austria    part                 p0@example.org" in lines
    assert "   England    move                 someone@somewhere" in lines
    assert "   France     late                 someone@somewhere" in lines
    assert "  Variant:  Standard, Gunboat." in lines


def test_counts_and_index_show_from_the_first_count_of_centres(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1902M", turn=4, position=start_board())
        all_seven(s, alpha)
        hidden = {"list": False}
        game(s, "unlisted", phase="S1902M", turn=4, position=start_board(), settings=hidden)
    lines = ask(judge, "LIST alpha").lines
    assert "   Austria    move    3/3        0 p0@example.org" in lines
    assert "   Russia     move    4/4        5 p5@example.org" in lines
    assert "    Index:  10 " in lines
    assert "    Flags:  NoNMR, NoList, NoProxy, DIAS." in ask(judge, "LIST unlisted").lines


def test_list_of_a_blind_game_shows_a_player_only_his_own_units(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board(), options=["blind"])
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        people = all_seven(s, alpha)
        people["Turkey"].status = "cd"
    player = ask(judge, "LIST", sender="p2@example.org", signed="p2@example.org")
    assert "France:  Army Paris." in player.lines
    assert "Austria: Army Vienna." not in player.lines
    # His own centres, as the blind results show them, and of the others only how many.
    assert "France:    Brest, Marseilles, Paris." in player.lines
    assert "France:    3 Supply centers,  3 Units:  Builds   0 units." in player.lines
    assert "Austria:   3 Supply centers." in player.lines
    assert not any(line.startswith(("Austria:   Budapest", "Unowned:")) for line in player.lines)
    assert "Turkey:    3 Supply centers." in player.lines  # a CD tag only on his own line
    # Not the others' units, nor whether they have moved.
    assert "   Austria" + " " * 23 + "0 p0@example.org" in player.lines
    master = ask(judge, "LIST", sender="master@example.org", signed="master@example.org")
    assert "Austria: Army Vienna." in master.lines
    assert "Turkey:    3 Supply centers,  3 Units:  Builds   0 units.  (* CD *)" in master.lines


def test_brief_list_without_games_is_the_legend(judge: Judge) -> None:
    answer = ask(judge, "LIST")
    assert answer.lines[0] == "Use 'list name' or 'list full' for more information on these games."


def test_list_of_an_unknown_game_fails_clearly(judge: Judge) -> None:
    answer = ask(judge, "LIST nosuch")
    assert answer.failed
    assert answer.text == "Game 'nosuch' does not exist.  Use 'list' to see the games."


def test_list_full_lists_every_game_in_full(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board())
        all_seven(s, alpha)
        beta = game(s, "beta", status="forming", created_at=NOW - timedelta(days=1))
        join(s, beta, user(s, "anna@example.org", "Anna"))
    answer = ask(judge, "LIST FULL")
    assert "The parameters for 'alpha' are as follows:" in answer.lines
    assert "Game 'beta' is waiting for 6 more players to sign on." in answer.lines
    assert "   Player                        0 anna@example.org" in answer.lines
