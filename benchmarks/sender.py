"""Replies sent a second by one sender: N answered mails wait in the outbox, and
`send_pending` delivers them all, to a Maildir and to an SMTP relay (aiosmtpd in a process
of its own, as Postfix is beside a real judge), on SQLite and, if one answers at
$JUDGE_TEST_POSTGRES, on PostgreSQL. What it measures: the claim, delivery and record of
each reply (the sender's commit pattern), not the answering.

    .venv/bin/python benchmarks/sender.py [--mails 2000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge.config import load
from judge.mailin.queue import answer_pending, store_inbound
from judge.mailout.sender import Maildir, Relay, send_pending
from tests.judgekit import environment, free_port, mail, migrated


def _relay(port: int, ready) -> None:
    from aiosmtpd.controller import Controller

    class Sink:
        async def handle_DATA(self, server, session, envelope) -> str:
            return "250 OK"

    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    ready.set()
    time.sleep(10**6)


def run(database: str, outbound: str, mails: int, port: int) -> float:
    with tempfile.TemporaryDirectory() as home:
        extra = {"JUDGE_DATABASE_URL": database} if database else {}
        settings = load(environment(Path(home), **extra))
        store = migrated(settings)
        now = datetime.now(UTC).replace(tzinfo=None)
        for n in range(mails):
            raw = mail(f"p{n}@example.org", "VERSION", subject=f"m{n}").as_bytes()
            store_inbound(store, raw, now, envelope_from=f"p{n}@example.org")
        while answer_pending(store, settings, lambda: now):
            pass
        sink = Maildir(Path(home) / "out") if outbound == "maildir" else Relay("127.0.0.1", port)
        start = time.perf_counter()
        sent = send_pending(store, settings, now, sink, limit=10**9)
        took = time.perf_counter() - start
        assert sent == mails, sent
        store.dispose()
        return mails / took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mails", type=int, default=2000)
    args = parser.parse_args()
    port = free_port()
    ready = multiprocessing.Event()
    relay = multiprocessing.Process(target=_relay, args=(port, ready), daemon=True)
    relay.start()
    ready.wait(30)
    databases = [("SQLite", "")]
    pg = os.environ.get("JUDGE_TEST_POSTGRES", "postgresql://127.0.0.1:5432/test")
    try:
        import psycopg

        admin = psycopg.connect(pg, autocommit=True, connect_timeout=3)
        name = f"judge_bench_{uuid.uuid4().hex[:8]}"
        admin.execute(f'CREATE DATABASE "{name}"')
        databases.append(("PostgreSQL", pg.partition("?")[0].rsplit("/", 1)[0] + "/" + name))
    except Exception as exc:  # no PostgreSQL here: its rows are left out
        print(f"(PostgreSQL left out: {exc})")
        admin = None
    print(f"{'database':<12} {'outbound':<10} {'replies/s':>10}")
    for label, url in databases:
        for outbound in ("maildir", "relay"):
            if url and admin is not None:  # a fresh database for each run
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                admin.execute(f'CREATE DATABASE "{name}"')
            rate = run(url, outbound, args.mails, port)
            print(f"{label:<12} {outbound:<10} {rate:>10.0f}")
    if admin is not None:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    relay.terminate()


if __name__ == "__main__":
    main()
