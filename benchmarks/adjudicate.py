"""How fast is our movement-phase adjudication next to the other Python adjudicators?

Plays random games of legal orders on the Standard map (tests/randomgames.py) and, for every
movement phase, times three adjudicators in this one process, on the same position and the
same orders:

* ours, `resolve_movement` on orders checked beforehand: the resolution and the board that
  follows (retreat options, centres, the next phase, the result line of every order). A
  second row is `adjudicate_phase`, the legality checks included; a third adds
  `read_orders`, with the parser's memo of order texts emptied first so that every order is
  really parsed; being ten times dearer, it is run once per phase, not `--repeat` times;
* MILA `diplomacy`, `Game.process()` on a game set up with the position and the orders, a
  fresh copy of it for every run since processing moves it on. MILA checks the orders in
  `Game.set_orders()`, outside the timer;
* `pydip`, `resolve_turn()` on commands built beforehand; their constructors, outside the
  timer, check them. pydip takes an army's move by convoy as a separate command, so it is
  told which armies go by sea, as our resolver decided.

So the first row of ours is timed as the baselines are, without the order checks; the second
adds ours. Each phase is run
`--repeat` times by each and the fastest run kept; the table gives the median, mean and 90th
percentile of these over the phases, and each median as a multiple of ours. The goal for ours
is a median of at most 0.1 ms per movement phase: the judge adjudicates again on every change
of orders, and the property tests play thousands of phases.

On the way the results are cross-checked against ours: where the units end up, which are
dislodged and where these may retreat. Differences are printed, never failed on: ours follows
DATC 3.0 and the 2023 rules, and the others do not everywhere. MILA lets an army that its own
power ordered convoyed walk when the convoy cannot reach (DATC 4.A.3, 6.G.8), ignores the coast
in supports (6.B.9), and lets a unit dislodged by a convoyed army retreat into occupied places;
pydip lets an attack from the province a support is given into cut the support when the two
name it differently (`Armenia` for an army, `Armenia Coast` for a fleet).

`make bench` installs the `bench` extra (diplomacy, pydip) and runs this file.
"""

from __future__ import annotations

import argparse
import copy
import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parser as syntax
from adjudicator.board import Unit
from adjudicator.geography import geography
from adjudicator.given import GivenOrder, Position, read_orders
from adjudicator.movement import Resolver
from adjudicator.movement_phase import check_movement_orders, resolve_movement
from adjudicator.options import Options
from adjudicator.outcome import PhaseResult
from adjudicator.phases import adjudicate_phase
from tests.randomgames import play
from variants import Variant, province_of

try:
    from diplomacy import Game
    from pydip.map.predefined import vanilla_dip
    from pydip.player.command import command as pydip_command
    from pydip.player.player import Player
    from pydip.player.unit import Unit as PydipUnit
    from pydip.player.unit import UnitTypes
    from pydip.turn.resolve import resolve_turn
except ImportError as exc:
    sys.exit(f"{exc}: the benchmark needs the bench extra: pip install -e '.[bench]'")

T = TypeVar("T")
OPTIONS = Options()

# A unit in our notation: (power, type, location), ("Russia", "F", "stp/sc").
UnitKey = tuple[str, str, str]


# -- timing ------------------------------------------------------------------------------


def clock(run: Callable[[], T]) -> tuple[int, T]:
    """One run in nanoseconds, with the garbage collector off as in timeit."""
    gc.disable()
    try:
        start = time.perf_counter_ns()
        result = run()
        return time.perf_counter_ns() - start, result
    finally:
        gc.enable()


def fastest(repeat: int, run: Callable[[], T]) -> tuple[int, T]:
    """The fastest of `repeat` runs, and the last run's result."""
    runs = [clock(run) for _ in range(repeat)]
    return min(ns for ns, _ in runs), runs[-1][1]


def forget_parses() -> None:
    """Empty the parser's memo of order texts, so that the next read parses for real."""
    memo = getattr(syntax.OrderParser._parse_clean, "cache_clear", None)
    if memo is not None:
        memo()


# -- the orders carried out, spelled out for the other adjudicators ----------------------


@dataclass(frozen=True)
class Plain:
    """A unit's order as our adjudicator carried it out, with nothing left implicit."""

    unit: Unit
    kind: str  # "H", "-", "S" or "C"
    target: Unit | None = None  # the unit supported or convoyed
    dest: str | None = None  # a move's location (a fleet's with its coast); else a province
    coast: str | None = None  # the coast a support of a fleet's move names
    via: bool = False  # the order said "via convoy" or named a route
    by_sea: bool = False  # the army goes by convoy (the 2023 rule, as ours)


def carried_out(
    position: Position, given: Sequence[GivenOrder], result: PhaseResult
) -> tuple[list[Plain], int]:
    """Each unit's order as ours carried it out (the last legal one; else a hold), and how
    many orders ours found illegal. The lines of a result follow the orders given."""
    variant = position.variant
    at = {u.province: u for u in position.units}
    plain = {province: Plain(unit, "H") for province, unit in at.items()}
    illegal = 0
    for order, line in zip(given, result.orders, strict=False):
        assert (line.power, line.text) == (order.power, order.text)
        if line.result == "illegal":
            illegal += 1
            continue
        spelled = spell(variant, at, order.parsed)  # type: ignore[arg-type]
        plain[spelled.unit.province] = spelled
    # Which armies go by sea, as our resolver decided it (DATC 4.A.3, the 2023 rule).
    ready = check_movement_orders(position, given, OPTIONS)
    geo = geography(variant, OPTIONS.duality)
    resolver = Resolver(ready.commands, geo.army_reach, geo.sea_shores, geo.sea_links)
    for command, by_sea in zip(ready.commands, resolver.via_sea, strict=True):
        if by_sea:
            province = command.unit.province
            plain[province] = replace(plain[province], by_sea=True)
    return list(plain.values()), illegal


def spell(variant: Variant, at: Mapping[str, Unit], order: syntax.Order) -> Plain:
    unit = at[order.unit.location.province]  # type: ignore[union-attr]
    if isinstance(order, syntax.Hold):
        return Plain(unit, "H")
    if isinstance(order, syntax.Move):
        dest = order.destination
        where = dest.province
        if unit.type == "F":
            # The coast entered: the one named, else the only one the fleet can reach.
            where = str(dest) if dest.coast else _only_reachable(variant, unit, dest.province)
        return Plain(unit, "-", dest=where, via=order.via_convoy or bool(order.route))
    if isinstance(order, syntax.SupportHold):
        return Plain(unit, "S", at[order.supported.location.province])
    if isinstance(order, syntax.SupportMove):
        target = at[order.supported.location.province]
        coast = order.destination.coast if target.type == "F" else None
        return Plain(unit, "S", target, order.destination.province, coast)
    assert isinstance(order, syntax.Convoy), order
    return Plain(unit, "C", at[order.convoyed.location.province], order.destination.province)


def _only_reachable(variant: Variant, unit: Unit, province: str) -> str:
    moves = variant.fleet_moves.get(unit.location, ())
    places = [loc for loc in variant.provinces[province].locations if loc in moves]
    return places[0] if len(places) == 1 else province


def our_after(result: PhaseResult) -> After:
    units = frozenset((u.power, u.type, u.location) for u in result.units)
    retreats = {
        (d.unit.power, d.unit.type, d.unit.location): frozenset(province_of(r) for r in d.retreats)
        for d in result.dislodged
    }
    return After(units, frozenset(retreats), retreats)


@dataclass(frozen=True)
class After:
    """Where the units are after a movement phase, in our notation."""

    units: frozenset[UnitKey]
    dislodged: frozenset[UnitKey]
    retreats: Mapping[UnitKey, frozenset[str]]  # dislodged unit -> provinces it may go to


# -- MILA diplomacy ----------------------------------------------------------------------


def mila_order(p: Plain) -> str:
    """MILA's notation: `A YOR - NWY`, `A YOR - NWY VIA`, `F NTH C A YOR - NWY`,
    `F MAO - SPA/NC`, `A WAL S F LON`. MILA judges by itself whether an army that could walk
    goes by sea (its own power's convoy shows the intent, as in the 2023 rules): `VIA` only
    when the order said so."""
    if p.kind == "H":
        text = f"{p.unit} H"
    elif p.kind == "-":
        text = f"{p.unit} - {p.dest}" + (" VIA" if p.via else "")
    elif p.kind == "S":
        text = f"{p.unit} S {p.target}"
        if p.dest is not None:
            text += f" - {p.dest}" + (f"/{p.coast}" if p.coast else "")
    else:
        text = f"{p.unit} C {p.target} - {p.dest}"
    return text.upper()


def mila_game(position: Position, orders: Sequence[Plain]) -> tuple[Game, int]:
    """A MILA game at the position with the orders given, and how many of these MILA refused
    (the unit holds). The orders are in MILA's own form, so MILA need not expand them."""
    game = Game()
    game.clear_units()
    game.clear_centers()
    powers = [p.name for p in position.variant.powers]
    for power in powers:
        units = [str(u).upper() for u in position.units if u.power == power]
        game.set_units(power.upper(), units)
        centers = [c.upper() for c, owner in position.centers.items() if owner == power]
        game.set_centers(power.upper(), centers)
    game.set_current_phase(str(position.phase))
    refused = 0
    for power in powers:
        texts = [mila_order(p) for p in orders if p.unit.power == power]
        if texts:
            game.set_orders(power.upper(), texts, expand=False)
            refused += len(texts) - len(game.get_power(power.upper()).orders)
    game.error = []
    return game, refused


def mila_copy(game: Game) -> Game:
    """A copy to process, with its caches as `set_orders` would have left them. Copied
    caches are no good: the unit-owner cache would hold copies of the powers that are not
    the copy's own, and every order would be ignored."""
    fresh = copy.deepcopy(game)
    fresh.build_caches()
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
        options.update(state.retreats)  # cleared for units that cannot retreat
    retreats = {}
    for unit in game.dislodged:  # every unit dislodged, whether it can retreat or not
        location = unit[2:].lower()
        key = (owner[province_of(location)], unit[0], location)
        retreats[key] = frozenset(loc[:3].lower() for loc in options.get(unit, ()))
    return After(units, frozenset(retreats), retreats)


# -- pydip -------------------------------------------------------------------------------

# pydip names provinces in full, and gives each coastal province a "... Coast" for fleets.
PYDIP_NAMES = {
    "eas": "Eastern Mediterranean Sea",
    "wes": "Western Mediterranean Sea",
    "stp": "St. Petersburg",
}
PYDIP_COASTS = {"nc": "North Coast", "sc": "South Coast", "ec": "North Coast"}  # bul/ec


class Pydip:
    """pydip's map, and our places as its territory names."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.game_map = vanilla_dip.generate_map()
        known = self.game_map.name_map
        self.land: dict[str, str] = {}  # our province -> pydip territory (land or sea)
        self.fleet: dict[str, str] = {}  # our fleet location -> pydip coast or sea
        self.ours: dict[str, str] = {}  # pydip territory -> our location
        for province in variant.provinces.values():
            name = PYDIP_NAMES.get(province.abbr, province.name)
            if name not in known:
                continue  # Switzerland, impassable, is not on pydip's map
            self.land[province.abbr] = name
            self.ours[name] = province.abbr
            coasts = {f"{province.abbr}/{c}": f"{name} {PYDIP_COASTS[c]}" for c in province.coasts}
            if province.is_sea:
                coasts = {province.abbr: name}
            elif not coasts and f"{name} Coast" in known:
                coasts = {province.abbr: f"{name} Coast"}
            for loc, coast in coasts.items():
                assert coast in known, coast
                self.fleet[loc] = coast
                self.ours[coast] = loc

    def unit(self, unit: Unit) -> PydipUnit:
        if unit.type == "A":
            return PydipUnit(UnitTypes.TROOP, self.land[unit.province])
        return PydipUnit(UnitTypes.FLEET, self.fleet[unit.location])

    def commands(self, orders: Sequence[Plain]) -> tuple[list[Any], int]:
        """pydip commands for the orders, and how many of them pydip refused (a constructor's
        assertion failed; the unit holds)."""
        players: dict[str, Player] = {}
        for power in {p.unit.power for p in orders}:
            units = [self.unit(p.unit) for p in orders if p.unit.power == power]
            config = [{"territory_name": u.position, "unit_type": u.unit_type} for u in units]
            players[power] = Player(power, self.game_map, config)
        moves = {p.unit.province: p for p in orders}
        out: list[Any] = []
        refused = 0
        for p in orders:
            player = players[p.unit.power]
            try:
                out.append(self.command(player, p, moves))
            except AssertionError:
                refused += 1
                out.append(pydip_command.HoldCommand(player, self.unit(p.unit)))
        return out, refused

    def command(self, player: Player, p: Plain, orders: Mapping[str, Plain]) -> Any:
        unit = self.unit(p.unit)
        if p.kind == "H":
            return pydip_command.HoldCommand(player, unit)
        assert p.dest is not None or p.kind == "S"
        if p.kind == "-":
            if p.by_sea:
                return pydip_command.ConvoyMoveCommand(player, unit, self.land[p.dest])
            where = self.land[p.dest] if p.unit.type == "A" else self.fleet[p.dest]  # type: ignore[index]
            return pydip_command.MoveCommand(player, unit, where)
        assert p.target is not None
        target = self.unit(p.target)
        if p.kind == "C":
            return pydip_command.ConvoyTransportCommand(player, unit, target, self.land[p.dest])
        if p.dest is None:
            return pydip_command.SupportCommand(player, unit, target, target.position)
        if p.target.type == "A":
            return pydip_command.SupportCommand(player, unit, target, self.land[p.dest])
        # pydip supports a fleet into a coast it can reach (and then ignores the coast): the
        # one named, else the one the fleet moves to, else the first it could reach.
        theirs = orders[p.target.province]
        if p.coast:
            loc = f"{p.dest}/{p.coast}"
        elif theirs.kind == "-" and theirs.dest and province_of(theirs.dest) == p.dest:
            loc = theirs.dest
        else:
            moves = self.variant.fleet_moves.get(p.target.location, ())
            places = self.variant.provinces[p.dest].locations
            loc = next((loc for loc in places if loc in moves), p.dest)
        return pydip_command.SupportCommand(player, unit, target, self.fleet[loc])

    def after(self, result: Mapping[str, Mapping[Any, set[str] | None]]) -> After:
        units: set[UnitKey] = set()
        retreats: dict[UnitKey, frozenset[str]] = {}
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

OURS = "ours: resolve_movement"
OURS_CHECKING = "ours: adjudicate_phase (checks + resolution)"
OURS_READING = "ours: read_orders (cold) + adjudicate_phase, 1 run"
MILA = f"MILA diplomacy {metadata.version('diplomacy')}: Game.process()"
PYDIP = f"pydip {metadata.version('pydip')}: resolve_turn()"


@dataclass(frozen=True)
class Disagreement:
    seed: int
    position: Position
    orders: list[tuple[str, str]]
    results: dict[str, After]  # "ours", "MILA", "pydip"
    what: str  # "units" or "retreats"


@dataclass
class Tally:
    """One adjudicator: the fastest time of each phase (ns), and how it compared with ours."""

    times: list[int] = field(default_factory=list)
    units_agree: int = 0  # units where ours has them, the same dislodged
    retreats_agree: int = 0  # and the same retreat options
    disagreements: list[Disagreement] = field(default_factory=list)  # the first few
    refused: int = 0  # orders it refused or could not take, held instead
    phases_refused: int = 0

    def count_refused(self, refused: int) -> None:
        self.refused += refused
        self.phases_refused += refused > 0


def differs(mine: After, theirs: After) -> str | None:
    if (mine.units, mine.dislodged) != (theirs.units, theirs.dislodged):
        return "units"
    if dict(mine.retreats) != dict(theirs.retreats):
        return "retreats"
    return None


class Bench:
    """Times the adjudicators phase by phase, and compares their results with ours."""

    def __init__(self, repeat: int, keep: int) -> None:
        self.repeat = repeat
        self.keep = keep
        self.phases = 0
        self.illegal = 0  # orders ours found illegal: they hold, for every adjudicator
        self.tallies = {name: Tally() for name in (OURS, OURS_CHECKING, OURS_READING, MILA, PYDIP)}
        self.pydip: Pydip | None = None

    def game(self, seed: int, years: int) -> None:
        for turn in play(seed, years=years):
            if turn.position.phase.kind == "movement":
                self.phase(seed, turn.position, turn.orders)

    def phase(self, seed: int, position: Position, texts: list[tuple[str, str]]) -> None:
        self.phases += 1
        repeat, tallies = self.repeat, self.tallies
        variant, phase = position.variant, position.phase

        # Ours: reading the orders too, from cold, once (at ten times the cost of the rest,
        # a run's noise hardly shows); then, with the orders read, the fastest of `repeat`.
        forget_parses()
        ns, _ = clock(lambda: adjudicate_phase(position, read_orders(variant, phase, texts)))
        tallies[OURS_READING].times.append(ns)
        given = read_orders(variant, phase, texts)
        ns, result = fastest(repeat, lambda: adjudicate_phase(position, given))
        tallies[OURS_CHECKING].times.append(ns)
        # The resolution alone, from orders checked beforehand: the judge checks orders when
        # they arrive, as MILA does in set_orders and pydip in its command constructors.
        ready = check_movement_orders(position, given, OPTIONS)
        ns, _ = fastest(repeat, lambda: resolve_movement(position, ready, OPTIONS))
        tallies[OURS].times.append(ns)
        orders, illegal = carried_out(position, given, result)
        self.illegal += illegal
        results = {"ours": our_after(result)}

        # MILA: a fresh copy of the game for every run, all made before the timing.
        template, refused = mila_game(position, orders)
        tallies[MILA].count_refused(refused)
        copies = [mila_copy(template) for _ in range(repeat)]
        tallies[MILA].times.append(min(clock(game.process)[0] for game in copies))
        results["MILA"] = mila_after(copies[-1], position)

        # pydip: resolving leaves the commands as they were.
        pydip = self.pydip = self.pydip or Pydip(variant)
        commands, refused = pydip.commands(orders)
        tallies[PYDIP].count_refused(refused)
        ns, outcome = fastest(repeat, lambda: resolve_turn(pydip.game_map, commands))
        tallies[PYDIP].times.append(ns)
        results["pydip"] = pydip.after(outcome)

        for name, key in ((MILA, "MILA"), (PYDIP, "pydip")):
            tally = tallies[name]
            what = differs(results["ours"], results[key])
            if what is None:
                tally.units_agree += 1
                tally.retreats_agree += 1
                continue
            tally.units_agree += what == "retreats"
            if len(tally.disagreements) < self.keep:
                tally.disagreements.append(Disagreement(seed, position, texts, results, what))


# -- the report --------------------------------------------------------------------------


def ms(ns: float) -> str:
    return f"{ns / 1e6:.3f}"


def table(tallies: Mapping[str, Tally]) -> list[str]:
    baseline = statistics.median(tallies[OURS].times)
    width = max(len(name) for name in tallies)
    head = (
        f"{'adjudicator':<{width}}  {'median ms':>9}  {'mean ms':>8}  {'p90 ms':>8}  {'vs ours':>7}"
    )
    lines = [head, "-" * len(head)]
    for name, tally in tallies.items():
        times = tally.times
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
        lines.append(
            f"{name:<{width}}  {ms(median):>9}  {ms(statistics.fmean(times)):>8}  "
            f"{ms(p90):>8}  {median / baseline:6.1f}x"
        )
    return lines


def units_text(units: Iterable[UnitKey]) -> str:
    by_power: dict[str, list[str]] = {}
    for power, kind, loc in sorted(units):
        by_power.setdefault(power, []).append(f"{kind} {loc}")
    return "; ".join(f"{power}: {', '.join(us)}" for power, us in by_power.items()) or "none"


def describe(d: Disagreement) -> list[str]:
    start = {(u.power, u.type, u.location) for u in d.position.units}
    mine = d.results["ours"]
    lines = [
        f"  seed {d.seed}, {d.position.phase}: the {d.what} differ",
        f"    units:  {units_text(start)}",
        "    orders: " + "; ".join(f"{power}: {text}" for power, text in sorted(d.orders)),
    ]
    for name, after in d.results.items():
        if name == "ours":
            text = f"moved {units_text(after.units - start)}"
        elif after.units == mine.units:
            text = "the same units as ours"
        else:
            text = f"not as ours: {units_text(after.units - mine.units)}"
        dislodged = ", ".join(
            f"{k} {loc} ({p}) -> {{{', '.join(sorted(after.retreats[(p, k, loc)]))}}}"
            for p, k, loc in sorted(after.dislodged)
        )
        lines.append(f"    {name + ':':<7} {text}; dislodged: {dislodged or 'none'}")
    return lines


def report(bench: Bench, games: range, years: int, seconds: float) -> None:
    print(
        f"Standard map, {len(games)} random games (seeds {games.start}-{games.stop - 1}, at most "
        f"{years} years each): {bench.phases} movement phases."
    )
    print(
        f"Each phase run {bench.repeat} times by each adjudicator (reading included: once) and "
        f"the fastest run kept; 'vs ours' divides each median by that of '{OURS}'."
    )
    print()
    print("\n".join(table(bench.tallies)))
    print()
    for name in (OURS, OURS_CHECKING):
        median = statistics.median(bench.tallies[name].times) / 1e6
        verdict = "met" if median <= 0.1 else "NOT met"
        print(f"Goal of a median of at most 0.100 ms per movement phase, '{name}': {verdict}.")
    print()
    print(
        f"Cross-check with ours ({bench.illegal} orders were illegal for ours; "
        "every adjudicator is given a hold instead):"
    )
    baselines = {MILA: "MILA", PYDIP: "pydip"}
    for name, short in baselines.items():
        tally = bench.tallies[name]
        print(
            f"  {short + ':':<6} units and dislodgements as ours in {tally.units_agree} of "
            f"{bench.phases} phases, and retreat options too in {tally.retreats_agree}; "
            f"{tally.refused} orders refused by {short} (held instead), in "
            f"{tally.phases_refused} phases"
        )
    for name, short in baselines.items():
        tally = bench.tallies[name]
        if tally.disagreements:
            print()
            print(f"The first disagreements with {short}:")
            for d in tally.disagreements:
                print("\n".join(describe(d)))
    print()
    print(f"{seconds:.0f} s in all, playing the games included.")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=300, help="random games (300)")
    parser.add_argument("--years", type=int, default=8, help="years per game at most (8)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each phase (3)")
    parser.add_argument("--show", type=int, default=3, help="disagreements shown (3)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    bench = Bench(args.repeat, args.show)
    games = range(args.seed, args.seed + args.games)
    for seed in games:
        bench.game(seed, args.years)
    report(bench, games, args.years, time.perf_counter() - started)


if __name__ == "__main__":
    main()
