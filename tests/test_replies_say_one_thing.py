"""Replies that say one true thing (issue 29, "A new user's second game"), over SMTP: what
CREATE and BECOME MASTER answer together, the `:: Deadline:` line of a game that has no
deadline (paused, terminated, finished), a takeover of a robot's seat that moves no
deadline, a robot named once in SUMMARY and WHOGAME, and counts whose nouns agree with
them ("1 game")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.gametable import (
    HOLDS,
    MASTER,
    POWERS,
    TIMING,
    Table,
    address,
    form,
    master,
    start_moderated,
)
from tests.judgekit import InProcessJudge

ENGLAND = address("England")
WATCHER = "watcher@example.org"


@pytest.fixture(scope="module")
def robots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """A judge for the games of one person and six robots; each test makes its own."""
    with InProcessJudge(tmp_path_factory.mktemp("replies") / "judge") as judge:
        table = Table(judge)
        for who in (MASTER, ENGLAND, WATCHER):
            table.send(who, form(who))
        yield table


def robot_game(table: Table, name: str, person: str = ENGLAND) -> None:
    """`person` as England and six robots (SET ROBOTS, FORCE BEGIN), the game under way."""
    table.send(MASTER, f"CREATE ?{name} pwMaster\nBECOME MASTER\n{TIMING}SET ROBOTS random\n")
    table.send(person, f"SIGN ON ?{name} pwEngland\nSET PREFERENCE E\n")
    table.send(MASTER, f"SIGN ON M{name} pwMaster\nFORCE BEGIN\n")
    table.wait_for(person, f"{name} - S1901M Game Starting")


def spring(table: Table, name: str, person: str = ENGLAND) -> None:
    """England holds: with the robots' orders in, the spring is played at once."""
    table.send(person, f"SIGN ON E{name} pwEngland\nF lon H\nF edi H\nA lvp H\n")
    table.wait_for(person, f"{name} - S1901M Results")


def test_create_then_become_master_is_answered_as_a_master_created_it(judge):
    judge.ask(MASTER, form(MASTER))
    reply = judge.ask(MASTER, "CREATE ?war pwMaster\nBECOME MASTER\n").get_content()
    # As the njudge answers a game's creator who is its master (Bug91-01), and nothing else.
    assert (
        "You've been selected to play Master in game 'war'.\n"
        "You'll be notified when 7 more players sign on.\n"
        "Game 'war' now has 0 players.\n"
    ) in reply, reply
    assert "a power" not in reply and "1 player" not in reply


def test_no_header_claims_a_deadline_for_a_game_that_has_none(table):
    start_moderated(table)
    assert ":: Deadline: S1901M " in master(table, "")
    paused = master(table, "PAUSE")
    assert "Game 'war' is paused." in paused and ":: Deadline:" not in paused
    notice = table.wait_for(address("France"), "Game Paused")[0].get_content()
    assert ":: Deadline:" not in notice
    assert ":: Deadline:" not in table.orders("France", HOLDS["France"])
    assert ":: Deadline: S1901M " in master(table, "RESUME")
    ended = master(table, "TERMINATE")
    assert "Game 'war' is terminated." in ended and ":: Deadline:" not in ended
    assert ":: Deadline:" not in table.send(WATCHER, "LIST war\n").get_content()
    # Resumed, then ended by a draw: a finished game has no deadline either.
    master(table, "RESUME")
    for power in POWERS:
        voted = table.orders(power, "SET DRAW")
    assert "Game 'war' ended in a draw" in table.send(WATCHER, "LIST war\n").get_content()
    assert ":: Deadline:" not in voted
    declared = table.wait_for(address("France"), "Draw Declared")[0].get_content()
    assert ":: Deadline:" not in declared


def test_a_takeover_that_moves_no_deadline_says_it_remains(robots):
    robot_game(robots, "seat")
    took = robots.send(WATCHER, "SIGN ON Tseat pwNew\n").get_content()
    assert "Wait has been set automatically for you" in took
    # The deadline is days away: taking the robot's seat leaves it where it was.
    assert "advanced to" not in took, took
    assert "Deadline for 'seat' remains" in took
    told = robots.wait_for(ENGLAND, "Takeover of Turkey")[0].get_content()
    assert "Deadline for 'seat' remains" in told and "advanced to" not in told, told
    assert "Also, a wait has been placed for all active players." in told
    # Nor had anybody abandoned Turkey: a robot played it.
    assert "Take over of Turkey from Robot (random) allowed." in took
    boss = robots.wait_for(MASTER, "Takeover of Turkey")[0].get_content()
    assert f"{WATCHER} has taken over Turkey\nfrom Robot (random) in game 'seat'." in boss


def test_a_robot_is_named_once_in_summary_and_whogame(robots):
    robot_game(robots, "named")
    spring(robots, "named")
    summary = robots.send(WATCHER, "SUMMARY named\n").get_content()
    turkey = next(line for line in summary.splitlines() if line.startswith("  Turkey:"))
    assert turkey.split() == ["Turkey:", "Robot", "(random)"], turkey
    assert "England Player" in summary and ENGLAND in summary
    who = robots.send(WATCHER, "WHOGAME named\n").get_content()
    assert "Turkey:    Robot (random)" in who
    assert "Name:      Robot (random)" not in who


def test_counts_agree_with_their_nouns(robots):
    newcomer = "newcomer@players.example"
    robots.send(newcomer, form(newcomer))
    fresh = robots.send(newcomer, "GET DEDICATION\n").get_content()
    assert "(0 of 0 turns on time)" in fresh and "(0 in 0 games)" in fresh
    robot_game(robots, "counted", newcomer)
    spring(robots, "counted", newcomer)
    record = robots.send(WATCHER, f"INFO PLAYER {newcomer}\n").get_content()
    assert "(1 of 1 turn on time)" in record and "(0 in 1 game)" in record, record
