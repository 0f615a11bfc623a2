"""Dedication over SMTP and `judge tick --now` (users' manual 5.2): +3 for orders on time,
-1 per late reminder, -50 when abandoned, the on-time and CD ratios, as GET DEDICATION
and INFO PLAYER show them; unrated games count for nothing. And the access settings of
manual 8.4, enforced at sign-on, with the limits put on the moderator."""

from __future__ import annotations

from datetime import timedelta

from tests.gametable import MASTER, address, form, start, start_moderated
from tests.test_lateness import HOLDS, tick, utc

GERMANY = "A ber H; A mun H; F kie H"


def record(table, who: str) -> str:
    return table.send(who, "GET DEDICATION\n").get_content()


def test_points_and_ratios_follow_a_moderated_game(table):
    start_moderated(table)  # moderated, hence rated
    for power, orders in {**HOLDS, "Germany": GERMANY}.items():
        table.orders(power, orders)
    table.wait_for(address("France"), "S1901M Results")
    france = record(table, address("France"))
    assert "Dedication points:     3" in france
    assert "On-time ratio:         1.00  (1 of 1 turn on time)" in france

    # Fall: Germany is late. The first late notice counts the turn for everyone.
    for power, orders in HOLDS.items():
        table.orders(power, orders)
    state = table.show()
    deadline, grace = utc(state["deadline"]), utc(state["grace"])
    tick(table, deadline + timedelta(minutes=1))
    table.wait_for(address("Germany"), "Late Notice")
    germany = record(table, address("Germany"))
    assert "Dedication points:     2" in germany
    assert "On-time ratio:         0.50  (1 of 2 turns on time)" in germany
    france = record(table, address("France"))
    assert "Dedication points:     6" in france
    assert "(2 of 2 turns on time)" in france

    tick(table, deadline + timedelta(hours=24, minutes=2))  # the daily reminder: -1
    table.wait_for(address("Germany"), "Late Notice", count=2)
    assert "Dedication points:     1" in record(table, address("Germany"))

    tick(table, grace + timedelta(minutes=1))  # NoNMR: abandoned, a grace period missed
    table.wait_for(address("France"), "Abandoned")
    germany = table.send("watcher@example.org", f"INFO PLAYER {address('Germany')}\n")
    text = germany.get_content()
    assert "Dedication points:     -49" in text
    assert "CD ratio:              1.00  (1 in 1 game)" in text
    assert "Resignations:          1" in text

    # The master may not ask more of players than of himself; a player below the
    # minimum is refused a place in the master's next game.
    again = table.send(
        MASTER, "CREATE ?peace pwMaster\nBECOME MASTER\nSET DEDICATION 1\nSET DEDICATION -10\n"
    ).get_content()
    assert "SET DEDICATION: the minimum cannot be above your own dedication (0)" in again
    assert "Game 'peace' set: Dedication: -10." in again
    refused = table.send(address("Germany"), "SIGN ON ?peace passG\n").get_content()
    assert "Game 'peace' requires a dedication of at least -10; yours is -49." in refused
    joined = table.send(address("France"), "SIGN ON ?peace passF\n").get_content()
    assert "selected to play" in joined


def test_an_unmoderated_game_is_unrated_unless_set_rated(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    for power, orders in {**HOLDS, "Germany": GERMANY}.items():
        table.orders(power, orders)
    table.wait_for(address("France"), "S1901M Results")
    assert "Dedication points:     0" in record(table, address("France"))
    assert "Game 'war' set: Rated." in table.orders("France", "SET RATED")
    for power, orders in {**HOLDS, "Germany": GERMANY}.items():
        table.orders(power, orders)
    table.wait_for(address("France"), "F1901M Results")
    assert "Dedication points:     3" in record(table, address("France"))


def test_access_settings_are_enforced_at_sign_on(table):
    for who in ("novice@example.org", "expert@example.org"):
        level = who.split("@")[0].capitalize()
        table.send(who, form(who).replace("Level: Novice", f"Level: {level}"))
    made = table.send(
        address("France"),
        "CREATE ?club passF\nSET ALLOW PLAYER italy@players.example\nSET LEVEL FRIENDLY\n",
    ).get_content()
    assert "Game 'club' set: italy@players.example added to the allow list." in made
    assert "cannot read 'FRIENDLY' here" in made  # an unknown level is refused

    uninvited = table.send(address("Germany"), "SIGN ON ?club passG\n").get_content()
    assert "Game 'club' is open only to those invited by its master." in uninvited
    watching = table.send(address("Germany"), "OBSERVE club passG\n").get_content()
    assert "open only to those invited" in watching  # the lists bind observers too
    assert "selected to play" in table.send(address("Italy"), "SIGN ON ?club passI\n").get_content()

    table.send(
        address("France"),
        "SIGN ON ?club passF\nSET ALLOW PLAYER -italy@players.example\n"
        "SET DENY PLAYER germany@players.example\nSET LEVEL EXPERT\n",
    )
    denied = table.send(address("Germany"), "SIGN ON ?club passG\n").get_content()
    assert "its master has denied you access" in denied
    novice = table.send("novice@example.org", "SIGN ON ?club passN\n").get_content()
    assert "Game 'club' is for Expert players; you registered as Novice." in novice
    expert = table.send("expert@example.org", "SIGN ON ?club passE\n").get_content()
    assert "selected to play" in expert

    # The moderator's limits on ratios, and settings kept for the start.
    made = table.send(
        address("France"),
        "SIGN ON ?club passF\nSET ONTIMERAT 1.5\nSET RESRAT 0.2\nSET PRFRAND\nSET MONEY\n",
    ).get_content()
    assert "SET ONTIMERAT: the on-time ratio is a number from 0 to 1." in made
    assert "Game 'club' set: Maximum CD Ratio: 0.20." in made
    assert "Game 'club' set: Power Assignments: PRFRAND." in made
    assert "SET MONEY: game 'club' is not a Machiavelli game" in made
    told = table.wait_for("expert@example.org", "Parameter Change")[0].get_content()
    assert "france@players.example has changed the settings of game 'club':" in told


def test_gunboat_games_do_not_show_who_changed_a_setting(table):
    table.send(address("France"), "CREATE ?dark passF standard gunboat\n")
    table.send(address("Italy"), "SIGN ON ?dark passI standard gunboat\n")
    table.send(address("France"), "SIGN ON ?dark passF standard gunboat\nSET NMR\n")
    told = table.wait_for(address("Italy"), "Parameter Change")[0].get_content()
    assert "someone@somewhere has changed the settings of game 'dark':\n  NMR." in told
    assert "france" not in told.lower().split("settings of")[0]
