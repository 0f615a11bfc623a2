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
