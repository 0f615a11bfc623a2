"""The web window's pages, served over HTTP by a running judge (uvicorn on a thread of
its process), against its floor: the static style sheet, served by the same server in the
same process, which costs nothing but the HTTP round trip. A Standard game is played by
mail for two years first (seven players and a watcher, tests/gametable.py).

Each row: the fastest and the median of `--repeat` requests, in milliseconds (wall), and
the median over the style sheet's. The issue's goal: a game's page under 20 ms to serve,
its picture cached (the first request of a phase draws it: the `cold` row).

    .venv/bin/python benchmarks/web.py [--repeat 30]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.gametable import HOLDS, Table, play
from tests.judgekit import InProcessJudge, free_port
from tests.test_web import start_game


def fetch(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as answer:
        answer.read()
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        port = free_port()
        with InProcessJudge(Path(home) / "judge", JUDGE_WEB_LISTEN=f"127.0.0.1:{port}") as judge:
            table = Table.seated(judge)
            start_game(table)
            for phase in ("S1901M", "F1901M"):
                play(table, HOLDS, phase)
            reply = table.orders("France", "GET LINK")
            link = re.search(r"(http://\S+/me/\S+)", reply)[1]
            base = f"http://127.0.0.1:{port}"
            rows = [
                ("style sheet (baseline)", base + "/static/window.css"),
                ("games list", base + "/"),
                ("game page, a phase played", base + "/game/war?phase=S1901M"),
                ("game page, the board now", base + "/game/war"),
                ("a player's own page", link),
                ("Atom feed", base + "/game/war/feed.atom"),
            ]
            cold = fetch(base + "/game/war?phase=F1901M")  # its picture drawn now
            results = []
            for name, url in rows:
                fetch(url)  # warm: the picture drawn, the templates compiled
                times = [fetch(url) for _ in range(args.repeat)]
                results.append((name, min(times), statistics.median(times)))
            floor = results[0][2]
            print(f"Standard game 'war', F1901B after two phases; {args.repeat} requests a row")
            print(f"{'':36}{'fastest':>10}{'median':>10}{'x floor':>10}")
            first = "game page, first request (cold)"
            print(f"  {first:34}{cold:>8.2f}ms{'':>10}{cold / floor:>10.1f}")
            for name, best, median in results:
                print(f"  {name:34}{best:>8.2f}ms{median:>8.2f}ms{median / floor:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
