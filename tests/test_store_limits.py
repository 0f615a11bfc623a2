"""What the store takes from a hostile mail: NULs and over-long addresses are cleaned where
they are written (SQLite and PostgreSQL alike), a mail that makes the judge fail is set
aside even when recording the failure fails, and a writer that cannot get SQLite's lock
in time gets a 451 instead of waiting for ever."""

from __future__ import annotations

import smtplib
import subprocess
import sys
import time
import uuid

import pytest
from sqlalchemy import select

from judge.store.models import Inbound
from tests.judgekit import InProcessJudge, mail, run_judge, settle

LONG = "x" * 330 + "@example.org"  # an address over 320 characters


def raw_mail(headers: bytes, body: bytes = b"VERSION\r\n", sender: bytes = b"hostile@example.org"):
    message_id = f"<{uuid.uuid4().hex}@client.example>".encode()
    return (
        b"From: " + sender + b"\r\nTo: judge@test.example\r\n"
        + (b"" if b"Message-ID" in headers else b"Message-ID: " + message_id + b"\r\n")
        + headers + b"\r\n" + body
    )  # fmt: skip


HOSTILE_FIELDS = {
    "NUL in Subject": ("hostile@example.org", raw_mail(b"Subject: a\x00b\r\n")),
    "NUL in Message-ID": (
        "hostile@example.org",
        raw_mail(b"Message-ID: <a\x00b@client.example>\r\nSubject: x\r\n"),
    ),
    "long From": (LONG, raw_mail(b"Subject: x\r\n", sender=LONG.encode())),
    "long Reply-To": (
        "hostile@example.org",
        raw_mail(b"Reply-To: " + LONG.encode() + b"\r\nSubject: x\r\n"),
    ),
    "long body REPLY-TO": (
        "hostile@example.org",
        raw_mail(b"Subject: x\r\n", b"REPLY-TO " + LONG.encode() + b"\r\nVERSION\r\n"),
    ),
    "long REGISTER address": (
        "hostile@example.org",
        raw_mail(
            b"Subject: x\r\n",
            b"REGISTER\r\nname: Hostile Person\r\naddress: 1 Street\r\nphone: 1\r\n"
            b"site: x\r\nlevel: novice\r\nemail: " + LONG.encode() + b"\r\ncountry: Italy\r\n"
            b"END\r\n",
        ),
    ),
}


def _hostile_then_ordinary(judge: InProcessJudge, envelope: str, raw: bytes) -> None:
    judge.client.send_raw(raw, envelope)
    settle(judge.store, timeout=30)
    with judge.store.transaction(readonly=True) as session:
        statuses = session.execute(select(Inbound.status)).scalars().all()
    assert statuses and "pending" not in statuses
    reply = judge.ask("calm@example.org", "VERSION")
    assert "This is judge USTS" in reply.get_content()


@pytest.mark.parametrize("name", sorted(HOSTILE_FIELDS))
def test_a_hostile_field_is_stored_cleanly_on_sqlite(tmp_path, name):
    envelope, raw = HOSTILE_FIELDS[name]
    with InProcessJudge(tmp_path / "j") as judge:
        _hostile_then_ordinary(judge, envelope, raw)


@pytest.mark.parametrize("name", sorted(HOSTILE_FIELDS))
def test_a_hostile_field_is_stored_cleanly_on_postgresql(tmp_path, postgres_url, name):
    envelope, raw = HOSTILE_FIELDS[name]
    with InProcessJudge(tmp_path / "j", JUDGE_DATABASE_URL=postgres_url) as judge:
        _hostile_then_ordinary(judge, envelope, raw)


# Faults put into the database itself: the reply to a mail whose Subject says "poison"
# cannot be written, nor (second case) can any mail be marked failed.
POISON = {
    "sqlite": [
        "CREATE TRIGGER poison BEFORE INSERT ON outbox WHEN NEW.subject LIKE '%poison%'"
        " BEGIN SELECT RAISE(ABORT, 'poisoned'); END"
    ],
    "postgresql": [
        "ALTER TABLE outbox ADD CONSTRAINT poison CHECK (strpos(subject, 'poison') = 0)"
    ],
}
NEVER_FAILED = {
    "sqlite": [
        "CREATE TRIGGER never_failed BEFORE UPDATE ON inbound WHEN NEW.status = 'failed'"
        " BEGIN SELECT RAISE(ABORT, 'never'); END"
    ],
    "postgresql": ["ALTER TABLE inbound ADD CONSTRAINT never_failed CHECK (status <> 'failed')"],
}


def _database(kind: str, postgres: str) -> dict[str, str]:
    return {"JUDGE_DATABASE_URL": postgres} if kind == "postgresql" else {}


def _fault(judge: InProcessJudge, kind: str, statements: dict[str, list[str]]) -> None:
    with judge.store.engine.begin() as connection:
        for statement in statements[kind]:
            connection.exec_driver_sql(statement)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request) -> str:
    if request.param == "postgresql":
        return request.getfixturevalue("postgres_url")
    return ""


def test_a_mail_whose_failure_cannot_be_told_is_still_set_aside(tmp_path, database):
    kind = "postgresql" if database else "sqlite"
    with InProcessJudge(tmp_path / "j", **_database(kind, database)) as judge:
        _fault(judge, kind, POISON)
        judge.client.send(mail("hostile@example.org", "VERSION", subject="poison"))
        settle(judge.store, timeout=30)
        with judge.store.transaction(readonly=True) as session:
            row = session.execute(select(Inbound)).scalar_one()
        assert (row.status, row.outcome) == ("failed", "failed: not even recorded")
        assert "This is judge USTS" in judge.ask("calm@example.org", "VERSION").get_content()


def test_a_mail_that_cannot_even_be_set_aside_is_left_alone(tmp_path, database, caplog):
    kind = "postgresql" if database else "sqlite"
    with InProcessJudge(tmp_path / "j", **_database(kind, database)) as judge:
        _fault(judge, kind, POISON)
        _fault(judge, kind, NEVER_FAILED)
        judge.client.send(mail("hostile@example.org", "VERSION", subject="poison"))
        judge.mailbox.wait(lambda: "could not be set aside" in caplog.text)
        reply = judge.ask("calm@example.org", "VERSION")
        assert "This is judge USTS" in reply.get_content()
        time.sleep(1)  # a worker in a hot loop would fail on it dozens of times a second
        assert caplog.text.count("answering inbound mail 1 failed") <= 2 * 3


HOLD_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()
"""


def _holding(path: str) -> subprocess.Popen[str]:
    """Another process that holds SQLite's write lock until its stdin is closed."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_a_writer_lock_held_elsewhere_gets_a_451_then_the_mail_is_taken(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_WRITE_LOCK_TIMEOUT="2") as judge:
        holder = _holding(judge.settings.database.removeprefix("sqlite:///") + "-writer")
        try:
            message = mail("anna@example.org", "VERSION")
            started = time.monotonic()
            with pytest.raises(smtplib.SMTPDataError) as refused:
                judge.client.send(message)
            assert refused.value.smtp_code == 451
            assert time.monotonic() - started < 15
            env = {**judge.env, "JUDGE_WRITE_LOCK_TIMEOUT": "1"}
            piped = run_judge(env, "process", "--queue-only", stdin=message.as_bytes())
            assert piped.returncode == 75, piped.stderr
        finally:
            holder.stdin.close()
            holder.wait(10)
        sent = judge.client.send(message)
        assert "This is judge USTS" in judge.mailbox.reply(sent).get_content()


# -- numbers, dates and IFs beyond reason: a clear line error, never the judge's fault ------

HUGE = "9" * 400
MASTER_LINES = {
    f"SET MAX ABSENCE {HUGE}": "number too large",
    f"SET MOVE DELAY {HUGE}": "number too large",
    f"SET MOVE MIN {HUGE}": "number too large",
    f"SET MOVE CLOCK {HUGE}": "number too large",
    "SET DEADLINE Dec 31 9999 23:59": "date out of range",
    "SET START Dec 31 9999": "date out of range",
    "SET ABSENCE Dec 30 9999 TO Dec 31 9999": "date out of range",
}
FAULT = "could not process your mail because of an error of its own"


@pytest.fixture(scope="module")
def moderated(tmp_path_factory):
    """A moderated game 'war' under way (shared: each test's lines change nothing)."""
    from tests.gametable import Table, start_moderated

    with InProcessJudge(tmp_path_factory.mktemp("war") / "j") as judge:
        table = Table.seated(judge)
        start_moderated(table)
        yield table


@pytest.mark.parametrize("line", sorted(MASTER_LINES))
def test_a_number_or_date_beyond_reason_gets_a_line_error(moderated, line):
    from tests.gametable import master

    before = moderated.show()
    reply = master(moderated, line)
    assert FAULT not in reply
    assert f"Line 2: {line[:60]}" in reply and MASTER_LINES[line] in reply
    assert moderated.show() == before
    assert "This is judge USTS" in moderated.send("calm@example.org", "VERSION").get_content()


def test_a_year_9999_absence_gets_a_line_error(moderated):
    reply = moderated.orders("Germany", "SET ABSENCE Dec 31 9999")
    assert FAULT not in reply and "date out of range" in reply
    assert "This is judge USTS" in moderated.send("calm@example.org", "VERSION").get_content()


def test_a_thousand_unclosed_ifs_get_a_line_error(moderated):
    reply = moderated.orders("Germany", "PHASE S1901M\n" + "IF bur\n" * 1000 + "A ber H\n")
    assert FAULT not in reply
    assert "too many nested IF without ENDIF (at most 20 open at once)" in reply
    assert "This is judge USTS" in moderated.send("calm@example.org", "VERSION").get_content()
