"""Variant options (Gunboat, Blind, ...) over SMTP: checked wherever they are given (CREATE,
SIGN ON ?name and SIGN ON ?, SET VARIANT, SET NOT VARIANT); an unknown word is refused with
the variants and options, an option the judge does not carry out is refused as such, and
neither changes the game; a gunboat game names nobody. The table itself is tested at the
end."""

from __future__ import annotations

import pytest

from judge.helpfiles import read
from judge.modifiers import MODIFIERS, WordsRefused, read_words, titles
from tests.gametable import MASTER, POWERS, address, form
from tests.judgekit import run_judge

GAME = "SIGN ON Mopt passM\n"


def made(table, words: str = "") -> str:
    table.send(MASTER, form(MASTER))
    return table.send(MASTER, f"CREATE ?opt passM {words}\nBECOME MASTER\n").get_content()


def test_create_with_an_unknown_or_unused_word_makes_no_game(table):
    table.send(MASTER, form(MASTER))
    refused = table.send(MASTER, "CREATE ?opt passM standard foobar\nBECOME MASTER\n")
    text = refused.get_content()
    assert "Unknown variant specified: foobar" in text
    assert "Valid variants are:\n" in text and "\n   standard\n" in text
    assert "   gunboat    nobody knows who plays which power" in text
    assert "   blind      each player sees only his own units" in text
    assert "   wings      a third unit, the wing (W)" in text
    assert "   shorthand  press between players must be written" in text
    assert "   intimate   players bid" in text  # known, listed apart
    assert "selected to play" not in text  # the rest of the mail was skipped
    assert run_judge(table.judge.env, "show", "opt", "--json").returncode != 0
    for word, info in (("intimate", "intimate"), ("a/f", "a-f")):
        text = table.send(MASTER, f"CREATE ?opt passM {word}\n").get_content()
        assert "this judge does not carry out that variant option yet; " in text
        assert f"GET info.{info} says why." in text
        assert run_judge(table.judge.env, "show", "opt", "--json").returncode != 0
    # The variant and its options in any order (info.gunboat).
    text = table.send(MASTER, "CREATE ?opt passM Blind GUNBOAT standard\n").get_content()
    assert "You've been selected to play a power in game 'opt'." in text
    assert ":: Judge: USTS  Game: Opt  Variant: Standard Gunboat Blind" in text
    state = table.show("opt")
    assert state["variant"] == "standard" and state["options"] == ["gunboat", "blind"]


def test_set_variant_refuses_what_it_does_not_know_and_changes_nothing(table):
    assert "You've been selected to play Master in game 'opt'." in made(table)
    refused = table.send(MASTER, GAME + "SET VARIANT STANDARD FOOBAR\n").get_content()
    assert "SET VARIANT: Unknown variant specified: FOOBAR" in refused
    short = table.send(MASTER, GAME + "SET VARIANT intimate\nSET COMMENT still here\n")
    assert "SET VARIANT: Intimate: this judge does not carry out that variant option yet" in (
        short.get_content()
    )
    assert "Game 'opt' set: Comment: still here." in short.get_content()  # the rest is done
    state = table.show("opt")
    assert state["variant"] == "standard" and state["options"] == []

    gunboat = table.send(MASTER, GAME + "SET VARIANT gunboat\n").get_content()
    assert "Game 'opt' set: Variant Standard Gunboat." in gunboat
    blind = table.send(MASTER, GAME + "SET VARIANT standard blind\n").get_content()
    assert "Game 'opt' set: Variant Standard Gunboat Blind." in blind
    two = table.send(MASTER, GAME + "SET VARIANT gunboat blind\n").get_content()
    assert "SET VARIANT: one option at a time" in two
    assert table.show("opt")["options"] == ["gunboat", "blind"]
    table.send(MASTER, GAME + "SET LIST\n")  # listed only when asked (NO LIST by default)
    listed = table.send("watcher@example.org", "LIST\n").get_content()
    assert "Standard, Gunboat, Blind" in listed
    assert "Game 'opt' set: BCentres." in table.send(MASTER, GAME + "SET BCENTERS\n").get_content()

    for words, answer in (
        ("foobar", "SET NOT VARIANT: Unknown variant specified: foobar"),
        ("intimate", "SET NOT VARIANT: Intimate: this judge does not carry out that variant"),
    ):
        assert answer in table.send(MASTER, GAME + f"SET NOT VARIANT {words}\n").get_content()
    assert table.show("opt")["options"] == ["gunboat", "blind"]
    taken = table.send(MASTER, GAME + "SET NOT VARIANT Blind\n").get_content()
    assert "Game 'opt' set: no Blind." in taken
    assert table.show("opt")["options"] == ["gunboat"]
    table.send(MASTER, GAME + "SET VARIANT blind\n")  # BCENTERS went with the old Blind
    assert "BCentres" not in table.send("watcher@example.org", "LIST opt\n").get_content()
    table.send(MASTER, GAME + "SET NOT VARIANT Blind\n")
    plain = table.send(MASTER, GAME + "SET VARIANT standard\n").get_content()
    assert "Game 'opt' set: Variant Standard." in plain
    assert table.show("opt")["options"] == []
    wings = table.send(MASTER, GAME + "SET VARIANT wings\n").get_content()
    assert "Game 'opt' set: Variant Standard Wings." in wings
    assert table.show("opt")["options"] == ["wings"]


def test_sign_on_names_the_games_options_and_only_known_ones(table):
    made(table, "gunboat")
    wrong = table.send(address("France"), "SIGN ON ?opt passF\n").get_content()
    assert "Game 'opt' is standard gunboat: sign on with 'SIGN ON ?opt password gunboat'." in wrong
    unknown = table.send(address("France"), "SIGN ON ?opt passF gunboat foobar\n").get_content()
    assert "Unknown variant specified: foobar" in unknown
    af = table.send(address("France"), "SIGN ON ?opt passF gunboat af\n").get_content()
    assert "AF_Rules: this judge does not carry out that variant option yet" in af
    wings = table.send(address("France"), "SIGN ON ?opt passF gunboat wings\n").get_content()
    assert "Game 'opt' is standard gunboat: sign on with" in wings  # known, not this game's
    assert not [p for p in table.show("opt")["players"] if p.get("address") == address("France")]
    joined = table.send(address("France"), "SIGN ON ?opt passF GUNBOAT standard\n").get_content()
    assert "You've been selected to play a power in game 'opt'." in joined
    # SIGN ON ? with a word it does not know lists the variants (manual 9).
    listed = table.send(address("Italy"), "SIGN ON ? passI xxx\n").get_content()
    assert "Unknown variant specified: xxx\nValid variants are:" in listed
    anyone = table.send(address("Italy"), "SIGN ON ? passI gunboat\n").get_content()
    assert "You've been selected to play a power in game 'opt'." in anyone
    plain = table.send(address("Germany"), "SIGN ON ? passG\n").get_content()
    assert "No game is forming now." in plain  # no plain Standard game forms


def test_a_gunboat_game_names_nobody(table):
    made(table, "gunboat")
    table.send(MASTER, GAME + "SET MOVE MIN 0 DELAY 0\nSET POSTAL PRESS\n")
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?opt pw{power} gunboat\nSET PREFERENCE {letter}\n")
    start = table.wait_for(address("France"), "Game Starting")[0].get_content()
    assert "France:" in start and "someone@somewhere" in start
    assert "@players.example" not in start
    watcher = table.send("watcher@example.org", "OBSERVE opt passW\n").get_content()
    assert "You are now an Observer in game 'opt'." in watcher
    told = table.wait_for(address("France"), "New Player Signon: O")[0].get_content()
    assert told == "someone@somewhere has signed on as an Observer in game 'opt'.\n"
    say = "SIGN ON Fopt pwFrance\nBROADCAST\nHello all\nENDPRESS\nPOSTAL PRESS\nLater\nENDPRESS\n"
    table.send(address("France"), say)
    heard = table.wait_for(address("Italy"), "Broadcast from F")[0].get_content()
    assert "Broadcast message from France in 'opt':" in heard
    assert "france@" not in heard
    listing = table.send(address("Italy"), "SIGN ON Iopt pwItaly\nLIST\n").get_content()
    assert "france@players.example" not in listing and "someone@somewhere" in listing
    table.send(MASTER, GAME + "PROCESS\n")
    result = table.wait_for(address("Italy"), "S1901M Results")[0].get_content()
    assert "Postal press from France in 'opt':" in result
    assert "@players.example" not in result
    summary = table.send(address("Italy"), "SUMMARY opt\n").get_content()
    assert "@players.example" not in summary and "Somebody #" in summary
    # The master sends an observer away: the others are not told who he was.
    table.send(MASTER, GAME + "EJECT watcher@example.org\n")
    left = table.wait_for(address("Italy"), "Resignation")[0].get_content()
    assert "someone@somewhere has left game 'opt'." in left and "watcher@" not in left


# -- the table -----------------------------------------------------------------------------


def test_words_are_read_in_any_order_and_stored_in_the_tables():
    choice = read_words(["Blind", "standard", "gunboat", "blind"], ["standard"])
    assert choice.variant == "standard" and choice.modifiers == ("gunboat", "blind")
    assert read_words([], ["standard"]).variant is None
    with pytest.raises(WordsRefused, match="Unknown variant specified: chaos"):
        read_words(["chaos"], ["standard"])
    with pytest.raises(WordsRefused, match="AF_Rules: this judge does not carry out"):
        read_words(["A/F"], ["standard"])
    with pytest.raises(WordsRefused, match="Only one variant"):
        read_words(["standard", "youngstown"], ["standard", "youngstown"])
    assert titles(["blind", "gunboat"]) == ["Gunboat", "Blind"]


def test_every_option_is_in_the_help_file_and_four_are_carried_out():
    text = read("variants", "judge@x", "USTS") or ""
    for m in MODIFIERS:
        assert f"   {m.word:<10} " in text
    carried = {m.word for m in MODIFIERS if m.carried_out}
    assert carried == {"gunboat", "blind", "wings", "shorthand"}
    assert "info.wings." in text  # its help file named
    assert "variants" in (read("flist", "judge@x", "USTS") or "")
