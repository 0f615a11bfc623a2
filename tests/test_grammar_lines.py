"""What every command line shares (parser/commands.lark): keywords in any case and glued
together, several settings to one SET, and the lines that are no command at all."""

from __future__ import annotations

import pytest

from parser import commands as c
from parser import parse_mail
from tests.grammarkit import NOW, error, one, read


def test_case_and_glued_keywords():
    assert one("set no wait") == one("SETNOWAIT") == one("Set No Wait")
    assert one("iamalso x@y") == c.IAmAlso(line=2, address="x@y")
    assert one("rollback 3") == one("ROLLBACK 3")


def test_several_settings_on_one_line():
    assert read("SET GREY, PARTIAL FAKES BROADCAST") == [
        c.SetChoice(line=2, name="press", value="grey"),
        c.SetChoice(line=2, name="fake", value="broadcast"),
    ]
    assert read("SET GREY PARTIAL FAKES BROADCAST") == read("SET GREY, PARTIAL FAKES BROADCAST")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("SET WAITT", "cannot read"),
        ("SET", "not complete"),
    ],
)
def test_manual_errors_and_nonsense_are_refused_with_a_reason(text, reason):
    assert reason in error(text)


def test_spaces_inside_a_keyword_are_an_error():
    mail = parse_mail("SI GN ON Fgame pw\nA Par-Bur\n", NOW)
    assert not mail.commands
    assert len(mail.errors) == 2  # neither line is a command, and nobody signed on


# A setting whose argument is free text (a comment, addresses, a preference list) takes the
# rest of the line (issue 29): its words are never read as other settings, whatever they
# look like, and it can only be the last setting of its line.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SET COMMENT Grey press, NMR", [c.SetComment(line=2, text="Grey press, NMR")]),
        ("SET COMMENT Robots test", [c.SetComment(line=2, text="Robots test")]),
        ("SET COMMENT No press please", [c.SetComment(line=2, text="No press please")]),
        ("SET COMMENT begin at once", [c.SetComment(line=2, text="begin at once")]),
        (
            "SET NMR, COMMENT Grey press",
            [c.SetFlag(line=2, name="nmr", on=True), c.SetComment(line=2, text="Grey press")],
        ),
        (
            "SET GREY COMMENT Wait, then press",
            [
                c.SetChoice(line=2, name="press", value="grey"),
                c.SetComment(line=2, text="Wait, then press"),
            ],
        ),
        ("SET ADDRESS grey@example.org", [c.SetAddress(line=2, addresses=("grey@example.org",))]),
        (
            "SET WAIT, ADDRESS nmr@example.org,cd@example.org",
            [
                c.SetWait(line=2, on=True),
                c.SetAddress(line=2, addresses=("nmr@example.org", "cd@example.org")),
            ],
        ),
        # A word that is no address is the judge's to refuse, not another setting.
        (
            "SET ADDRESS a@example.org NMR",
            [c.SetAddress(line=2, addresses=("a@example.org", "NMR"))],
        ),
        ("SET PREFERENCE CD", [c.SetPreference(line=2, choices=(("C",), ("D",)))]),
        ("SET PREFERENCE DICE", [c.SetPreference(line=2, choices=tuple((x,) for x in "DICE"))]),
        ("SET PREFERENCE E,F", [c.SetPreference(line=2, choices=(("E",), ("F",)))]),
    ],
)
def test_free_text_is_never_read_as_settings(text, expected):
    assert read(text) == expected


def test_a_free_text_setting_comes_last():
    """Nothing after a comment is another setting, not even one written with SET."""
    assert read("SET COMMENT x, SET NMR") == [c.SetComment(line=2, text="x, SET NMR")]
