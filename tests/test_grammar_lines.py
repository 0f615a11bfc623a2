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
