"""A stop within a bound: what `judge serve` does between SIGTERM (or SIGINT) and its exit.

systemd kills a service that has not stopped within its TimeoutStopSec, and a judge that
waited for all the work in hand could take minutes: a worker's batch of fifty big mails
answered in one transaction, a relay that does not answer (60 s a try), a tick processing
many games. So the judge's loops look between mails, deliveries and games and end early
once told to stop, and the work in hand may finish for `shutdown_seconds`; whatever still
runs then is cut off: the answering and sending processes are killed, threads are left to
the process's exit.

Cutting it off is safe, as a SIGKILL is: a mail's answer, with everything its commands
change, is one transaction, so an answer cut off is rolled back and the mail, pending
again, is answered after the restart; a delivery cut off stays claimed and is sent when
the claim runs out (mailout/claims.py).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from typing import Protocol

# How often a process's main thread looks whether it was told to stop (its loops are
# woken at once by the signal; this only starts the clock of the bound).
LOOK_SECONDS = 0.25


class Told(Protocol):
    def is_set(self) -> bool: ...


class Deadline:
    """A moment `seconds` from now, and how long until it."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        return max(0.0, self.end - time.monotonic())


def never() -> bool:
    """The `stopping` of work that nobody stops midway (`judge tick`, `judge process`)."""
    return False


def join_threads(threads: Sequence[threading.Thread], deadline: Deadline) -> list[str]:
    """Wait for `threads` until the deadline; the names of those still running."""
    for thread in threads:
        thread.join(deadline.left())
    return [thread.name for thread in threads if thread.is_alive()]


def end_processes(children: Sequence[BaseProcess], deadline: Deadline) -> list[str]:
    """Wait for `children`, told to stop already, until the deadline; then kill those still
    running. Says which were killed."""
    for child in children:
        child.join(deadline.left())
    killed = [child for child in children if child.exitcode is None]
    for child in killed:
        child.kill()
    for child in killed:
        child.join(1)  # SIGKILL is not waited for; a second for the kernel to reap it
    return [f"{child.name} (pid {child.pid})" for child in killed]


def wait_for(threads: Sequence[threading.Thread], told: Told, seconds: float) -> bool:
    """A process's main thread: wait for its `threads`, for ever until `told` (to stop),
    then `seconds` at most. Whether they all ended."""
    deadline: Deadline | None = None
    while alive := [thread for thread in threads if thread.is_alive()]:
        if deadline is None and told.is_set():
            deadline = Deadline(seconds)
        if deadline is not None and not deadline.left():
            return False
        alive[0].join(LOOK_SECONDS if deadline is None else min(LOOK_SECONDS, deadline.left()))
    return True
