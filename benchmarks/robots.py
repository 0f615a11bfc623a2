"""How fast and how strong are the robot strategies?

Speed, on Standard: the time one power's strategy takes for one phase (`robots.play`),
over the phases of robot games (every power's call timed; movement, retreat and adjustment
phases alike), median, 90th percentile and worst, in milliseconds; the goal is the
heaviest strategy under 50 ms a phase. Then a whole 10-year game of seven robots
(`robots.games.play_game`, the adjudicator included), per strategy mix; goal under 2 s.

Strength, in `judge tournament`'s games (seats rotating): dumbbot against six randoms,
where it should win or lead on centres in at least 80 % of 100 games; loeb against six
randoms, which it should beat clearly; random against hold. Each table gives, per
strategy, games, solos, draws shared, games still going after --years, survivals and mean
centres; and for the lone strategy the share of games it won or ended first (alone or tied)
on centres.

DumbBot against its source (issue 32): one dumbbot against six holds, --dumbbot-games of
--dumbbot-years (70 of 30), seats rotating, where it should win at least 45; and seven
dumbbots playing up to --long-years (100), the share of games someone wins. Each count
with its 95 % interval (Wilson's).

    .venv/bin/python benchmarks/robots.py [--games 100] [--years 10] [--seed 1]
        [--part all|speed|strength|dumbbot]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import robots
import variants
from judge.tournament import format_table, play_games, seats_for, standings
from robots.games import GameRecord, friendships, play_game

STANDARD = variants.load("standard")
POWERS = [p.name for p in STANDARD.powers]


def speed_seats(strategy: str) -> dict[str, str]:
    """Seven of a kind, so that the positions are ones that strategy reaches; blabbots at
    peace all round would draw at once, so three of them play four dumbbots."""
    if strategy == "blabbot":
        return seats_for(POWERS, ["blabbot"] * 3 + ["dumbbot"] * 4, 0)
    return dict.fromkeys(POWERS, strategy)


def phase_times(strategy: str, games: int, years: int, seed: int) -> list[float]:
    """Milliseconds per call of `strategy` for one power (its friends as in the game)."""
    times: list[float] = []
    seats = speed_seats(strategy)
    friends = friendships(seats)
    timed = [p for p, s in seats.items() if s == strategy]
    for game in range(games):

        def time_phase(position, game=game) -> None:  # type: ignore[no-untyped-def]
            for power in timed:
                rng = robots.rng_for(seed + game, str(position.phase), power)
                start = time.perf_counter()
                robots.play(strategy, position, power, rng, friends[power])
                times.append((time.perf_counter() - start) * 1000)

        play_game(STANDARD, seats, years, seed + game, on_phase=time_phase)
    return times


def game_seconds(seats: dict[str, str], years: int, seed: int, games: int) -> list[float]:
    out = []
    for game in range(games):
        start = time.perf_counter()
        play_game(STANDARD, seats, years, seed + game)
        out.append(time.perf_counter() - start)
    return out


def leads(records: list[GameRecord], strategy: str) -> float:
    """The share of games in which a seat of `strategy` won or had the most centres."""
    good = 0
    for record in records:
        best = max(record.centers.values())
        mine = [p for p, s in record.seats.items() if s == strategy]
        good += any(record.winner == p or record.centers[p] == best for p in mine)
    return good / len(records)


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95 % interval of a share (Wilson's score interval), in per cent."""
    z = 1.959964
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half /= 1 + z * z / trials
    return 100 * (centre - half), 100 * (centre + half)


def dumbbot_tables(games: int, years: int, long_years: int, seed: int) -> None:
    """How DumbBot does against six holds, and how often seven of it finish a game."""
    players = ["dumbbot"] + ["hold"] * (len(POWERS) - 1)
    records = play_games(STANDARD, players, games, years, seed, sys.stderr)
    won = [r for r in records if r.winner and r.seats[r.winner] == "dumbbot"]
    low, high = wilson(len(won), games)
    spans = sorted(r.years for r in won) or [0]
    print(f"dumbbot against six holds, {games} games of up to {years} years, seed {seed}")
    print(format_table(standings(records)))
    print(
        f"dumbbot won {len(won)} of {games} ({100 * len(won) / games:.0f} %, 95 % interval "
        f"{low:.0f} to {high:.0f} %), in {statistics.median(spans):.0f} years (median), "
        f"{spans[-1]} at most"
    )
    print()
    records = play_games(STANDARD, ["dumbbot"] * len(POWERS), games, long_years, seed, sys.stderr)
    ended = [r for r in records if r.winner]
    low, high = wilson(len(ended), games)
    spans = sorted(r.years for r in ended) or [0]
    print(f"seven dumbbots, {games} games of up to {long_years} years, seed {seed}")
    print(
        f"won by someone: {len(ended)} of {games} ({100 * len(ended) / games:.0f} %, 95 % "
        f"interval {low:.0f} to {high:.0f} %), in {statistics.median(spans):.0f} years "
        f"(median), {spans[-1]} at most"
    )


def speed(args: argparse.Namespace) -> None:
    print("Time per phase, one power, Standard (ms)")
    print(f"{'strategy':<10} {'calls':>6} {'median':>8} {'p90':>8} {'worst':>8}")
    for strategy in robots.STRATEGIES:
        times = sorted(phase_times(strategy, args.speed_games, args.years, args.seed))
        p90 = times[int(len(times) * 0.9)]
        print(
            f"{strategy:<10} {len(times):>6} {statistics.median(times):>8.2f} "
            f"{p90:>8.2f} {times[-1]:>8.2f}"
        )
    print()
    print(f"A whole {args.years}-year game of seven robots, in-process (s)")
    mixes = {strategy: speed_seats(strategy) for strategy in robots.STRATEGIES}
    mixes["mixed"] = seats_for(
        POWERS, ["dumbbot", "loeb", "random", "hold", "blabbot", "blabbot", "dumbbot"], 0
    )
    for name, seats in mixes.items():
        secs = game_seconds(seats, args.years, args.seed, args.speed_games)
        print(f"{name:<10} median {statistics.median(secs):.3f}  worst {max(secs):.3f}")
    print()


def strength(args: argparse.Namespace) -> None:
    for lone, rest in (("dumbbot", "random"), ("loeb", "random"), ("random", "hold")):
        players = [lone] + [rest] * (len(POWERS) - 1)
        records = play_games(STANDARD, players, args.games, args.years, args.seed, sys.stderr)
        print(f"{lone} against six {rest}s, {args.games} games of {args.years} years")
        print(format_table(standings(records)))
        print(f"{lone} won or led on centres in {100 * leads(records, lone):.0f} % of games")
        print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per strength table")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed-games", type=int, default=3, help="games per speed figure")
    parser.add_argument("--dumbbot-games", type=int, default=70)
    parser.add_argument("--dumbbot-years", type=int, default=30)
    parser.add_argument("--long-years", type=int, default=100)
    parser.add_argument("--part", choices=("all", "speed", "strength", "dumbbot"), default="all")
    args = parser.parse_args()
    if args.part in ("all", "speed"):
        speed(args)
    if args.part in ("all", "strength"):
        strength(args)
    if args.part in ("all", "dumbbot"):
        dumbbot_tables(args.dumbbot_games, args.dumbbot_years, args.long_years, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
