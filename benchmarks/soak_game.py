"""What one game of the soak costs a node: the statements sent to the database and the CPU
time of each step, in this process, on a fresh PostgreSQL database (or SQLite).

The soak's game (benchmarks/soak.py), step by step through the judge's own entry points:
each mail stored and answered (`answer_pending`), its replies sent (`send_pending`, to a
Maildir), and the tick that processes the phase (`tick`), plus an idle tick. The figures
are the last of `--games` games' statements and the median of their CPU times (the first
game's left out: it warms the caches); statements are counted at the driver, so a
statement run for many rows counts once.

    .venv/bin/python benchmarks/soak_game.py [--games 3] [--sqlite] [--statements]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import event, select

import robots
from benchmarks.mail import postgres_database
from judge.botmail.runner import Robot, board_from
from judge.clock import SystemClock
from judge.config import Settings, load
from judge.engine.tick import tick
from judge.mailin.queue import answer_pending, store_inbound
from judge.mailout.sender import Maildir, send_pending
from judge.store import migrate
from judge.store.db import Store
from judge.store.models import Outbox
from tests.judgekit import environment, mail

FORM = "REGISTER\nName: Soak Robot\nAddress: 1 Loop\nCountry: Nowhere\nLevel: Novice\nEND\n"


class Meter:
    """Statements and CPU seconds by step, and the statements of the step last run."""

    def __init__(self, store: Store) -> None:
        self.statements = 0
        self.shapes: Counter[str] = Counter()
        self.steps: dict[str, list[tuple[int, float]]] = {}
        event.listen(store.engine, "before_cursor_execute", self._count)

    def _count(self, _conn, _cursor, statement: str, *_args) -> None:
        self.statements += 1
        self.shapes[" ".join(statement.split()[:4])[:60]] += 1

    def step(self, label: str, run: Callable[[], object]) -> None:
        self.statements = 0
        self.shapes.clear()
        started = time.process_time()
        run()
        self.steps.setdefault(label, []).append((self.statements, time.process_time() - started))


def play(store: Store, settings: Settings, base: Path, games: int, show: bool) -> Meter:
    meter = Meter(store)
    sink = Maildir(base / "out")
    now = SystemClock().now
    shapes: dict[str, Counter[str]] = {}

    def ask(who: str, body: str, label: str) -> None:
        message = mail(who, body)
        store_inbound(store, bytes(message), now(), "smtp", who, settings.address, "127.0.0.1")
        meter.step(label, lambda: answer_pending(store, settings, now))
        shapes[label] = Counter(meter.shapes)
        meter.step(label + ", sent", lambda: send_pending(store, settings, now(), sink))

    master, player = "master@soak.example", "player@soak.example"
    ask(master, FORM, "REGISTER")
    ask(player, FORM, "REGISTER")
    for n in range(games):
        game = f"g{n}"
        ask(master, f"CREATE ?{game} pwMaster\nBECOME MASTER\nSET ROBOTS random\n"
                    "SET MOVE MIN 0 DELAY 0.0001 DAYS SMTWTFS\n", "CREATE")  # fmt: skip
        ask(player, f"SIGN ON ?{game} pwPlayer\n", "SIGN ON")
        ask(master, f"SIGN ON M{game} pwMaster\nFORCE BEGIN\n", "FORCE BEGIN")
        with store.transaction(readonly=True) as session:
            bodies = list(
                session.execute(
                    select(Outbox.body)
                    .where(Outbox.to_address == player)
                    .where(Outbox.subject.like(f"%:{game} - %Game Starting%"))
                ).scalars()
            )
        robot = Robot("dumbbot", player, "pwPlayer", game, settings.address, ("", 0))
        board = board_from(robot, bodies)
        rng = robots.rng_for(1, str(board.phase), board.power)
        orders = robots.play("dumbbot", board.position(), board.power, rng)
        letter = board.variant.power(board.power).letter
        ask(player, f"SIGN ON {letter}{game} pwPlayer\n" + "\n".join(orders), "orders")
        time.sleep(0.5)  # the DELAY (0.36 s) runs out
        meter.step("idle tick", lambda: tick(store, now() - timedelta(seconds=10), 60, settings))
        meter.step("tick: the phase", lambda: tick(store, now(), 60, settings))
        shapes["tick: the phase"] = Counter(meter.shapes)
        meter.step("tick: the phase, sent", lambda: send_pending(store, settings, now(), sink))
        ask(master, f"SIGN ON M{game} pwMaster\nTERMINATE\n", "TERMINATE")
    if show:
        for label, counted in shapes.items():
            print(f"-- {label}")
            for shape, n in counted.most_common():
                print(f"   {n:3} {shape}")
    return meter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--sqlite", action="store_true")
    parser.add_argument("--statements", action="store_true", help="list each step's statements")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        made = None if args.sqlite else postgres_database()
        url, drop = made if made is not None else (f"sqlite:///{base / 'judge.db'}", None)
        try:
            env = environment(
                base / "judge", JUDGE_DATABASE_URL=url, JUDGE_OUTBOUND=f"maildir:{base / 'out'}",
                JUDGE_RATE_LIMIT="1000000", JUDGE_REPLIES_PER_DAY="1000000",
                JUDGE_LOG_LEVEL="WARNING",
            )  # fmt: skip
            settings = load(env)
            store = Store(settings.database)
            migrate.upgrade(store)
            meter = play(store, settings, base, args.games, args.statements)
            store.dispose()
        finally:
            if drop is not None:
                drop()
    total = [0.0, 0.0]
    print(f"{'step':24} statements  CPU ms")
    for label, runs in meter.steps.items():
        statements, cpu = runs[-1][0], statistics.median(c for _, c in runs[1:] or runs)
        print(f"{label:24} {statements:10.0f} {1000 * cpu:7.1f}")
        if label != "idle tick" and not label.startswith("REGISTER"):
            total[0] += statements
            total[1] += cpu
    print(f"{'a game':24} {total[0]:10.0f} {1000 * total[1]:7.1f}")


if __name__ == "__main__":
    main()
