"""`judge tournament`: games between robot strategies, played in-process through the
adjudicator, for strategy writers and for the strength tables of benchmarks/robots.py.

Seats rotate: in game g the power in seat i plays strategy (i + g) mod n of the list, so
that over n games every strategy has played every power. Game g is played with seed K + g,
so a game can be replayed alone with `--games 1 --seed K+g` and the seats it had. A
blabbot's policy follows its name after a colon (`blabbot:mac`; Joe by default); the robots
talk in press as the judge's do (robots/games.py), so no seat is anyone's friend but by it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

import robots
import variants
from robots.games import GameRecord, play_game


class TournamentError(ValueError):
    """Arguments that cannot make a tournament; the message says why."""


def seats_for(powers: Sequence[str], players: Sequence[str], game: int) -> dict[str, str]:
    n = len(players)
    return {power: players[(i + game) % n] for i, power in enumerate(powers)}


def read_players(text: str, variant: variants.Variant) -> list[str]:
    players = [p.strip().lower() for p in text.split(",") if p.strip()]
    unknown = sorted({p for p in players if p.partition(":")[0] not in robots.STRATEGIES})
    if unknown:
        known = ", ".join(robots.STRATEGIES)
        raise TournamentError(f"no such strategy: {', '.join(unknown)} (there are {known})")
    wrong = sorted({p for p in players if not _seats(p)})
    if wrong:
        policies = ", ".join(robots.POLICIES)
        raise TournamentError(
            f"no such policy: {', '.join(wrong)} (only blabbot has one: {policies})"
        )
    if len(players) != len(variant.powers):
        raise TournamentError(
            f"{variant.title} has {len(variant.powers)} powers; "
            f"--players names {len(players)} strategies"
        )
    return players


def _seats(seat: str) -> bool:
    """Whether a seat's policy, if it names one, is one its strategy has."""
    try:
        robots.seat_of(seat)
    except ValueError:
        return False
    return True


@dataclass
class Standing:
    games: int = 0
    solos: int = 0
    draws: int = 0
    unfinished: int = 0
    survivals: int = 0
    centers: int = 0


def standings(records: Sequence[GameRecord]) -> dict[str, Standing]:
    """Per strategy, over every seat it had: a draw is shared by every power that survives
    a game the peaceful survivors ended; a power that survives a game --years cut off, with
    no winner and no draw, counts it unfinished; a power survives with at least one centre."""
    table: dict[str, Standing] = {}
    for record in records:
        for power, strategy in record.seats.items():
            row = table.setdefault(strategy, Standing())
            count = record.centers.get(power, 0)
            row.games += 1
            row.centers += count
            row.survivals += count > 0
            row.solos += record.winner == power
            row.draws += record.ended == "draw" and count > 0
            row.unfinished += record.ended == "unfinished" and count > 0
    return table


def format_table(table: dict[str, Standing]) -> str:
    head = ("strategy", "games", "solos", "draws", "unfinished", "survived", "centres")
    w = max([10, *(len(name) for name in table)])  # a seat with its policy: blabbot:mac
    first, *rest = head
    lines = [f"{first:<{w}} " + "{:>6} {:>6} {:>6} {:>11} {:>9} {:>8}".format(*rest)]
    for name, row in sorted(table.items(), key=lambda kv: -kv[1].centers / kv[1].games):
        lines.append(
            f"{name:<{w}} {row.games:>6} {row.solos:>6} {row.draws:>6} {row.unfinished:>11} "
            f"{row.survivals:>9} {row.centers / row.games:>8.2f}"
        )
    return "\n".join(lines)


def play_games(
    variant: variants.Variant,
    players: Sequence[str],
    games: int,
    years: int,
    seed: int,
    err: TextIO,
) -> list[GameRecord]:
    """The tournament's games, seats rotating, with a bar on `err` redrawn on one line as
    they are played. The line is ended however the games end (all played, interrupted,
    failed), so that what is printed next starts on a line of its own."""
    powers = [p.name for p in variant.powers]
    records: list[GameRecord] = []
    try:
        for game in range(games):
            _progress(game, games, err)
            records.append(play_game(variant, seats_for(powers, players, game), years, seed + game))
        _progress(games, games, err)
    finally:
        err.write("\n")
        err.flush()
    return records


def _progress(done: int, total: int, out: TextIO) -> None:
    width = 30
    filled = width * done // total if total else width
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    out.flush()


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        variant = variants.load(args.variant)
    except KeyError:
        print(f"judge: there is no variant {args.variant} (judge variants lists them)", file=err)
        return 2
    except (variants.VariantError, OSError) as exc:
        print(f"judge: variant {args.variant} cannot be played: {exc}", file=err)
        return 2
    try:
        players = read_players(args.players, variant)
        if args.games < 1 or args.years < 1:
            raise TournamentError("--games and --years must be at least 1")
    except TournamentError as exc:
        print(f"judge: {exc}", file=err)
        return 2
    records = play_games(variant, players, args.games, args.years, args.seed, err)
    if args.json:
        print(json.dumps({"games": [r.as_json() for r in records]}, indent=2), file=out)
    else:
        print(format_table(standings(records)), file=out)
    return 0
