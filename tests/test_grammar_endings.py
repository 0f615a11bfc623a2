"""The endings family's settings (parser/endings.lark), as the users' manual writes them:
SET [NO] DRAW and SET [NO] CONCEDE (section 7)."""

from __future__ import annotations

import pytest

from parser import commands as c
from tests.grammarkit import (
    Examples,
    commands_of,
    example_id,
    numbered,
    one,
    round_trips,
    settings_of,
)

EXAMPLES: Examples = [
    ("SET CONC F", c.SetConcede(power="F")),
    ("SET CONCEDE f", c.SetConcede(power="F")),
    ("SET NO CONCEDE", c.SetConcede(power=None)),
    ("SET NO CONC", c.SetConcede(power=None)),
    ("SET DRAW", c.SetDraw(on=True)),
    ("SET DRAW AEF", c.SetDraw(on=True, powers="AEF")),
    ("SET NO DRAW", c.SetDraw(on=False)),
]


@pytest.mark.parametrize(("text", "expected"), commands_of(EXAMPLES), ids=example_id)
def test_manual_examples(text, expected):
    assert one(text) == numbered(expected)


@pytest.mark.parametrize("text", settings_of(EXAMPLES))
def test_settings_round_trip(text):
    round_trips(text)
