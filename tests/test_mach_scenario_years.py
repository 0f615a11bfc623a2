"""Every Machiavelli scenario played by mail for two years with money (issue #20, stage 4):
in each game one person plays a power and robots hold the others; in the first Spring he
borrows from the bank for two years and bribes an autonomous garrison beside his units
(buys it and orders it at once, or disbands it), and the game's seed (`Table.seed`, found
by tests/mach_famine_seeds.py) rolls a famine after the first Fall that strikes a robot's
unit, dead after the next Spring; the master rolls that Fall back and has it played again,
to the same dice. Every other phase the person holds his units, and in the Winters keeps
those his treasury pays for, as his results show them to him, until the third year begins.
He reads, in his own results, the loan and the bribe's outcome, the famine, his income and
his treasury (nobody else's), the famine's dead. One judge for the module."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

import pytest

import variants
from tests.gametable import MASTER, TIMING, Table, form
from tests.judgekit import InProcessJudge
from tests.mach_famine_seeds import famine_seed

PERSON = "prince@players.example"


class Scripted(NamedTuple):
    """A scenario's game: the power the person plays, his bribe (`buy` or `disband`) of the
    autonomous garrison in `target` (beside one of his units from the start), and the seed
    whose first famine strikes a robot's unit."""

    scenario: str
    power: str
    bribe: str
    target: str
    seed: int


# Every scenario has such a garrison beside some played power's units, none of them in a
# major city (whose garrison costs double): 9 ducats buy it, 6 disband it, the least prices
# the bribe pays when it names none. A game with money has SET ADJACENCY unless its master
# says otherwise: the bribe must be beside his units.
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
        table, f"{letter}{name}", game.power, year, f"borrow 10 ducats for 2 years\n{bribe}"
    )
    spring, fall = results[f"S{year:04d}M"], results[f"F{year:04d}M"]
    me = game.power
    assert f"Expenditure results for Spring of {year:04d}." in spring
    # A loan for two years (income and upkeep come near even: one for a year would be
    # repaid by removing units or not at all), owed still at the end of the second.
    owed = f"15d due in Spring of {year + 2:04d}"
    assert f"{me}: Borrows 10 ducats for 2 years, {owed}." in spring
    assert f"Loan of 10 ducats: {owed}." in results[f"F{year + 1:04d}B"]
    if game.bribe == "buy":
        assert f"{me}: E1: 9d, Buy Autonomous Garrison {place}." in spring, spring
        assert f"{me}: Garrison {place} HOLD." in spring
    else:
        assert f"{me}: E1: 6d, Disband Autonomous Garrison {place}." in spring, spring
        assert f"Autonomous: Garrison {place}.  (*disbanded*)" in spring
    # The famine the seed was chosen for, named in the Fall, its dead in the next Spring.
    found, struck = famine_seed(game.scenario, game.power, game.target, start=game.seed)
    assert found == game.seed, "the dice have changed: python -m tests.mach_famine_seeds"
    names = ", ".join(variant.provinces[p].name for p in struck)
    assert f"Provinces struck: {names}." in " ".join(fall.split()), fall
    assert f"Income phase for Winter of {year:04d}." in fall
    # His own treasury, and nobody else's.
    assert re.findall(r"\n(\S+):\s+Treasury \d+ ducats\.", fall) == [me], fall
    # Rolled back and played again: the same famine, the same income, to the ducat.
    assert _report(results["again"]) == _report(fall)
    later = results[f"S{year + 1:04d}M"]
    assert "NSF" not in later and "assassinated" not in later
    assert any(f" in {variant.provinces[p].name} eliminated by famine." in later for p in struck), (
        later
    )
    assert f"Adjustment orders for Winter of {year + 1:04d}." in results[f"F{year + 1:04d}B"]
    assert table.show(name)["phase"] == f"S{year + 2:04d}M"


def _play(table: Table, seat: str, power: str, year: int, money: str) -> dict[str, str]:
    """The person's two years: each phase his orders (his units as the judge holds them,
    the money lines in the first Spring), the results he reads, by phase."""
    read: dict[str, str] = {}
    name, last = seat[1:], ""
    while (phase := table.show(name)["phase"]) != f"S{year + 2:04d}M":
        units = table.show(name)["units"].get(power, [])
        assert int(phase[1:-1]) <= year + 1, f"{name} went on without him to {phase}"
        if phase.endswith("M"):
            orders = "".join(f"{unit} H\n" for unit in units)
            text = (money if phase == f"S{year:04d}M" else "") + orders
        elif phase.endswith("B"):
            # Each unit kept costs 3 ducats: he removes as few as he must to pay for the
            # others (what the treasury cannot pay for is removed unpaid, "NSF").
            treasury = int(re.findall(rf"\n{power}:\s+Treasury (\d+) ducats\.", last)[-1])
            removed = max(0, len(units) - treasury // 3)
            text = "".join(
                f"{'remove' if i < removed else 'maintain'} {unit}\n"
                for i, unit in enumerate(units)
            )
        else:
            text = ""
        if text:
            table.send(PERSON, f"SIGN ON {seat} pwPrince\n{text}")
        last = read[phase] = table.wait_for(PERSON, f":{name} - {phase} Results")[0].get_content()
        if phase == f"F{year:04d}M":
            read["again"] = _replayed(table, name, phase, last)
    return read


def _replayed(table: Table, name: str, phase: str, results: str) -> str:
    """The master rolls the phase back (by its turn, as the results number it) and has it
    processed again, with the orders given: the results the person reads the second time."""
    turn = re.findall(rf"\({name}\.(\d+)\)", results)[0]
    master = f"SIGN ON M{name} pwMaster\nROLLBACK {turn}\nPROCESS\n"
    said = table.send(MASTER, master).get_content()
    assert f"Game '{name}' has been rolled back to {phase} (turn {turn})." in said, said
    return table.wait_for(PERSON, f":{name} - {phase} Results", count=2)[1].get_content()


def _report(results: str) -> str:
    """A results mail from its title to the line naming the next phase: the report and the
    reader's money."""
    return results[results.index("Movement results for") : results.index("The next phase of")]
