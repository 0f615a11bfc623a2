"""A robot seated in a running game (a player resigns, the master SET ROBOTs his power)
plays from what the judge knows of the game, over SMTP:

- its friends: by default only the peace it made in press, as the seed's BlabBot has them,
  so France's support makes France no friend and the blabbot takes Marseilles; set to
  `observe`, the observation module's friendliness matrix, read from the phases played,
  counts France a friend after that support, and the blabbot spares France where, with the
  very same board and randomness, it would surely have attacked;
- where it builds: the game's rule (SET ANY CENTER), not only the home centres;
- what it remembers: a Loeb robot, who has moved against its centres (robots/memory.py).
"""

from __future__ import annotations

from sqlalchemy import select

import robots
from adjudicator.document import read_document
from adjudicator.given import Position
from adjudicator.options import Options
from judge.engine.play.standing import phase_document
from judge.store.models import Game
from robots.loeb import trust_list
from tests.gametable import HOLDS, Table, address, master, play, start_moderated


def _now(table: Table) -> tuple[Position, Options, int]:
    """The board of game 'war' as its robots read it, the rule options, and its robot seed."""
    with table.judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == "war")).scalar_one()
        position, _, rules = read_document(phase_document(game, {}))
        return position, rules, int(game.settings["robot_seed"])


def _seat_robot(table: Table, power: str, strategy: str, options: str = "") -> None:
    assert "resigned" in table.orders(power, "RESIGN").lower()
    reply = master(table, f"SET ROBOT {power} {strategy} {options}")
    assert f"Game 'war' set: {power} is played by Robot ({strategy})" in reply


def _lines(results: str, power: str) -> list[str]:
    return [line for line in results.splitlines() if line.startswith(f"{power}: ")]


def _supported_then_seated(table: Table, options: str, press: str = "") -> list[str]:
    """Spring 1901: France supports Italy into Piedmont, beside Marseilles; then Italy's
    player resigns and a blabbot (with `options`) takes Italy over, and France sends it
    `press` (if any) before the others order. Italy's lines in the fall's results."""
    start_moderated(table)
    play(
        table,
        {
            **HOLDS,
            "France": "A par H; A mar S A ven - pie; F bre H",
            "Italy": "A ven - pie; A rom H; F nap H",
        },
        "S1901M",
    )
    _seat_robot(table, "Italy", "blabbot", options)
    position, rules, seed = _now(table)
    assert str(position.phase) == "F1901M"
    # Without France for a friend, the blabbot's army in Piedmont takes Marseilles (no
    # neutral centre is near it, and France's is the most valuable place it can reach): so
    # it would with this board and randomness, whatever France said or did not say in press.
    rng = robots.rng_for(seed, "F1901M", "Italy")
    alone = robots.play("blabbot", position, "Italy", rng, frozenset(), rules)
    assert "A pie - mar" in alone, alone
    text = master(table, "RELATIONS war")
    assert "  France, Italy." in text  # the matrix's bloc, from the support
    if press:
        assert "Message sent to Italy" in table.orders("France", press)
    for power, orders in HOLDS.items():
        if power != "Italy":
            table.orders(power, orders)
    results = table.wait_for(address("France"), "F1901M Results")[0].get_content()
    italy = [x for x in _lines(results, "Italy") if x.split()[1] in ("Army", "Fleet")]
    assert len(italy) == 3 and not [x for x in italy if "No Order" in x], results
    return italy


def test_a_blabbot_counts_friends_from_press_only_by_default(table: Table) -> None:
    """Issue 32: friends only from press, as the seed says: France's support is no peace,
    and the blabbot takes Marseilles though the matrix reads France and Italy as a bloc."""
    italy = _supported_then_seated(table, "")
    assert [x for x in italy if "-> Marseilles" in x], italy


def test_a_blabbot_orders_again_when_it_makes_peace_during_the_phase(table: Table) -> None:
    """Issue 32, the seed's step [8]: "If a peace agreement is reached after we have
    submitted our orders, send revised orders." The blabbot ordered Piedmont to Marseilles
    as it took Italy over; France proposes peace, it accepts, and orders again in time."""
    press = "PRESS TO I\nPRP (PCE (FRA ITA))\nENDPRESS\n"
    italy = _supported_then_seated(table, "", press)
    assert not [x for x in italy if "-> Marseilles" in x], italy


def test_a_blabbot_set_to_observe_spares_the_power_the_matrix_counts_its_friend(
    table: Table,
) -> None:
    italy = _supported_then_seated(table, "observe")
    assert not [x for x in italy if "-> Marseilles" in x], italy


def test_a_robot_builds_where_the_game_lets_it(table: Table) -> None:
    """SET ANY CENTER: by the winter of 1902 Germany's three home centres are full and it
    owns Denmark and Holland empty; the dumbbot that takes Germany over builds there."""
    start_moderated(table, "SET ANY CENTER\n")
    germany = address("Germany")
    for phase, orders in [
        ("S1901M", "A mun - ruh\nF kie - den\nA ber H"),
        ("F1901M", "A ruh - hol\nF den H\nA ber H"),
        ("F1901B", "A mun B\nF kie B"),  # nobody else adjusts: it goes on at once
        ("S1902M", "F den - swe\nA hol - bel\nA ber H\nA mun H\nF kie H"),
        ("F1902M", "F swe H\nA bel H\nA ber H\nA mun H\nF kie H"),
    ]:
        table.orders("Germany", orders)
        if phase.endswith("M"):  # the others hold: the master plays the phase now
            master(table, "PROCESS")
        table.wait_for(germany, f"{phase} Results")
    _seat_robot(table, "Germany", "dumbbot")  # its builds are all the winter waits for
    winter = table.wait_for(address("France"), "F1902B Results")[0].get_content()
    built = [x for x in _lines(winter, "Germany") if "Builds" in x]
    assert len(built) == 2, winter
    assert any("Denmark" in x for x in built) and any("Holland" in x for x in built), built


def test_a_loeb_robot_remembers_who_moved_against_its_centres(table: Table) -> None:
    """Loeb's program sends "any country which attempts to move into a supply center I own"
    to the bottom of its list: France tried for Munich in 1901, and the Loeb robot seated on
    Germany in 1902 orders as it does with France its latest intruder, the judge reading
    that from the phases played."""
    start_moderated(table)
    france = "A par - bur; A mar H; F bre H"
    play(table, {**HOLDS, "France": france}, "S1901M")
    play(table, {**HOLDS, "France": "A bur - mun; A mar H; F bre H"}, "F1901M")
    table.seed("war", 4, of="robot_seed")  # one with which forgetting would show
    _seat_robot(table, "Germany", "loeb")
    position, rules, seed = _now(table)
    assert str(position.phase) == "S1902M"
    memory = robots.Memory(seed, frozenset({"Germany"}), {"Germany": {"France": 1}})
    assert trust_list(position.variant, "Germany", memory)[-1] == "France"
    rng = robots.rng_for(seed, "S1902M", "Germany")
    expected = robots.play("loeb", position, "Germany", rng, frozenset(), rules, memory)
    # Forgetting France's attempt, it would go another way.
    forgotten = robots.play(
        "loeb", position, "Germany", rng, frozenset(), rules, robots.Memory(seed)
    )
    assert sorted(forgotten) != sorted(expected)
    for power, orders in {**HOLDS, "France": "A bur H; A mar H; F bre H"}.items():
        if power != "Germany":
            table.orders(power, orders)
    results = table.wait_for(address("France"), "S1902M Results")[0].get_content()
    given = [" ".join(x.split()[1:]) for x in _lines(results, "Germany")]
    assert sorted(expected) == ["A ber - kie", "A mun - ruh", "F kie - hol"]
    assert given == ["Army Berlin -> Kiel.", "Army Munich -> Ruhr.", "Fleet Kiel -> Holland."]
