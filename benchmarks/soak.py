"""The soak: robots play games by mail through three `judge serve` nodes on one PostgreSQL,
while one node after another is killed with SIGKILL and started again.

Each game, by mail over SMTP (every mail to one node, to the next if that node is down, as
a relay tries the MX hosts of equal preference): a master CREATEs it with SET ROBOTS, a
robot player signs on, the master FORCE BEGINs (the judge's robots take the six other
powers), the player reads the start notice with `judge bot`'s machinery (judge/botmail),
mails the orders its strategy gives (robots/), the nodes' ticks process the phase, and the
master TERMINATEs the game. Every mail the nodes send reaches one relay (aiosmtpd, here),
which the players read.

Reported: mails/s sustained (accepted by the nodes), p50/p99 from a mail's acceptance to
its reply reaching the relay, CPU per node; and checked: every accepted mail answered
exactly once (one reply row, and one copy at the relay), every phase processed once (one
result a player), no phase processed later than the tick after its last orders.

    .venv/bin/python benchmarks/soak.py [--games 1000] [--rate 12] [--kills 5]

tests/test_soak.py runs the same with a few games and two kills.
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import signal
import smtplib
import statistics
import sys
import threading
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import compat32
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aiosmtpd.controller import Controller
from sqlalchemy import select

import robots
from judge.botmail.runner import Robot, board_from
from judge.store.db import Store
from judge.store.models import Inbound, Outbox
from tests.judgekit import JudgeProcess, environment, free_port, mail, migrated

TICK = 1.0  # the nodes' tick_seconds
# Hours from the last orders to processing: 3.6 s, so that each phase is processed by a
# node's tick, all three racing for it, rather than in the mail's own transaction.
DELAY = 0.001


HEADERS = BytesParser(policy=compat32)


@dataclass(frozen=True)
class Got:
    """A mail as the relay took it: its subject, and the rest when a robot reads it."""

    subject: str
    raw: bytes

    def text(self) -> str:
        message = message_from_bytes(self.raw, policy=policy.default)
        assert isinstance(message, EmailMessage)
        return message.get_content()


@dataclass
class Relay:
    """Every mail the nodes send: when it came, by Message-ID, and each recipient's."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    copies: Counter[str] = field(default_factory=Counter)
    reply_at: dict[str, float] = field(default_factory=dict)  # In-Reply-To -> first arrival
    boxes: dict[str, list[Got]] = field(default_factory=lambda: defaultdict(list))
    replies: dict[tuple[str, str], Got] = field(default_factory=dict)  # (to, In-Reply-To)
    changed: threading.Condition = field(init=False)

    def __post_init__(self) -> None:
        self.changed = threading.Condition(self.lock)

    async def handle_DATA(self, server, session, envelope) -> str:
        raw = envelope.original_content
        message = HEADERS.parsebytes(raw, headersonly=True)  # the body only when read
        got = Got(str(message["Subject"] or ""), raw)
        with self.changed:
            self.copies[str(message["Message-ID"])] += 1
            if message["In-Reply-To"]:
                self.reply_at.setdefault(str(message["In-Reply-To"]), time.time())
            for to in envelope.rcpt_tos:
                self.boxes[to.lower()].append(got)
                if message["In-Reply-To"]:
                    self.replies.setdefault((to.lower(), str(message["In-Reply-To"])), got)
            self.changed.notify_all()
        return "250 OK"

    def wait(self, ready, timeout: float = 120.0):
        end = time.monotonic() + timeout
        with self.changed:
            while not (found := ready()):
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError("nothing came")
                self.changed.wait(min(left, 0.5))
            return found


class Nodes:
    """Three `judge serve` on one database, each a process group of its own."""

    def __init__(self, base: Path, url: str, relay_port: int, count: int = 3) -> None:
        common = {
            "JUDGE_DATABASE_URL": url,
            "JUDGE_OUTBOUND": f"smtp://127.0.0.1:{relay_port}",
            "JUDGE_RATE_LIMIT": "1000000",
            "JUDGE_REPLIES_PER_DAY": "1000000",
            "JUDGE_TICK_SECONDS": str(TICK),
            "JUDGE_LOG_LEVEL": "WARNING",
            "JUDGE_RETRY_SECONDS": "1",
        }
        self.nodes = [JudgeProcess(environment(base / f"n{n}", **common)) for n in range(count)]
        self.cpu = [0.0] * count
        self.locks = [threading.Lock() for _ in range(count)]  # one node's start blocks no other

    def start(self) -> None:
        for node in self.nodes:
            node.start()

    def kill(self, n: int) -> None:
        with self.locks[n]:
            self.cpu[n] += _group_cpu(self.nodes[n].proc.pid)
            self.nodes[n].kill()

    def restart(self, n: int) -> None:
        with self.locks[n]:
            self.nodes[n].start()

    def stop(self) -> list[float]:
        for n, node in enumerate(self.nodes):
            if node.proc is not None and node.proc.poll() is None:
                self.cpu[n] += _group_cpu(node.proc.pid)
                node.terminate()
        return self.cpu

    def send(self, message: EmailMessage, first: int) -> float:
        """Hand the mail to a node (the next if one is down); when it was accepted."""
        for attempt in range(600):
            node = self.nodes[(first + attempt) % len(self.nodes)]
            try:
                with smtplib.SMTP(node.client.host, node.client.port, timeout=30) as smtp:
                    smtp.send_message(message)
                return time.time()
            except (OSError, smtplib.SMTPException):
                time.sleep(0.05)
        raise RuntimeError("no node took the mail")


def _group_cpu(pgid: int) -> float:
    """CPU seconds of every process in the node's group (its forkserver and children)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


@dataclass
class Load:
    """What the players did: each mail's acceptance time, by Message-ID."""

    accepted: dict[str, float] = field(default_factory=dict)
    games: list[str] = field(default_factory=list)
    orders: dict[str, str] = field(default_factory=dict)  # game -> its orders' Message-ID
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    pace: float = 0.0  # seconds between mails, over all players
    next_at: float = 0.0


def _player(n: int, games: list[str], nodes: Nodes, relay: Relay, load: Load, seed: int) -> None:
    master, player = f"master{n}@soak.example", f"player{n}@soak.example"

    def ask(who: str, body: str, game: str = "") -> Got:
        with load.lock:  # the offered rate: one mail every `pace` seconds, all players
            now = time.monotonic()
            load.next_at = max(load.next_at + load.pace, now)
            wait = load.next_at - now
        time.sleep(wait)
        message = mail(who, body, to="judge@test.example")
        message_id = str(message["Message-ID"])
        at = nodes.send(message, n + len(load.accepted))
        with load.lock:
            load.accepted[message_id] = at
            if game:
                load.orders[game] = message_id
        return relay.wait(lambda: relay.replies.get((who, message_id)))

    form = "REGISTER\nName: Soak Robot\nAddress: 1 Loop\nCountry: Nowhere\nLevel: Novice\nEND\n"
    ask(master, form)
    ask(player, form)
    for game in games:
        try:
            ask(master, f"CREATE ?{game} pwMaster\nBECOME MASTER\nSET ROBOTS random\n"
                        f"SET MOVE MIN 0 DELAY {DELAY} DAYS SMTWTFS\n")  # fmt: skip
            ask(player, f"SIGN ON ?{game} pwPlayer\n")
            ask(master, f"SIGN ON M{game} pwMaster\nFORCE BEGIN\n")
            robot = Robot("dumbbot", player, "pwPlayer", game, "judge@test.example", ("", 0))
            notice = relay.wait(lambda g=game: [m for m in relay.boxes[player]
                                                if f":{g} - " in m.subject
                                                and "Game Starting" in m.subject])  # fmt: skip
            board = board_from(robot, [m.text() for m in notice])
            orders = robots.play("dumbbot", board.position(), board.power,
                                 robots.rng_for(seed, str(board.phase), board.power))  # fmt: skip
            letter = board.variant.power(board.power).letter
            ask(player, f"SIGN ON {letter}{game} pwPlayer\n" + "\n".join(orders), game)
            relay.wait(lambda g=game: [m for m in relay.boxes[player]
                                       if f":{g} - S1901M Results" in m.subject])  # fmt: skip
            ask(master, f"SIGN ON M{game} pwMaster\nTERMINATE\n")
            with load.lock:
                load.games.append(game)
        except Exception as exc:  # counted, and the soak goes on
            with load.lock:
                load.errors.append(f"{game}: {type(exc).__name__}: {exc}")


def run(base: Path, url: str, games: int, rate: float, kills: int, players: int = 24,
        seed: int = 1) -> dict:  # fmt: skip
    """One soak; its figures and its checks."""
    _byte_compiled()
    relay = Relay()
    controller = Controller(relay, hostname="127.0.0.1", port=free_port())
    controller.start()
    nodes = Nodes(base, url, controller.port)
    migrated(nodes.nodes[0].settings).dispose()
    nodes.start()
    try:
        load = Load(pace=1.0 / rate)
        names = [f"g{n}" for n in range(games)]
        threads = [
            threading.Thread(
                target=_player, args=(p, names[p::players], nodes, relay, load, seed), daemon=True
            )
            for p in range(players)
        ]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        killed = 0
        rng = random.Random(seed)
        # One node down at a time, as a rolling restart has it. A node comes back in a
        # thread of its own; its start takes seconds on a loaded machine, in which the
        # players may finish: the kills still due then come at once after it (the replies
        # and results are still on their way).
        restarting: threading.Thread | None = None
        while any(t.is_alive() for t in threads) or killed < kills:
            time.sleep(0.5)
            if _busy(restarting):
                continue
            if killed < kills and time.monotonic() - started > (killed + 1) * _every(
                games, rate, kills
            ):
                n = rng.randrange(len(nodes.nodes))
                nodes.kill(n)
                killed += 1
                restarting = threading.Thread(
                    target=_restart, args=(nodes, n, rng.uniform(0.2, 1.0)), daemon=True
                )
                restarting.start()
        if restarting is not None:
            restarting.join()
        elapsed = time.monotonic() - started
        relay.wait(lambda: all(m in relay.reply_at for m in load.accepted) or None, 600)
        time.sleep(2 * TICK)  # a second copy, if any, would be on its way
    finally:
        cpu = nodes.stop()
        controller.stop()
    return _report(url, relay, load, elapsed, cpu, killed)


def _busy(thread: threading.Thread | None) -> bool:
    return thread is not None and thread.is_alive()


def _restart(nodes: Nodes, n: int, after: float) -> None:
    time.sleep(after)
    nodes.restart(n)


def _byte_compiled() -> None:
    """The judge's code byte-compiled before any node starts, as an installed judge's is
    (pip compiles it): with PYTHONDONTWRITEBYTECODE set, every start of a node, and of
    its forkserver and children, would compile it all again (0.4 CPU-s a node)."""
    root = Path(__file__).resolve().parents[1]
    for package in ("judge", "parser", "adjudicator", "robots", "variants"):
        compileall.compile_dir(root / package, quiet=1, workers=0)


def _every(games: int, rate: float, kills: int) -> float:
    """Seconds between kills: spread over the run (about 7 mails a game)."""
    return games * 7 / rate / (kills + 1)


def _report(url: str, relay: Relay, load: Load, elapsed: float, cpu: list[float],
            killed: int) -> dict:  # fmt: skip
    latency = sorted(relay.reply_at[m] - at for m, at in load.accepted.items()
                     if m in relay.reply_at)  # fmt: skip
    store = Store(url)
    with store.transaction(readonly=True) as session:
        replies = Counter(session.execute(
            select(Outbox.in_reply_to).where(Outbox.in_reply_to.in_(list(load.accepted)))
        ).scalars())  # fmt: skip
        results = [
            (subject.split(":", 1)[1].split(" - ", 1)[0], to, at)
            for subject, to, at in session.execute(
                select(Outbox.subject, Outbox.to_address, Outbox.created_at).where(
                    Outbox.subject.like("%S1901M Results%")
                )
            ).all()
        ]
        workers = Counter(
            w.split(":")[1] for w in session.execute(select(Inbound.worker)).scalars() if w
        )
        due = dict(
            session.execute(
                select(Outbox.in_reply_to, Inbound.done_at)
                .join(Inbound, Outbox.inbound_id == Inbound.id)
                .where(Outbox.in_reply_to.in_(list(load.orders.values())))
            ).all()
        )
    store.dispose()
    per_player = Counter((game, to) for game, to, _ in results)
    first_result = {}
    for game, _to, at in results:
        first_result[game] = min(at, first_result.get(game, at))
    lags = [
        (first_result[game] - due[message_id]).total_seconds() - DELAY * 3600
        for game, message_id in load.orders.items()
        if game in first_result and due.get(message_id)
    ]
    return {
        "games": len(load.games),
        "errors": load.errors[:10],
        "mails": len(load.accepted),
        "seconds": round(elapsed, 1),
        "mails_per_second": round(len(load.accepted) / elapsed, 2),
        "p50": round(statistics.median(latency), 3) if latency else None,
        "p99": round(latency[int(len(latency) * 0.99) - 1], 3) if latency else None,
        "cpu_per_node": [round(c, 1) for c in cpu],
        "kills": killed,
        "answering_processes": len(workers),  # distinct pids: nodes, and their restarts
        "unanswered": [m for m in load.accepted if replies[m] == 0],
        "answered_twice": {m: n for m, n in replies.items() if n > 1},
        "relay_copies_twice": sum(1 for n in relay.copies.values() if n > 1),
        "results_not_once": {k: n for k, n in per_player.items() if n != 1},
        "games_without_result": [g for g in load.games if g not in first_result],
        "max_phase_lag": round(max(lags), 2) if lags else None,
        "phases_late": sum(1 for lag in lags if lag > TICK + 1.0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=12.0, help="mails a second offered")
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--postgres", default=os.environ.get(
        "JUDGE_TEST_POSTGRES", "postgresql://127.0.0.1:5432/test"))  # fmt: skip
    args = parser.parse_args()
    import tempfile

    import psycopg

    name = f"judge_soak_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.postgres, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = args.postgres.rsplit("/", 1)[0] + "/" + name
    try:
        with tempfile.TemporaryDirectory() as base:
            report = run(Path(base), url, args.games, args.rate, args.kills, args.players)
    finally:
        with psycopg.connect(args.postgres, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    for key, value in report.items():
        print(f"{key:>22}: {value}")


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    main()
