"""What drawing the board costs beside writing the results (issue 19, Speed and size).

A Standard movement phase from a random game (tests/randomgames.py) with 30 units or more
and an order for each, adjudicated once; then, in this one process, the fastest of
`--repeat` runs of:

* text: the results as the njudge writes them (`reports.play.movement_results`), the
  baseline every results mail pays already;
* svg: the picture's SVG (`reports.pictures.draw`) with the variant's board made already
  (it is made once per variant and kept: `static.board_layer`), and the board's first
  making, once;
* png: the SVG rasterised by resvg (`reports.pictures.png`).

It prints each time (wall clock), its multiple of the text's, the CPU time of the same runs
(this process's, the fastest: what the work costs when other processes share the cores),
and the pictures' sizes. The goals: the SVG
under 20 ms, the PNG under 50 ms, each file under 150 kB.

    .venv/bin/python benchmarks/pictures.py [--repeat 7] [--seed 19]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import variants
from adjudicator import adjudicate
from benchmarks.timing import clock, fastest
from judge.reports import play as reports
from judge.reports.pictures import draw, phase_scene, phase_title, png
from judge.reports.pictures.static import board_layer
from tests.randomgames import play

T = TypeVar("T")


def cpu(repeat: int, run: Callable[[], T]) -> int:
    """The least CPU time of this process over `repeat` runs, in nanoseconds."""
    best = None
    for _ in range(repeat):
        start = time.process_time_ns()
        run()
        spent = time.process_time_ns() - start
        best = spent if best is None else min(best, spent)
    return best or 0


def busy_phase(seed: int, least: int = 30) -> dict:
    """The first movement phase of a random game with `least` units or more, as a phase
    document with every unit's order."""
    for turn in play(seed, years=12):
        position = turn.position
        if position.phase.kind != "movement" or len(position.units) < least:
            continue
        units: dict[str, list[str]] = {}
        for u in position.units:
            units.setdefault(u.power, []).append(f"{u.type} {u.location}")
        centers: dict[str, list[str]] = {}
        for centre, power in position.centers.items():
            centers.setdefault(power, []).append(centre)
        orders: dict[str, list[str]] = {}
        for power, text in turn.orders:
            orders.setdefault(power, []).append(text)
        return {
            "variant": "standard", "phase": str(position.phase), "units": units,
            "centers": centers, "orders": orders,
        }  # fmt: skip
    raise SystemExit(f"no movement phase with {least} units in game {seed}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    variant = variants.load("standard")
    doc = busy_phase(args.seed)
    out = adjudicate(doc)
    units = sum(len(v) for v in doc["units"].values())
    orders = sum(len(v) for v in doc["orders"].values())
    print(f"Standard {doc['phase']}: {units} units, {orders} orders (random game {args.seed})")

    first, _ = clock(lambda: board_layer(variant))
    text_ns, text = fastest(
        args.repeat, lambda: reports.movement_results(variant, "bench", 7, doc, out)
    )
    scene = phase_scene(phase_title("USXX", "bench", doc["phase"]), doc, out)
    svg_ns, svg = fastest(args.repeat, lambda: draw(variant, scene))
    png_ns, image = fastest(args.repeat, lambda: png(svg))

    text_cpu = cpu(args.repeat, lambda: reports.movement_results(variant, "bench", 7, doc, out))
    svg_cpu = cpu(args.repeat, lambda: draw(variant, scene))
    png_cpu = cpu(args.repeat, lambda: png(svg))

    def row(name: str, ns: int, spent: int | None, extra: str = "") -> None:
        used = f"{spent / 1e6:9.2f} ms cpu" if spent is not None else " " * 16
        print(f"  {name:<28} {ns / 1e6:9.2f} ms  {ns / text_ns:8.1f} x text  {used}  {extra}")

    row("text results (baseline)", text_ns, text_cpu, f"{len(text.encode()):,} bytes")
    row("svg (board made already)", svg_ns, svg_cpu, f"{len(svg.encode()):,} bytes")
    row("png (resvg)", png_ns, png_cpu, f"{len(image):,} bytes")
    row("svg + png", svg_ns + png_ns, svg_cpu + png_cpu)
    row("the board's first making", first, None)
    print("  goals: svg < 20 ms, png < 50 ms, files < 150 kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
