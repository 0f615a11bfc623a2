"""Secrets kept (issue 30) over SMTP: a person who plays a game, from any address of his,
reads none of its press through an observer's place; a gunboat game's players are not
singled out by their dedication while it runs (held, and credited when it ends); and in a
gunboat game a robot's press reads as a person's."""

from __future__ import annotations

import re
from datetime import timedelta

from tests.gametable import MASTER, POWERS, address, form, start_moderated
from tests.test_lateness import HOLDS, tick, utc
from tests.test_press import arrived

FRANCE = address("France")
HOME = "france@home.example"  # France's second address
WATCHER = "watcher@example.org"


def _text(table, who: str, body: str) -> str:
    return table.send(who, body).get_content()


def _link(table, new: str, owner: str) -> None:
    """`new` becomes an address of `owner`'s registration (I AM ALSO and its token)."""
    _text(table, new, f"I AM ALSO {owner}")

    def tokens() -> list[str]:
        found = [
            re.search(r"I AM ALSO CONFIRM \S+", m.get_content()) for m in table.inbox(owner, "")
        ]
        return [x.group(0) for x in found if x]

    table.judge.mailbox.wait(lambda: bool(tokens()))
    assert "is now also an address" in _text(table, new, tokens()[-1])


def test_a_player_reads_no_press_of_his_game_through_an_observers_place(table):
    start_moderated(table, "SET WATCH ALL PRESS\n")
    playing = "You are playing in game 'war': a player may not also observe his own game."
    assert playing in _text(table, FRANCE, "OBSERVE war pwSpy\nSET ALL PRESS\n")
    assert playing in _text(table, FRANCE, "SIGN ON Owar pwSpy\n")
    mastering = "You are a master of game 'war': a master receives all an observer does"
    assert mastering in _text(table, MASTER, "OBSERVE war pwSpy\n")

    # France watches from an address not yet his, then links it to his registration: the
    # press between others does not reach him there.
    watching = _text(table, HOME, "OBSERVE war pwHome\nSET ALL PRESS\n")
    assert "You will receive all partial press in game 'war'." in watching
    _link(table, HOME, FRANCE)
    assert playing in _text(table, HOME, "OBSERVE war pwHome\n")
    _text(table, WATCHER, "OBSERVE war pwWatch\nSET ALL PRESS\n")
    table.orders("England", "PRESS TO G\nMeet me in the North Sea.\nENDPRESS")
    arrived(table, WATCHER, "Press from E to G", "North Sea")
    arrived(table, address("Germany"), "Press from E to G", "North Sea")
    for his in (HOME, FRANCE):
        assert not table.inbox(his, "Press from E to G")


def test_an_observer_who_signs_on_to_play_observes_no_more(table):
    _text(table, FRANCE, "CREATE ?club pwFrance\n")
    watching = _text(table, WATCHER, "OBSERVE club pwWatch\n")
    assert "You are now an Observer in game 'club'." in watching
    joined = _text(table, WATCHER, "SIGN ON ?club pwWatch\n")
    assert "You are no longer an Observer in game 'club'." in joined
    assert "You've been selected to play a power in game 'club'." in joined
    listing = _text(table, FRANCE, "LIST club\n")
    assert WATCHER in listing
    assert not [line for line in listing.splitlines() if line.strip().startswith("Observer")]


def _gunboat(table, name: str, settings: str = "") -> None:
    """A moderated (so rated) gunboat game of the seven, each given his own power."""
    table.send(MASTER, form(MASTER))
    table.send(
        MASTER,
        f"CREATE ?{name} pwMaster standard gunboat\nBECOME MASTER\nSET MOVE MIN 0 DELAY 0\n"
        + settings,
    )
    for power, letter in POWERS.items():
        if f"ROBOT {power}" not in settings:
            table.send(
                address(power), f"SIGN ON ?{name} pw{power} gunboat\nSET PREFERENCE {letter}\n"
            )
    table.wait_for(MASTER, "Game Starting")


def _record(table, who: str) -> str:
    return _text(table, "stranger@example.org", f"INFO PLAYER {who}\n")


def test_a_gunboat_games_dedication_is_credited_when_it_ends(table):
    _gunboat(table, "dark")
    for power, orders in HOLDS.items():
        table.send(address(power), f"SIGN ON {POWERS[power]}dark pw{power}\n{orders}\n")
    tick(table, utc(table.show("dark")["deadline"]) + timedelta(minutes=1))
    table.wait_for(address("Germany"), "Late Notice")
    # Nothing a stranger can ask shows who was late, or even who plays.
    germany, france = _record(table, address("Germany")), _record(table, FRANCE)
    for text in (germany, france):
        assert "Dedication points:     0" in text
        assert "(0 of 0 turns on time)" in text and "(0 in 0 games)" in text
    assert "Dedication points:     0" in _text(table, address("Germany"), "GET DEDICATION\n")

    told = _text(table, MASTER, "SIGN ON Mdark pwMaster\nTERMINATE\n")
    assert "Game 'dark' is terminated." in told
    germany, france = _record(table, address("Germany")), _record(table, FRANCE)
    assert "Dedication points:     -1" in germany
    assert "(0 of 1 turn on time)" in germany and "(0 in 1 game)" in germany
    assert "Dedication points:     3" in france and "(1 of 1 turn on time)" in france


def test_a_robot_in_a_gunboat_game_writes_as_a_person_does(table):
    _gunboat(table, "ghost", "SET ALL PRESS\nSET ROBOT Germany blabbot\n")
    sent = _text(
        table, FRANCE, "SIGN ON Fghost pwFrance\nPRESS TO G\nPRP (PCE (FRA GER))\nENDPRESS\n"
    )
    assert "Message sent to Germany:" in sent
    answer = arrived(table, FRANCE, "Press from G to F", "YES (PRP (PCE (FRA GER)))")
    assert answer.startswith("Message from Germany to France in 'ghost':\n\nYES (PRP")
    assert "robot" not in answer.lower()
    # The master may know: his copy (SET ALL PRESS) says what plays Germany.
    copy = arrived(table, MASTER, "Press from G to F", "YES (PRP (PCE (FRA GER)))")
    assert copy.startswith("Message from Germany (robot) to France in 'ghost':")
