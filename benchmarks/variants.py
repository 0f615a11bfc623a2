"""How much dearer is a movement phase on a big variant than on Standard, and what does
loading a variant cost?

The issue's goal (#17, Speed): a judge may run hundreds of games on dozens of maps, so
loading a variant is cached, and adjudicating a phase on chaos's 34 powers stays within a
few times a Standard phase.

* Movement phases: random games of legal orders (tests/randomgames.py) on Standard, the
  baseline, and on each variant named (chaos by default), in this one process. For every
  movement phase, `adjudicate_phase` with the orders read beforehand (the fastest of
  `--repeat` runs, as benchmarks/adjudicate.py times ours), and once `read_orders` from cold
  plus `adjudicate_phase`. The table gives the median, mean and 90th percentile over the
  phases, the units a phase had, and each median as a multiple of Standard's.
* Loading: each shipped variant read, checked and built from its file (`load_file`, the
  cold load, with its geography derived as the first adjudication does), and
  `variants.load` again once cached (functools.cache): the cold load's median and total,
  and the cached lookup.

A variant whose file is not (yet) in variants/data is skipped with a message.

    .venv/bin/python benchmarks/variants.py [--games 20] [--years 6] [--variant chaos ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parser as syntax
import variants
from adjudicator.geography import geography
from adjudicator.given import Position, read_orders
from adjudicator.phases import adjudicate_phase
from benchmarks.timing import clock
from tests.randomgames import play

BASELINE = "standard"
GOAL = 5.0  # "within a few times a Standard phase": at most five times its median


def fastest(repeat: int, run: Callable[[], object]) -> int:
    return min(clock(run)[0] for _ in range(repeat))


def forget_parses() -> None:
    """Empty the parser's memo of order texts, so that the next read parses for real."""
    memo = getattr(syntax.OrderParser._parse_clean, "cache_clear", None)
    if memo is not None:
        memo()


# -- movement phases ---------------------------------------------------------------------


@dataclass
class Phases:
    """One variant's movement phases: the fastest time of each (ns), cold reading too."""

    times: list[int] = field(default_factory=list)
    cold: list[int] = field(default_factory=list)
    units: list[int] = field(default_factory=list)


def movement_phases(name: str, games: int, years: int, repeat: int) -> Phases:
    out = Phases()
    for seed in range(games):
        for turn in play(seed, years=years, variant_name=name):
            if turn.position.phase.kind == "movement":
                cold, warm = one_phase(turn.position, turn.orders, repeat)
                out.cold.append(cold)
                out.times.append(warm)
                out.units.append(len(turn.position.units))
    return out


def one_phase(position: Position, orders: list[tuple[str, str]], repeat: int) -> tuple[int, int]:
    """A phase read from cold and adjudicated, once; then adjudicated with its orders read,
    the fastest of `repeat` runs."""
    variant, phase = position.variant, position.phase
    forget_parses()
    cold, _ = clock(lambda: adjudicate_phase(position, read_orders(variant, phase, orders)))
    given = read_orders(variant, phase, orders)
    return cold, fastest(repeat, lambda: adjudicate_phase(position, given))


def ms(ns: float) -> str:
    return f"{ns / 1e6:.3f}"


def phase_table(results: dict[str, Phases]) -> list[str]:
    base = statistics.median(results[BASELINE].times)
    base_cold = statistics.median(results[BASELINE].cold)
    head = (
        f"{'variant':<12}  {'phases':>6}  {'units':>5}  {'median ms':>9}  {'mean ms':>8}  "
        f"{'p90 ms':>8}  {'vs std':>6}  {'cold ms':>8}  {'vs std':>6}"
    )
    lines = [head, "-" * len(head)]
    for name, r in results.items():
        median = statistics.median(r.times)
        p90 = statistics.quantiles(r.times, n=10)[-1] if len(r.times) > 1 else r.times[0]
        cold = statistics.median(r.cold)
        lines.append(
            f"{name:<12}  {len(r.times):>6}  {statistics.median(r.units):>5.0f}  "
            f"{ms(median):>9}  {ms(statistics.fmean(r.times)):>8}  {ms(p90):>8}  "
            f"{median / base:5.1f}x  {ms(cold):>8}  {cold / base_cold:5.1f}x"
        )
    return lines


# -- loading -----------------------------------------------------------------------------


def loading(names: Sequence[str], repeat: int) -> list[str]:
    cold: dict[str, int] = {}
    for name in names:
        path = variants.DATA_DIR / f"{name}.variant"

        def build(path: Path = path) -> None:
            geography.cache_clear()
            geography(variants.load_file(path))

        cold[name] = fastest(repeat, build)
    variants.load.cache_clear()
    for name in names:
        variants.load(name)
    cached = [fastest(repeat * 100, lambda n=name: variants.load(n)) for name in names]
    slowest = max(cold, key=cold.__getitem__)
    return [
        f"Loading {len(names)} variants, each read, checked and built from its file with its "
        f"geography (the fastest of {repeat}):",
        f"  cold:   median {ms(statistics.median(cold.values()))} ms, all {len(names)} "
        f"{ms(sum(cold.values()))} ms, slowest {slowest} {ms(cold[slowest])} ms",
        f"  cached: median {statistics.median(cached) / 1e3:.2f} us (variants.load, "
        "functools.cache)",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=20, help="random games a variant (20)")
    parser.add_argument("--years", type=int, default=6, help="years a game at most (6)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each phase (3)")
    parser.add_argument("--variant", action="append", help="variants set beside Standard (chaos)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    shipped = variants.available()
    results: dict[str, Phases] = {}
    for name in [BASELINE, *(args.variant or ["chaos"])]:
        if name not in shipped:
            print(f"{name}: not in variants/data yet, skipped.")
            continue
        results[name] = movement_phases(name, args.games, args.years, args.repeat)
    print(
        f"{args.games} random games a variant, at most {args.years} years each; each movement "
        f"phase run {args.repeat} times and the fastest kept ('cold': orders read too, "
        "once); 'vs std' divides by Standard's median."
    )
    print()
    print("\n".join(phase_table(results)))
    for name in results:
        if name == BASELINE:
            continue
        ratio = statistics.median(results[name].times) / statistics.median(results[BASELINE].times)
        verdict = "met" if ratio <= GOAL else "NOT met"
        print(
            f"Goal of at most {GOAL:.0f} times a Standard phase, {name}: {verdict} ({ratio:.1f}x)."
        )
    print()
    print("\n".join(loading(shipped, args.repeat)))
    print()
    print(f"{time.perf_counter() - started:.0f} s in all, playing the games included.")


if __name__ == "__main__":
    main()
