"""How long does one tick of the game clock take when the database holds many games and
only a handful are due?

The tick (`judge.engine.tick.tick`, what `judge tick` and the daemon run every minute)
looks at held mail, the games whose clock has come, and old mail to prune. Here the
database holds N games under way whose next event is weeks away, plus D games whose
deadline has just passed with no orders in: each of those gets its late notices (a trial
adjudication, seven mails to the outbox). Printed, per database: the median of R ticks
with D games due (each tick a day later than the last, so the same games are due again for
their daily reminder) and of R idle ticks (nothing due).

The baseline, in the same process: the same ticks on a database holding the D due games
and nothing else. The ratio says whether the tick grows with games that are not due;
the goal is under 50 ms a tick with 100,000 games, on SQLite and on PostgreSQL.

    .venv/bin/python benchmarks/tick.py [--games 100000] [--due 5] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert

import variants
from benchmarks.mail import postgres_database
from judge.config import load
from judge.engine.forming.start import default_settings, start_position
from judge.engine.tick import tick
from judge.store import migrate
from judge.store.db import Store
from judge.store.models import Game, Participant, User

STANDARD = variants.load("standard")
START = datetime(2030, 1, 7, 23, 30)  # the due games' deadline
BATCH = 10_000


def fill(store: Store, waiting: int, due: int) -> None:
    """`waiting` games not due for weeks, and `due` games whose deadline is START."""
    settings = default_settings(STANDARD)
    position = start_position(STANDARD)
    far = START + timedelta(days=60)
    with store.transaction() as session:
        users = [
            User(
                email=f"{x.name.lower()}@bench.example",
                name=x.name,
                registered_at=START,
                updated_at=START,
                registration={},
            )
            for x in STANDARD.powers
        ]
        session.add_all(users)
        session.flush()
        for start in range(0, waiting, BATCH):
            rows = [
                {
                    "name": f"w{n}",
                    "variant": "standard",
                    "options": [],
                    "status": "active",
                    "phase": "S1901M",
                    "turn": 1,
                    "position": position,
                    "settings": settings,
                    "comment": "",
                    "full_comment": "",
                    "created_at": START,
                    "deadline": far,
                    "grace": far + timedelta(days=7),
                    "next_event_at": far,
                }
                for n in range(start, min(start + BATCH, waiting))
            ]
            session.execute(insert(Game.__table__), rows)
        for n in range(due):
            game = Game(
                name=f"due{n}", variant="standard", options=[], status="active",
                phase="S1901M", turn=1, position=position, settings=settings,
                created_at=START, deadline=START, grace=START + timedelta(hours=167),
                next_event_at=START, participants=[],
            )  # fmt: skip
            session.add(game)
            session.flush()
            for user, power in zip(users, STANDARD.powers, strict=True):
                game.participants.append(
                    Participant(
                        game_id=game.id,
                        user_id=user.id,
                        role="player",
                        power=power.name,
                        password_hash="x",
                        joined_at=START,
                        report_to=[],
                        absences=[],
                    )
                )


def ticks(store: Store, settings, repeat: int) -> tuple[float, float]:
    """Median milliseconds of a tick with the due games due, and of an idle tick."""
    busy, idle = [], []
    for day in range(repeat):
        now = START + timedelta(days=day, minutes=1 + day)
        began = time.perf_counter()
        report = tick(store, now, settings=settings)
        busy.append(time.perf_counter() - began)
        assert report.processed == 0
        began = time.perf_counter()
        tick(store, now + timedelta(minutes=1), settings=settings)
        idle.append(time.perf_counter() - began)
    return statistics.median(busy) * 1000, statistics.median(idle) * 1000


Database = Callable[[str], tuple[str, Callable[[], None]]]


def measure(database: Database, games: int, due: int, repeat: int) -> list[tuple]:
    """The baseline's row, then the full one: each on a fresh database."""
    rows = []
    for waiting in (0, games):
        with tempfile.TemporaryDirectory() as home:
            url, drop = database(home)
            try:
                settings = load({"JUDGE_HOME": home, "JUDGE_DATABASE_URL": url})
                store = Store(settings.database)
                migrate.upgrade(store)
                began = time.perf_counter()
                fill(store, waiting, due)
                filled = time.perf_counter() - began
                busy, idle = ticks(store, settings, repeat)
                store.dispose()
            finally:
                drop()
            rows.append((waiting + due, busy, idle, filled))
    return rows


def report(name: str, rows: list[tuple]) -> None:
    (base_n, base_busy, base_idle, _), (n, busy, idle, filled) = rows
    print(f"{name}: {n:,} games ({filled:.0f} s to fill)")
    print(f"  tick, games due:  {busy:7.1f} ms   baseline ({base_n} games) {base_busy:7.1f} ms"
          f"   ratio {busy / base_busy:.2f}")  # fmt: skip
    print(f"  tick, none due:   {idle:7.1f} ms   baseline ({base_n} games) {base_idle:7.1f} ms"
          f"   ratio {idle / base_idle:.2f}")  # fmt: skip


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--games", type=int, default=100_000)
    args.add_argument("--due", type=int, default=5)
    args.add_argument("--repeat", type=int, default=5)
    options = args.parse_args()
    print(f"{options.due} games due among the rest; median of {options.repeat} ticks")

    def sqlite(home: str) -> tuple[str, Callable[[], None]]:
        return f"sqlite:///{home}/judge.db", lambda: None

    measure(sqlite, 0, 1, 1)  # warm up: imports, the adjudicator's first phase
    report("SQLite", measure(sqlite, options.games, options.due, options.repeat))
    probe = postgres_database()
    if probe is None:  # (it has said why its rows are left out)
        return
    probe[1]()

    def fresh(home: str) -> tuple[str, Callable[[], None]]:
        made = postgres_database()
        assert made is not None
        return made

    report("PostgreSQL", measure(fresh, options.games, options.due, options.repeat))


if __name__ == "__main__":
    main()
