"""The real DAIDE bots beside a test judge: DumbBot, HoldBot and RandBot built from the source
in ../shared/daide-client once per machine (its build.sh; skipped, saying why, where cmake or
g++ is missing), started as processes that connect to a game's port, and stopped."""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

SOURCE = Path(
    os.environ.get("DAIDE_CLIENT_SOURCE")
    or Path(__file__).resolve().parents[1].parent / "shared" / "daide-client"
)
if not SOURCE.exists():
    SOURCE = Path("/work/shared/daide-client")
BUILD_LOCK = Path("/tmp/judge-tests-daide-build.lock")


def _stamp() -> str:
    digest = hashlib.sha256()
    for path in sorted(SOURCE.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(SOURCE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def bots_dir() -> Path:
    """The folder holding dumbbot, holdbot and randbot, built on first use; the test is
    skipped where they cannot be built."""
    if not (SOURCE / "build.sh").exists():
        pytest.skip(f"the DAIDE client source is not at {SOURCE}")
    missing = [tool for tool in ("cmake", "g++") if shutil.which(tool) is None]
    if missing:
        pytest.skip(
            f"the DAIDE bots cannot be built here: {' and '.join(missing)} missing "
            "(apt-get install cmake g++)"
        )
    out = Path("/tmp") / f"judge-daide-bots-{_stamp()}"
    with open(BUILD_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "bin" / "randbot").exists():
            subprocess.run(
                ["sh", str(SOURCE / "build.sh"), str(out)], check=True, capture_output=True,
                timeout=600,
            )  # fmt: skip
    return out / "bin"


def port_and_codes(reply: str) -> tuple[int, dict[str, int]]:
    """The port and the passcodes SET DAIDE's reply gives the master."""
    port = int(re.search(r"at [\w.\-]+:(\d+) \(the DAIDE", " ".join(reply.split()))[1])
    codes = {m[1]: int(m[3]) for m in re.finditer(r"(\w+):\s+IAM \((\w+)\) \((\d+)\)", reply)}
    return port, codes


@contextmanager
def bots(programs: list[str], port: int, folder: Path, *extra: str) -> Iterator[list]:
    """Each program (`dumbbot`, ...) connected to the port, stopped at the end."""
    procs = []
    try:
        for name in programs:
            procs.append(
                subprocess.Popen(
                    [str(folder / name), "-i127.0.0.1", f"-p{port}", *extra],
                    cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                )
            )  # fmt: skip
        yield procs
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()


def wait_for_port(port: int, timeout: float = 10) -> None:
    """Until the game's port takes connections (the server opens it within a look)."""
    import socket
    import time

    end = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.05)


class Watcher:
    """A DAIDE client of our own for a test: it connects, says OBS (or IAM), and keeps every
    message the server sends it, as text."""

    def __init__(self, port: int, first: str = "OBS") -> None:
        import socket
        import threading

        from judge.daide import protocol as p

        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(p.initial_message())
        self.heard: list[str] = []
        self.names = None
        self._p = p
        self.thread = threading.Thread(target=self._read, args=(first,), daemon=True)
        self.thread.start()

    def send(self, text: str) -> None:
        from judge.daide.tokens import from_text

        self.sock.sendall(self._p.diplomacy(from_text(text, self.names)))

    def _read(self, first: str) -> None:
        from judge.daide.client import read
        from judge.daide.tokens import Names, from_bytes, to_text

        try:
            kind, body = read(self.sock)
            self.names = Names({n.strip(): t for t, n in self._p.read_representation(body)})
            self.send(first)
            while True:
                kind, body = read(self.sock)
                if kind == self._p.Kind.DM:
                    text = to_text(from_bytes(body), self.names)
                    self.heard.append(text)
                    if text.startswith("MAP ("):
                        self.send(f"YES ({text})")  # the map accepted: the game may go on
                elif kind in (self._p.Kind.FM, self._p.Kind.EM):
                    return
        except Exception:
            return

    def wait(self, start: str, timeout: float = 60) -> list[str]:
        import time

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = [m for m in self.heard if m.startswith(start)]
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"no {start} in {self.heard[-5:]}")

    def close(self) -> None:
        self.sock.close()


def free_ports(count: int) -> int:
    """The first of `count` ports in a row that are free now, below the kernel's ephemeral
    range (32768 on): a game's DAIDE port is bound when the game is opened, and a port in
    that range may meanwhile be taken by some outgoing connection."""
    import random
    import socket

    rng = random.SystemRandom()
    for _ in range(100):
        base = rng.randrange(20000, 32000 - count)
        try:
            for port in range(base, base + count):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
        except OSError:
            continue
        return base
    raise OSError(f"no {count} free ports in a row")
