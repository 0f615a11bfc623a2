"""Exactly one sender owns a reply: `judge tick` processes and sender threads beside a
running judge, all sending through one real relay, deliver each reply once, on SQLite and
on PostgreSQL; a sender killed in the middle of a batch loses nothing and sends again at
most the one mail it had in flight."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import func, select

from judge.config import load
from judge.mailin.queue import answer_pending, store_inbound
from judge.mailout.sender import Relay, send_pending
from judge.store.db import Store
from judge.store.models import Outbox
from tests.judgekit import (
    ROOT,
    Client,
    InProcessJudge,
    environment,
    free_port,
    mail,
    migrated,
    run_judge,
)


class CountingRelay:
    """A real SMTP server as the judge's relay: counts each reply it is given, by the
    Message-ID of the mail it answers; slow enough that senders overlap. With `hang_at`,
    the mail of that number is taken (counted) and then not answered until `go` is set."""

    def __init__(self, delay: float = 0.005, hang_at: int = 0) -> None:
        self.delay, self.hang_at = delay, hang_at
        self.got: Counter[str] = Counter()
        self.count = 0
        self.go = threading.Event()

    async def handle_DATA(self, server, session, envelope) -> str:
        text = envelope.original_content.decode(errors="replace")
        self.count += 1
        key = next((line for line in text.splitlines() if line.startswith("Message-ID:")), "")
        self.got[key] += 1
        if self.count == self.hang_at:
            while not self.go.is_set():
                await asyncio.sleep(0.05)
        await asyncio.sleep(self.delay)
        return "250 OK"


@pytest.fixture
def relay():
    handler = CountingRelay()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield handler, controller.port
    handler.go.set()
    controller.stop()


def _outbox(store: Store) -> tuple[int, int]:
    with store.transaction(readonly=True) as session:
        total = session.execute(select(func.count()).select_from(Outbox)).scalar_one()
        sent = session.execute(
            select(func.count()).select_from(Outbox).where(Outbox.status == "sent")
        ).scalar_one()
    return total, sent


def _many_senders(tmp_path, relay, **extra: str) -> None:
    """A judge serving through the relay, three `judge tick` processes over and over and
    two sender threads, while 120 mails come in: each reply reaches the relay once."""
    handler, port = relay
    outbound = f"smtp://127.0.0.1:{port}"
    with InProcessJudge(tmp_path / "j", JUDGE_OUTBOUND=outbound, **extra) as judge:
        stop = threading.Event()
        env = {**judge.env}

        def ticks() -> None:
            while not stop.is_set():
                subprocess.run(
                    [sys.executable, "-m", "judge", "tick"],
                    env={**os.environ, **env},
                    cwd=ROOT,
                    capture_output=True,
                    timeout=120,
                )

        def sends() -> None:
            store = Store(judge.settings.database)
            sink = Relay("127.0.0.1", port)
            while not stop.is_set():
                send_pending(store, judge.settings, datetime.now(UTC).replace(tzinfo=None), sink)
                time.sleep(0.01)
            store.dispose()

        workers = [threading.Thread(target=ticks) for _ in range(3)]
        workers += [threading.Thread(target=sends) for _ in range(2)]
        for worker in workers:
            worker.start()
        try:
            sent = [
                judge.client.send(mail(f"p{n}@example.org", "VERSION", subject=f"m{n}"))
                for n in range(120)
            ]
            deadline = time.monotonic() + 120
            while _outbox(judge.store) != (120, 120) and time.monotonic() < deadline:
                time.sleep(0.1)
        finally:
            stop.set()
            for worker in workers:
                worker.join(180)
        assert _outbox(judge.store) == (120, 120)
        with judge.store.transaction(readonly=True) as session:
            ids = session.execute(select(Outbox.message_id)).scalars().all()
        assert sorted(handler.got) == sorted(f"Message-ID: {m}" for m in ids)
        twice = {k: n for k, n in handler.got.items() if n > 1}
        assert twice == {}, f"{len(twice)} replies delivered more than once"
        # And an ordinary mail is still answered at once.
        before = sum(handler.got.values())
        judge.client.send(mail("anna@example.org", "VERSION", subject="after"))
        deadline = time.monotonic() + 20
        while sum(handler.got.values()) == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sum(handler.got.values()) == before + 1
    assert len(sent) == 120


def test_many_senders_on_sqlite_deliver_each_reply_once(tmp_path, relay):
    _many_senders(tmp_path, relay)


def test_many_senders_on_postgresql_deliver_each_reply_once(tmp_path, relay, postgres_url):
    _many_senders(tmp_path, relay, JUDGE_DATABASE_URL=postgres_url)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_sender_killed_mid_batch_loses_nothing(tmp_path, request, database):
    """`judge tick` is killed while the relay holds its fifth mail: the four before are
    recorded as sent, and once the claim has run out the next tick sends the rest; only
    the mail in flight may reach the relay twice."""
    handler = CountingRelay(delay=0, hang_at=5)
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    extra = {"JUDGE_OUTBOUND": f"smtp://127.0.0.1:{controller.port}"}
    if database == "postgresql":
        extra["JUDGE_DATABASE_URL"] = request.getfixturevalue("postgres_url")
    env = environment(tmp_path / "j", **extra)
    settings = load(env)
    store = migrated(settings)
    now = datetime.now(UTC).replace(tzinfo=None)
    for n in range(20):
        raw = mail(f"p{n}@example.org", "VERSION", subject=f"m{n}").as_bytes()
        store_inbound(store, raw, now, envelope_from=f"p{n}@example.org")
    while answer_pending(store, settings, lambda: now):
        pass
    full = {**os.environ, **env}
    tick = subprocess.Popen(
        [sys.executable, "-m", "judge", "tick"], env=full, cwd=ROOT, stdout=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        while handler.count < 5 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert handler.count == 5
        tick.send_signal(signal.SIGKILL)
        tick.wait(10)
        handler.go.set()
        assert _outbox(store) == (20, 4)  # each delivery recorded as it was made
        # Before the claim runs out nobody takes the batch; after it, everything goes.
        later = (now + timedelta(minutes=6)).isoformat()
        done = subprocess.run(
            [sys.executable, "-m", "judge", "tick", "--now", later],
            env=full,
            cwd=ROOT,
            capture_output=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        assert _outbox(store) == (20, 20)
        with store.transaction(readonly=True) as session:
            ids = session.execute(select(Outbox.message_id)).scalars().all()
        assert sorted(handler.got) == sorted(f"Message-ID: {m}" for m in ids)
        assert sum(handler.got.values()) <= 21  # at most the one in flight again
        # An ordinary mail is answered and sent at once.
        with InProcessJudge(tmp_path / "j", **extra) as judge:
            Client.of(judge.settings).send(mail("anna@example.org", "VERSION", subject="x"))
            deadline = time.monotonic() + 20
            while _outbox(store) != (21, 21) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert _outbox(store) == (21, 21)
    finally:
        if tick.poll() is None:
            tick.kill()
        handler.go.set()
        controller.stop()
        store.dispose()


def test_the_postfix_pipe_ten_at_once_delivers_each_reply_once(tmp_path, relay):
    """The pipe as operations.md sets it up without --queue-only: Postfix runs up to ten
    `judge process` at once, each storing its mail, answering and sending what is due
    through the relay. Each reply reaches the relay once."""
    handler, port = relay
    env = environment(tmp_path / "j", JUDGE_OUTBOUND=f"smtp://127.0.0.1:{port}")
    store = migrated(load(env))

    def deliver(n: int) -> int:
        raw = mail(f"p{n}@example.org", "VERSION", subject=f"m{n}").as_bytes()
        return run_judge(env, "process", "--sender", f"p{n}@example.org", stdin=raw).returncode

    with ThreadPoolExecutor(10) as pool:
        codes = list(pool.map(deliver, range(20)))
    assert codes == [0] * 20
    done = run_judge(env, "tick")  # whatever the last ones left due
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert _outbox(store) == (20, 20)
    twice = {k: n for k, n in handler.got.items() if n > 1}
    assert twice == {}, f"{len(twice)} replies delivered more than once"
    assert sum(handler.got.values()) == 20
    store.dispose()
