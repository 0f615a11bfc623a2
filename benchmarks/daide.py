"""The original DumbBot against ours, over DAIDE at the judge's table (issue 34).

David Norman's DumbBot (built from ../shared/daide-client, as the tests build it) and our
`dumbbot` strategy (robots/dumbbot.py, playing as a DAIDE client: judge/daide/client.py)
play Standard games through the judge's DAIDE server, one power each, in six line-ups: one
original among six of ours, one of ours among six originals, and each alone against six
original HoldBots, and against six original RandBots. The lone bot's power turns round the
seven from game to game. Each game goes until a solo or --years game years. For each
line-up it prints the lone bot's mean centres at the end with a 95 % interval (normal
approximation), its solos with Wilson's interval, and the others' mean centres; a game
that stalls is left out, and the powers without orders named. Ours should be
indistinguishable from the original: mean centres within 10 %.

    .venv/bin/python benchmarks/daide.py [--games 50] [--years 10] [--part NAME ...]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.daide.client import play as play_ours
from tests.daidekit import bots, bots_dir, free_ports, port_and_codes, wait_for_port
from tests.gametable import MASTER, TIMING, Table, form
from tests.judgekit import InProcessJudge

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
# line-up: (the lone bot, the six others); "orig"/"hold"/"rand" are the AiClient programs.
LINEUPS = {
    "orig-among-ours": ("orig", "ours"),
    "ours-among-orig": ("ours", "orig"),
    "orig-vs-hold": ("orig", "hold"),
    "ours-vs-hold": ("ours", "hold"),
    "orig-vs-rand": ("orig", "rand"),
    "ours-vs-rand": ("ours", "rand"),
}
PROGRAMS = {"orig": "dumbbot", "hold": "holdbot", "rand": "randbot"}
# Seconds without a phase processed, after which a game is given up and said so.
STALLED = float(os.environ.get("DAIDE_BENCH_STALLED", "90"))


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> str:
    if not values:
        return "-"
    m = statistics.fmean(values)
    if len(values) < 2:
        return f"{m:.2f}"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{m:.2f} ({m - half:.2f}-{m + half:.2f})"


def one_game(table: Table, folder: Path, name: str, lone: str, others: str, seat: int,
             years: int) -> tuple[int, bool, list[int]] | None:  # fmt: skip
    """The lone bot's centres, whether it won, and the others' centres (None: the game
    stalled, and is left out)."""
    table.send(MASTER, f"CREATE ?{name} pwMaster\nBECOME MASTER\n{TIMING}")
    reply = table.send(MASTER, f"SIGN ON M{name} pwMaster\nSET DAIDE\n").get_content()
    port, codes = port_and_codes(reply)
    wait_for_port(port)
    kinds = {p: (lone if i == seat else others) for i, p in enumerate(POWERS)}
    programs: dict[str, list[str]] = {}
    threads = []
    for power, kind in kinds.items():
        if kind == "ours":
            threads.append(
                threading.Thread(
                    target=play_ours,
                    daemon=True,
                    args=(f"127.0.0.1:{port}", "dumbbot"),
                    kwargs={
                        "power": power[:3],
                        "passcode": codes[power],
                        "seed": hash((name, power)) & 0x7FFFFFFF,  # a game of its own
                    },
                )
            )
        else:
            programs.setdefault(PROGRAMS[kind], []).append(f"-r{power[:3].upper()}:{codes[power]}")
    for t in threads:
        t.start()
    with _programs(programs, port, folder) as procs:
        last, since = "", time.monotonic()
        while True:
            status, phase, _ = table.board(name)
            if status != "active" or int(phase[1:-1]) > 1900 + years:
                break
            if phase != last:
                last, since = phase, time.monotonic()
            elif time.monotonic() - since > STALLED:
                missing = _unordered(table, name)
                doing = _doing(procs, missing)
                print(f"  game {name} stalled at {phase}: left out; without orders: "
                      f"{', '.join(missing) or 'none'} ({doing})", flush=True)  # fmt: skip
                table.send(MASTER, f"SIGN ON M{name} pwMaster\nTERMINATE\n")
                return None
            time.sleep(0.2)
    centers = _centers(table, name)
    table.send(MASTER, f"SIGN ON M{name} pwMaster\nTERMINATE\n")
    lone_power = POWERS[seat]
    won = centers.get(lone_power, 0) >= 18
    return centers.get(lone_power, 0), won, [centers.get(p, 0) for p in POWERS if p != lone_power]


def _unordered(table: Table, name: str) -> list[str]:
    """The powers with a unit but no order for the game's phase."""
    from sqlalchemy import select

    from judge.store.models import Game, OrderRecord

    with table.judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == name)).scalar_one()
        ordered = set(
            session.scalars(
                select(OrderRecord.power).where(
                    OrderRecord.game_id == game.id, OrderRecord.phase == game.phase
                )
            )
        )
        units = (game.position or {}).get("units") or {}
        return [p for p in POWERS if units.get(p) and p not in ordered]


def _centers(table: Table, name: str) -> dict[str, int]:
    from sqlalchemy import select

    from judge.store.models import Game

    with table.judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == name)).scalar_one()
        return {p: len(c) for p, c in ((game.position or {}).get("centers") or {}).items()}


def _doing(procs: list, powers: list[str]) -> str:
    """What the AiClient program of each power named is doing: gone (its exit code), or its
    CPU seconds in two seconds (a program that spins, not one that waits for a message)."""

    def cpu(proc) -> float:
        try:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return -1.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    mine = [p for p in procs if any(a.startswith(f"-r{w[:3].upper()}:") for w in powers
                                    for a in p.args)]  # fmt: skip
    before = [cpu(p) for p in mine]
    time.sleep(2)
    said = []
    for proc, was in zip(mine, before, strict=True):
        program = Path(proc.args[0]).name
        if proc.poll() is not None:
            said.append(f"{program} {proc.args[-1][2:5]} exited ({proc.returncode})")
        else:
            said.append(f"{program} {proc.args[-1][2:5]} ran {cpu(proc) - was:.1f} s of 2")
    return ", ".join(said) or "ours"


class _programs:
    """The AiClient programs, each asking for its power (-rPOW:passcode)."""

    def __init__(self, programs: dict[str, list[str]], port: int, folder: Path) -> None:
        self.stack = [bots([program], port, folder, flag)
                      for program, flags in programs.items() for flag in flags]  # fmt: skip

    def __enter__(self) -> list:
        return [proc for s in self.stack for proc in s.__enter__()]

    def __exit__(self, *exc: object) -> None:
        for s in self.stack:
            s.__exit__(*exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--part", nargs="*", default=list(LINEUPS))
    ap.add_argument("--log", help="the DAIDE server's messages into this file")
    args = ap.parse_args()
    if args.log:
        import logging

        logging.basicConfig(filename=args.log, level=logging.WARNING)
        logging.getLogger("judge.daide").setLevel(logging.DEBUG)
    folder = bots_dir.__wrapped__() if hasattr(bots_dir, "__wrapped__") else bots_dir()
    home = Path(tempfile.mkdtemp(prefix="daide-bench-")) / "judge"
    listen = f"127.0.0.1:{free_ports(8)}"
    print(f"{args.games} games a line-up, {args.years} years at most, Standard")
    print(f"{'line-up':<18} {'games':>5}  {'lone: mean centres (95 %)':<26} "
          f"{'solos (95 %)':<22} others: mean centres")  # fmt: skip
    # The master creates and ends a game in three mails: no limit on his mail or replies.
    limits = {"JUDGE_RATE_LIMIT": "100000", "JUDGE_HOST_RATE_LIMIT": "100000",
              "JUDGE_REPLIES_PER_DAY": "100000"}  # fmt: skip
    with InProcessJudge(home, JUDGE_DAIDE_LISTEN=listen, JUDGE_DAIDE_PORTS="8",
                        JUDGE_LOG_LEVEL="WARNING", **limits) as judge:  # fmt: skip
        table = Table(judge)
        table.send(MASTER, form(MASTER))
        n = 0
        for part in args.part:
            lone, others = LINEUPS[part]
            mine, wins, rest = [], 0, []
            started = time.monotonic()
            for g in range(args.games):
                n += 1
                played = one_game(table, folder, f"b{n}", lone, others, g % 7, args.years)
                if played is None:
                    continue
                c, won, theirs = played
                mine.append(c)
                wins += won
                rest.extend(theirs)
                if (g + 1) % 7 == 0 and g + 1 < args.games:  # each seat once more: so far
                    print(f"  {part}: {g + 1} games, lone {mean_interval(mine)}, "
                          f"{wins} solos, others {mean_interval(rest)}", flush=True)  # fmt: skip
            low, high = wilson(wins, len(mine))
            print(
                f"{part:<18} {len(mine):>5}  {mean_interval(mine):<26} "
                f"{wins} ({100 * low:.0f}-{100 * high:.0f} %){'':<8} {mean_interval(rest)}"
                f"   [{time.monotonic() - started:.0f} s]",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
