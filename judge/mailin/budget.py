"""The time one mail may take to be read and parsed, and how it is held to it.

Every stage of reading is bounded by size and runs in linear time, so that a mail of the
largest size the listener accepts is read in well under a second. The budget is the second
line: parsing checks it as it goes (in any thread), and where the reading runs in a
process's main thread (`judge process`, a Postfix pipe) an interval timer cuts it off
outright. A mail over its budget is set aside, answered where that is safe.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

READ_SECONDS = 10.0  # to read and parse one mail, at most


class OverBudget(BaseException):
    """Reading a mail took longer than its budget. Not an Exception: the email package and
    the parser catch those to read on, and a mail cut off must not be half read."""


@contextmanager
def read_budget(seconds: float = READ_SECONDS) -> Iterator[float]:
    """The block runs under the budget; yields its deadline (time.monotonic()) for the
    parser's own checks. In the main thread, SIGALRM raises OverBudget at the deadline."""
    deadline = time.monotonic() + seconds
    armed = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    )
    if not armed:
        yield deadline
        return

    def _over(_signum: int, _frame: Any) -> None:
        raise OverBudget(f"reading took more than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, _over)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield deadline
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
