"""Timing one run the way every benchmark here does: nanoseconds, the collector off."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def clock(run: Callable[[], T]) -> tuple[int, T]:
    """One run in nanoseconds, with the garbage collector off as in timeit."""
    gc.disable()
    try:
        start = time.perf_counter_ns()
        result = run()
        return time.perf_counter_ns() - start, result
    finally:
        gc.enable()


def fastest(repeat: int, run: Callable[[], T]) -> tuple[int, T]:
    """The fastest of `repeat` runs, and the last run's result."""
    runs = [clock(run) for _ in range(repeat)]
    return min(ns for ns, _ in runs), runs[-1][1]
