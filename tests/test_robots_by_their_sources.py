"""The random and loeb strategies held to their source, Daniel Loeb's three programs in
Electronic Protocol 191 (1990): given a position, the orders the source says its program
gives. Each order goes through the real adjudicator where the outcome matters."""

from __future__ import annotations

import pytest

import robots
import variants
from adjudicator import adjudicate
from adjudicator.board import Unit
from adjudicator.given import Position, read_orders
from adjudicator.options import Options
from adjudicator.phase import Phase
from adjudicator.phases import adjudicate_phase
from adjudicator.retreats import Dislodged
from robots import randomly
from robots.board import unit_reach
from robots.games import starting_position
from robots.loeb import forces, sides, trust_list
from robots.memory import Memory, from_results, remember

STANDARD = variants.load("standard")
POWERS = [p.name for p in STANDARD.powers]
# Every centre Germany's but France's three: no neutral centre draws a unit away.
GERMAN = {c: "Germany" for c, p in STANDARD.provinces.items() if p.center}


def board(phase: str, units: list[str], centers: dict[str, str] | None = None) -> Position:
    """'Germany A bur', ...: those units alone; the centres as given over Standard's."""
    placed = tuple(Unit(*u.split()) for u in units)
    owners = {**STANDARD.ownership, **(centers or {})}
    return Position(STANDARD, Phase.parse(phase, STANDARD), placed, owners)


def loeb(position: Position, power: str, memory: Memory, seed: int = 1) -> list[str]:
    rng = robots.rng_for(seed, str(position.phase), power)
    return sorted(robots.play("loeb", position, power, rng, memory=memory))


def intruded(*powers: str) -> Memory:
    """Germany's memory: each of `powers` moved against its centres, the last the latest."""
    return Memory(1, frozenset(), {"Germany": {p: i for i, p in enumerate(powers, 1)}})


# Random: "All units move to an adjacent province at random. Legal retreats are randomly
# taken when possible."


def test_random_moves_every_unit_to_an_adjacent_province() -> None:
    start = starting_position(STANDARD)
    for seed in range(10):
        for power in POWERS:
            rng = robots.rng_for(seed, "S1901M", power)
            orders = robots.play("random", start, power, rng)
            mine = [u for u in start.units if u.power == power]
            assert len(orders) == len(mine)
            for unit, order in zip(mine, orders, strict=True):
                kind, at, verb, to = order.split()
                assert (kind, at, verb) == (unit.type, unit.location, "-"), order
                assert to.split("/")[0] in unit_reach(STANDARD, unit), order


def test_random_supports_only_as_an_option() -> None:
    """Whoever calls the strategy may let its units also hold, support and convoy."""
    start = starting_position(STANDARD)
    given = [
        order
        for seed in range(10)
        for order in randomly.play(
            start, "France", robots.rng_for(seed, "S1901M", "F"), frozenset(), Options(), "-SCH"
        )
    ]
    assert [o for o in given if " S " in o] and [o for o in given if " - " in o]


def test_random_retreats_where_it_can_and_disbands_only_where_it_cannot() -> None:
    position = Position(
        STANDARD,
        Phase.parse("S1901R", STANDARD),
        (Unit("Italy", "A", "tyr"),),
        dict(STANDARD.ownership),
        (
            Dislodged(Unit("Austria", "A", "vie"), ("boh", "gal"), "tyr"),
            Dislodged(Unit("Austria", "F", "tri"), (), "ven"),
        ),
    )
    for seed in range(10):
        orders = robots.play("random", position, "Austria", robots.rng_for(seed, "R", "A"))
        assert orders[0] in ("A vie R boh", "A vie R gal") and orders[1] == "F tri D"


# Loeb's "somewhat serious" program: the trustworthiness list.


def test_loebs_list_puts_programs_first_and_an_intruder_at_the_bottom() -> None:
    """ "The initial sorting is at random. The program considers copies of itself (and
    strategies 1 and 2) as being more trustworthy than humans ... any country which attempts
    to move into a supply center I own is moved to the bottom of the list. The first two
    countries in the list are considered allies. The bottom two are considered enemies and
    the middle two are considered neutrals.\""""
    fresh = [trust_list(STANDARD, "Germany", Memory(seed, frozenset())) for seed in range(6)]
    assert len({tuple(t) for t in fresh}) > 1  # at random, by the game's seed
    assert trust_list(STANDARD, "Germany", Memory(3)) == fresh[3]  # the same all game
    kin = trust_list(STANDARD, "Germany", Memory(3, frozenset({"Turkey", "Italy"})))
    assert set(kin[:2]) == {"Turkey", "Italy"}
    later = trust_list(STANDARD, "Germany", Memory(3, frozenset({"Turkey", "Italy"}), {
        "Germany": {"Turkey": 1, "France": 2}, "France": {"Italy": 3},
    }))  # fmt: skip
    assert later[-2:] == ["Turkey", "France"] and later[0] == "Italy"
    assert sides(later).allies == {"Italy", later[1]}
    assert sides(later).enemies == {"Turkey", "France"} and len(sides(later).neutrals) == 2


def test_the_judge_reads_from_its_results_the_memory_a_game_keeps() -> None:
    """France moves into Munich and Belgium; only Munich was a centre someone owned."""
    doc = {
        "variant": "standard",
        "phase": "S1901M",
        "units": {"France": ["A bur", "A pic"], "Germany": ["A ber"]},
        "orders": {"France": ["A bur - mun", "A pic - bel"], "Germany": ["A ber - sil"]},
    }
    record = {"input": doc, "output": adjudicate(doc)}
    memory = from_results(STANDARD, [record], 7, frozenset({"Germany"}))
    kept: dict[str, dict[str, int]] = {}
    remember(kept, STANDARD.ownership, [("France", "A bur - mun"), ("France", "A pic - bel")])
    assert memory == Memory(7, frozenset({"Germany"}), {"Germany": {"France": 1}})
    assert kept == memory.intrusions


# Spring 1901: "As a direct function of the trustworthiness list, the program choses among
# a set of BOOK openings."


@pytest.mark.parametrize(
    ("least_trusted", "opening"),
    [
        ("France", ["A ber - kie", "A mun - bur", "F kie - hol"]),
        ("Russia", ["A ber - pru", "A mun - sil", "F kie - den"]),
        ("England", ["A ber - kie", "A mun - ruh", "F kie - den"]),
    ],
)
def test_loeb_opens_from_the_book_against_the_power_it_trusts_least(
    least_trusted: str, opening: list[str]
) -> None:
    start = starting_position(STANDARD)
    for seed in range(3):
        assert loeb(start, "Germany", intruded(least_trusted), seed) == opening


def test_england_has_no_opening_that_leads_to_a_convoy() -> None:
    start = starting_position(STANDARD)
    for seed in range(6):
        memory = Memory(seed, frozenset())
        orders = loeb(start, "England", memory)
        assert not [o for o in orders if o.endswith((" - yor", " - wal"))], orders


# Afterwards, stages (a) to (e).


def test_loeb_never_attacks_an_ally() -> None:
    """Paris and Marseilles are empty beside Germany's army in Burgundy in the autumn: with
    France its ally (the only program, so first on its list) it goes nowhere French; with
    France the latest to move against its centres, it takes one."""
    units = "Germany A bur, Germany A mun, Germany F kie, France A pic, France A gas, France F mao"
    position = board(
        "F1901M", units.split(", "), {"bel": "Germany", "hol": "Germany", "den": "Germany"}
    )
    french = {"par", "mar", "bre", "pic", "gas", "mao"}
    ally = Memory(1, frozenset({"France"}))
    for seed in range(5):
        moves = [o.split()[-1] for o in loeb(position, "Germany", ally, seed) if " - " in o]
        assert not french & set(moves), moves
        enemy = loeb(position, "Germany", intruded("France"), seed)
        assert {"A bur - par", "A bur - mar"} & set(enemy), enemy


def test_loeb_counts_own_allied_neutral_and_enemy_units() -> None:
    """(a): the units of each side that stand in a province or could move into it."""
    position = board("S1902M", ["Germany A mun", "Italy A tyr", "France A bur", "Austria A boh"])
    memory = Memory(2, frozenset({"Italy", "Russia"}), {"Germany": {"France": 1, "Austria": 2}})
    found = forces(position, "Germany", sides(trust_list(STANDARD, "Germany", memory)))
    assert found["mun"] == (1, 1, 0, 2)  # own, allied, neutral, enemy
    assert found["tyr"] == (1, 1, 0, 1)


@pytest.mark.parametrize(
    "units",
    [
        ["France A par", "Germany A bur", "Germany A pic"],
        ["France A par", "France A gas", "Germany A bur", "Germany A pic", "Germany A bre"],
    ],
)
def test_loeb_sends_one_attacker_more_than_the_defence(units: list[str]) -> None:
    """(c): "it is only necessary to send 1 unit to an undefended space, but it is necessary
    to target 3 units to defend a space against a potential force of 3 units". Paris is held
    by France, alone (two units needed) or with Gascony beside it (three): every German
    unit that can reach it attacks, one moving and the others supporting it; the moving unit
    comes from a plain province, not the centre of Brest (d: "the one coming from the least
    important space"); the adjudicator dislodges France."""
    position = board("F1902M", units, {**GERMAN, "par": "France"})
    for seed in range(5):
        orders = loeb(position, "Germany", intruded("France"), seed)
        [move] = [o for o in orders if o.endswith(" - par") and " S " not in o]
        assert move != "A bre - par"
        assert sorted(orders) == sorted([move, *(f"{o} S {move}" for o in _others(units, move))])
        given = read_orders(STANDARD, position.phase, [("Germany", o) for o in orders])
        result = adjudicate_phase(position, given)
        assert Unit("Germany", "A", "par") in result.units


def _others(units: list[str], move: str) -> list[str]:
    mover = " ".join(move.split()[:2])
    return [u.split(" ", 1)[1] for u in units if u.startswith("Germany") and not u.endswith(mover)]


def test_loeb_supports_a_unit_holding_a_threatened_centre() -> None:
    """(e): "For units provisionally assigned to hold ... check if there is a neighboring
    targetted space which can be supported": Munich's army holds against France's in
    Burgundy, and Kiel's army, with nothing to take (France's Paris and Brest too far),
    supports it."""
    france = {"par": "France", "bre": "France"}
    position = board(
        "S1902M", ["France A bur", "Germany A mun", "Germany A kie"], {**GERMAN, **france}
    )
    for seed in range(5):
        orders = loeb(position, "Germany", intruded("France"), seed)
        assert "A kie S A mun" in orders, orders


def test_loeb_retreats_rather_than_disbands() -> None:
    """ "The program never disbands if not necessary. Instead it retreats."""
    position = Position(
        STANDARD,
        Phase.parse("F1902R", STANDARD),
        (Unit("France", "A", "mun"),),
        dict(STANDARD.ownership),
        (Dislodged(Unit("Germany", "A", "mun"), ("kie", "ber", "boh"), "bur"),),
    )
    for seed in range(5):
        [order] = loeb(position, "Germany", Memory(seed), seed)
        assert order.startswith("A mun R "), order
