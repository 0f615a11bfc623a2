"""Every variant the judge plays, played by mail for three years: one player holding all
the powers (SET PLAYERS 1) orders them in one mail a phase, random legal orders, and reads
the start mail, each phase's results, LIST and SUMMARY; what he reads agrees with the
position the judge stores. Variants that start otherwise than in the Spring of 1901 start
where the njudge's seed files put them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import variants
from adjudicator.phase import Phase
from tests.judgekit import InProcessJudge
from tests.variantgames import Duplex

# The starts other than S1901M (the njudge's seed files; njudge-formats 4.5).
STARTS = {
    "1898": "S1899M",
    "crowded_1898": "S1899M",
    "colonial": "S1870M",
    "colonial96": "S1870M",
    "h31": "S1425M",
    "h32": "S1425M",
    "classical": "S1050M",
    "ancient_med": "S0001M",
    "modern": "S1995M",
    "empire": "S1999M",
    "chaos": "F1900B",
    "minorpower": "F1900B",
}
YEARS = 3


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessJudge]:
    """One judge for every variant's game."""
    home: Path = tmp_path_factory.mktemp("variants") / "judge"
    with InProcessJudge(home) as running:
        yield running


# Machiavelli's games by mail: tests/test_mach_games.py.
PLAYED = [n for n in variants.available() if not variants.load(n).is_machiavelli]


@pytest.mark.parametrize("name", PLAYED)
def test_three_years_by_mail(judge: InProcessJudge, name: str) -> None:
    variant = variants.load(name)
    assert variant.start == STARTS.get(name, "S1901M")
    table, start_mail = Duplex.create(judge, name)
    start = Phase.parse(variant.start, variant)
    season = "Winter" if start.letter == "B" else variants.SEASON_WORDS[start.season]
    assert f"Starting position for {season} of {start.year:04d}." in start_mail  # 0001
    for power in variant.powers:
        assert f"You have been selected as {power.name} in game '{table.game}'" in start_mail
    assert f":: Deadline: {variant.start} " in start_mail  # the first phase's deadline
    assert "The deadline for the first orders is " in start_mail
    first = table.now()
    assert (first.status, first.phase) == ("active", variant.start)

    if start.letter == "B":  # a build start: an empty board, every power builds
        assert "There are no units on the board." in start_mail
        assert "Each power builds its first units on the supply centers it owns." in start_mail
        assert all(not first.units(p.name) for p in variant.powers)
        if name == "chaos":
            assert all(len(first.centers(p.name)) == 1 for p in variant.powers)
        built = table.play_phase()
        for power in variant.powers:
            assert len(built.units(power.name)) == len(first.centers(power.name)) > 0

    end = table.play_to(start.year + YEARS)
    assert table.builds + table.removals > 0
    if end.status == "active":
        assert Phase.parse(end.phase, variant).year == start.year + YEARS
    else:  # won before the three years were out (pure: four centres win)
        assert end.status == "finished"

    listing = judge.ask(table.address, f"LIST {table.game}\n").get_content()
    assert f"Variant:  {variant.title}, Duplex 1/{len(variant.powers)}." in listing, listing
    if end.status == "active":
        assert f"({end.phase}) has a deadline of " in listing, listing
    else:
        assert f"Game '{table.game}' completed in " in listing, listing
    summary = judge.ask(table.address, f"SUMMARY {table.game}\n").get_content()
    assert f"Summary of game '{table.game}'" in summary, summary
    table.put_away()
