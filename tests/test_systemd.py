"""`judge serve` under systemd (issue 31, 7): `Type=notify`'s READY=1 once the SMTP port
answers, WATCHDOG=1 while the workers live and not after one died unreplaced, STOPPING=1
and the exit within `shutdown_seconds` on SIGTERM; and the documented unit file, its keys
checked, and `systemd-analyze verify` run on it where the machine has it."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from judge.config import load
from tests.judgekit import ROOT, JudgeProcess, environment, migrated

UNIT = ROOT / "docs" / "judge.service"
WATCHDOG_USEC = 400_000  # a ping every 0.2 s


class ServiceManager:
    """The notify socket systemd would bind: every datagram, when it came, and whether the
    judge's SMTP port took a connection at the moment READY=1 came."""

    def __init__(self, where: str, port: int) -> None:
        self.where, self.port = where, port
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + where[1:] if where.startswith("@") else where)
        self.sock.settimeout(0.1)
        self.got: list[tuple[float, str]] = []
        self.port_at_ready: bool | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _listen(self) -> None:
        while not self.done.is_set():
            try:
                text = self.sock.recv(4096).decode()
            except TimeoutError:
                continue
            if "READY=1" in text.splitlines() and self.port_at_ready is None:
                self.port_at_ready = _accepts(self.port)
            self.got.append((time.monotonic(), text))

    def said(self, line: str, since: float = 0.0) -> list[float]:
        return [at for at, text in self.got if at >= since and line in text.splitlines()]

    def wait_for(self, line: str, timeout: float = 30) -> float:
        end = time.monotonic() + timeout
        while not self.said(line):
            assert time.monotonic() < end, f"no {line} after {timeout} s: {self.got}"
            time.sleep(0.02)
        return self.said(line)[0]

    def close(self) -> None:
        self.done.set()
        self.thread.join(2)
        self.sock.close()


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), 0.5):
            return True
    except OSError:
        return False


def _judge_under_systemd(tmp_path: Path, where: str) -> tuple[JudgeProcess, ServiceManager]:
    env = environment(
        tmp_path / "judge",
        NOTIFY_SOCKET=where,
        WATCHDOG_USEC=str(WATCHDOG_USEC),
        JUDGE_SHUTDOWN_SECONDS="5",
    )
    migrated(load(env)).dispose()
    judge = JudgeProcess(env)
    manager = ServiceManager(where, judge.client.port)
    judge.start()
    return judge, manager


def test_ready_once_the_port_answers_pings_while_the_workers_live_stopping_on_sigterm(
    tmp_path,
):
    """The life of a judge under systemd, in one run (a start costs seconds): READY=1 when
    its SMTP port answers; WATCHDOG=1 every half WATCHDOG_USEC; none once a worker process
    has stopped on its own and is not started again (a stray SIGTERM: it exits 0, and the
    supervisor, which takes that for the judge's own stop, leaves it), so that systemd
    restarts the judge; STOPPING=1 on SIGTERM, and the exit within `shutdown_seconds`."""
    judge, manager = _judge_under_systemd(tmp_path, f"@judge-test-{uuid.uuid4().hex}")
    try:
        ready = manager.wait_for("READY=1")
        assert manager.port_at_ready is True, "READY=1 came before the SMTP port answered"
        assert all(at >= ready for at in manager.said("WATCHDOG=1")), "pinged before READY=1"
        time.sleep(1.0)
        pings = manager.said("WATCHDOG=1", since=ready)
        assert len(pings) >= 3, f"{len(pings)} watchdog pings in a second: {manager.got}"

        workers = _grandchildren(judge.proc.pid)  # the fork server's: answering, sending
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGTERM)
        judge.logged("the watchdog is no longer pinged", timeout=10)
        quiet_since = time.monotonic() + 0.05  # a ping already on its way
        time.sleep(0.6)
        assert not manager.said("WATCHDOG=1", since=quiet_since), "pinged with a dead worker"

        sent = time.monotonic()
        assert judge.terminate() == 0
        took = time.monotonic() - sent
        assert took < judge.settings.shutdown_seconds, f"stopped in {took:.1f} s"
        manager.wait_for("STOPPING=1", timeout=2)
        assert [text for _, text in manager.got].count("READY=1") == 1
    finally:
        if judge.proc.poll() is None:
            judge.kill()
        manager.close()


def test_a_stop_while_starting_is_a_stop_not_a_crash(tmp_path):
    """systemd's SIGTERM reaches the whole group: a judge stopped while its fork server is
    still importing the judge loses that server under it. It exits 0, says it stopped while
    starting, and prints no traceback."""
    env = environment(tmp_path / "judge", JUDGE_SHUTDOWN_SECONDS="5")
    migrated(load(env)).dispose()
    judge = JudgeProcess(env)
    judge.settings.home.mkdir(parents=True, exist_ok=True)
    with open(judge.log, "ab") as log:
        judge.proc = subprocess.Popen(
            [sys.executable, "-m", "judge", "serve"], env=judge.env, cwd=ROOT, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        end = time.monotonic() + 60
        while not _children(judge.proc.pid):  # the fork server, preloading the judge
            assert judge.proc.poll() is None, judge.tail()
            assert time.monotonic() < end, "no fork server after 60 s"
            time.sleep(0.005)
        os.killpg(judge.proc.pid, signal.SIGTERM)
        assert judge.proc.wait(30) == 0, judge.tail()
        assert "Traceback" not in judge.log_text(), judge.tail()
        assert "stopping" in judge.log_text(), judge.tail()
    finally:
        if judge.proc.poll() is None:
            judge.kill()


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    return [p for p, parent in _parents().items() if parent == pid]


def _parents() -> dict[int, int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    return parents


def _grandchildren(pid: int) -> list[int]:
    """The processes whose parent's parent is `pid`."""
    parents = _parents()
    return sorted(p for p, parent in parents.items() if parents.get(parent) == pid)


# -- the unit file ------------------------------------------------------------------------


def _unit() -> configparser.ConfigParser:
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # systemd's keys are case-sensitive
    unit.read_string(UNIT.read_text())
    return unit


def test_the_shipped_unit_is_type_notify_with_a_watchdog_hardening_and_a_long_enough_stop():
    service = _unit()["Service"]
    assert service["Type"] == "notify"
    assert re.fullmatch(r"/\S+/judge serve", service["ExecStart"])
    assert re.fullmatch(r"/\S+/judge migrate", service["ExecStartPre"])
    assert int(service["WatchdogSec"]) >= 10
    assert service["Restart"] in ("on-failure", "always")  # a watchdog timeout restarts it
    shutdown_seconds = load({}).shutdown_seconds
    assert int(service["TimeoutStopSec"]) > shutdown_seconds
    assert service["ProtectSystem"] == "strict"
    assert service["NoNewPrivileges"] == "yes" and service["PrivateTmp"] == "yes"
    home = service["Environment"].removeprefix("JUDGE_HOME=")
    assert service["ReadWritePaths"] == home == service["WorkingDirectory"]


def test_the_unit_in_the_operations_guide_is_the_shipped_file():
    guide = (ROOT / "docs" / "operations.md").read_text()
    blocks = re.findall(r"```ini\n(.*?)```", guide, re.DOTALL)
    assert UNIT.read_text() in blocks


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not on this machine (Debian's systemd package has it)",
)
def test_systemd_analyze_verifies_the_unit(tmp_path):
    """Every key known to this systemd, the values well formed. The unit's paths are this
    checkout's (verify insists the programs exist)."""
    judge = Path(sys.executable).parent / "judge"
    text = UNIT.read_text().replace("/opt/judge/.venv/bin/judge", str(judge))
    copy = tmp_path / "judge.service"
    copy.write_text(text)
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(copy)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    complaints = [line for line in done.stderr.splitlines() if "judge.service" in line]
    assert done.returncode == 0 and not complaints, done.stderr
