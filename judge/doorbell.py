"""A wake-up call between the processes of one judge: "mail is waiting", "answers are
waiting to be sent".

multiprocessing's Event is a lock and a semaphore in shared memory: a process killed
while it holds the lock (SIGKILL, the OOM killer) leaves it held, and every other process
then blocks for ever on its next `set()`. A doorbell is a pipe instead: ringing writes a
byte without ever blocking (a full pipe has been rung already), waiting is `select`, and
nothing in it belongs to the process that dies. The judge keeps both ends open, so a
child started again in place of a dead one is handed the same doorbell.
"""

from __future__ import annotations

import os
import select
from contextlib import suppress
from multiprocessing.reduction import DupFd
from typing import Any


class Doorbell:
    """Has the interface of threading.Event that the judge's loops use."""

    def __init__(self, fds: tuple[int, int] | None = None) -> None:
        self._read, self._write = fds if fds is not None else os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)

    def set(self) -> None:
        """Ring: wake whoever waits, now or at their next wait."""
        with suppress(BlockingIOError):  # full: rung many times, nobody listening yet
            os.write(self._write, b"\0")

    def clear(self) -> None:
        """Take the rings so far: the next wait sleeps until a new one."""
        try:
            while os.read(self._read, 4096):
                pass
        except BlockingIOError:
            pass

    def is_set(self) -> bool:
        return bool(select.select([self._read], [], [], 0)[0])

    def wait(self, timeout: float | None = None) -> bool:
        return bool(select.select([self._read], [], [], timeout)[0])

    def close(self) -> None:
        os.close(self._read)
        os.close(self._write)

    def __reduce__(self) -> tuple[Any, ...]:
        # Handed to a child process: its descriptors go with it (multiprocessing passes
        # them over the fork server's socket).
        return _rebuild, (DupFd(self._read), DupFd(self._write))


def _rebuild(read: Any, write: Any) -> Doorbell:
    return Doorbell((read.detach(), write.detach()))
