"""Every Machiavelli scenario played by mail for two years with money (issue #20, stage 4):
in each game one person plays a power and robots hold the others; in the first Spring he
borrows from the bank and bribes an autonomous garrison beside his units (buys it and
orders it at once, or disbands it), and the game's seed (`Table.seed`, found by
tests/mach_famine_seeds.py) rolls a famine after the first Fall that strikes a robot's
unit, dead after the next Spring. Every other phase he holds his units and maintains them,
as his results show them to him, until the third year begins. He reads, in his own results,
the loan and the bribe's outcome, the famine, his income and treasury, the bank collecting
the loan and the famine's dead. One judge for the module."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

import pytest

import variants
from tests.gametable import MASTER, Table, form
from tests.judgekit import InProcessJudge

PERSON = "prince@players.example"
TIMING = "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n"


class Scripted(NamedTuple):
    """A scenario's game: the power the person plays, his bribe (`buy` or `disband`) of the
    autonomous garrison in `target` (beside one of his units from the start), and the seed
    whose first famine strikes a robot's unit."""

    scenario: str
    power: str
    bribe: str
    target: str
    seed: int


GAMES = [
    Scripted("machiavelli", "Milan", "disband", "trt", 1),
    Scripted("machiavelli2", "Austria", "buy", "tur", 3),
    Scripted("mach_eos", "Naples", "buy", "anc", 3),
    Scripted("mach_este", "Este", "disband", "pad", 3),
    Scripted("mach_sfd1", "Turkey", "buy", "rag", 1),
    Scripted("mach_sfd2", "Austria", "disband", "trt", 1),
    Scripted("mach_span", "France", "buy", "sav", 1),
    Scripted("mach_aoc", "Scaligeri", "disband", "fer", 2),
    Scripted("mach_aoc2", "Genoa", "buy", "mon", 3),
    Scripted("dipmach", "Germany", "buy", "den", 3),
    Scripted("machfive", "Third", "disband", "pe3", 1),
    Scripted("mach2_sfd1", "Florence", "buy", "pio", 1),
    Scripted("mach2_sfd2", "Papacy", "disband", "are", 1),
    Scripted("mach2_span", "Venice", "buy", "fer", 1),
    Scripted("mach2_fotl", "Lombardy", "disband", "luc", 1),
    Scripted("mach2_eai", "Norman", "buy", "sie", 6),
    Scripted("mach2_pamt", "Mongols", "disband", "tur", 2),
    Scripted("mach2_pa", "Venice", "buy", "bol", 2),
    Scripted("mach2_ttr", "Genoa", "disband", "slz", 1),
]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    home = tmp_path_factory.mktemp("years") / "judge"
    # The person mails some seven times a game: more than the judge answers a day.
    with InProcessJudge(home, JUDGE_RATE_LIMIT="1000", JUDGE_REPLIES_PER_DAY="1000") as judge:
        table = Table(judge)
        for who in (MASTER, PERSON):
            table.send(who, form(who))
        yield table


def test_the_table_holds_every_scenario() -> None:
    assert sorted(g.scenario for g in GAMES) == sorted(
        n for n in variants.available() if variants.load(n).is_machiavelli
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.scenario)
def test_two_years_with_money_by_mail(table: Table, game: Scripted) -> None:
    variant = variants.load(game.scenario)
    name = f"y{GAMES.index(game)}"
    letter = next(p.letter for p in variant.powers if p.name == game.power)
    table.send(
        MASTER, f"CREATE ?{name} pwMaster {game.scenario}\nBECOME MASTER\n{TIMING}SET ROBOTS hold\n"
    )
    table.seed(name, game.seed)
    joined = table.send(
        PERSON, f"SIGN ON ?{name} pwPrince {game.scenario}\nSET PREFERENCE {letter}\n"
    )
    assert f"You've been selected to play a power in game '{name}'." in joined.get_content()
    table.send(MASTER, f"SIGN ON M{name} pwMaster\nFORCE BEGIN\n")
    year = int(variant.start[1:-1]) + 1
    notice = table.wait_for(PERSON, f":{name} - S{year:04d}M Game Starting")[0].get_content()
    assert f"You have been selected as {game.power} in game '{name}'" in notice
    place = variant.provinces[game.target].name
    bribe = f"expense 1: {game.bribe} G {game.target}\n"
    if game.bribe == "buy":
        bribe += f"G {game.target} H\n"  # the garrison bought is ordered at once
    results = _play(
        table, f"{letter}{name}", game.power, year, f"borrow 10 ducats for 1 year\n{bribe}"
    )
    spring, fall = results[f"S{year:04d}M"], results[f"F{year:04d}M"]
    me = game.power
    assert f"Expenditure results for Spring of {year:04d}." in spring
    assert f"{me}: Borrows 10 ducats for 1 year, 12d due in Spring of {year + 1:04d}." in spring
    if game.bribe == "buy":
        assert f"{me}: E1: 9d, Buy Autonomous Garrison {place}." in spring, spring
        assert f"{me}: Garrison {place} HOLD." in spring
    else:
        assert f"{me}: E1: 6d, Disband Autonomous Garrison {place}." in spring, spring
        assert f"Autonomous: Garrison {place}.  (*disbanded*)" in spring
    assert "Famine results: " in fall and "Provinces struck: " in fall
    assert f"Income phase for Winter of {year:04d}." in fall
    assert re.search(rf"\n{me}:\s+Treasury \d+ ducats\.", fall), fall
    later = results[f"S{year + 1:04d}M"]
    assert f"{me}: Bank collects 12 ducats." in later
    assert " eliminated by famine." in later
    assert f"Adjustment orders for Winter of {year + 1:04d}." in results[f"F{year + 1:04d}B"]
    assert table.show(name)["phase"] == f"S{year + 2:04d}M"


def _play(table: Table, seat: str, power: str, year: int, money: str) -> dict[str, str]:
    """The person's two years: each phase his orders (his units as the judge holds them,
    the money lines in the first Spring), the results he reads, by phase."""
    read: dict[str, str] = {}
    name = seat[1:]
    while (phase := table.show(name)["phase"]) != f"S{year + 2:04d}M":
        units = table.show(name)["units"].get(power, [])
        if phase.endswith("M"):
            orders = "".join(f"{unit} H\n" for unit in units)
            text = (money if phase == f"S{year:04d}M" else "") + orders
        elif phase.endswith("B"):
            text = "".join(f"maintain {unit}\n" for unit in units)
        else:
            text = ""
        if text:
            table.send(PERSON, f"SIGN ON {seat} pwPrince\n{text}")
        read[phase] = table.wait_for(PERSON, f":{name} - {phase} Results")[0].get_content()
    return read
