"""Machiavelli played by mail (docs/machiavelli.md, stage 3): every scenario started and its
first Spring played by robots under the master's PROCESS, each with settings of its own,
and a few played to the end of the year; a game of Venice's by mail, with sieges, a
dislodgement and its retreat, builds, the famine, a PREDICT and a ROLLBACK that plays the
phase again to the same dice; the settings of manual 9.2 and their refusals, LIST's
`Mach:` line, and the game's seed kept from every mail. One judge for the module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select

import variants
from judge.store.models import Game
from tests.gametable import MASTER, TIMING, Table, form, master_says
from tests.judgekit import InProcessJudge

VENICE = "venice@players.example"
WATCHER = "watcher@example.org"
SCENARIOS = [n for n in variants.available() if variants.load(n).is_machiavelli]
# Each scenario's game has settings of its own, and robots of one strategy; these are
# played to the end of their first year, the others through their first Spring.
YEAR = {
    "machiavelli": ("SET PLAGUE\nSET STORMS\n", "random"),
    "machiavelli2": ("SET NO GARRISONS\n", "dumbbot"),
    "mach_span": ("SET NO SUMMER\n", "loeb"),
    "mach_este": ("SET NO DICE\nSET NO MONEY\n", "random"),
}
SPRING = {
    "mach_eos": "SET NO FORTRESSES\n",
    "mach_sfd1": "SET MACH2\n",
    "dipmach": "SET NO COASTAL CONVOYS\nSET NO DISBAND\n",
    "mach2_ttr": "SET PLAGUE\n",
}
FAMINE_AWAY_FROM_VENICE = 4611686018427387005


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    home = tmp_path_factory.mktemp("mach") / "judge"
    with InProcessJudge(home, JUDGE_RATE_LIMIT="1000") as judge:
        table = Table(judge)
        for who in (MASTER, VENICE, WATCHER):
            table.send(who, form(who))
        yield table


def _results(table: Table, who: str, game: str) -> dict[str, str]:
    """The results mailed to someone so far, by phase (the last of each)."""
    found = {}
    for message in table.inbox(who, f"USTS:{game} - "):
        subject = message["Subject"] or ""
        if subject.endswith(" Results"):
            found[subject.split(" - ")[1].split()[0]] = message.get_content()
    return found


def _seed(table: Table, game: str) -> int:
    with table.judge.store.transaction(readonly=True) as session:
        found = session.execute(select(Game).where(Game.name == game)).scalar_one()
        return int(found.settings["mach_seed"])


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_scenario_starts_and_plays_by_mail(table: Table, name: str) -> None:
    variant = variants.load(name)
    index = SCENARIOS.index(name)
    game = f"m{index}"
    settings, strategy = YEAR.get(name, (SPRING.get(name, ""), ("hold", "random")[index % 2]))
    made = table.send(
        MASTER,
        f"CREATE ?{game} pwMaster {name}\nBECOME MASTER\n"
        # Each movement phase waits for the master's PROCESS (MIN); the others go on.
        "SET MOVE MIN 24 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n"
        f"SET ROBOTS {strategy}\n{settings}FORCE BEGIN\n",
    ).get_content()
    played = [x for x in variant.powers if x.played]
    assert f"Game '{game}' begins with {len(played)} dummy players." in made, made
    # F####A was played at the start, in the start notice; the first orders are the Spring's.
    year = int(variant.start[1:-1]) + 1
    notice = table.wait_for(MASTER, f"USTS:{game} - S{year:04d}M Game")[0].get_content()
    seats, board = notice.split("Starting position for ")
    assert board.startswith(f"Winter of {year - 1:04d}.")
    assert f"Adjustment orders for Winter of {year - 1:04d}." in board
    for power in variant.powers:  # a power nobody plays is dealt to nobody, not a robot
        assert (f"     {power.name}:" in seats) == power.played
    garrisons = "Garrison " in board.split("Adjustment orders")[0]
    assert garrisons == (
        "NO GARRISONS" not in settings and any(u.type == "G" for u in variant.units)
    )
    seasons = "SF" if "NO SUMMER" in settings else "SUF"
    for season in seasons if name in YEAR else "S":
        phase = f"{season}{year:04d}M"
        said = master_says(table, game, "PROCESS")
        assert f"Game '{game}': {phase} will be processed now." in said, said
        table.judge.mailbox.wait(lambda p=phase: p in _results(table, MASTER, game))
    results = _results(table, MASTER, game)
    every = "\n".join(results.values())
    # The robots ordered every unit of every phase, each order legal.
    assert "No Order Processed" not in every
    spring = results[f"S{year:04d}M"]
    assert f"Movement results for Spring of {year:04d}. ({game}.002)" in spring
    if garrisons and any(u.power == "Autonomous" for u in variant.units):
        assert "Autonomous: Garrison " in spring
    if "PLAGUE" in settings and year >= 1348:
        assert "Plague results: " in spring
    if name in YEAR:
        table.judge.mailbox.wait(lambda: table.show(game)["phase"] == f"S{year + 1:04d}M")
        fall = "".join(
            text for phase, text in _results(table, MASTER, game).items() if "F" in phase
        )
        famine = "NO DICE" not in settings and bool(variant.machiavelli.famine)
        assert ("Famine results: " in fall) == famine
        assert ("Storm results: " in fall) == ("STORMS" in settings)
        # Without money the control tables; with money the income, the master's copy
        # telling every power's.
        assert ("Cities Controlled:" in fall) == ("NO MONEY" in settings)
        assert ("Income phase for Winter of" in fall) == ("NO MONEY" not in settings)
    listing = master_says(table, game, "LIST")
    edition = "Mach2:" if "mach2" in variant.rules or "MACH2" in settings else "Mach:"
    assert f"   {edition}  " in listing
    assert "Cities Controlled:" in listing and "Provinces Controlled:" in listing
    assert str(_seed(table, game)) not in every + listing + notice


def _orders(table: Table, body: str) -> str:
    return table.send(VENICE, f"SIGN ON Vven pwVenice\n{body}").get_content()


def test_venice_besieges_builds_and_dislodges_by_mail(table: Table) -> None:
    table.send(
        MASTER,
        f"CREATE ?ven pwMaster machiavelli\nBECOME MASTER\n{TIMING}SET ROBOTS hold\n"
        "SET NO MONEY\n",  # the builds without money (test_mach_money_by_mail: with it)
    )
    # The dice as a seed rolls them: its famine of 1454 strikes Bari (and Forli, Urbino ...),
    # none of Venice's home cities (a famine there would leave Venice no build, and the
    # Winter would go by without it) nor Bologna.
    table.seed("ven", FAMINE_AWAY_FROM_VENICE)
    joined = table.send(VENICE, "SIGN ON ?ven pwVenice machiavelli\nSET PREFERENCE V\n")
    assert "You've been selected to play a power in game 'ven'." in joined.get_content()
    assert "begins with 7 dummy players" in master_says(table, "ven", "FORCE BEGIN")
    notice = table.wait_for(VENICE, "S1454M Game Starting")[0].get_content()
    assert "You have been selected as Venice in game 'ven' of Diplomacy." in notice
    assert "Autonomous: Garrison Ferrara." in notice
    # An order the judge refuses, in the njudge's words, then the Spring's orders.
    wrong = _orders(table, "A pad B")
    assert "Padua has no garrison or rebellion to siege." in wrong
    right = _orders(table, "A pad - fer\nA ver - man\nG ven H\nF dal H")
    assert "Venice: Army Padua -> Ferrara." in right and "Venice: Garrison Venice HOLD." in right
    spring = table.wait_for(VENICE, "S1454M Results")[0].get_content()
    assert "Venice: Army Verona -> Mantua." in spring
    assert "Autonomous: Garrison Ferrara." in spring
    assert "Ownership of provinces changing hands:" in spring
    assert "Venice:   +Ferrara, +Mantua." in spring
    assert "Papacy: Army Bologna HOLD." in spring  # the robots hold
    # The Summer: both armies besiege the autonomous garrisons.
    listed = _orders(table, "A fer B\nA man B\nG ven H\nF dal H")
    assert "Venice: Army Ferrara BESIEGE Autonomous Garrison." in listed
    summer = table.wait_for(VENICE, "U1454M Results")[0].get_content()
    assert "Venice: Army Mantua BESIEGE Autonomous Garrison." in summer
    assert "Autonomous: Garrison Ferrara.  (*siege in progress*)" in summer
    # The Fall, held back for the master's PREDICT: the second siege takes both cities.
    _orders(table, "SET WAIT\nA fer B\nA man B\nG ven H\nF dal H")
    predicted = master_says(table, "ven", "PREDICT")
    assert "Prediction for F1454M, from the orders given so far:" in predicted
    _orders(table, "SET NOWAIT")
    fall = table.wait_for(VENICE, "F1454M Results")[0].get_content()
    assert "The Autonomous Garrison in Ferrara with no valid retreats was destroyed." in fall
    assert "Ownership of cities changing hands:" in fall
    assert "Venice:   +Ferrara, +Mantua." in fall.split("cities changing hands:")[1]
    assert "Famine results: " in fall and "Cities Controlled:" in fall
    report = _report(fall)
    assert report in predicted  # the same dice, before and after
    # The master rolls the Fall back and plays it again: the same famine, the same report.
    # The turn named (manual: ROLLBACK [turn number]), so that the rollback goes to the Fall
    # whatever else the clock has done with the game meanwhile.
    rolled = master_says(table, "ven", "ROLLBACK 004")
    assert "Game 'ven' has been rolled back to F1454M (turn 004)." in rolled
    assert master_says(table, "ven", "PROCESS").count("F1454M will be processed now")
    table.wait_for(VENICE, "F1454M Results", count=2)
    again = table.inbox(VENICE, "F1454M Results")[1].get_content()
    assert _report(again) == report
    # Two cities more: two builds, in Venice's home cities.
    built = _orders(table, "B A pad\nB A trv")
    assert "Venice:                   Builds an army in Padua." in built
    winter = table.wait_for(VENICE, "F1454B Results")[0].get_content()
    assert "Adjustment orders for Winter of 1454.  (ven.005)" in winter
    assert "Venice:                   Builds an army in Treviso." in winter
    # Spring 1455: Ferrara, supported from Mantua, dislodges the Papal army in Bologna.
    _orders(table, "A fer - bol\nA man S A fer - bol\nA pad H\nA trv H\nG ven H\nF dal H")
    attack = table.wait_for(VENICE, "S1455M Results")[0].get_content()
    assert "Venice: Army Mantua SUPPORT Army Ferrara -> Bologna." in attack
    assert "Papacy: Army Bologna HOLD.  (*dislodged*)" in attack
    assert "The Papal Army in Bologna can retreat to " in attack
    retreat = table.wait_for(VENICE, "S1455R Results")[0].get_content()
    assert "Retreat orders for Spring of 1455.  (ven.007)" in retreat
    assert "Papacy:                   Army  Bologna DISBAND." in retreat
    # The campaign over, last Fall's famine kills the unit left in Bari.
    assert "Neapolitan Army in Bari eliminated by famine." in retreat
    # Nobody else reads the seed; a master may audit the dice in the phases kept.
    seed = str(_seed(table, "ven"))
    listing = table.send(WATCHER, "LIST ven\n").get_content()
    assert "\n     Mach:  Summer, " in listing
    assert (
        "Mach: Summer, Garrisons, Famine, NoPlague, NoLoans, NoAssassins, Dice, NoSpecial, "
        "NoFortresses, NoAdjacency, NoStorms, NoMoney, CoastalConvoy, Disband."
        in " ".join(listing.split())
    )
    mails = [m.get_content() for m in table.judge.mailbox.all()]
    assert not [text for text in mails if seed in text]
    refused = master_says(table, "ven", "SET PLAGUE")
    assert "SET PLAGUE: game 'ven' has started; this is set before the start." in refused


def _report(results: str) -> str:
    """The body of a results mail: from its title to the line naming the next phase."""
    start = results.index("Movement results for")
    return results[start : results.index("The next phase of")].strip()


def test_the_machiavelli_settings_and_their_refusals(table: Table) -> None:
    table.send(MASTER, "CREATE ?opts pwMaster machiavelli\nBECOME MASTER\n")
    said = master_says(
        table,
        "opts",
        "SET NO DICE\nSET FAMINE\nSET MACH2\nSET FORTRESSES\nSET NO SUMMER\nSET NO SPECIAL\n"
        "SET MONEY\nSET LOANS\n",
    )
    assert "Game 'opts' set: NoDice, NoFamine, NoPlague, NoStorms, NoLoans, NoAssassins." in said
    assert "Game 'opts' set: Famine, Dice." in said
    assert "Game 'opts' set: Mach2." in said and "Game 'opts' set: Fortresses." in said
    # Money and its rules are carried out (test_mach_money_by_mail plays them).
    assert "Game 'opts' set: Money." in said and "Game 'opts' set: Loans, Dice." in said
    listing = table.send(WATCHER, "LIST opts\n").get_content()
    assert "\n    Mach2:  NoSummer, " in listing
    assert (
        "Mach2: NoSummer, Garrisons, Famine, NoPlague, Loans, NoAssassins, Dice, NoSpecial, "
        "Fortresses, Adjacency, NoStorms, Money, NoCoastalConvoy, NoDisband."
        in " ".join(listing.split())
    )
    # A player is no master; a game of another variant has no such rules.
    player = table.send(WATCHER, "SIGN ON ?opts pwWatch machiavelli\nSET PLAGUE\n").get_content()
    assert "SET PLAGUE: only the master of game 'opts' may change its settings." in player
    table.send(MASTER, "CREATE ?plain pwMaster standard\nBECOME MASTER\n")
    plain = master_says(table, "plain", "SET FAMINE")
    assert "SET FAMINE: game 'plain' is not a Machiavelli game" in plain
