"""Nothing is lost and nothing is answered twice: `judge serve` is killed with SIGKILL at
random moments while a client sends mail, and restarted; every mail that got a 250 is
answered exactly once. Also: SIGTERM stops a busy judge within its bound, losing nothing,
and several processes on one PostgreSQL database share the mail."""

from __future__ import annotations

import os
import random
import signal
import smtplib
import socket
import threading
import time
from collections import Counter
from email.parser import BytesHeaderParser
from pathlib import Path

import pytest
from sqlalchemy import func, select

from judge.clock import SystemClock
from judge.config import load
from judge.mailin.queue import store_inbound
from judge.store.db import Store
from judge.store.models import Inbound, Outbox
from tests.judgekit import JudgeProcess, environment, mail, migrated

# The longest tests of the suite by the clock (judges started again and again, mail by the
# hundred): first, beside the others, not last and alone.
pytestmark = pytest.mark.early

# The stop's bound in these tests, in seconds (`shutdown_seconds`, 10 by default).
BOUND = 1.0
BODIES = ["VERSION", "WHO IS nobody", "GET form", "INFO PLAYER someone@example.org", "HELP"]


def reply_counts(maildir: Path) -> Counter[str]:
    """In-Reply-To of every mail in the Maildir: how many replies each mail got."""
    counts: Counter[str] = Counter()
    parser = BytesHeaderParser()
    for sub in ("new", "cur"):
        folder = maildir / sub
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            with open(path, "rb") as f:
                headers = parser.parse(f)
            if headers["In-Reply-To"]:
                counts[headers["In-Reply-To"]] += 1
    return counts


def send_until_accepted(client, message, stop_after: float = 120) -> None:
    """What a mail relay does: try again until the judge says 250."""
    end = time.monotonic() + stop_after
    while True:
        try:
            client.send(message)
            return
        except (OSError, smtplib.SMTPException):
            if time.monotonic() > end:
                raise
            time.sleep(0.05)


def wait_for_answers(maildir: Path, sent: list[str], timeout: float) -> Counter[str]:
    end = time.monotonic() + timeout
    while True:
        counts = reply_counts(maildir)
        if all(counts[m] for m in sent) or time.monotonic() > end:
            time.sleep(1.0)  # anything still to come (a second answer) has time to arrive
            return reply_counts(maildir)
        time.sleep(0.2)


def pending(url: str) -> int:
    store = Store(url)
    try:
        with store.transaction(readonly=True) as session:
            return session.execute(
                select(func.count()).select_from(Inbound).where(Inbound.status != "done")
            ).scalar_one()
    finally:
        store.dispose()


def test_sigkill_at_random_moments_loses_nothing_and_answers_once(tmp_path):
    env = environment(tmp_path / "judge", JUDGE_RATE_LIMIT="100000")
    settings = load(env)
    migrated(settings).dispose()
    judge = JudgeProcess(env)
    judge.start()
    rng = random.Random(4)
    count = 300
    messages = [mail(f"p{i % 25}@example.org", BODIES[i % len(BODIES)]) for i in range(count)]
    accepted: list[str] = []
    done = threading.Event()

    def client() -> None:
        try:
            for message in messages:
                send_until_accepted(judge.client, message)
                accepted.append(str(message["Message-ID"]))
        finally:
            done.set()

    sender = threading.Thread(target=client)
    sender.start()
    kills = 0
    while not done.is_set():
        # Killed after a random number of mails more (and a random moment after the last),
        # not after a random time: a restart takes seconds on a loaded machine, and kills
        # by the clock then came after ever fewer mails, so that the test ran for minutes
        # (fifty kills and more where an idle machine needs a dozen).
        due = len(accepted) + rng.randint(5, 45)
        while len(accepted) < due and not done.is_set():
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.3))
        if done.is_set():
            break
        judge.kill()
        kills += 1
        time.sleep(rng.uniform(0, 0.2))
        judge.start()
    sender.join()
    counts = wait_for_answers(settings.home / "mail", accepted, timeout=120)
    judge.terminate()
    print(f"{kills} kills")
    assert kills >= 3, "the judge was not killed often enough to test anything"
    assert len(accepted) == count
    unanswered = [m for m in accepted if counts[m] == 0]
    twice = {m: n for m, n in counts.items() if n > 1}
    assert not unanswered, f"{len(unanswered)} accepted mails never answered"
    assert not twice, f"answered more than once: {twice}"
    assert pending(settings.database) == 0


def test_a_busy_judge_stops_within_shutdown_seconds_and_answers_the_rest_after(tmp_path):
    """SIGTERM while the judge is busy answering big mails, all in one batch (one long
    transaction): the judge exits 0 within `shutdown_seconds` (systemd kills a judge that
    stops more slowly), the mail in hand finished or, if it takes longer, cut off, and the
    rest left pending; after the restart each mail is answered, once."""
    env = environment(
        tmp_path / "judge", JUDGE_RATE_LIMIT="100000", JUDGE_SHUTDOWN_SECONDS=str(BOUND)
    )
    settings = load(env)
    store = migrated(settings)
    # WHO IS costs a tenth of a millisecond (more on a busy machine): the second mail
    # takes about a second.
    sizes = [1000, 12000, 3000, 3000, 3000]
    messages = [
        mail(f"p{i}@example.org", "\n".join(f"WHO IS player{n}@example.org" for n in range(size)))
        for i, size in enumerate(sizes)
    ]
    for message in messages:  # stored while the judge was down, as a pipe from Postfix does
        store_inbound(store, message.as_bytes(), SystemClock().now(), "pipe")
    store.dispose()
    sent = [str(message["Message-ID"]) for message in messages]
    judge = JudgeProcess(env)
    judge.start()
    judge.logged("inbound 1: answered")  # the judge is busy with the second
    asked = time.monotonic()
    assert judge.terminate() == 0
    assert time.monotonic() - asked < BOUND + 2.5, judge.tail()
    assert "judge USTS stopped" in judge.tail()
    assert pending(settings.database) >= 3  # the stop did not wait for the whole batch
    judge.start()  # what was not answered before the stop is answered now
    counts = wait_for_answers(settings.home / "mail", sent, timeout=60)
    assert judge.terminate() == 0
    assert all(counts[m] == 1 for m in sent), counts


def test_a_judge_at_a_relay_that_does_not_answer_stops_within_shutdown_seconds(tmp_path):
    """The sender waits up to a minute for a relay's greeting: SIGTERM then still stops
    the judge within its bound, the sending process cut off, and the reply it was sending
    stays in the outbox."""
    with socket.create_server(("127.0.0.1", 0)) as relay:
        relay.settimeout(30)
        env = environment(
            tmp_path / "judge",
            JUDGE_OUTBOUND=f"smtp://127.0.0.1:{relay.getsockname()[1]}",
            JUDGE_SHUTDOWN_SECONDS=str(BOUND),
        )
        store = migrated(load(env))
        judge = JudgeProcess(env)
        judge.start()
        judge.client.send(mail("anna@example.org", "VERSION"))
        connection, _ = relay.accept()  # the sender is here, waiting for a greeting
        with connection:
            asked = time.monotonic()
            assert judge.terminate() == 0
            assert time.monotonic() - asked < BOUND + 2.5, judge.tail()
    assert "cut off: judge-send" in judge.tail()
    with store.transaction(readonly=True) as session:
        assert session.execute(select(Outbox.status)).scalars().all() == ["pending"]
    store.dispose()


def test_two_processes_on_one_postgresql_share_the_mail(tmp_path, postgres_url):
    maildir = tmp_path / "outbound"
    common = {
        "JUDGE_DATABASE_URL": postgres_url,
        "JUDGE_OUTBOUND": f"maildir:{maildir}",
        "JUDGE_RATE_LIMIT": "100000",
        "JUDGE_WORKERS": "2",
    }
    first = JudgeProcess(environment(tmp_path / "a", **common))
    second = JudgeProcess(environment(tmp_path / "b", **common))
    migrated(first.settings).dispose()
    first.start()
    second.start()
    sent: list[str] = []
    lock = threading.Lock()

    def client(judge: JudgeProcess, offset: int) -> None:
        for i in range(100):
            message = mail(f"p{(i + offset) % 30}@example.org", BODIES[i % len(BODIES)])
            judge.client.send(message)
            with lock:
                sent.append(str(message["Message-ID"]))

    threads = [threading.Thread(target=client, args=(j, n)) for n, j in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    counts = wait_for_answers(maildir, sent, timeout=120)
    assert first.terminate() == 0 and second.terminate() == 0
    assert len(sent) == 200
    assert all(counts[m] == 1 for m in sent), {m: counts[m] for m in sent if counts[m] != 1}
    store = Store(postgres_url)
    with store.transaction(readonly=True) as session:
        workers = session.execute(select(Inbound.worker)).scalars().all()
    store.dispose()
    processes = Counter(w.split(":")[1] for w in workers)
    assert len(processes) == 2, f"one process did all the work: {processes}"


def test_an_answering_process_that_dies_is_replaced(tmp_path):
    """`judge serve` answers in a process of its own; killed, another takes its place."""
    env = environment(tmp_path / "judge")
    settings = load(env)
    store = migrated(settings)
    judge = JudgeProcess(env)
    judge.start()
    try:
        first = judge.client.send(mail("anna@example.org", "VERSION"))
        assert wait_for_answers(settings.home / "mail", [first], timeout=30)[first] == 1
        with store.transaction(readonly=True) as session:
            worker = session.execute(select(Inbound.worker)).scalar_one()
        _host, pid, thread = worker.split(":")
        assert int(pid) != judge.proc.pid and thread == "worker-1"
        os.kill(int(pid), signal.SIGKILL)
        second = judge.client.send(mail("bert@example.org", "VERSION"))
        assert wait_for_answers(settings.home / "mail", [second], timeout=30)[second] == 1
        with store.transaction(readonly=True) as session:
            workers = session.execute(select(Inbound.worker).order_by(Inbound.id)).scalars().all()
        assert workers[1].split(":")[1] != pid
        assert f"answer process {pid} exited -9; starting another" in judge.tail()
    finally:
        assert judge.terminate() == 0
        store.dispose()
