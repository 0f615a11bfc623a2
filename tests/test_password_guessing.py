"""Guessing a game's password over SMTP (issue 15, defect 8): wrong passwords are counted
per place and per judge, a place is locked after five in an hour (its own player still
signs on), its player and master are told who tried, and new passwords have a minimum
length while old short ones still work."""

from __future__ import annotations

from tests.gametable import MASTER, Table, address, form, start_moderated
from tests.judgekit import InProcessJudge, answered_at_once

GUESSER = "guesser@evil.example"


def text(message) -> str:
    return message.get_content()


def test_five_wrong_passwords_lock_a_power_and_its_player_and_master_are_told(table):
    start_moderated(table)
    for n in range(5):
        reply = table.send(f"guesser{n}@evil.example", f"SIGN ON Fwar guess{n}\n").get_content()
        assert "Invalid password or power ID specified." in reply
    # The sixth is refused unread, even with the right password.
    locked = table.send(GUESSER, "SIGN ON Fwar pwFrance\nSET NOWAIT\n").get_content()
    assert "Too many SIGN ONs as France in game 'war' with a wrong password" in locked
    assert "none is read before" in locked
    for who in (address("France"), MASTER):
        notice = table.wait_for(who, "Failed Signons: France")[0].get_content()
        assert "There have been 5 attempts in the last 60 minutes" in notice
        assert "guesser4@evil.example" in notice
    # France's own player is not locked out; other powers are not locked.
    own = table.send(address("France"), "SIGN ON Fwar pwFrance\n").get_content()
    assert "Invalid password" not in own and "Too many" not in own
    germany = table.send(GUESSER, "SIGN ON Gwar nope\n").get_content()
    assert "Invalid password or power ID specified." in germany
    answered_at_once(table.judge)


def test_guesses_forging_the_players_own_address_are_throttled_apart(table):
    """A guesser who forges France's own address never sees the answers, but his orders
    would stand if a guess were right: his guesses are counted too, apart from those from
    elsewhere, and only they lock the player's own addresses."""
    start_moderated(table)
    france = address("France")
    for n in range(5):
        reply = table.send(france, f"SIGN ON Fwar guess{n}\nA par-pic\n").get_content()
        assert "Invalid password or power ID specified." in reply
    locked = table.send(france, "SIGN ON Fwar pwFrance\nA par-pic\n").get_content()
    assert "Too many SIGN ONs as France in game 'war' with a wrong password" in locked
    notice = table.wait_for(MASTER, "Failed Signons: France")[0].get_content()
    assert "from the player's own addresses are refused" in notice
    # Someone writing from elsewhere, with the right password, is not kept out by them.
    other = table.send(GUESSER, "SIGN ON Fwar pwFrance\n").get_content()
    assert "Too many" not in other and "Invalid password" not in other
    answered_at_once(table.judge)


def test_the_whole_judge_is_throttled_too(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_SIGN_ON_JUDGE_FAILURES="3") as judge:
        table = Table.seated(judge)
        start_moderated(table)
        for letter in "AEG":
            reply = table.send(GUESSER, f"SIGN ON {letter}war wrong\n").get_content()
            assert "Invalid password" in reply
        locked = table.send(GUESSER, "SIGN ON Iwar pwItaly\n").get_content()
        assert "Too many SIGN ONs with a wrong password on this judge" in locked
        own = table.send(address("Italy"), "SIGN ON Iwar pwItaly\n").get_content()
        assert "Too many" not in own and "Invalid password" not in own
        answered_at_once(judge)


def test_new_passwords_need_four_characters(judge):
    judge.ask("anna@example.org", form("anna@example.org"))
    short = text(judge.ask("anna@example.org", "CREATE ?tiny a\n"))
    assert "A password must have at least 4 characters" in short
    assert "does not exist" in text(judge.ask("anna@example.org", "LIST tiny\n"))
    made = text(judge.ask("anna@example.org", "CREATE ?tiny abcd\n"))
    assert "You've been selected to play a power in game 'tiny'." in made
    reply = text(judge.ask("anna@example.org", "SIGN ON ?tiny abcd\nSET PASSWORD abc\n"))
    assert "SET PASSWORD: A password must have at least 4 characters" in reply
    watch = text(judge.ask("bob@example.org", "OBSERVE tiny x\n"))
    assert "A password must have at least 4 characters" in watch
    judge.ask("bob@example.org", form("bob@example.org"))
    joined = text(judge.ask("bob@example.org", "SIGN ON ?tiny xy\n"))
    assert "A password must have at least 4 characters" in joined
    answered_at_once(judge)


def test_an_old_short_password_still_signs_on(tmp_path):
    home = tmp_path / "j"
    with InProcessJudge(home, JUDGE_PASSWORD_MIN="1") as judge:  # an older judge
        judge.ask("anna@example.org", form("anna@example.org"))
        assert "selected to play" in text(judge.ask("anna@example.org", "CREATE ?old a\n"))
    with InProcessJudge(home) as judge:
        again = text(judge.ask("anna@example.org", "SIGN ON ?old a\n"))
        assert "You've been selected to play a power in game 'old'." in again
        answered_at_once(judge)
