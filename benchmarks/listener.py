"""The listener under attack: what 1,000 connections and a flood of RCPT TO cost the judge.

`judge serve` runs as it does by default (the listener in its main process, answering and
sending in processes of their own). Three phases, one after the other:

- baseline: no attack; ordinary mails (VERSION, each from a new address over a new
  connection from 127.0.0.1, the local relay) timed from the connection to the 250, and to
  the reply in the Maildir;
- connections: `--connections` connections from `--hosts` hosts (127.0.2.1, ...), each
  that is let in stopping just short of the end of a message of about 1 MB; the same
  ordinary mails while they are open;
- RCPT flood: pipelined `RCPT TO:<judge's address>` sent in chunks of 10,000 from one more
  host, on one connection while the judge reads them, then on a new one (as an attacker
  goes on after each 421), `--rcpts` of them and for as long as the same ordinary mails
  are sent.

Each phase has a judge of its own, on the same database, started anew. Printed for each:
the resident memory (VmRSS) of the listening process before it, at its peak and after it
(the attack over, two seconds later), what the attacker was answered, and the ordinary
mails' median times with their ratio to the baseline's.

    .venv/bin/python benchmarks/listener.py [--connections 1000] [--hosts 8]
        [--rcpts 1000000] [--mails 20]
"""

from __future__ import annotations

import argparse
import smtplib
import socket
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.config import load
from tests.judgekit import JudgeProcess, Mailbox, environment, mail, migrated

ADDRESS = "judge@test.example"
MESSAGE = b"Subject: big\r\n\r\n" + (b"x" * 998 + b"\r\n") * 990  # about 1 MB, no end
CHUNK = 10_000  # RCPT TO lines sent at once


@dataclass
class Memory:
    """The peak VmRSS of one process, sampled every 20 ms while `watching`."""

    pid: int
    peak: int = 0
    watching: threading.Event = field(default_factory=threading.Event)

    def now(self) -> int:
        with open(f"/proc/{self.pid}/status") as status:
            line = next(line for line in status if line.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024

    def watch(self) -> threading.Thread:
        self.peak = self.now()
        self.watching.set()

        def sample() -> None:
            while self.watching.is_set():
                self.peak = max(self.peak, self.now())
                time.sleep(0.02)

        thread = threading.Thread(target=sample, daemon=True)
        thread.start()
        return thread


@dataclass
class Phase:
    name: str
    before: int = 0
    peak: int = 0
    after: int = 0
    accepted: list[float] = field(default_factory=list)  # s, connection to 250
    answered: list[float] = field(default_factory=list)  # s, connection to the reply
    attacker: Counter[str] = field(default_factory=Counter)
    lasted: float = 0.0  # s, from the attack's start until it was over


def ordinary_mail(judge: JudgeProcess, mailbox: Mailbox, phase: Phase) -> None:
    """One VERSION mail, timed to its 250 and to its reply."""
    message = mail(f"p{uuid.uuid4().hex[:8]}@example.org", "VERSION")
    started = time.monotonic()
    try:
        judge.client.send(message)
    except (OSError, smtplib.SMTPException) as exc:
        phase.attacker[f"ordinary mail refused: {exc}"] += 1
        return
    phase.accepted.append(time.monotonic() - started)
    mailbox.wait(lambda: bool(mailbox.replies_to(message["Message-ID"])), 60)
    phase.answered.append(time.monotonic() - started)


def reply(sock: socket.socket, reader, line: bytes) -> bytes:  # type: ignore[no-untyped-def]
    sock.sendall(line + b"\r\n")
    answer = reader.readline()
    while answer[3:4] == b"-":
        answer = reader.readline()
    return answer


def open_connections(judge: JudgeProcess, count: int, hosts: int, phase: Phase) -> list:
    """`count` connections, each let in sending a message it does not end."""
    held = []
    for n in range(count):
        sock = socket.create_connection(
            (judge.client.host, judge.client.port), 30, (f"127.0.2.{n % hosts + 1}", 0)
        )
        reader = sock.makefile("rb")
        held.append((sock, reader))
        greeting = reader.readline()
        phase.attacker[f"greeting {greeting[:3].decode() or 'none'}"] += 1
        if not greeting.startswith(b"220"):
            continue
        for line in (b"HELO attacker.example", b"MAIL FROM:<a@attacker.example>"):
            reply(sock, reader, line)
        if reply(sock, reader, f"RCPT TO:<{ADDRESS}>".encode()).startswith(b"250"):
            reply(sock, reader, b"DATA")
            try:
                sock.sendall(MESSAGE)
                phase.attacker["messages of 1 MB left unfinished"] += 1
            except OSError:
                phase.attacker["connections cut while sending"] += 1
    return held


def flood(judge: JudgeProcess, rcpts: int, phase: Phase, enough: threading.Event) -> None:
    """RCPT TO lines in chunks, every reply counted, `rcpts` at least and until `enough`:
    on one connection while the judge reads them, then on a new one, as an attacker goes
    on after each 421."""
    chunk = f"RCPT TO:<{ADDRESS}>\r\n".encode() * CHUNK
    sent = 0

    def more() -> bool:
        return sent < rcpts or not enough.is_set()

    while more():
        sock = socket.create_connection(
            (judge.client.host, judge.client.port), 60, ("127.0.3.1", 0)
        )
        reader = sock.makefile("rb")
        greeting = reader.readline()
        phase.attacker[f"flood connections, greeting {greeting[:3].decode() or 'none'}"] += 1
        if not greeting.startswith(b"220"):
            sock.close()
            time.sleep(0.01)
            continue
        reply(sock, reader, b"EHLO flood.example")
        reply(sock, reader, b"MAIL FROM:<f@attacker.example>")

        def count(reader=reader) -> None:  # type: ignore[no-untyped-def]
            with suppress(OSError):  # a reset, once the judge hung up on the rest
                for line in iter(reader.readline, b""):
                    phase.attacker[f"RCPT answered {line[:3].decode()}"] += 1

        counting = threading.Thread(target=count)
        counting.start()
        with suppress(OSError):
            while more() and counting.is_alive():  # until the judge hangs up
                sock.sendall(chunk)
                sent += CHUNK
            sock.sendall(b"QUIT\r\n")
        counting.join()
        sock.close()
    phase.attacker["RCPT TO sent"] = sent


def measure(
    judge: JudgeProcess, mailbox: Mailbox, memory: Memory, phase: Phase, args, attack
) -> Phase:  # type: ignore[no-untyped-def]
    """Memory around `attack` (which starts it and returns a function that ends it), and
    the ordinary mails sent while it is on."""
    phase.before = memory.now()
    watcher = memory.watch()
    started = time.monotonic()
    stop = attack(phase)
    for _ in range(args.mails):
        ordinary_mail(judge, mailbox, phase)
    stop()
    phase.lasted = time.monotonic() - started
    memory.watching.clear()
    watcher.join()
    phase.peak = memory.peak
    time.sleep(2)
    phase.after = memory.now()
    return phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--hosts", type=int, default=8)
    parser.add_argument("--rcpts", type=int, default=1_000_000)
    parser.add_argument("--mails", type=int, default=20)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="judge-listener-")) / "judge"
    env = environment(home, JUDGE_RATE_LIMIT="100000", JUDGE_HOST_RATE_LIMIT="100000")
    settings = load(env)
    migrated(settings).dispose()
    mailbox = Mailbox(settings.home / "mail")

    def nothing(judge: JudgeProcess, phase: Phase):  # type: ignore[no-untyped-def]
        return lambda: None

    def connections(judge: JudgeProcess, phase: Phase):  # type: ignore[no-untyped-def]
        held = open_connections(judge, args.connections, args.hosts, phase)

        def end() -> None:
            for sock, reader in held:
                reader.close()
                sock.close()

        return end

    def rcpt_flood(judge: JudgeProcess, phase: Phase):  # type: ignore[no-untyped-def]
        enough = threading.Event()  # the ordinary mails are sent: the flood may end
        thread = threading.Thread(target=flood, args=(judge, args.rcpts, phase, enough))
        thread.start()

        def end() -> None:
            enough.set()
            thread.join()

        return end

    phases = []
    for name, attack in (
        ("no attack (baseline)", nothing),
        (f"{args.connections:,} connections from {args.hosts} hosts", connections),
        (f"RCPT flood (at least {args.rcpts:,})", rcpt_flood),
    ):
        judge = JudgeProcess(env)  # a judge of its own for each phase: its memory alone
        judge.start()
        assert judge.proc is not None
        try:
            for _ in range(3):  # warm: the first mails build what the later ones reuse
                ordinary_mail(judge, mailbox, Phase("warm"))
            phase = Phase(name)
            memory = Memory(judge.proc.pid)
            phases.append(measure(judge, mailbox, memory, phase, args, partial(attack, judge)))
        finally:
            judge.terminate()
    report(phases)


def report(phases: list[Phase]) -> None:
    base = phases[0]
    print("| phase | RSS before | peak | after | 250 (median) | ratio | reply (median) | ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for phase in phases:
        accepted = statistics.median(phase.accepted) if phase.accepted else float("nan")
        answered = statistics.median(phase.answered) if phase.answered else float("nan")
        print(
            f"| {phase.name} | {phase.before / 1e6:.0f} MB | {phase.peak / 1e6:.0f} MB "
            f"| {phase.after / 1e6:.0f} MB | {accepted * 1000:.1f} ms "
            f"| {accepted / statistics.median(base.accepted):.2f} "
            f"| {answered * 1000:.0f} ms | {answered / statistics.median(base.answered):.2f} |"
        )
    for phase in phases[1:]:
        said = ", ".join(f"{k}: {v:,}" for k, v in phase.attacker.items())
        print(f"\n{phase.name}, {phase.lasted:.1f} s with the ordinary mails: {said}")


if __name__ == "__main__":
    main()
