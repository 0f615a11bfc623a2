"""The listings family's commands (parser/listings.lark), as the users' manual writes them
(section 3): WHOGAME, LIST, SUMMARY, MAP and HISTORY with its dates and turns."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest

from parser import commands as c
from parser.dates import When
from tests.grammarkit import Examples, commands_of, example_id, numbered, one

EXAMPLES: Examples = [
    ("WHOGAME foo FULL", c.WhoGame(game="foo", full=True)),
    ("whogame", c.WhoGame()),
    ("LIST", c.ListGames()),
    ("LIST FULL", c.ListGames(full=True)),
    ("list dt", c.ListGames(game="dt")),
    ("SUMMARY foo", c.Summary(game="foo")),
    ("MAP foo", c.Map(game="foo")),
    ("map", c.Map()),
    ("MAP foo S1901M", c.Map(game="foo", phase="S1901M")),
    ("map f1902b", c.Map(phase="F1902B")),
    ("MAP * N", c.Map(star=True)),
    ("summary", c.Summary()),
    ("HISTORY foo", c.History(game="foo")),
    ("history foo from Jan 1, 2003", c.History(game="foo", since=When(date(2003, 1, 1)))),
    (
        "history foo from Jan 1, 1990 to Dec 31, 2002 23:59 lines 5000",
        c.History(
            game="foo",
            since=When(date(1990, 1, 1)),
            until=When(date(2002, 12, 31), time(23, 59)),
            lines=5000,
        ),
    ),
    (
        "history foo to Dec 31, 2002 23:59",
        c.History(game="foo", until=When(date(2002, 12, 31), time(23, 59))),
    ),
    ("history foo exclstart S9999M", c.HistoryTurns(game="foo", exclude_start="S9999M")),
    ("history foo exclstart S1903M", c.HistoryTurns(game="foo", exclude_start="S1903M")),
    (
        "history foo exclstart S1899M exclend F1905B",
        c.HistoryTurns(game="foo", exclude_start="S1899M", exclude_end="F1905B"),
    ),
    (
        "history foo exclstart s1901m broad",
        c.HistoryTurns(game="foo", exclude_start="S1901M", broadcasts=True),
    ),
    ("history lines 30", c.History(lines=30)),
    (
        "history foo from 2003-01-01 to Tue Dec 31 2002 23:59:00 +0000",
        c.History(
            game="foo",
            since=When(date(2003, 1, 1)),
            until=When(date(2002, 12, 31), time(23, 59), timedelta(0)),
        ),
    ),
]


@pytest.mark.parametrize(("text", "expected"), commands_of(EXAMPLES), ids=example_id)
def test_manual_examples(text, expected):
    assert one(text) == numbered(expected)
