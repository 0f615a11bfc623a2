"""The play family's commands (parser/play.lark), as the users' manual writes them:
CLEAR, SET [NO] WAIT and the PHASE of future orders (section 6)."""

from __future__ import annotations

import pytest

from parser import commands as c
from parser import parse_mail
from parser.commands import PhaseSpec
from tests.grammarkit import (
    NOW,
    Examples,
    commands_of,
    example_id,
    numbered,
    one,
    round_trips,
    settings_of,
)

EXAMPLES: Examples = [
    ("CLEAR", c.Clear()),
    ("SET WAIT", c.SetWait(on=True)),
    ("SET NO WAIT", c.SetWait(on=False)),
    ("SETNOWAIT", c.SetWait(on=False)),
]


@pytest.mark.parametrize(("text", "expected"), commands_of(EXAMPLES), ids=example_id)
def test_manual_examples(text, expected):
    assert one(text) == numbered(expected)


@pytest.mark.parametrize("text", settings_of(EXAMPLES))
def test_settings_round_trip(text):
    round_trips(text)


def test_phase_names_every_season_including_summer():
    def phase(text: str) -> c.PhaseSpec:
        mail = parse_mail(f"signon Fg pw\n{text}\n", NOW)
        assert not mail.errors, mail.errors
        return mail.commands[1].phase  # type: ignore[attr-defined]

    assert phase("PHASE Summer 1903 Movement") == PhaseSpec("U", 1903, "M")
    assert phase("phase u1903m") == PhaseSpec("U", 1903, "M")
    assert phase("Phase S 1903 M") == PhaseSpec("S", 1903, "M")
    assert phase("PHASE Fall 1905 Retreats") == PhaseSpec("F", 1905, "R")
    assert phase("phase Winter 1905 Adjustments") == PhaseSpec("W", 1905, "B")
    assert phase("phase f1905b") == PhaseSpec("F", 1905, "B")
    assert phase("phase f 1905 a") == PhaseSpec("F", 1905, "B")
