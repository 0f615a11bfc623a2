"""systemd's notify protocol, for `Type=notify` and `WatchdogSec=` (docs/operations.md, 4).

The protocol is one datagram to the socket named by NOTIFY_SOCKET (a path, or an abstract
socket when it starts with `@`), holding `KEY=value` lines: READY=1 once the judge answers
mail, WATCHDOG=1 every half of WATCHDOG_USEC while it is well, STOPPING=1 when it begins to
stop. No library is needed for that, and none is used. Where NOTIFY_SOCKET is not set (not
under systemd, or a unit of `Type=simple`) every call does nothing.

The watchdog pings only while `alive()` says the judge's workers are alive: an answering
or sending process that died and was not started again (one stopped by a stray SIGTERM
exits 0, and the supervisor leaves it) stops the pings, and systemd restarts the whole
judge after WatchdogSec.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, Mapping

log = logging.getLogger("judge.sdnotify")

# While the judge is not well, how often the watchdog looks again (it pings at once when
# it is well again).
RECHECK_SECONDS = 1.0


class Notifier:
    """The service manager's socket, from the environment systemd gave this process."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        where = env.get("NOTIFY_SOCKET", "")
        # An abstract socket's name begins with a NUL byte, written `@` in the variable.
        self.address = "\0" + where[1:] if where.startswith("@") else where
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        # WATCHDOG_PID, when set, names the one process the watchdog is meant for.
        mine = not pid or pid == str(os.getpid())
        self.watchdog_seconds = int(usec) / 1e6 if usec.isdigit() and mine else 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def send(self, *lines: str) -> bool:
        """Send `lines` as one datagram; whether it went (never raises: the judge runs on
        whether or not a service manager listens)."""
        if not self.address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
                s.sendto("\n".join(lines).encode(), self.address)
        except OSError as exc:
            log.warning("cannot notify the service manager at %s: %s", self.address, exc)
            return False
        return True

    def ready(self) -> None:
        self.send("READY=1")

    def stopping(self) -> None:
        """The stop begins: the watchdog is quiet from now on."""
        self._stop.set()
        self.send("STOPPING=1")

    def watch(self, alive: Callable[[], bool]) -> None:
        """Ping the watchdog every half of WATCHDOG_USEC while `alive()`, in a thread of its
        own, until `stopping()` or `close()`; nothing if systemd asked for no watchdog."""
        if not self.address or not self.watchdog_seconds:
            return
        self._thread = threading.Thread(
            target=self._watch, args=(alive,), name="watchdog", daemon=True
        )
        self._thread.start()

    def _watch(self, alive: Callable[[], bool]) -> None:
        period = self.watchdog_seconds / 2
        well = True
        while not self._stop.is_set():
            if alive():
                well = True
                self.send("WATCHDOG=1")
                self._stop.wait(period)
                continue
            if well:
                log.error("a worker of the judge is dead: the watchdog is no longer pinged")
            well = False
            self._stop.wait(min(period, RECHECK_SECONDS))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1)
