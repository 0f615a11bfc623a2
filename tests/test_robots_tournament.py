"""`judge tournament`: what a strategy writer sees on the command line, table and JSON."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from judge.cli import main
from tests.judgekit import ROOT

PLAYERS = "dumbbot,random,random,hold,loeb,blabbot,blabbot"


def test_json_gives_every_game_seats_centres_winner_and_years(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "--players", PLAYERS, "--games", "2", "--years", "2", "--seed", "5"]
    assert main([*args, "--json"]) == 0
    out, err = capsys.readouterr()
    games = json.loads(out)["games"]
    assert [g["seed"] for g in games] == [5, 6]
    for game in games:
        assert set(game) == {"seed", "seats", "centers", "winner", "years", "ended"}
        assert set(game["centers"]) == set(game["seats"]) == {
            "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"
        }  # fmt: skip
        assert sum(game["centers"].values()) >= 22
        assert game["winner"] is None and game["years"] == 2 and game["ended"] == "unfinished"
    # Seats rotate: the second game moves every strategy one power on.
    assert games[0]["seats"]["Austria"] == "dumbbot"
    assert games[1]["seats"]["Turkey"] == "dumbbot"
    assert "2/2 games" in err
    # The same seed replays the same games.
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == games


def test_the_table_has_a_row_per_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", PLAYERS, "--games", "1", "--years", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "strategy", "games", "solos", "draws", "unfinished", "survived", "centres"
    ]  # fmt: skip
    rows = {line.split()[0]: line.split()[1:] for line in lines[1:]}
    assert set(rows) == {"dumbbot", "random", "hold", "loeb", "blabbot"}
    assert rows["random"][0] == "2" and rows["hold"][0] == "1"


def test_games_cut_off_by_years_are_unfinished_not_drawn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 29: a game --years stopped is no draw; the bar's line is ended before the table."""
    assert main(["tournament", "--players", PLAYERS, "--games", "1", "--years", "1"]) == 0
    out, err = capsys.readouterr()
    assert err.endswith("] 1/1 games\n")
    rows = {line.split()[0]: line.split()[1:5] for line in out.splitlines()[1:]}
    # games, solos, draws, unfinished: every power survives one year, none has won or drawn.
    assert rows["random"] == ["2", "0", "0", "2"] and rows["blabbot"] == ["2", "0", "0", "2"]


def test_peaceful_survivors_draw(capsys: pytest.CaptureFixture[str]) -> None:
    """Seven blabbots at peace end the game as a draw: that is a draw, not unfinished."""
    assert main(["tournament", "--players", ",".join(["blabbot"] * 7), "--games", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[:5] == ["blabbot", "7", "0", "7", "0"]


def test_an_interrupted_tournament_ends_its_line_and_shows_no_traceback() -> None:
    tournament = subprocess.Popen(
        [sys.executable, "-m", "judge", "tournament", "--players", PLAYERS, "--games", "50"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert tournament.stderr is not None
    shown = b""
    while b"games" not in shown:  # the bar is up: the games have begun
        shown += os.read(tournament.stderr.fileno(), 100)
    tournament.send_signal(signal.SIGINT)
    out, err = tournament.communicate(timeout=30)
    assert tournament.returncode == 1 and out == b""
    assert (shown + err).endswith(b"/50 games\n"), shown + err


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("dumbbot,random", "Standard has 7 powers; --players names 2 strategies"),
        ("dumbbot,clever,random,random,random,random,random", "no such strategy: clever"),
    ],
)
def test_bad_players_get_a_clear_message(
    players: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "--players", players]) == 2
    assert message in capsys.readouterr().err


def test_an_unknown_variant_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--variant", "atlantis", "--players", "hold"]) == 2
    assert "there is no variant atlantis" in capsys.readouterr().err
