"""The skill rating by mail (docs/ratings.md): a game played over SMTP to its end (1901,
then everyone concedes to Germany, the largest), then GET RATINGS mails the table and INFO
PLAYER shows the rating; nothing is rated before the end."""

from __future__ import annotations

from tests.gametable import MASTER, POWERS, address, form, germany_to_winter, start
from tests.judgekit import files_in

WATCHER = "watcher@example.org"


def _ratings(table) -> str:
    reply = table.send(WATCHER, "GET RATINGS\n")
    assert "The table of skill ratings has been sent." in reply.get_content()
    table.judge.mailbox.wait(lambda: bool(table.inbox(WATCHER, "Diplomacy file ratings")))
    mail = table.inbox(WATCHER, "Diplomacy file ratings")[-1]
    return files_in(mail)["ratings"]


def test_get_ratings_after_a_finished_game(table):
    start(table)
    germany_to_winter(table)
    set_rated = table.orders("Austria", "SET RATED")
    assert "rated" in set_rated.lower()
    before = _ratings(table)
    assert "No game has been rated yet." in before
    info = table.send(WATCHER, f"INFO PLAYER {address('Germany')}\n").get_content()
    assert "Skill rating:          100.0  (no rated game yet)" in info
    for power in POWERS:
        if power != "Germany":
            table.orders(power, "SET CONCEDE G")
    table.wait_for(address("France"), "Game conceded to Germany")

    text = _ratings(table)
    lines = text.splitlines()
    assert lines[0].startswith("Skill ratings of judge ")
    rows = [line for line in lines if line.startswith("   ") and "@" in line]
    assert len(rows) == 7
    # Seven at 100 stake 100/17.5 each; Germany takes the pot of 40.
    assert rows[0].split()[:3] == ["1", "134.3", "1"]
    assert address("Germany") in rows[0]
    assert all(row.split()[:3] == ["2", "94.3", "1"] for row in rows[1:])  # equals share
    assert "7 players rated, 7 places in rated games." in text

    german = table.send(WATCHER, f"INFO PLAYER {address('Germany')}\n").get_content()
    assert "Skill rating:          134.3  (1 rated game, 1 of 7 rated)" in german
    mine = table.send(address("France"), "GET DEDICATION\n").get_content()
    assert "Skill rating:          94.3  (1 rated game, 2 of 7 rated)" in mine


def test_a_gunboat_game_that_never_reveals_its_players_is_not_rated(table):
    """Its players stay hidden after its end (SET NO REVEAL): a rating moved by it would
    name them, so the seven-way draw that ends it rates nobody."""
    table.send(MASTER, form(MASTER))
    table.send(MASTER, "CREATE ?dark pwMaster standard gunboat\nBECOME MASTER\nSET NO REVEAL\n")
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?dark pw{power} gunboat\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON {letter}dark pw{power}\nSET DRAW\n")
    table.wait_for(address("France"), "Draw Declared")
    assert "No game has been rated yet." in _ratings(table)
    info = table.send(WATCHER, f"INFO PLAYER {address('France')}\n").get_content()
    assert "Skill rating:          100.0  (no rated game yet)" in info
