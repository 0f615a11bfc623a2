"""Free text over SMTP (issue 29, "A new user's second game"): a comment, an address or a
WHO IS pattern is what the user wrote, never another command. SET COMMENT Grey press, NMR
sets the comment and nothing else; an address beginning with a setting's word is an
address; WHO IS takes the start of an address, as the manual and HELP say."""

from __future__ import annotations

from tests.gametable import MASTER, address, form

WAR = "SIGN ON Mwar pwMaster\n"


def test_free_text_is_the_users_words(table):
    table.send(MASTER, form(MASTER))
    table.send(MASTER, "CREATE ?war pwMaster\nBECOME MASTER\nSET LIST\n")
    france = address("France")
    table.send(france, "SIGN ON ?war pwFrance\n")
    before = table.show()["settings"]

    said = table.send(MASTER, WAR + "SET COMMENT Grey press, NMR\n").get_content()
    assert "Game 'war' set: Comment: Grey press, NMR." in said
    assert table.show()["settings"] == before  # neither grey press nor NMR
    told = table.wait_for(france, "Parameter Change")[-1].get_content()
    assert told.rstrip().endswith("game 'war':\n  Comment: Grey press, NMR.")
    listed = table.send("watcher@example.org", "LIST\n").get_content()
    assert "Press:W-P-.\n                    Grey press, NMR\n" in listed

    # A setting before the comment is carried out; the words after COMMENT are the comment.
    table.send(MASTER, WAR + "SET NMR, COMMENT No press please\n")
    assert table.show()["settings"] == {**before, "nmr": True}
    assert "No press please" in table.send("watcher@example.org", "LIST\n").get_content()

    # An address that begins with a setting's word (GREY, NMR) is an address.
    moved = table.send(france, "SIGN ON ?war pwFrance\nSET ADDRESS grey@players.example\n")
    assert "Address for game 'war' set to grey@players.example." in moved.get_content()


def test_who_is_takes_the_start_of_an_address(judge):
    """Manual 3.3: "WHO IS m" lists every user whose address starts with "m"; on a judge
    whose GET WHOIS is off too (the default), as HELP says."""
    for who in ("ann@example.org", "annie@example.net", "bob@example.org"):
        judge.ask(who, form(who))
    who = judge.ask("carl@example.org", "WHO IS ann\n").get_content()
    assert "Whois ann\n\nName:      Ann Player\nEmail:     ann@example.org\n" in who
    assert "Name:      Annie Player" in who and "Bob" not in who
    both = judge.ask("carl@example.org", "WHO IS bob ann@\n").get_content()
    assert "Whois bob ann@\n\n" in both and both.count("Name:") == 2
    nobody = judge.ask("carl@example.org", "WHO IS zed\n").get_content()
    assert "Whois zed\nNo matching Email addresses found." in nobody


def test_who_is_says_when_a_pattern_matches_more_than_it_shows(judge):
    """A pattern matching more than fifty addresses shows the first fifty and says so,
    rather than leaving the reader to think there are no more."""
    for n in range(51):
        who = f"m{n:02d}@example.org"
        judge.ask(who, form(who))
    many = judge.ask("carl@example.org", "WHO IS m\n").get_content()
    assert many.count("Name:") == 50 and "m49@example.org" in many, many
    assert "More than 50 addresses start with 'm': only the first 50 are shown." in many
    few = judge.ask("carl@example.org", "WHO IS m5\n").get_content()
    assert few.count("Name:") == 1 and "More than" not in few
