"""How fast are the export's files made, and the ratings computed?

A random game of the Standard map (tests/randomgames.py's orders, as the judge keeps it: each
phase's input and output documents) is written, in the same process:

* as MILA's saved game by ours (`reports/mila.saved_game`, then the JSON text), against the
  baseline of MILA's own `to_saved_game_format` on the same game loaded in its package (its
  JSON text too);
* as our export's file (`reports/export.game_export` and `as_text`), against the baseline
  of `json.dumps` of the bare documents (what the file cannot be cheaper than).

Then Ghost-Rating over many seven-player games (`judge/ghost_rating.adjusted`), games a
second. Each figure is the fastest of a few runs.

    .venv/bin/python benchmarks/export.py [--phases 120] [--games 20000]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import variants
from judge import ghost_rating as gr
from judge.reports.export import Played, as_text, game_export
from judge.reports.mila import saved_game
from tests.randomgames import played_documents


def fastest(run: Callable[[], object], times: int = 5) -> float:
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("--phases", type=int, default=120)
    options.add_argument("--games", type=int, default=20000)
    args = options.parse_args()
    variant = variants.load("standard")
    played, now, _won = played_documents(35, args.phases)
    print(f"a random game of {len(played)} phases")

    ours_mila = fastest(lambda: json.dumps(saved_game("g", variant, played, now, False)))
    try:
        from diplomacy.utils.export import from_saved_game_format, to_saved_game_format
    except ImportError:
        print(f"MILA saved game, ours: {ours_mila * 1000:.1f} ms (no diplomacy package)")
    else:
        loaded = from_saved_game_format(saved_game("g", variant, played, now, False))
        theirs = fastest(lambda: json.dumps(to_saved_game_format(loaded)))
        print(f"MILA saved game, ours: {ours_mila * 1000:.1f} ms; MILA's own exporter: "
              f"{theirs * 1000:.1f} ms; ours / MILA's = {ours_mila / theirs:.2f}")  # fmt: skip

    phases = [Played(d["phase"], i, None, d, o) for i, (d, o) in enumerate(played, 1)]
    ours = fastest(lambda: as_text(game_export(judge="BENCH", game={}, reader={}, phases=phases,
                                               position=now, press=[], players=None)))  # fmt: skip
    bare = fastest(lambda: json.dumps([[d, o] for d, o in played]))
    print(f"our export's file: {ours * 1000:.1f} ms; json.dumps of the bare documents: "
          f"{bare * 1000:.1f} ms; ratio {ours / bare:.2f}")  # fmt: skip

    rng = random.Random(7)
    people = [f"p{i}" for i in range(50)]
    ratings = {p: gr.START for p in people}
    games = []
    for _ in range(args.games):
        seated = rng.sample(people, 7)
        shared = rng.sample(seated, rng.choice([1, 1, 2, 3]))
        games.append((seated, shared))

    def rate_all() -> None:
        for seated, shared in games:
            after = gr.adjusted({p: ratings[p] for p in seated},
                                gr.draw_size_scores(seated, shared))  # fmt: skip
            ratings.update(after)

    took = fastest(rate_all, times=3)
    print(f"Ghost-Rating: {args.games / took:,.0f} seven-player games a second")


if __name__ == "__main__":
    main()
