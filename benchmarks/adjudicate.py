"""How fast is our movement-phase resolution, next to the other Python adjudicators?

Plays random games of legal orders on the Standard map (tests/randomgames.py) and, for every
movement phase, times three adjudicators on the same position and the same orders, in this
one process:

* ours: `adjudicate_phase` (legality checks, resolution and the board that follows), with
  the orders already read; and, in a second row, `read_orders` + `adjudicate_phase`, with the
  parser's memo of order texts emptied before each run, so that the parsing really happens;
* MILA `diplomacy` (the engine of the DAIDE/webDiplomacy research bots): `Game.process()`
  on a game set up with the position and the orders; its order checks run in
  `Game.set_orders()`, outside the timer;
* `pydip`: `resolve_turn()` on commands built beforehand (their constructors check the
  orders, outside the timer).

Each phase is run `--repeat` times per adjudicator and its fastest run kept; the table gives
the median, mean and 90th percentile over phases of those times, and each adjudicator's
median as a multiple of ours. The goal for ours is a median of at most 0.1 ms per movement
phase: a judge re-adjudicates on every order change, and the property tests play thousands of
phases.

The results are cross-checked on the way: where each baseline says the units end up, which
are dislodged and where these may retreat, against ours. Differences are reported, not
failed on: MILA and pydip predate DATC 3.0 and differ from it on purpose in places (MILA lets
an army whose convoy fails take the land route, ignores the coast in supports, DATC 6.B.9).

Run with `make bench`, which installs the `bench` extra (diplomacy, pydip) first.
"""

from __future__ import annotations

import argparse
import copy
import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import parser as syntax  # noqa: E402
from adjudicator.board import Unit  # noqa: E402
from adjudicator.geography import Geography, geography  # noqa: E402
from adjudicator.legality import (  # noqa: E402
    CONVOY,
    HOLD,
    MOVE,
    SUPPORT,
    Board,
    Command,
    Illegal,
    check_movement,
)
from adjudicator.phases import Position, adjudicate_phase, read_orders  # noqa: E402
from tests.randomgames import play  # noqa: E402
from variants import Variant, province_of  # noqa: E402

try:
    from diplomacy import Game
    from pydip.map.predefined import vanilla_dip
    from pydip.player.command import command as pydip_commands
    from pydip.player.player import Player
    from pydip.player.unit import Unit as PydipUnit
    from pydip.player.unit import UnitTypes
    from pydip.turn.resolve import resolve_turn
except ImportError as exc:  # pragma: no cover - a message, not a traceback
    sys.exit(f"{exc}: the benchmark needs the `bench` extra: pip install -e '.[bench]'")

# (power, unit type, location), in our notation: ("England", "F", "stp/sc").
UnitKey = tuple[str, str, str]


@dataclass(frozen=True)
class After:
    """Where the units are after a movement phase, normalised to our notation."""

    units: frozenset[UnitKey]
    dislodged: frozenset[UnitKey]
    # For each dislodged unit, the provinces it may retreat to.
    retreats: Mapping[UnitKey, frozenset[str]]


@dataclass(frozen=True)
class Disagreement:
    seed: int
    position: Position
    orders: list[tuple[str, str]]
    results: dict[str, After]  # adjudicator -> result
    what: str  # "positions" or "retreats"


@dataclass
class Tally:
    """Times (ns, the fastest run of each phase) and cross-check counts of one adjudicator."""

    times: list[int] = field(default_factory=list)
    positions_agree: int = 0
    retreats_agree: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    # Orders that had to be replaced by holds (the adjudicator rejected or cannot express them).
    replaced: int = 0
    phases_with_replaced: int = 0


# -- timing ------------------------------------------------------------------------------


def fastest(run: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None) -> int:
    """The fastest of `repeat` runs in nanoseconds, with the collector off as in timeit;
    `setup` runs before each, outside the timer. Returns the time; the last result is kept
    in `fastest.result`."""
    best = None
    result: object = None
    for _ in range(repeat):
        if setup is not None:
            setup()
        gc.disable()
        start = time.perf_counter_ns()
        result = run()
        elapsed = time.perf_counter_ns() - start
        gc.enable()
        if best is None or elapsed < best:
            best = elapsed
    fastest.result = result  # type: ignore[attr-defined]
    assert best is not None
    return best


def timed(run: Callable[[], Any], repeat: int, setup: Callable[[], object] | None = None) -> Any:
    """`fastest`, returning (nanoseconds, the last run's result)."""
    ns = fastest(run, repeat, setup)
    return ns, fastest.result  # type: ignore[attr-defined]


# -- our side ----------------------------------------------------------------------------


def our_commands(position: Position, geo: Geography, orders: Sequence[tuple[str, str]]) -> tuple[
    dict[str, Command], int
]:
    """The command each unit carries out, as our adjudicator sees it (the last legal order
    for a unit counts; a unit without one holds), and how many orders were illegal."""
    variant = position.variant
    board = Board(variant, geo, list(position.units))
    chosen: dict[str, Command] = {u.province: Command(HOLD, u) for u in position.units}
    illegal = 0
    for given in read_orders(variant, position.phase, orders):
        parsed = given.parsed
        checked = parsed if isinstance(parsed, Illegal) else check_movement(board, given.power, parsed)
        if isinstance(checked, Illegal):
            illegal += 1
        else:
            chosen[checked.unit.province] = checked
    return chosen, illegal


def by_sea(commands: Mapping[str, Command], geo: Geography) -> set[str]:
    """The provinces of the armies that go by convoy, by the 2023 rule our adjudicator uses:
    when they must, when they say so, or when their own power orders a convoy for the move."""
    wanted = {
        (c.target.province, c.dest)
        for c in commands.values()
        if c.kind == CONVOY and c.target is not None and c.target.power == c.unit.power
    }
    out = set()
    for province, c in commands.items():
        if c.kind != MOVE or c.unit.type != "A":
            continue
        walks = c.dest in geo.army_reach.get(province, ())
        if c.via_convoy or c.route or not walks or (province, c.dest) in wanted:
            out.add(province)
    return out


def our_after(result: Any) -> After:
    units = frozenset((u.power, u.type, u.location) for u in result.units)
    retreats = {
        (d.unit.power, d.unit.type, d.unit.location): frozenset(province_of(r) for r in d.retreats)
        for d in result.dislodged
    }
    return After(units, frozenset(retreats), retreats)


# -- MILA diplomacy ----------------------------------------------------------------------


def mila_order(command: Command) -> str:
    """MILA's notation: `A YOR - NWY`, `A YOR - NWY VIA`, `F NTH C A YOR - NWY`, `F MAO - SPA/NC`.

    MILA decides itself whether an army that could walk goes by convoy (its own power's convoy
    order shows the intent, as in the 2023 rules); `VIA` is only sent when ours was told so."""
    unit = str(command.unit)
    if command.kind == HOLD:
        text = f"{unit} H"
    elif command.kind == MOVE:
        via = " VIA" if command.via_convoy or command.route else ""
        text = f"{unit} - {command.dest_loc}{via}"
    elif command.kind == SUPPORT:
        text = f"{unit} S {command.target}"
        if command.dest is not None:
            coast = f"/{command.coast}" if command.coast else ""
            text += f" - {command.dest}{coast}"
    else:
        text = f"{unit} C {command.target} - {command.dest}"
    return text.upper()


def mila_game(position: Position, commands: Mapping[str, Command]) -> tuple[Game, int]:
    """A MILA game standing at the position with the orders given, and how many orders MILA
    refused (they hold)."""
    game = Game()
    game.clear_units()
    game.clear_centers()
    powers = [p.name for p in position.variant.powers]
    for power in powers:
        game.set_units(power.upper(), [str(u).upper() for u in position.units if u.power == power])
        centers = [c.upper() for c, owner in position.centers.items() if owner == power]
        game.set_centers(power.upper(), centers)
    game.set_current_phase(str(position.phase))
    refused = 0
    for power in powers:
        orders = [mila_order(c) for c in commands.values() if c.unit.power == power]
        if orders:
            game.set_orders(power.upper(), orders)
            refused += len(orders) - len(game.get_power(power.upper()).orders)
    game.error = []
    return game, refused


def mila_copy(game: Game) -> Game:
    """A fresh copy to process. The caches must go: the unit-owner cache would be copied
    with copies of the powers that are not the copy's own, and every order would be lost."""
    fresh = copy.deepcopy(game)
    fresh.clear_cache()
    return fresh


def mila_after(game: Game, position: Position) -> After:
    owner = {u.province: u.power for u in position.units}
    units = frozenset(
        (power.title(), unit[0], unit[2:].lower())
        for power, state in game.powers.items()
        for unit in state.units
    )
    options: dict[str, list[str]] = {}
    for state in game.powers.values():
        options.update(state.retreats)
    retreats = {}
    for unit in game.dislodged:
        location = unit[2:].lower()
        key = (owner[province_of(location)], unit[0], location)
        retreats[key] = frozenset(loc[:3].lower() for loc in options.get(unit, ()))
    return After(units, frozenset(retreats), retreats)


# -- pydip -------------------------------------------------------------------------------

# pydip names provinces in full and gives each coastal province a "... Coast" for fleets.
PYDIP_PROVINCE = {
    "eas": "Eastern Mediterranean Sea",
    "wes": "Western Mediterranean Sea",
    "stp": "St. Petersburg",
}
PYDIP_COAST = {"nc": "North Coast", "sc": "South Coast", "ec": "North Coast"}  # bul/ec


class Pydip:
    """Our locations as pydip territory names, and back."""

    def __init__(self, variant: Variant) -> None:
        self.game_map = vanilla_dip.generate_map()
        self.army: dict[str, str] = {}  # our province -> pydip land or sea name
        self.fleet: dict[str, str] = {}  # our fleet location -> pydip coast or sea name
        self.ours: dict[str, str] = {}  # pydip name -> our location
        for province in variant.provinces.values():
            name = PYDIP_PROVINCE.get(province.abbr, province.name)
            if name not in self.game_map.name_map:
                continue  # Switzerland: impassable, and not on pydip's map
            self.army[province.abbr] = name
            self.ours[name] = province.abbr
            if province.is_sea:
                self.fleet[province.abbr] = name
            for coast in province.coasts:
                loc = f"{province.abbr}/{coast}"
                self.fleet[loc] = f"{name} {PYDIP_COAST[coast]}"
                self.ours[self.fleet[loc]] = loc
            if not province.coasts and f"{name} Coast" in self.game_map.name_map:
                self.fleet[province.abbr] = f"{name} Coast"
                self.ours[f"{name} Coast"] = province.abbr
        unknown = [n for n in self.fleet.values() if n not in self.game_map.name_map]
        assert not unknown, f"no such pydip territories: {unknown}"

    def unit(self, unit: Unit) -> PydipUnit:
        if unit.type == "A":
            return PydipUnit(UnitTypes.TROOP, self.army[unit.province])
        return PydipUnit(UnitTypes.FLEET, self.fleet[unit.location])

    def commands(
        self, variant: Variant, commands: Mapping[str, Command], geo: Geography
    ) -> tuple[list[Any], int]:
        """pydip commands for our commands, and how many of these pydip refused (they hold)."""
        players: dict[str, Player] = {}
        for power in {c.unit.power for c in commands.values()}:
            config = [
                {"territory_name": self.unit(c.unit).position, "unit_type": self.unit(c.unit).unit_type}
                for c in commands.values()
                if c.unit.power == power
            ]
            players[power] = Player(power, self.game_map, config)
        sea = by_sea(commands, geo)
        out: list[Any] = []
        refused = 0
        for province, c in commands.items():
            player, unit = players[c.unit.power], self.unit(c.unit)
            try:
                out.append(self._command(variant, commands, sea, player, province, c))
            except (AssertionError, KeyError):
                refused += 1
                out.append(pydip_commands.HoldCommand(player, unit))
        return out, refused

    def _command(
        self,
        variant: Variant,
        commands: Mapping[str, Command],
        sea: set[str],
        player: Player,
        province: str,
        c: Command,
    ) -> Any:
        unit = self.unit(c.unit)
        if c.kind == HOLD:
            return pydip_commands.HoldCommand(player, unit)
        if c.kind == MOVE:
            assert c.dest is not None and c.dest_loc is not None
            if province in sea:
                return pydip_commands.ConvoyMoveCommand(player, unit, self.army[c.dest])
            where = self.army[c.dest] if c.unit.type == "A" else self.fleet[c.dest_loc]
            return pydip_commands.MoveCommand(player, unit, where)
        assert c.target is not None
        target = self.unit(c.target)
        if c.kind == CONVOY:
            assert c.dest is not None
            return pydip_commands.ConvoyTransportCommand(player, unit, target, self.army[c.dest])
        if c.dest is None:
            return pydip_commands.SupportCommand(player, unit, target, target.position)
        if c.target.type == "A":
            return pydip_commands.SupportCommand(player, unit, target, self.army[c.dest])
        # A fleet's move is supported into a coast it can reach: the one named, else the one
        # it is moving to, else the first one it could reach (pydip ignores the coast anyway).
        reachable = [
            loc
            for loc in variant.provinces[c.dest].locations
            if loc in variant.fleet_moves.get(c.target.location, ())
        ]
        theirs = commands[c.target.province]
        if c.coast:
            loc = f"{c.dest}/{c.coast}"
        elif theirs.kind == MOVE and theirs.dest == c.dest:
            loc = theirs.dest_loc  # type: ignore[assignment]
        else:
            loc = reachable[0]
        return pydip_commands.SupportCommand(player, unit, target, self.fleet[loc])

    def after(self, result: Mapping[str, Mapping[Any, set[str] | None]]) -> After:
        units, retreats = set(), {}
        for power, outcome in result.items():
            for unit, options in outcome.items():
                kind = "A" if unit.unit_type == UnitTypes.TROOP else "F"
                key = (power, kind, self.ours[unit.position])
                if options is None:
                    units.add(key)
                else:
                    retreats[key] = frozenset(province_of(self.ours[o]) for o in options)
        return After(frozenset(units), frozenset(retreats), retreats)


# -- the run -----------------------------------------------------------------------------

OURS = "ours: adjudicate_phase"
OURS_PARSE = "ours: read_orders (cold) + adjudicate_phase"
MILA = "MILA diplomacy {}: Game.process()"
PYDIP = "pydip {}: resolve_turn()"


def compare(tally: Tally, mine: After, theirs: After, record: Callable[[str], None]) -> None:
    if mine.units != theirs.units or mine.dislodged != theirs.dislodged:
        record("positions")
        return
    tally.positions_agree += 1
    if dict(mine.retreats) != dict(theirs.retreats):
        record("retreats")
        return
    tally.retreats_agree += 1


def run(games: int, first_seed: int, years: int, repeat: int, keep: int) -> tuple[int, dict[str, Tally], int]:
    """Play and time; returns the number of phases, the tallies and our illegal orders."""
    names = {
        "ours": OURS,
        "parse": OURS_PARSE,
        "mila": MILA.format(metadata.version("diplomacy")),
        "pydip": PYDIP.format(metadata.version("pydip")),
    }
    tallies = {name: Tally() for name in names.values()}
    ours, parse = tallies[names["ours"]], tallies[names["parse"]]
    mila, pydip = tallies[names["mila"]], tallies[names["pydip"]]
    clear_parses = syntax.OrderParser._parse_clean.cache_clear  # the parser's memo of texts
    phases = illegal = 0
    pyd: Pydip | None = None
    for seed in range(first_seed, first_seed + games):
        for turn in play(seed, years=years):
            position, orders = turn.position, turn.orders
            if position.phase.kind != "movement":
                continue
            phases += 1
            variant = position.variant
            geo = geography(variant)
            pyd = pyd or Pydip(variant)

            # Ours, with the orders read outside the timer, then with reading timed too.
            given = read_orders(variant, position.phase, orders)
            ns, result = timed(lambda p=position, g=given: adjudicate_phase(p, g), repeat)
            ours.times.append(ns)
            mine = our_after(result)
            ns, _ = timed(
                lambda p=position, o=orders: adjudicate_phase(p, read_orders(variant, p.phase, o)),
                repeat,
                setup=clear_parses,
            )
            parse.times.append(ns)

            commands, bad = our_commands(position, geo, orders)
            illegal += bad
            results = {"ours": mine}

            # MILA: a fresh game for every run, since process() moves it on.
            template, refused = mila_game(position, commands)
            mila.replaced += refused
            mila.phases_with_replaced += refused > 0
            games_left: list[Game] = []
            ns, _ = timed(
                lambda: games_left[-1].process(),
                repeat,
                setup=lambda t=template: games_left.append(mila_copy(t)),
            )
            mila.times.append(ns)
            results["MILA"] = mila_after(games_left[-1], position)

            # pydip: the commands are built (and checked) once; resolving does not change them.
            cmds, refused = pyd.commands(variant, commands, geo)
            pydip.replaced += refused
            pydip.phases_with_replaced += refused > 0
            ns, outcome = timed(lambda m=pyd.game_map, c=cmds: resolve_turn(m, c), repeat)
            pydip.times.append(ns)
            results["pydip"] = pyd.after(outcome)

            for tally, name in ((mila, "MILA"), (pydip, "pydip")):

                def record(what: str, tally: Tally = tally) -> None:
                    if len(tally.disagreements) < keep:
                        tally.disagreements.append(
                            Disagreement(seed, position, orders, dict(results), what)
                        )

                compare(tally, mine, results[name], record)
    return phases, tallies, illegal


# -- the report --------------------------------------------------------------------------


def ms(ns: float) -> str:
    return f"{ns / 1e6:.3f}"


def table(tallies: Mapping[str, Tally]) -> list[str]:
    baseline = statistics.median(tallies[OURS].times)
    width = max(len(name) for name in tallies)
    head = f"{'adjudicator':<{width}}  {'median ms':>9}  {'mean ms':>8}  {'p90 ms':>8}  × ours"
    lines = [head, "-" * len(head)]
    for name, tally in tallies.items():
        times = tally.times
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
        lines.append(
            f"{name:<{width}}  {ms(median):>9}  {ms(statistics.fmean(times)):>8}  "
            f"{ms(p90):>8}  {median / baseline:6.1f}"
        )
    return lines


def units_text(units: Iterable[UnitKey]) -> str:
    by_power: dict[str, list[str]] = {}
    for power, kind, loc in sorted(units):
        by_power.setdefault(power, []).append(f"{kind} {loc}")
    return "; ".join(f"{p}: {', '.join(us)}" for p, us in by_power.items())


def describe(d: Disagreement, against: str) -> list[str]:
    position = d.position
    start = [(u.power, u.type, u.location) for u in position.units]
    lines = [
        f"  seed {d.seed}, {position.phase}: {d.what} differ",
        f"    units:  {units_text(start)}",
        "    orders: " + "; ".join(f"{p}: {t}" for p, t in sorted(d.orders)),
    ]
    mine = d.results["ours"]
    for name, after in d.results.items():
        if name == "ours":
            moved = sorted(after.units - set(start))
            lines.append(f"    ours:   moved {units_text(moved) or 'none'}")
        else:
            gained = sorted(after.units - mine.units)
            lost = sorted(mine.units - after.units)
            same = not gained and not lost and after.dislodged == mine.dislodged
            text = "same units" if same else f"+[{units_text(gained)}] -[{units_text(lost)}]"
            lines.append(f"    {name + ':':<7} {text} (vs ours)")
        dislodged = ", ".join(
            f"{p} {k} {loc} -> {{{', '.join(sorted(after.retreats[(p, k, loc)]))}}}"
            for p, k, loc in sorted(after.dislodged)
        )
        lines.append(f"            dislodged: {dislodged or 'none'}")
    return [line for line in lines if name != against or True]


def report(games: int, years: int, first_seed: int, repeat: int) -> None:
    started = time.perf_counter()
    phases, tallies, illegal = run(games, first_seed, years, repeat, keep=ARGS.show)
    took = time.perf_counter() - started
    print(
        f"Standard map: {games} random games (seeds {first_seed}-{first_seed + games - 1}, "
        f"up to {years} years each), {phases} movement phases; each timed {repeat}x per "
        f"adjudicator, fastest run kept; ratios are medians over ours ({OURS})."
    )
    print()
    for line in table(tallies):
        print(line)
    median = statistics.median(tallies[OURS].times) / 1e6
    verdict = "met" if median <= 0.1 else "NOT met"
    print()
    print(f"Goal for ours, at most 0.100 ms median per movement phase: {verdict} ({median:.3f} ms).")
    print()
    print(f"Cross-check against ours ({illegal} of our orders were illegal; they hold everywhere):")
    for name, tally in tallies.items():
        if not name.startswith(("MILA", "pydip")):
            continue
        short = name.split()[0]
        print(
            f"  {short}: units and dislodgements agree in {tally.positions_agree}/{phases} "
            f"phases; retreat options too in {tally.retreats_agree}/{phases}; "
            f"{tally.replaced} orders refused by {short} (held instead) in "
            f"{tally.phases_with_replaced} phases"
        )
    for name, tally in tallies.items():
        if tally.disagreements:
            print()
            print(f"First disagreements with {name.split()[0]}:")
            for d in tally.disagreements:
                for line in describe(d, name):
                    print(line)
    print()
    print(f"({took:.0f} s in all, playing the games included)")


def main(argv: Sequence[str] | None = None) -> None:
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=300, help="random games (default 300)")
    parser.add_argument("--years", type=int, default=8, help="years per game (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per phase (default 3)")
    parser.add_argument("--show", type=int, default=3, help="disagreements shown (default 3)")
    ARGS = parser.parse_args(argv)
    report(ARGS.games, ARGS.years, ARGS.seed, ARGS.repeat)


ARGS: argparse.Namespace

if __name__ == "__main__":
    main()
