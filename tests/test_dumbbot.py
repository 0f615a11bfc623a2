"""DumbBot plays as David Norman's source says (the DAIDE AiClient's bots/dumbbot): given a
position, the values and orders its rules give, worked out by hand from its formulas.

`Always` is a randomness that never looks past the best choice (every roll 99 of 100) and
gives every unit the same key (so units are ordered in map order); `Rolls` plays given
rolls of 0..99, so that a choice further down can be forced and checked."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

import robots
import variants
from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.options import Options
from adjudicator.phase import Phase
from adjudicator.retreats import Dislodged
from judge.tournament import seats_for
from robots.dumbbot import Movement, pick
from robots.dumbbot_values import FALL, SPRING, WINTER, power_size, valuation
from robots.games import play_game, starting_position
from variants import load_text

STANDARD = variants.load("standard")
POWERS = [p.name for p in STANDARD.powers]


class Always(random.Random):
    def randrange(self, stop: int, *args: int) -> int:  # type: ignore[override]
        return stop - 1


class Rolls(random.Random):
    """Rolls of 0..99 in the order given; unit keys and the rest as `Always`."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randrange(self, stop: int, *args: int) -> int:  # type: ignore[override]
        return self.rolls.pop(0) if stop == 100 else stop - 1


def board(phase: str, moved: dict[str, str], gone: tuple[str, ...] = ()) -> Position:
    """Standard's opening units, some moved (location -> location), some taken off."""
    units = tuple(
        Unit(u.power, u.type, moved.get(u.location, u.location))
        for u in STANDARD.units
        if u.location not in gone
    )
    return Position(STANDARD, Phase.parse(phase, STANDARD), units, dict(STANDARD.ownership))


def orders(position: Position, power: str, rng: random.Random) -> set[str]:
    return set(robots.play("dumbbot", position, power, rng))


def test_a_power_is_sized_by_its_centres_and_the_unowned_ones_are_one_neutral_power() -> None:
    """x² + 4x + 16: at the start the twelve neutral centres are one power of 208, a
    three-centre power 37, Russia 48; a power of none still 16. Germany values attacking
    neutral Belgium at 208 and French Paris at 37, and its army in Burgundy goes for
    Belgium, not for Paris left empty."""
    assert [power_size(n) for n in (0, 3, 4, 12)] == [16, 37, 48, 208]
    position = board("F1901M", {"mun": "bur", "kie": "hol", "par": "pic"})
    value = valuation(position, "Germany", FALL)
    assert value.sizes[None] == 208 and value.sizes["Austria"] == 37
    assert value.sizes["Russia"] == 48
    assert value.attack["bel"] == 208 and value.attack["par"] == 37
    assert "ber" not in value.attack and value.defence["ber"] == 0  # nobody can reach it
    assert "A bur - bel" in orders(position, "Germany", Always())


TINY = """\
[variant]
name      tiny
title     Tiny
start     S1901M
phases    SM SR FM FR FB
victory   2
units     A F

[provinces]
aaa  land  "Aaa"  center
bbb  land  "Bbb"  center

[adjacencies]
aaa  army  bbb
bbb  army  aaa

[powers]
Alpha  Alphan  A  aaa
Beta   Betan   B  bbb

[units]
Alpha  A aaa
Beta   A bbb
"""


def test_a_nodes_value_by_hand_from_the_formulas() -> None:
    """Two provinces, each a power's home with its army: in the spring, to Alpha, Beta's
    centre is worth attacking at Beta's size 21 (× 700), Alpha's own defending at 21 (×
    300), Beta's army being next to it. Proximity n of each = (its own n-1 + the
    neighbour's n-1) / 5, in whole numbers: 4200, 1680, 672, 268, 107, 42, 16, 6, 2. Each
    province has strength 1 (our army at or next to it) and competition 1."""
    position = starting_position(load_text(TINY, source="tiny.variant"))
    value = valuation(position, "Alpha", SPRING)
    tail = 1000 * 4200 + 30 * 1680 + 10 * 672 + 6 * 268 + 5 * 107 + 4 * 42 + 3 * 16 + 2 * 6 + 2
    assert value.of("A aaa") == 100 * 21 * 300 + tail + 1000 * 1 - 1000 * 1 == 4_889_493
    assert value.of("A bbb") == 100 * 21 * 700 + tail + 1000 * 1 - 1000 * 1 == 5_729_493
    # Holding is worth the node's value + 1: the move wins by (5729493 - 4889494) × 500 /
    # 5729493 = 73: with rolls 49 (< 50), then 73 (>= 73) Alpha looks past the move and
    # holds; with 49, 72 it moves.
    assert orders(position, "Alpha", Rolls([49, 73])) == {"A aaa H"}
    assert orders(position, "Alpha", Rolls([49, 72])) == {"A aaa - bbb"}
    assert orders(position, "Alpha", Rolls([50])) == {"A aaa - bbb"}


def test_values_are_per_node_and_a_fleet_next_to_two_coasts_counts_twice() -> None:
    """An army and a fleet in Gascony, fleets on Spain's two coasts: nodes of their own
    values. France's fleet in the Mid-Atlantic is next to both of Spain's coasts, and with
    its army in Marseilles France's competition for Spain is 3, as in the source (for
    Gascony, next to the fleet, Marseilles and Paris, 3 as well)."""
    position = board("F1901M", {"bre": "mao"})
    value = valuation(position, "Germany", FALL)
    assert len({value.of(n) for n in ("A gas", "F gas", "F spa/nc", "F spa/sc", "A spa")}) == 5
    assert value.competition["spa"] == 3 and value.competition["gas"] == 3


@pytest.mark.parametrize(
    ("ranked", "rolls", "taken"),
    [
        ([1000, 900, 100], [50], 0),  # no look past the best at all
        ([1000, 900, 100], [49, 49], 0),  # (1000 - 900) × 500 / 1000 = 50: 49 keeps the best
        ([1000, 900, 100], [49, 50, 0, 99], 1),  # then (900 - 100) × 500 / 900 = 444: no roll
        ([0, -10, -20], [0, 0, 49, 0], 2),  # the best worth 0: chance 0; below 0: negative
    ],
)
def test_the_weighted_choice_as_the_source_rolls_it(
    ranked: list[int], rolls: list[int], taken: int
) -> None:
    rng = Rolls(rolls)
    assert pick([(value, str(value)) for value in ranked], rng) == taken
    assert rng.rolls == []  # every roll used, and no more


def test_support_only_where_the_competition_calls_for_it_and_wait_for_an_unordered_unit() -> None:
    """Austria in the fall of 1901, units taken in map order, each its best choice:
    - F alb goes to Greece;
    - A bud's best is Serbia, where A ser stands not yet ordered: it waits for it;
    - A ser's best is to hold;
    - A bud again: Serbia is held, competition there 0 (not above 1): no support, it
      chooses again and goes to Rumania;
    - A ser, left holding, supports the move next to it into Rumania, where the competition
      (Russia's fleet in Sevastopol) is above 0: check_for_wasted_holds."""
    position = board("F1901M", {"bud": "ser", "vie": "bud", "tri": "alb"})
    movement = Movement(position, "Austria", Always(), frozenset(), Options())
    best = {str(u): movement.choices(u)[0][1] for u in movement.units}
    assert best == {"F alb": "F gre", "A bud": "A ser", "A ser": "A ser"}
    assert movement.v.competition.get("ser", 0) == 0 and movement.v.competition["rum"] == 1
    assert set(movement.play().values()) == {"F alb - gre", "A bud - rum", "A ser S A bud - rum"}


def test_a_move_is_supported_where_others_compete_and_chosen_again_where_none_do() -> None:
    """England's opening: F edi takes the North Sea first; F lon's best is the North Sea
    too, where nobody else could go (competition 0): it goes to the Channel. Russia in the
    fall, its army in Galicia going to Rumania (competition 1): F sev and A ukr, whose best
    is Rumania too, support it."""
    assert orders(starting_position(STANDARD), "England", Always()) == {
        "F edi - nth", "F lon - eng", "A lvp - yor"
    }  # fmt: skip
    russia = board("F1901M", {"war": "gal", "stp/sc": "bot", "mos": "ukr"})
    assert orders(russia, "Russia", Always()) == {
        "A gal - rum", "F sev S A gal - rum", "A ukr S A gal - rum", "F bot - swe"
    }  # fmt: skip


def test_retreats_never_go_two_to_one_place_and_disband_where_none_is_left() -> None:
    """Austria's armies in Vienna and Budapest dislodged, both best off in Galicia: the
    first in map order (Budapest) takes it, Vienna its next best, Tyrolia; the fleet with
    nowhere to go disbands."""
    units = tuple(Unit(u.power, u.type, u.location) for u in STANDARD.units if u.power != "Austria")
    position = Position(
        STANDARD,
        Phase.parse("S1901R", STANDARD),
        (*units, Unit("Russia", "A", "vie"), Unit("Russia", "A", "bud"), Unit("Italy", "F", "tri")),
        dict(STANDARD.ownership),
        (
            Dislodged(Unit("Austria", "A", "vie"), ("boh", "gal", "tyr")),
            Dislodged(Unit("Austria", "A", "bud"), ("gal",)),
            Dislodged(Unit("Austria", "F", "tri"), ()),
        ),
    )
    value = valuation(position, "Austria", SPRING)
    assert value.of("A gal") > value.of("A tyr") > value.of("A boh")
    assert orders(position, "Austria", Always()) == {"A bud R gal", "A vie R tyr", "F tri D"}


def _winter(french: Unit) -> Position:
    """Germany with four centres and three units, Kiel and Munich free; France of six."""
    units = (
        Unit("Germany", "F", "hol"),
        Unit("Germany", "A", "ber"),
        Unit("Germany", "A", "sil"),
        Unit("France", "A", "par"),
        Unit("France", "F", "bre"),
        french,
    )
    centres = {**STANDARD.ownership, "hol": "Germany", "bel": "France", "spa": "France"}
    centres["por"] = "France"
    return Position(STANDARD, Phase.parse("W1901B", STANDARD), units, centres)


def test_the_winter_builds_where_the_biggest_threat_is() -> None:
    """The winter's values: the spring's attack (700) and defence (300) spread by the
    build weights, plus 1000 × defence. France (six centres: size 76) with an army in
    Burgundy threatens Munich: Germany builds its army there; with a fleet in Heligoland
    Bight instead, Kiel is threatened and Germany builds a fleet in Kiel."""
    by_land = _winter(Unit("France", "A", "bur"))
    value = valuation(by_land, "Germany", WINTER)
    assert value.defence == {"ber": 0, "hol": 0, "kie": 0, "mun": 76}
    assert orders(by_land, "Germany", Always()) == {"A mun B"}
    by_sea = _winter(Unit("France", "F", "hel"))
    assert valuation(by_sea, "Germany", WINTER).defence["kie"] == 76
    assert orders(by_sea, "Germany", Always()) == {"F kie B"}


def test_removals_start_from_the_least_valuable_unit() -> None:
    """Germany of two centres with four units: the lowest-valued goes first, and a roll
    past it (49, then 99 against a negative chance) takes the next one up."""
    units = tuple(u for u in _winter(Unit("France", "A", "bur")).units)
    position = Position(
        STANDARD,
        Phase.parse("W1901B", STANDARD),
        (*units, Unit("Germany", "F", "bal")),
        {**STANDARD.ownership, "kie": "France"},
    )
    value = valuation(position, "Germany", WINTER)
    mine = sorted(
        (u for u in position.units if u.power == "Germany"), key=lambda u: value.of(str(u))
    )
    assert value.of(str(mine[0])) > 0
    assert orders(position, "Germany", Rolls([50, 50])) == {f"{mine[0]} D", f"{mine[1]} D"}
    # 49 then 99: on past the lowest (the chance is below 0); 50: stop. Then the same again
    # from the lowest left.
    rolls = Rolls([49, 99, 50, 49, 99, 50])
    assert orders(position, "Germany", rolls) == {f"{mine[1]} D", f"{mine[2]} D"}


def test_dumbbot_gives_no_convoy_where_blabbot_does() -> None:
    """England's army in Yorkshire with the fleet in the North Sea: the source's DumbBot
    knows no convoy; blabbot (DumbBot's play with our convoys) carries it to a centre."""
    position = board("F1901M", {"lvp": "yor", "lon": "nth"}, gone=("edi",))
    for seed in range(5):
        rng = robots.rng_for(seed, "F1901M", "England")
        assert not [o for o in robots.play("dumbbot", position, "England", rng) if " C " in o]
        rng = robots.rng_for(seed, "F1901M", "England")
        assert [o for o in robots.play("blabbot", position, "England", rng) if " C " in o]


def test_dumbbot_beats_six_holds_within_twenty_years() -> None:
    """Issue 32: the old DumbBot often stalled against players who only hold. Two games,
    seats rotating: it wins both."""
    for game in range(2):
        seats = seats_for(POWERS, ["dumbbot"] + ["hold"] * 6, game)
        record = play_game(STANDARD, seats, 20, 1 + game)
        assert record.winner is not None and seats[record.winner] == "dumbbot", record
