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

Loeb's program (issue 32), each figure with its 95 % interval (Wilson's): against six
holds, games of --loeb-years (30) it wins (goal: half of --loeb-games, 35 of 70); against
six randoms, games it wins or leads on centres (goal: 63 of 70); seven loebs, the games
finished (a solo; the program never draws) within --loeb-long years (100).

David Norman's DumbBot (issue 32), the same way: against six holds, games of
--dumbbot-years (30) it wins (goal: 45 of --dumbbot-games, 70); seven dumbbots, the games
finished (a solo; DumbBot never draws) within --dumbbot-long years (100).

John Newbury's BlabBot (issue 32), its press played through robots/talk.py as the judge's
robots play it (no seat a friend but by its press), --blabbot-games (70) games each: seven
blabbots under Joe (the seed: "they immediately agree not to compete"), the games drawn and
when; seven under Mac, the games finished (a solo) within --blabbot-long years (100); one
Mac among six Joes, and one blabbot (Joe) among six dumbbots, in games of --blabbot-years
(30): the games the lone one won, and won or led on centres.

    .venv/bin/python benchmarks/robots.py [--games 100] [--years 10] [--seed 1]
        [--loeb-games 70] [--loeb-years 30] [--loeb-long 100] [--dumbbot-games 70]
        [--dumbbot-years 30] [--dumbbot-long 100] [--blabbot-games 70]
        [--blabbot-years 30] [--blabbot-long 100]
        [--part speed strength loeb dumbbot blabbot]
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
from robots.games import GameRecord, play_game, speakers
from robots.talk import converse

STANDARD = variants.load("standard")
POWERS = [p.name for p in STANDARD.powers]


def speed_seats(strategy: str) -> dict[str, str]:
    """Seven of a kind, so that the positions are ones that strategy reaches; blabbots at
    peace all round would draw at once, so three of them play four dumbbots."""
    if strategy == "blabbot":
        return seats_for(POWERS, ["blabbot"] * 3 + ["dumbbot"] * 4, 0)
    return dict.fromkeys(POWERS, strategy)


def phase_times(strategy: str, games: int, years: int, seed: int) -> list[float]:
    """Milliseconds per call of `strategy` for one power (its friends as in the game: those
    the first spring's talk makes, the blabbots each other's, for good)."""
    times: list[float] = []
    seats = speed_seats(strategy)
    friends = converse(speakers(seats), frozenset(POWERS), {}, phase="S1901M").friends
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


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a share of `hits` in `n` (Wilson's score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def share(hits: int, n: int) -> str:
    low, high = wilson(hits, n)
    return (
        f"{hits} of {n} ({100 * hits / n:.0f} %, 95 % interval {100 * low:.0f}-{100 * high:.0f} %)"
    )


def loeb_tables(games: int, years: int, long: int, seed: int) -> None:
    """Loeb's program against six holds, six randoms, and six of itself."""
    for rest, goal in (("hold", games // 2), ("random", math.ceil(games * 0.9))):
        players = ["loeb"] + [rest] * (len(POWERS) - 1)
        records = play_games(STANDARD, players, games, years, seed, sys.stderr)
        wins = sum(r.winner is not None and r.seats[r.winner] == "loeb" for r in records)
        led = round(leads(records, "loeb") * games)
        print(f"loeb against six {rest}s, {games} games of {years} years, seed {seed}")
        print(format_table(standings(records)))
        print(f"loeb won {share(wins, games)}")
        print(f"loeb won or led on centres {share(led, games)}")
        print(f"goal: {goal} {'wins' if rest == 'hold' else 'won or led'}")
        print()
    records = play_games(STANDARD, ["loeb"] * len(POWERS), games, long, seed, sys.stderr)
    done = [r for r in records if r.ended != "unfinished"]
    print(f"seven loebs, {games} games of at most {long} years, seed {seed}")
    print(f"finished (a solo) {share(len(done), games)}")
    if done:
        print(f"years to the end: median {statistics.median(r.years for r in done):.0f}")
    print()


def dumbbot_tables(games: int, years: int, long: int, seed: int) -> None:
    """DumbBot against six holds, and seven of it."""
    players = ["dumbbot"] + ["hold"] * (len(POWERS) - 1)
    records = play_games(STANDARD, players, games, years, seed, sys.stderr)
    won = [r for r in records if r.winner is not None and r.seats[r.winner] == "dumbbot"]
    print(f"dumbbot against six holds, {games} games of {years} years, seed {seed}")
    print(format_table(standings(records)))
    print(f"dumbbot won {share(len(won), games)}")
    if won:
        print(f"years to the win: median {statistics.median(r.years for r in won):.0f}")
    print(f"goal: {math.ceil(games * 45 / 70)} wins")
    print()
    records = play_games(STANDARD, ["dumbbot"] * len(POWERS), games, long, seed, sys.stderr)
    done = [r for r in records if r.ended != "unfinished"]
    print(f"seven dumbbots, {games} games of at most {long} years, seed {seed}")
    print(f"finished (a solo) {share(len(done), games)}")
    if done:
        print(f"years to the end: median {statistics.median(r.years for r in done):.0f}")
    print()


def blabbot_tables(games: int, years: int, long: int, seed: int) -> None:
    """Seven Joes, seven Macs, a Mac among six Joes, a blabbot among six dumbbots."""
    n = len(POWERS)
    records = play_games(STANDARD, ["blabbot"] * n, games, long, seed, sys.stderr)
    drawn = [r for r in records if r.ended == "draw"]
    print(f"seven blabbots (joe), {games} games of at most {long} years, seed {seed}")
    print(f"drawn {share(len(drawn), games)}")
    if drawn:
        print(f"phases played before the draw: at most {max(r.phases for r in drawn)}")
    print()
    records = play_games(STANDARD, ["blabbot:mac"] * n, games, long, seed, sys.stderr)
    done = [r for r in records if r.ended != "unfinished"]
    print(f"seven blabbots (mac), {games} games of at most {long} years, seed {seed}")
    drawn = [r for r in done if r.ended == "draw"]
    print(f"finished {share(len(done), games)}, of them drawn {len(drawn)}")
    if done:
        print(f"years to the end: median {statistics.median(r.years for r in done):.0f}")
    print()
    for lone, rest in (("blabbot:mac", "blabbot"), ("blabbot", "dumbbot")):
        players = [lone] + [rest] * (n - 1)
        records = play_games(STANDARD, players, games, years, seed, sys.stderr)
        wins = sum(r.winner is not None and r.seats[r.winner] == lone for r in records)
        led = round(leads(records, lone) * games)
        print(f"{lone} against six {rest}s, {games} games of {years} years, seed {seed}")
        print(format_table(standings(records)))
        print(f"{lone} won {share(wins, games)}")
        print(f"{lone} won or led on centres {share(led, games)}")
        print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per strength table")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed-games", type=int, default=3, help="games per speed figure")
    parser.add_argument("--loeb-games", type=int, default=70, help="games per loeb figure")
    parser.add_argument("--loeb-years", type=int, default=30)
    parser.add_argument("--loeb-long", type=int, default=100, help="years for seven loebs")
    parser.add_argument("--dumbbot-games", type=int, default=70, help="games per dumbbot figure")
    parser.add_argument("--dumbbot-years", type=int, default=30)
    parser.add_argument("--dumbbot-long", type=int, default=100, help="years for seven dumbbots")
    parser.add_argument("--blabbot-games", type=int, default=70, help="games per blabbot figure")
    parser.add_argument("--blabbot-years", type=int, default=30)
    parser.add_argument("--blabbot-long", type=int, default=100, help="years for seven blabbots")
    parser.add_argument(
        "--part",
        nargs="+",
        choices=("speed", "strength", "loeb", "dumbbot", "blabbot"),
        default=("speed", "strength", "loeb", "dumbbot", "blabbot"),
    )
    args = parser.parse_args()
    if "speed" in args.part:
        speed(args)
    if "strength" in args.part:
        strength(args)
    if "loeb" in args.part:
        loeb_tables(args.loeb_games, args.loeb_years, args.loeb_long, args.seed)
    if "dumbbot" in args.part:
        dumbbot_tables(args.dumbbot_games, args.dumbbot_years, args.dumbbot_long, args.seed)
    if "blabbot" in args.part:
        blabbot_tables(args.blabbot_games, args.blabbot_years, args.blabbot_long, args.seed)
    return 0


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


if __name__ == "__main__":
    sys.exit(main())
