"""What drawing the board costs beside writing the results (issue 19, Speed and size).

A Standard movement phase from a random game (tests/randomgames.py) with 30 units or more
and an order for each, adjudicated once; then, in this one process, the fastest of
`--repeat` runs of:

* text: the results as the njudge writes them (`reports.play.movement_results`), the
  baseline every results mail pays already;
* MILA: MILA `diplomacy`'s SVG of the same position and orders (`Renderer.render`, its map
  read once), the baseline the issue names (about 80 ms); only with the bench extra;
* svg: our picture's SVG and its layer without the board (`reports.pictures.layers`), with
  the variant's board made already (once per variant and kept: `static.board_layer`);
* png: the layer drawn by Skia on the board's raster (made once) and written as a palette
  PNG (`raster.png`, what a results mail carries);
* png by resvg: the whole SVG rasterised by resvg, the way taken where Skia cannot load;
* the board's first making (its SVG, its raster and palette), once;
* then, for every variant (or those named with `--variants`), its starting position with a
  hold for each unit: the board's first making, and the fastest SVG + PNG after it, with
  the PNG's size (the goal: under 20 ms a picture).

It prints each one's CPU time (this process's, the fastest: what the work costs when other
processes share the cores), its multiple of the text's and of MILA's, its time by the wall
clock, and the files' sizes. The goals: the SVG under 20 ms, the PNG under 50 ms,
each file under 150 kB.

    .venv/bin/python benchmarks/pictures.py [--repeat 7] [--seed 19] [--variants NAME ...]
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
from judge.reports.pictures import layers, phase_scene, phase_title, png
from judge.reports.pictures.raster import has_skia, png_by_resvg
from judge.reports.pictures.scene import Order, Scene, Unit
from judge.reports.pictures.static import board_layer
from tests.randomgames import play

try:
    from diplomacy import Game as MilaGame
    from diplomacy.engine.renderer import Renderer as MilaRenderer
except ImportError:  # the bench extra is not installed: no MILA row
    MilaGame = MilaRenderer = None

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


def mila_renderer(doc: dict) -> Callable[[], str] | None:
    """MILA's drawing of the phase (its map read once, as ours is made once), or None
    without the bench extra."""
    if MilaRenderer is None:
        return None
    game = MilaGame()
    game.clear_units()
    game.clear_centers()
    for power, units in doc["units"].items():
        game.set_units(power.upper(), [u.upper() for u in units])
    for power, centres in doc["centers"].items():
        game.set_centers(power.upper(), [c.upper() for c in centres])
    game.set_current_phase(doc["phase"])
    for power, orders in doc["orders"].items():
        game.set_orders(power.upper(), [o.upper() for o in orders], expand=False)
    renderer = MilaRenderer(game)
    return lambda: renderer.render(incl_orders=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--variants", nargs="*", help="time these variants' pictures (all)")
    args = parser.parse_args()
    variant = variants.load("standard")
    doc = busy_phase(args.seed)
    out = adjudicate(doc)
    units = sum(len(v) for v in doc["units"].values())
    orders = sum(len(v) for v in doc["orders"].values())
    print(f"Standard {doc['phase']}: {units} units, {orders} orders (random game {args.seed})")
    scene = phase_scene(phase_title("USXX", "bench", doc["phase"]), doc, out)

    def first_making() -> None:
        board_layer(variant)
        png(variant, *layers(variant, scene))

    first, _ = clock(first_making)
    svg, layer = layers(variant, scene)
    runs: list[tuple[str, Callable[[], object], Callable[[object], str]]] = [
        ("text results (baseline)",
         lambda: reports.movement_results(variant, "bench", 7, doc, out),
         lambda text: f"{len(str(text).encode()):,} bytes"),
    ]  # fmt: skip
    mila = mila_renderer(doc)
    if mila is not None:
        runs.append(("MILA's svg (baseline)", mila, lambda s: f"{len(str(s).encode()):,} bytes"))
    runs += [
        ("svg (board made already)", lambda: layers(variant, scene),
         lambda both: f"{len(both[0].encode()):,} bytes"),  # type: ignore[index]
        ("png (skia on the board)" if has_skia() else "png (resvg: no skia here)",
         lambda: png(variant, svg, layer), lambda data: f"{len(data):,} bytes"),  # type: ignore[arg-type]
        ("png by resvg (the fallback)", lambda: png_by_resvg(svg),
         lambda data: f"{len(data):,} bytes"),  # type: ignore[arg-type]
    ]  # fmt: skip
    timed = []
    for name, run, size in runs:
        ns, result = fastest(args.repeat, run)
        timed.append((name, ns, cpu(args.repeat, run), size(result)))
    text_cpu = timed[0][2]
    mila_cpu = timed[1][2] if mila is not None else None

    def row(name: str, spent: int, ns: int, size: str) -> None:
        against = f"{spent / mila_cpu:7.2f}" if mila_cpu else "      -"
        print(f"  {name:<30}{spent / 1e6:7.2f} ms {spent / text_cpu:8.1f} {against} "
              f"{ns / 1e6:9.2f} ms  {size}")  # fmt: skip

    print(f"  {'':<30}{'cpu':>10} {'x text':>8} {'x MILA':>7} {'wall':>12}")
    for name, ns, spent, size in timed:
        row(name, spent, ns, size)
    row("svg + png", timed[-3][2] + timed[-2][2], timed[-3][1] + timed[-2][1], "")
    print(f"  {'the board first made':<30}{first / 1e6:8.2f} ms (once per variant and process)")
    if mila is None:
        print("  (no MILA row: pip install -e '.[bench]')")
    print("  goals: svg < 20 ms, png < 50 ms, files < 150 kB")
    per_variant(args.variants or variants.available(), max(3, args.repeat // 2))
    return 0


def per_variant(names: list[str], repeat: int) -> None:
    """Each variant's starting position, every unit holding: the time of its picture."""
    print(f"\nEach variant's starting position, every unit holding (fastest of {repeat})")
    print(f"  {'variant':<16}{'units':>6}{'board':>11}{'svg+png cpu':>14}{'wall':>10}{'png':>11}")
    slowest = ("", 0)
    for name in names:
        variant = variants.load(name)
        units = tuple(Unit(u.power, u.type, u.location) for u in variant.units)
        holds = tuple(Order(u.power, u, "hold") for u in units)
        counts = {p.name: len(p.homes) for p in variant.powers}
        scene = Scene(f"USXX: bench, {variant.start}", units, {}, counts, holds)

        def both(variant=variant, scene=scene) -> bytes:
            return png(variant, *layers(variant, scene))

        first, _ = clock(lambda variant=variant: board_layer(variant) and both())
        ns, data = fastest(repeat, both)
        spent = cpu(repeat, both)
        slowest = max(slowest, (name, spent), key=lambda x: x[1])
        print(f"  {name:<16}{len(units):>6}{first / 1e6:>8.0f} ms{spent / 1e6:>11.2f} ms"
              f"{ns / 1e6:>7.2f} ms{len(data):>9,} B")  # fmt: skip
    print(f"  slowest: {slowest[0]}, {slowest[1] / 1e6:.2f} ms (goal: under 20 ms a picture)")


if __name__ == "__main__":
    sys.exit(main())
