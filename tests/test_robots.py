"""The robot strategies play only legal orders, on any variant and in every kind of phase,
replay exactly from a seed, and a blabbot never attacks its friends.

Each order a strategy gives goes through the real adjudicator (adjudicate_phase), which
marks an order it refuses as illegal, as it would a player's."""

from __future__ import annotations

import pytest

import robots
import variants
from adjudicator.board import Unit
from adjudicator.given import Position, read_orders
from adjudicator.options import Options
from adjudicator.outcome import ILLEGAL
from adjudicator.phase import Phase
from adjudicator.phases import adjudicate_phase
from adjudicator.possible import adjustment_orders
from robots.games import play_game, starting_position
from variants import province_of

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def positions_of(variant_name: str, years: int, seed: int) -> list[Position]:
    """The positions of one game of mixed robots, every phase of it."""
    variant = variants.load(variant_name)
    powers = [p.name for p in variant.powers]
    mix = ["dumbbot", "random", "loeb", "random", "hold", "random", "dumbbot"]
    seats = {p: mix[i % len(mix)] for i, p in enumerate(powers)}
    seen: list[Position] = []
    record = play_game(variant, seats, years, seed, on_phase=seen.append)
    assert record.illegal == []
    return seen


def refused(position: Position, strategy: str, seed: int = 1) -> list[str]:
    """The orders the adjudicator refuses when every power plays `strategy` here."""
    given = []
    for power in {u.power for u in position.units} | set(position.centers.values()):
        rng = robots.rng_for(seed, str(position.phase), power)
        given.extend((power, t) for t in robots.play(strategy, position, power, rng))
    result = adjudicate_phase(position, read_orders(position.variant, position.phase, given))
    return [f"{r.power}: {r.text} ({r.message})" for r in result.orders if r.result == ILLEGAL]


@pytest.fixture(scope="module")
def standard_game() -> list[Position]:
    return positions_of("standard", 3, seed=2)  # a game with retreats, builds and removals


def has_removals(position: Position) -> bool:
    table = adjustment_orders(position.variant, position.units, position.centers)
    return any(balance < 0 for balance, _ in table.values())


@pytest.mark.parametrize("strategy", robots.STRATEGIES)
def test_every_strategy_orders_legally_in_every_kind_of_phase(
    strategy: str, standard_game: list[Position]
) -> None:
    movement = standard_game[0]
    retreat = next(p for p in standard_game if p.phase.kind == "retreat")
    builds = next(p for p in standard_game if p.phase.kind == "adjustment")
    removals = next(p for p in standard_game if p.phase.kind == "adjustment" and has_removals(p))
    for position in (movement, standard_game[-1], retreat, builds, removals):
        assert refused(position, strategy) == [], position.phase


@pytest.mark.parametrize("strategy", robots.STRATEGIES)
def test_chaos_starts_with_builds_that_every_strategy_makes_legally(strategy: str) -> None:
    variant = variants.load("chaos")
    start = starting_position(variant)
    assert start.phase.kind == "adjustment"
    assert refused(start, strategy) == []
    built = robots.play(strategy, start, variant.powers[0].name, robots.rng_for(1, "x", "y"))
    if strategy == "hold":
        assert built == ["WAIVE"]
    else:
        assert len(built) == 1 and built[0].endswith(" B")


def test_robot_games_on_other_maps_give_no_illegal_order() -> None:
    positions_of("chaos", 2, seed=3)
    positions_of("ancient_med", 3, seed=5)


def test_the_same_seed_replays_the_same_game_and_another_seed_does_not() -> None:
    seats = {
        "Austria": "dumbbot",
        "England": "loeb",
        "France": "random",
        "Germany": "blabbot",
        "Italy": "blabbot",
        "Russia": "random",
        "Turkey": "dumbbot",
    }
    games, boards = [], []
    for seed in (11, 11, 12):
        seen: list[Position] = []
        games.append(play_game("standard", seats, 3, seed, on_phase=seen.append))
        boards.append([(str(p.phase), sorted(p.units)) for p in seen])
    assert games[0] == games[1]
    assert boards[0] == boards[1]
    assert boards[0] != boards[2]


def test_a_blabbot_never_moves_against_a_friend(standard_game: list[Position]) -> None:
    powers = [p.name for p in standard_game[0].variant.powers]
    moves = 0
    for position in standard_game:
        if position.phase.kind != "movement":
            continue
        for power in powers:
            friends = frozenset(powers[(powers.index(power) + 1) % 7 :][:3]) - {power}
            theirs = {u.province for u in position.units if u.power in friends}
            theirs |= {c for c, o in position.centers.items() if o in friends}
            rng = robots.rng_for(5, str(position.phase), power)
            for text in robots.play("blabbot", position, power, rng, friends):
                words = text.split()
                if words[2] == "-":
                    moves += 1
                    assert province_of(words[3]) not in theirs, (position.phase, power, text)
                if words[2] == "S" and len(words) > 5:
                    assert province_of(words[6]) not in theirs, (position.phase, power, text)
    assert moves > 50


def test_an_unknown_strategy_is_a_key_error(standard_game: list[Position]) -> None:
    with pytest.raises(KeyError):
        robots.play("clever", standard_game[0], "France", robots.rng_for(1, "S1901M", "France"))


def _board(phase: str, moved: dict[str, str], gone: tuple[str, ...] = ()) -> Position:
    """Standard's opening units, some moved (location -> location), some taken off."""
    variant = variants.load("standard")
    units = tuple(
        Unit(u.power, u.type, moved.get(u.location, u.location))
        for u in variant.units
        if u.location not in gone
    )
    return Position(variant, Phase.parse(phase, variant), units, dict(variant.ownership))


@pytest.mark.parametrize("strategy", ["loeb", "blabbot"])
def test_an_army_goes_by_convoy_where_that_is_the_best_move(strategy: str) -> None:
    """England in the autumn, an army in Yorkshire with nothing to do at home and a fleet in
    the North Sea: whatever the seed, the army goes by sea to a neutral centre (Norway,
    Denmark, Belgium) and the fleet convoys it; the adjudicator lands it."""
    position = _board("F1901M", {"lvp": "yor", "lon": "nth"}, gone=("edi",))
    for seed in range(20):
        rng = robots.rng_for(seed, "F1901M", "England")
        orders = robots.play(strategy, position, "England", rng)
        [move] = [o for o in orders if o.startswith("A yor - ")]
        target = move.split()[-1]
        assert target in ("nwy", "den", "bel") and f"F nth C A yor - {target}" in orders, orders
        result = adjudicate_phase(
            position,
            read_orders(position.variant, position.phase, [("England", o) for o in orders]),
        )
        assert Unit("England", "A", target) in result.units
    # Where the fleet has better to do than carry it (the opening's F edi moves into the
    # North Sea), nobody convoys.
    busy = _board("F1901M", {"lvp": "yor", "lon": "nth"})
    for seed in range(20):
        rng = robots.rng_for(seed, "F1901M", "England")
        assert not [o for o in robots.play(strategy, busy, "England", rng) if " C " in o]


def test_loeb_convoys_in_the_english_opening_and_every_convoy_is_legal() -> None:
    """After F lon-nth, F edi-nwg, A lvp-yor, loeb's England sends the army to a centre by
    the North Sea and the other fleet to Norway; in whole games of convoying strategies no
    convoy order is refused."""
    opening = _board("F1901M", {"lvp": "yor", "lon": "nth", "edi": "nwg"})
    orders = robots.play("loeb", opening, "England", robots.rng_for(1, "F1901M", "England"))
    assert sorted(orders) == ["A yor - den", "F nth C A yor - den", "F nwg - nwy"]
    assert refused(opening, "loeb") == [] and refused(opening, "dumbbot") == []
    convoys = 0
    blabbot = {**dict.fromkeys(POWERS, "dumbbot"), "England": "blabbot"}
    for strategy, seats in (("loeb", dict.fromkeys(POWERS, "loeb")), ("blabbot", blabbot)):
        seen: list[Position] = []
        record = play_game("standard", seats, 4, 7, on_phase=seen.append)
        assert record.illegal == []
        convoys += sum(
            " C " in text
            for p in seen
            if p.phase.kind == "movement"
            for text in robots.play(
                strategy, p, "England", robots.rng_for(7, str(p.phase), "England")
            )
        )
    assert convoys > 0


@pytest.mark.parametrize("strategy", ["random", "loeb", "dumbbot", "blabbot"])
def test_builds_go_where_the_games_rule_puts_them(strategy: str) -> None:
    """SET ANY CENTER: Germany's homes are full and it owns Denmark and Holland empty: the
    robot builds there, and the adjudicator, under the game's rule, accepts. Under chaos's
    own any-centre rule turned back to home centres (SET HOME CENTER), a power with its one
    home full builds nowhere rather than illegally."""
    variant = variants.load("standard")
    position = Position(
        variant,
        Phase.parse("W1902B", variant),
        (
            *(Unit(u.power, u.type, u.location) for u in variant.units if u.power != "Germany"),
            *(Unit("Germany", kind, at) for kind, at in (("A", "ber"), ("A", "mun"), ("F", "kie"))),
        ),
        {**variant.ownership, "den": "Germany", "hol": "Germany"},
    )
    anywhere = Options(build_centers="any")
    rng = robots.rng_for(1, "W1902B", "Germany")
    built = robots.play(strategy, position, "Germany", rng, options=anywhere)
    assert sorted(o.split()[1].split("/")[0] for o in built) == ["den", "hol"], built
    given = read_orders(variant, position.phase, [("Germany", o) for o in built])
    result = adjudicate_phase(position, given, anywhere)
    assert [r for r in result.orders if r.result == ILLEGAL] == []
    assert {u.province for u in result.units if u.power == "Germany"} >= {"den", "hol"}
    assert robots.play(strategy, position, "Germany", rng) == []  # home centres only: none free

    chaos = variants.load("chaos")
    berlin = Position(
        chaos,
        Phase.parse("W1901B", chaos),
        (Unit("Berlin", "A", "ber"),),
        {**chaos.ownership, "kie": "Berlin"},
    )
    rng = robots.rng_for(1, "W1901B", "Berlin")
    assert [o.split()[1] for o in robots.play(strategy, berlin, "Berlin", rng)] == ["kie"]
    home = Options(build_centers="home")
    assert robots.play(strategy, berlin, "Berlin", rng, options=home) == []


def test_dumbbot_has_no_friends_and_a_blabbot_spares_its_own() -> None:
    """Italy's army in Piedmont beside Marseilles in the autumn, no neutral centre near: a
    dumbbot takes the French centre whoever the judge counts France's friend; a blabbot with
    France for a friend goes elsewhere."""
    position = _board("F1901M", {"ven": "pie"})
    france = frozenset({"France"})
    french = {"par", "mar", "bre", "gas", "pic", "bur"}
    for seed in range(10):
        dumb = robots.play("dumbbot", position, "Italy", robots.rng_for(seed, "F", "I"), france)
        assert "A pie - mar" in dumb, dumb
        blab = robots.play("blabbot", position, "Italy", robots.rng_for(seed, "F", "I"), france)
        assert not [o for o in blab if " - " in o and o.split()[-1] in french], blab
