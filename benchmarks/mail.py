"""How many mails a second does the judge answer, end to end?

A client sends N mails over SMTP (REGISTER forms from new players, and GET / VERSION /
WHO IS requests) on a few connections at once, as a relay would, and the clock runs
until the last answer is in the Maildir. The judge is the real daemon (`judge.daemon.Judge`:
listener and scheduler in this process, answering and sending in the processes it starts),
on a fresh SQLite file, then on a fresh PostgreSQL database if one answers.

The baseline, in the same process, is the ceiling: a bare aiosmtpd server whose handler
only keeps each mail (appends it to a list) and answers 250, taking the same mails from
the same client. The goal: the judge, on SQLite, at least half the ceiling's rate.

    .venv/bin/python benchmarks/mail.py [--mails 2000] [--connections 4]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import smtplib
import sqlite3
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import make_msgid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiosmtpd.controller import Controller

from judge.config import load
from judge.daemon import Judge
from judge.store import migrate
from judge.store.db import Store
from tests.judgekit import free_port

GOAL = 0.5  # of the ceiling, on SQLite
POSTGRES = os.environ.get("JUDGE_TEST_POSTGRES", "postgresql://127.0.0.1:5432/test")

FORM = """REGISTER
Name:      Player {n}
Email:     player{n}@example.org
Address:   {n} Canal Street, Amsterdam
Country:   Netherlands
Level:     Novice
Package:   no
END
"""
# What players ask of a judge; WHO IS and INFO PLAYER about a player registered before.
REQUESTS = [
    "GET form",
    "VERSION",
    "WHO IS player{m}@example.org",
    "GET rules",
    "INFO PLAYER player{m}@example.org",
]


def mails(count: int) -> tuple[list[EmailMessage], int]:
    """The mails, and how many mails the judge will send for them (files go on their own)."""
    out = []
    expected = 0
    for n in range(count):
        message = EmailMessage()
        sender = f"player{n}@example.org"
        if n % 2 == 0:
            body = FORM.format(n=n)
            expected += 1
        else:
            body = REQUESTS[n % len(REQUESTS)].format(m=n - 1)
            expected += 2 if body.startswith("GET") else 1
        message["From"] = sender
        message["To"] = "judge@bench.example"
        message["Subject"] = f"mail {n}"
        message["Message-ID"] = make_msgid(domain="client.example")
        message.set_content(body)
        out.append(message)
    return out, expected


def _client(port: int, share: list[bytes], go) -> None:
    """One SMTP session sending its share of the mails, many mails a session."""
    go.wait()
    with smtplib.SMTP("127.0.0.1", port, timeout=120) as smtp:
        for raw in share:
            smtp.sendmail(SENDER_OF(raw), ["judge@bench.example"], raw)


def SENDER_OF(raw: bytes) -> str:
    return raw.split(b"From: ", 1)[1].split(b"\r\n", 1)[0].decode()


def _client_process(port: int, shares: list[list[bytes]], go) -> None:
    threads = [threading.Thread(target=_client, args=(port, share, go)) for share in shares]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def timed(start: Callable[[], int], done: Callable[[], bool], messages, connections) -> float:
    """The relay is its own process, as Postfix is beside a judge: its CPU is not ours."""
    port = start()
    raws = [message.as_bytes(policy=SMTP_POLICY) for message in messages]
    shares = [raws[i::connections] for i in range(connections)]
    context = multiprocessing.get_context("spawn")
    go = context.Event()
    relay = context.Process(target=_client_process, args=(port, shares, go))
    relay.start()
    time.sleep(0.5)  # the relay process is up and waiting before the clock starts
    began = time.perf_counter()
    go.set()
    relay.join()
    while not done():
        time.sleep(0.002)
    return time.perf_counter() - began


class MemorySink:
    """Takes each mail and keeps it in memory: what aiosmtpd costs, and nothing else."""

    def __init__(self, _home: str) -> None:
        self.kept: list[bytes] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        self.kept.append(envelope.original_content)
        return "250 OK"

    def count(self) -> int:
        return len(self.kept)


class StoringSink:
    """Commits each mail to a SQLite file (WAL, synchronous=FULL) before its 250: the
    least a server can do that promises, as the judge does, never to lose a mail."""

    def __init__(self, home: str) -> None:
        self.db = sqlite3.connect(
            os.path.join(home, "sink.db"), isolation_level=None, check_same_thread=False
        )
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE mail (id INTEGER PRIMARY KEY, sender TEXT, raw BLOB)")
        self.lock = threading.Lock()
        self.stored = 0

    def _store(self, sender: str, raw: bytes) -> None:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO mail (sender, raw) VALUES (?, ?)", (sender, raw))
            self.db.execute("COMMIT")
            self.stored += 1

    async def handle_DATA(self, server, session, envelope) -> str:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, self._store, envelope.mail_from, envelope.original_content)
        return "250 OK"

    def count(self) -> int:
        return self.stored


def ceiling(kind: type, messages: list[EmailMessage], connections: int) -> float:
    with tempfile.TemporaryDirectory() as home:
        sink = kind(home)
        controller = Controller(sink, hostname="127.0.0.1", port=free_port())

        def start() -> int:
            controller.start()
            return controller.port

        seconds = timed(start, lambda: sink.count() == len(messages), messages, connections)
        controller.stop()
    return len(messages) / seconds


def judge_rate(url: str | None, messages, expected: int, connections: int, workers: int) -> float:
    with tempfile.TemporaryDirectory() as home:
        env = {
            "JUDGE_HOME": home,
            "JUDGE_LISTEN": f"127.0.0.1:{free_port()}",
            "JUDGE_ADDRESS": "judge@bench.example",
            "JUDGE_RATE_LIMIT": "1000000",
            "JUDGE_WORKERS": str(workers),
            "JUDGE_LOG_LEVEL": "WARNING",
        }
        if url:
            env["JUDGE_DATABASE_URL"] = url
        settings = load(env)
        store = Store(settings.database)
        migrate.upgrade(store)
        store.dispose()
        judge = Judge(settings)
        new = Path(home) / "mail" / "new"

        def start() -> int:
            judge.start()
            return int(settings.listen.rsplit(":", 1)[1])

        def done() -> bool:
            return new.is_dir() and len(os.listdir(new)) >= expected

        seconds = timed(start, done, messages, connections)
        judge.stop()
        return len(messages) / seconds


def postgres_database() -> tuple[str, Callable[[], None]] | None:
    try:
        import psycopg

        admin = psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3)
    except Exception as exc:
        print(f"(PostgreSQL does not answer at {POSTGRES}: {exc}; its row is left out)")
        return None
    name = f"judge_bench_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        admin.execute(f'DROP DATABASE "{name}"')
        admin.close()

    return POSTGRES.partition("?")[0].rsplit("/", 1)[0] + "/" + name, drop


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--mails", type=int, default=2000)
    args.add_argument("--connections", type=int, default=4)
    args.add_argument("--workers", type=int, default=2, help="judge workers on PostgreSQL")
    options = args.parse_args()
    messages, expected = mails(options.mails)
    print(
        f"{options.mails} mails ({options.mails // 2} REGISTER forms, the rest GET, VERSION,"
        f" WHO IS, INFO PLAYER) on {options.connections} SMTP connections; "
        f"{expected} mails answer them"
    )
    memory = ceiling(MemorySink, messages, options.connections)
    top = ceiling(StoringSink, messages, options.connections)
    rows = [
        ("aiosmtpd sink keeping mail in memory (for comparison)", memory),
        ("ceiling: aiosmtpd sink storing each mail in SQLite", top),
    ]
    sqlite = judge_rate(None, messages, expected, options.connections, workers=1)
    rows.append(("judge on SQLite, until the last answer is in the Maildir", sqlite))
    database = postgres_database()
    if database is not None:
        url, drop = database
        try:
            pg = judge_rate(url, messages, expected, options.connections, options.workers)
        finally:
            drop()
        rows.append((f"judge on PostgreSQL ({options.workers} workers)", pg))
    print()
    print(f"{'':58} {'mails/s':>9} {'of ceiling':>11}")
    for name, rate in rows:
        print(f"{name:58} {rate:9.0f} {rate / top:11.2f}")
    verdict = "met" if sqlite / top >= GOAL else "NOT met"
    print(f"\ngoal: the judge on SQLite at least {GOAL:.0%} of the ceiling: {verdict}")


if __name__ == "__main__":
    main()
