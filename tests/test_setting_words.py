"""How a game's settings read in answers and `Parameter Change` notices: every setting a
SET can change has its words in reports/master.py, for every value it may take."""

from __future__ import annotations

import pytest

from judge.engine.master import settings as game_settings
from judge.reports.master import setting_words


@pytest.mark.parametrize("name", sorted(game_settings.FLAGS))
def test_every_flag_reads_both_ways(name):
    on, off = setting_words(name, True), setting_words(name, False)
    assert on and off and on != off


@pytest.mark.parametrize("name", sorted(game_settings.NUMBERS))
def test_every_number_reads(name):
    assert setting_words(name, 1.0).endswith(("1", "1.00"))


@pytest.mark.parametrize("name", sorted(game_settings.CHOICES))
def test_every_choice_reads_for_every_value(name):
    _, allowed = game_settings.CHOICES[name]
    words = {setting_words(name, value) for value in allowed}
    assert len(words) == len(allowed)


def test_the_njudge_words():
    assert setting_words("nmr", False) == "NoNMR"
    assert setting_words("max_absence", 20.0) == "Max Absence: 20"
    assert setting_words("ontime_ratio", 0.5) == "Minimum On-time Ratio: 0.50"
    assert setting_words("press", "grey/white") == "Press: Grey/White"
    assert setting_words("access", "same") == "Access: Same-site"
