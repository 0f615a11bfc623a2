"""Running a real judge for tests: a fresh data directory, a real SMTP client, the Maildir
its replies land in, and the judge either in this process or as a `judge serve` process
(which a test may SIGKILL)."""

from __future__ import annotations

import atexit
import os
import pwd
import re
import shutil
import signal
import smtplib
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path

from sqlalchemy import func, select

from judge.clock import Clock
from judge.config import Settings, load
from judge.daemon import Judge
from judge.mailout.sender import Maildir
from judge.store import migrate
from judge.store.db import Store
from judge.store.models import Inbound, Outbox

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(home: Path, **extra: str) -> dict[str, str]:
    """JUDGE_* variables for a judge of its own in `home`, on a free port."""
    env = {
        "JUDGE_HOME": str(home),
        "JUDGE_LISTEN": f"127.0.0.1:{free_port()}",
        "JUDGE_POLL_SECONDS": "0.05",
        "JUDGE_TICK_SECONDS": "0.5",
        "JUDGE_CODE": "USTS",
        "JUDGE_PRESS_SCATTER": "2",  # grey press within 2 s, not 90
        "JUDGE_ADDRESS": "judge@test.example",
        "JUDGE_KEEPER": "keeper@test.example",
        # scrypt at 2**10, not 2**14: hashing is the same, a sixteenth of the work
        "JUDGE_PASSWORD_COST": "10",
        # The board's pictures cost about 0.1 s a results mail, and most tests read only the
        # text: tests/test_pictures_by_mail.py turns them on (JUDGE_PICTURES="true").
        "JUDGE_PICTURES": "false",
    }
    env.update(extra)
    return env


def migrated(settings: Settings) -> Store:
    """The judge's database at the newest schema. A new default SQLite file is a copy of one
    migrated once in this process: running every migration again cost each test half a
    second (each commits to disk), and test_migrations tests them."""
    settings.home.mkdir(parents=True, exist_ok=True)
    if settings.database_url or (settings.home / "judge.db").exists():
        store = Store(settings.database)
        migrate.upgrade(store)
        return store
    shutil.copyfile(_migrated_template(), settings.home / "judge.db")
    return Store(settings.database)


_TEMPLATE: list[Path] = []


def _migrated_template() -> Path:
    if not _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="judge-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        store = Store(f"sqlite:///{folder / 'judge.db'}")
        migrate.upgrade(store)
        store.dispose()  # the last connection closed moves the -wal file into the database
        assert not (folder / "judge.db-wal").exists()
        _TEMPLATE.append(folder / "judge.db")
    return _TEMPLATE[0]


def mail(
    sender: str,
    body: str,
    subject: str = "",
    to: str = "judge@test.example",
    headers: dict[str, str] | None = None,
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="client.example")
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    return message


# The headers Mailbox looks mails up by.
LOOKED_UP = frozenset({"to", "subject", "in-reply-to"})


@dataclass
class Mailbox:
    """The judge's outgoing Maildir, read the way a test needs it."""

    path: Path
    seen: set[str] = field(default_factory=set)
    # Each file read once: a test polls the Maildir every 20 ms, and parsing every mail
    # in it again each time made the polling cost more than the judge.
    read: dict[str, EmailMessage] = field(default_factory=dict)
    # And each mail's headers read once: `message["To"]` parses the header again at every
    # call, and polling a few hundred mails' headers so cost more than the judge's work.
    heads: dict[str, dict[str, str]] = field(default_factory=dict)
    maildir: Maildir | None = None

    def all(self) -> list[EmailMessage]:
        return [self.read[name] for name in self._names()]

    def _names(self) -> list[str]:
        # Listed by name only, and the judge's Maildir (which makes its folders) made once:
        # a poll found nothing new most times, and Path objects for a few hundred mails and
        # three mkdirs a poll cost more than the rest of the poll.
        if self.maildir is None:
            self.maildir = Maildir(self.path)
        present = {
            f"{sub}/{name}" for sub in ("new", "cur") for name in os.listdir(self.path / sub)
        }
        for name in self.read.keys() - present:  # moved or removed meanwhile
            del self.read[name], self.heads[name]
        if present - self.read.keys():
            for name, message in self.maildir.since(set(self.read)):
                self.read[name] = message
                # Only the headers a test looks mails up by, each parsed as message[...]
                # would: parsing all of them was a third of the polling's work.
                self.heads[name] = {
                    key.lower(): str(message.policy.header_fetch_parse(key, value))
                    for key, value in message.raw_items()
                    if key.lower() in LOOKED_UP
                }
        return sorted(self.read)

    def addressed(self, to: str, subject_part: str = "") -> list[EmailMessage]:
        """The mails to `to` (exactly) whose subject holds `subject_part`."""
        heads = self.heads
        return [
            self.read[name]
            for name in self._names()
            if heads[name].get("to") == to and subject_part in heads[name].get("subject", "")
        ]

    def replies_to(self, message_id: str) -> list[EmailMessage]:
        heads = self.heads
        return [
            self.read[name]
            for name in self._names()
            if heads[name].get("in-reply-to") == message_id
        ]

    def thread(self, message_id: str) -> list[EmailMessage]:
        return [m for m in self.all() if message_id in (m["References"] or "")]

    def wait(self, ready: Callable[[], bool], timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while not ready():
            if time.monotonic() > end:
                raise AssertionError(f"not ready after {timeout} s")
            time.sleep(0.02)

    def reply(self, message_id: str, timeout: float = 20, to: str = "") -> EmailMessage:
        """The one reply to a mail (to `to`, when copies go elsewhere too), once it is
        there (and its other mail, settled)."""

        def mine() -> list[EmailMessage]:
            found = self.replies_to(message_id)
            return [m for m in found if to.lower() in (m["To"] or "").lower()] if to else found

        self.wait(lambda: bool(mine()), timeout)
        replies = mine()
        assert len(replies) == 1, f"{len(replies)} replies to {message_id}"
        return replies[0]


# The heading of each file in the one mail of files a mail asked for (reports.accounts).
_DIGEST_HEADING = re.compile(r"^={70}\n  Diplomacy file (\S+)\n={70}\n\n", re.MULTILINE)


def files_in(message: EmailMessage) -> dict[str, str]:
    """The files a mail of files holds, by name, in order: a file sent by itself (subject
    `Diplomacy file NAME`) or each one of a digest (`Diplomacy files ...`)."""
    subject, body = message["Subject"] or "", message.get_content()
    if subject.startswith("Diplomacy file "):
        return {subject.removeprefix("Diplomacy file "): body}
    assert subject.startswith("Diplomacy files "), subject
    pieces = _DIGEST_HEADING.split(body)
    pieces[-1] = pieces[-1].rsplit("=" * 70, 1)[0]  # the rule under the last file
    return {name: text.rstrip("\n") for name, text in zip(pieces[1::2], pieces[2::2], strict=True)}


@dataclass
class Client:
    host: str
    port: int

    @classmethod
    def of(cls, settings: Settings) -> Client:
        host, _, port = settings.listen.rpartition(":")
        return cls(host, int(port))

    def send(self, message: EmailMessage, envelope_from: str | None = None) -> str:
        with smtplib.SMTP(self.host, self.port, timeout=30) as smtp:
            smtp.send_message(message, from_addr=envelope_from)
        return str(message["Message-ID"])

    def send_raw(self, raw: bytes, envelope_from: str, to: str = "judge@test.example") -> str:
        with smtplib.SMTP(self.host, self.port, timeout=60) as smtp:
            smtp.sendmail(envelope_from, [to], raw)
        return ""


class InProcessJudge:
    """`judge serve` in this process: real listener, workers, sender and scheduler. The
    workers are threads of this process (`processes = 0`), so that a test sees their log;
    `JudgeProcess` runs the judge as configured by default, answering in processes."""

    def __init__(
        self, home: Path, clock: Clock | None = None, *, like: Path | None = None, **extra: str
    ) -> None:
        """`clock`: the judge's time (a FixedClock for a test that needs a given day);
        `like`: a stopped judge's home (made in this process, at the newest schema) that
        this one starts as a copy of: its database and its Maildir."""
        extra.setdefault("JUDGE_PROCESSES", "0")
        self.env = environment(home, **extra)
        self.settings = load(self.env)
        if like is not None:
            shutil.copytree(like, self.settings.home)
            self.store = Store(self.settings.database)
        else:
            self.store = migrated(self.settings)
        self.judge = Judge(self.settings, clock)
        # A judge that hears mail over LMTP only (behind Postfix) is mailed through Postfix.
        self.client = Client.of(self.settings) if self.settings.listen else None
        self.mailbox = Mailbox(self.settings.home / "mail")

    def __enter__(self) -> InProcessJudge:
        self.judge.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.judge.stop()
        self.store.dispose()

    def ask(self, sender: str, body: str, subject: str = "", **headers: str) -> EmailMessage:
        """Send a mail, wait for the reply to it."""
        sent = self.client.send(mail(sender, body, subject, headers=headers))
        reply = self.mailbox.reply(sent, to=parseaddr(sender)[1])
        self.delivered(sent)
        return reply

    def delivered(self, message_id: str, timeout: float = 20) -> None:
        """Wait until every mail the answer to `message_id` wrote is delivered, not only the
        reply: an I AM ALSO token or a notice to the masters goes in the same transaction
        but may reach the Maildir a batch later."""
        query = (
            select(func.count())
            .select_from(Outbox)
            .where(
                Outbox.inbound_id.in_(
                    select(Outbox.inbound_id).where(Outbox.in_reply_to == message_id)
                ),
                Outbox.status == "pending",
            )
        )

        def done() -> bool:
            with self.store.transaction(readonly=True) as session:
                return session.execute(query).scalar_one() == 0

        self.mailbox.wait(done, timeout)


class JudgeProcess:
    """`python -m judge serve` as a child process; with `python` and `user`, run by that
    interpreter as that user (as systemd's User= does: tests/postfixkit.py); in `cwd`, the
    checkout unless the judge must be found elsewhere (an installed wheel: test_wheel.py)."""

    def __init__(
        self,
        env: dict[str, str],
        python: Sequence[str] = (),
        user: int | None = None,
        cwd: Path = ROOT,
    ) -> None:
        self.env = {**os.environ, **env, "PYTHONUNBUFFERED": "1"}
        self.settings = load(env)
        self.client = Client.of(self.settings)
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = self.settings.home / "serve.log"
        self.python = list(python) or [sys.executable]
        self.user = user
        self.cwd = cwd

    def start(self, timeout: float = 30) -> None:
        self.settings.home.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [*self.python, "-m", "judge", "serve"],
                env=self.env,
                cwd=self.cwd,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: its CPU is countable
                user=self.user,
                group=None if self.user is None else pwd.getpwuid(self.user).pw_gid,
                extra_groups=None if self.user is None else [],
            )
        end = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise AssertionError(f"judge serve exited {self.proc.returncode}: {self.tail()}")
            try:
                with socket.create_connection((self.client.host, self.client.port), 0.2):
                    return
            except OSError:
                if time.monotonic() > end:
                    self.kill()  # not left running behind the failed test
                    raise AssertionError(f"judge serve did not listen: {self.tail()}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def terminate(self) -> int:
        """SIGTERM, as systemd stops it; its exit status. It must be gone within its
        `shutdown_seconds` and ten more for the exit itself, or TimeoutExpired says so."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(self.settings.shutdown_seconds + 10)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def logged(self, text: str, timeout: float = 30) -> None:
        """Wait until the judge's log says `text`."""
        end = time.monotonic() + timeout
        while text not in self.log_text():
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} not in the log after {timeout} s: {self.tail()}")
            time.sleep(0.02)

    def tail(self) -> str:
        return self.log_text()[-3000:]


def run_judge(env: dict[str, str], *args: str, stdin: bytes = b"", timeout: float = 60):
    """`python -m judge ARGS` to completion."""
    return subprocess.run(
        [sys.executable, "-m", "judge", *args],
        env={**os.environ, **env},
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=timeout,
    )


def answered_at_once(judge: InProcessJudge, sender: str = "someone@example.org") -> None:
    """An ordinary mail is still answered at once: what every hostile mail's test ends with
    (the judge went on answering behind it)."""
    started = time.monotonic()
    assert "This is judge USTS" in judge.ask(sender, "VERSION").get_content()
    assert time.monotonic() - started < 10


def last_inbound(judge: InProcessJudge) -> Inbound:
    """The newest inbound row: what became of the mail a test sent last."""
    with judge.store.transaction(readonly=True) as session:
        return session.execute(select(Inbound).order_by(Inbound.id.desc()).limit(1)).scalar_one()


def settle(store: Store, timeout: float = 30) -> None:
    """Wait until every mail is answered and every answer delivered."""
    end = time.monotonic() + timeout
    while True:
        with store.transaction(readonly=True) as session:
            busy = (
                session.execute(
                    select(func.count()).select_from(Inbound).where(Inbound.status == "pending")
                ).scalar_one()
                + session.execute(
                    select(func.count()).select_from(Outbox).where(Outbox.status == "pending")
                ).scalar_one()
            )
        if not busy:
            return
        if time.monotonic() > end:
            raise AssertionError(f"{busy} mails still in the queues after {timeout} s")
        time.sleep(0.02)
