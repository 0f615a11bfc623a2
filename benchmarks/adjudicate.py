"""How fast is our movement-phase adjudication next to the other Python adjudicators?

Plays random games of legal orders on the Standard map (tests/randomgames.py) and, for every
movement phase, times three adjudicators in this one process, on the same position and the
same orders:

* ours, `resolve_movement` on orders checked beforehand: the resolution and the board that
  follows (retreat options, centres, the next phase, the result line of every order). A
  second row is `adjudicate_phase`, the legality checks included; a third adds
  `read_orders`, with the memos of order texts emptied first so that every order is
  really parsed; being several times dearer, it is run once per phase, not `--repeat`
  times (after all phases, as the sixth row below).
  The fourth is the public call robots and tournaments make, `adjudicator.adjudicate` on
  the phase document of docs/phase-format.md with the orders as text, result document out:
  it remembers what it has read (order texts, each power's units and centres), so the
  repeated runs, like a robot calling again on one board, read nothing twice. The fifth
  row is the call's first run on each phase, with what the earlier phases left in the
  memos, as in a tournament (the games are played before the timing, so that playing a
  phase reads nothing for it); the sixth, one run with every memo emptied first;
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

The other adjudicators' side, our orders spelled out for them and their results read back
in our notation, is benchmarks/baselines.py. `make bench` installs the `bench` extra
(diplomacy, pydip) and runs this file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parser as syntax
from adjudicator import adjudicate
from adjudicator.document import forget_notations, write_result
from adjudicator.document_lists import forget_lists
from adjudicator.given import Position, forget_readings, read_orders
from adjudicator.legality import forget_boards
from adjudicator.movement_phase import check_movement_orders, resolve_movement
from adjudicator.phases import adjudicate_phase
from benchmarks.baselines import (
    OPTIONS,
    After,
    Pydip,
    UnitKey,
    carried_out,
    mila_after,
    mila_copy,
    mila_game,
    our_after,
)
from benchmarks.timing import clock, fastest
from tests.randomgames import play

# -- timing ------------------------------------------------------------------------------


def forget_parses() -> None:
    """Empty the memos of order texts (the parser's and the adjudicator's), so that the
    next read parses for real."""
    memo = getattr(syntax.OrderParser._parse_clean, "cache_clear", None)
    if memo is not None:
        memo()
    forget_readings()


def forget_documents() -> None:
    """Empty every memo of the document call: order texts, unit and centre lists, boards
    (with the orders checked on them), notations."""
    forget_parses()
    forget_lists()
    forget_boards()
    forget_notations()


def document(position: Position, texts: Sequence[tuple[str, str]]) -> dict[str, object]:
    """The phase document (docs/phase-format.md) of a position and its orders as text."""
    units: dict[str, list[str]] = {}
    for unit in position.units:
        units.setdefault(unit.power, []).append(str(unit))
    centers: dict[str, list[str]] = {}
    for center, owner in position.centers.items():
        centers.setdefault(owner, []).append(center)
    orders: dict[str, list[str]] = {}
    for power, text in texts:
        orders.setdefault(power, []).append(text)
    return {
        "variant": position.variant.name,
        "phase": str(position.phase),
        "units": units,
        "centers": centers,
        "orders": orders,
    }


# -- the run -----------------------------------------------------------------------------

OURS = "ours: resolve_movement"
OURS_CHECKING = "ours: adjudicate_phase (checks + resolution)"
OURS_READING = "ours: read_orders (cold) + adjudicate_phase, 1 run"
OURS_TEXT = "ours: adjudicate() text in, result out"
OURS_TEXT_FIRST = "ours: adjudicate() text in, first run"
OURS_TEXT_COLD = "ours: adjudicate() text in, memos emptied, 1 run"
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
        self.tallies = {
            name: Tally()
            for name in (
                OURS,
                OURS_CHECKING,
                OURS_READING,
                OURS_TEXT,
                OURS_TEXT_FIRST,
                OURS_TEXT_COLD,
                MILA,
                PYDIP,
            )
        }
        self.pydip: Pydip | None = None

    def phase(self, seed: int, position: Position, texts: list[tuple[str, str]]) -> None:
        self.phases += 1
        repeat, tallies = self.repeat, self.tallies
        variant, phase = position.variant, position.phase

        # The public call, the document in and out, as robots and tournaments make it: the
        # fastest of `repeat` (a robot calling again on one board). Its first run on each
        # phase is `first`, its run with every memo emptied `cold`.
        doc = document(position, texts)
        ns, out = fastest(repeat, lambda: adjudicate(doc))
        tallies[OURS_TEXT].times.append(ns)

        # Ours from the orders read: the fastest of `repeat`.
        given = read_orders(variant, phase, texts)
        ns, result = fastest(repeat, lambda: adjudicate_phase(position, given))
        tallies[OURS_CHECKING].times.append(ns)
        # The resolution alone, from orders checked beforehand: the judge checks orders when
        # they arrive, as MILA does in set_orders and pydip in its command constructors.
        ready = check_movement_orders(position, given, OPTIONS)
        ns, _ = fastest(repeat, lambda: resolve_movement(position, ready, OPTIONS))
        tallies[OURS].times.append(ns)
        # The memos change nothing: the call's result is the typed path's (the document lists
        # the orders power by power).
        grouped = [(p, t) for p, ts in doc["orders"].items() for t in ts]  # type: ignore[attr-defined]
        typed = adjudicate_phase(position, read_orders(variant, phase, grouped))
        assert out == write_result(variant, typed), f"seed {seed}, {phase}"
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
        ns, outcome = fastest(repeat, pydip.resolution(commands))
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

    def first(self, position: Position, texts: list[tuple[str, str]]) -> None:
        """The call's first run on a phase, the phases taken in the order played, with what
        the earlier phases left in its memos (order texts recur from game to game, a power's
        list of units now and then), as in a tournament; on their own, so that no other
        adjudicator's run in between has the processor's caches filled with its own."""
        doc = document(position, texts)
        ns, _ = clock(lambda: adjudicate(doc))
        self.tallies[OURS_TEXT_FIRST].times.append(ns)

    def cold(self, position: Position, texts: list[tuple[str, str]]) -> None:
        """The runs that read everything afresh, once each (at several times the cost of the
        rest, a run's noise hardly shows): every memo is emptied first."""
        variant, phase = position.variant, position.phase
        doc = document(position, texts)
        forget_documents()
        ns, _ = clock(lambda: adjudicate(doc))
        self.tallies[OURS_TEXT_COLD].times.append(ns)
        forget_documents()
        ns, _ = clock(lambda: adjudicate_phase(position, read_orders(variant, phase, texts)))
        self.tallies[OURS_READING].times.append(ns)


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
    for name in (OURS, OURS_CHECKING, OURS_TEXT):
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
    # The games are played first, so that the memos hold what earlier phases read, not
    # what playing this phase did.
    phases = [
        (seed, turn.position, turn.orders)
        for seed in games
        for turn in play(seed, years=args.years)
        if turn.position.phase.kind == "movement"
    ]
    forget_documents()
    for _, position, texts in phases:
        bench.first(position, texts)
    for seed, position, texts in phases:
        bench.phase(seed, position, texts)
    for _, position, texts in phases:
        bench.cold(position, texts)
    report(bench, games, args.years, time.perf_counter() - started)


if __name__ == "__main__":
    main()
