"""How many game phases a second does the judge play by mail, and how long after the last
orders do the results reach every player?

G games of seven scripted players each run at once on one judge (`judge.daemon.Judge`,
listening in this process and answering in the processes it starts, on a fresh SQLite
file, processing at once when all orders are in). Each
phase every player mails his orders over SMTP (his units hold, so every phase needs all
seven); the phase is done when its results are in every player's Maildir. Printed: phases
a second over all games, and the median and 90th percentile time from the last order mail
of a phase to its results in all seven mailboxes.

The baseline, in the same process: the adjudicator alone (`adjudicator.adjudicate`) on the
same phase documents, phases a second; the ratio says what mail, storage and reports cost.

    .venv/bin/python benchmarks/game.py [--games 10] [--phases 6]
"""

from __future__ import annotations

import argparse
import os
import smtplib
import statistics
import sys
import tempfile
import threading
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import variants
from adjudicator import adjudicate
from judge.config import load
from judge.daemon import Judge
from judge.engine.forming.start import start_position
from judge.store import migrate
from judge.store.db import Store
from tests.judgekit import free_port

STANDARD = variants.load("standard")
POWERS = [(p.name, p.letter) for p in STANDARD.powers]
HOLDS = {
    power: "\n".join(f"{u.type} {u.location} H" for u in STANDARD.units if u.power == power)
    for power, _ in POWERS
}


def message(sender: str, body: str) -> EmailMessage:
    out = EmailMessage()
    out["From"] = sender
    out["To"] = "judge@bench.example"
    out["Subject"] = "orders"
    out["Message-ID"] = make_msgid(domain="client.example")
    out.set_content(body)
    return out


class Results:
    """Watches the Maildir for results mails: (game, phase) -> how many, and when the
    last of them arrived."""

    def __init__(self, new: Path) -> None:
        self.new = new
        self.seen: set[str] = set()
        self.count: dict[tuple[str, str], int] = {}
        self.done_at: dict[tuple[str, str], float] = {}

    def scan(self) -> None:
        for name in os.listdir(self.new):
            if name in self.seen:
                continue
            self.seen.add(name)
            with open(self.new / name, "rb") as f:
                head = f.read(4096).decode("utf-8", "replace")
            for line in head.splitlines():
                if line.startswith("Subject:") and line.endswith(" Results"):
                    _, _, rest = line.partition(":")  # "Subject: BNCH:g3 - S1901M Results"
                    tag = rest.strip().split(" ")
                    key = (tag[0].split(":", 1)[1], tag[2])
                    self.count[key] = self.count.get(key, 0) + 1
                    if self.count[key] == len(POWERS):
                        self.done_at[key] = time.perf_counter()
                    break


def play(port: int, game: str, phases: list[str], results: Results, lock, latencies) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=120) as smtp:
        for phase in phases:
            for power, letter in POWERS:
                who = f"{power.lower()}.{game}@players.example"
                smtp.send_message(message(who, f"SIGN ON {letter}{game} pass\n{HOLDS[power]}\n"))
            sent = time.perf_counter()
            while (game, phase) not in results.done_at:
                with lock:
                    results.scan()
                time.sleep(0.005)
            latencies.append(results.done_at[(game, phase)] - sent)


def setup(port: int, games: int) -> None:
    """Players register, Austria creates each game, the others sign on (not timed)."""
    with smtplib.SMTP("127.0.0.1", port, timeout=120) as smtp:
        for g in range(games):
            for power, _letter in POWERS:
                who = f"{power.lower()}.g{g}@players.example"
                smtp.send_message(
                    message(
                        who,
                        f"REGISTER\nName: {power} Player\nEmail: {who}\nAddress: 1 Main St\n"
                        "Country: Netherlands\nLevel: Novice\nPackage: no\nEND\n",
                    )
                )
            for i, (power, letter) in enumerate(POWERS):
                who = f"{power.lower()}.g{g}@players.example"
                verb = "CREATE" if i == 0 else "SIGN ON"
                # The creator sets the game to be processed as soon as all orders are in.
                timing = "SET MOVE MIN 0 DELAY 0\n" if i == 0 else ""
                body = f"{verb} ?g{g} pass\nSET PREFERENCE {letter}\n{timing}"
                smtp.send_message(message(who, body))


def judge_rate(games: int, phase_codes: list[str]) -> tuple[float, list[float]]:
    with tempfile.TemporaryDirectory() as home:
        env = {
            "JUDGE_HOME": home,
            "JUDGE_LISTEN": f"127.0.0.1:{free_port()}",
            "JUDGE_ADDRESS": "judge@bench.example",
            "JUDGE_CODE": "BNCH",
            "JUDGE_RATE_LIMIT": "1000000",
            "JUDGE_LOG_LEVEL": "WARNING",
        }
        settings = load(env)
        store = Store(settings.database)
        migrate.upgrade(store)
        store.dispose()
        judge = Judge(settings)
        judge.start()
        port = int(settings.listen.rsplit(":", 1)[1])
        new = Path(home) / "mail" / "new"
        setup(port, games)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:  # every game has started
            if new.is_dir() and _started(new) >= games * len(POWERS):
                break
            time.sleep(0.05)
        results = Results(new)
        lock = threading.Lock()
        latencies: list[float] = []
        threads = [
            threading.Thread(
                target=play, args=(port, f"g{g}", phase_codes, results, lock, latencies)
            )
            for g in range(games)
        ]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - began
        judge.stop()
    return games * len(phase_codes) / seconds, latencies


def _started(new: Path) -> int:
    count = 0
    for name in os.listdir(new):
        with open(new / name, "rb") as f:
            if b"Game Starting" in f.read(2048):
                count += 1
    return count


def adjudicator_rate(phase_codes: list[str], repeat: int = 200) -> float:
    position = start_position(STANDARD)
    docs = [
        {
            "variant": "standard",
            "phase": code,
            "units": position["units"],
            "centers": position["centers"],
            "orders": {power: HOLDS[power].splitlines() for power, _ in POWERS},
        }
        for code in phase_codes
    ]
    began = time.perf_counter()
    for _ in range(repeat):
        for doc in docs:
            adjudicate(doc)
    return repeat * len(docs) / (time.perf_counter() - began)


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--games", type=int, default=10)
    args.add_argument("--phases", type=int, default=6)
    options = args.parse_args()
    codes = []
    year = 1901
    while len(codes) < options.phases:
        codes += [f"S{year}M", f"F{year}M"]
        year += 1
    codes = codes[: options.phases]
    base = adjudicator_rate(codes)
    rate, latencies = judge_rate(options.games, codes)
    latencies.sort()
    p90 = latencies[int(0.9 * (len(latencies) - 1))]
    print(
        f"{options.games} games of 7 players, {options.phases} movement phases each, "
        "every unit holding; processing at once when all orders are in"
    )
    print()
    print(f"{'':62} {'phases/s':>9}")
    print(f"{'baseline: the adjudicator alone on the same phases':62} {base:9.0f}")
    print(f"{'judge on SQLite: 7 order mails in, 7 results out, per phase':62} {rate:9.1f}")
    print(f"ratio judge / adjudicator: {rate / base:.4f}")
    print(
        f"last orders to results in all 7 mailboxes: median "
        f"{statistics.median(latencies) * 1000:.0f} ms, 90th percentile {p90 * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
