"""Mails made to stop the judge while it reads them, over SMTP (and the pipe): each is read
in bounded time, answered where that is safe, and the next ordinary mail is answered at
once. Then what the reading tells the sender, and what it keeps of the mail."""

from __future__ import annotations

import base64
import time
import uuid
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

import parser as p
from judge.mailin.budget import OverBudget, read_budget
from judge.store.models import Inbound
from tests.judgekit import InProcessJudge, Mailbox, answered_at_once, environment, run_judge, settle

PLAYER = "player@example.org"


def raw(headers: bytes, body: bytes, sender: bytes = PLAYER.encode()) -> tuple[bytes, str]:
    """A raw mail and its Message-ID."""
    message_id = f"<{uuid.uuid4().hex}@client.example>"
    head = b"From: " + sender + b"\r\nTo: judge@test.example\r\nMessage-ID: "
    return head + message_id.encode() + b"\r\n" + headers + b"\r\n" + body, message_id


@pytest.fixture(scope="module")
def judge(tmp_path_factory):
    with InProcessJudge(tmp_path_factory.mktemp("reading"), JUDGE_RATE_LIMIT="1000") as running:
        yield running


def send(judge: InProcessJudge, message: bytes, envelope: str = PLAYER) -> float:
    """Send a mail and wait until the judge has answered it; the seconds that took."""
    started = time.monotonic()
    judge.client.send_raw(message, envelope)
    settle(judge.store, timeout=60)
    return time.monotonic() - started


def reply_to(judge: InProcessJudge, message_id: str) -> str:
    return judge.mailbox.reply(message_id, timeout=30).get_content()


# -- defect 1: an address header the email package recursed on ----------------------------


def test_a_from_of_five_hundred_parentheses_is_answered_and_stops_nothing(judge):
    message, message_id = raw(b"", b"VERSION\r\n", sender=PLAYER.encode() + b" " + b"(" * 500)
    assert len(message) < 700
    assert send(judge, message) < 10
    assert "This is judge USTS" in reply_to(judge, message_id)
    answered_at_once(judge, "after@example.org")


def test_a_reply_to_of_nested_comments_is_read_past(judge):
    header = b"Reply-To: " + b"(" * 600 + b"x" + b")" * 600 + b" " + PLAYER.encode() + b"\r\n"
    message, message_id = raw(header, b"VERSION\r\n", sender=b"(" * 500)
    send(judge, message)
    assert "This is judge USTS" in reply_to(judge, message_id)
    answered_at_once(judge, "after@example.org")


def test_a_from_of_parentheses_alone_is_not_answered_and_stops_nothing(judge):
    before = len(judge.mailbox.all())
    message, _ = raw(b"", b"VERSION\r\n", sender=b"(" * 500 + b"a@b.c")
    send(judge, message)
    assert len(judge.mailbox.all()) == before  # nobody to answer: logged, not answered
    with judge.store.transaction(readonly=True) as session:
        last = session.execute(select(Inbound).order_by(Inbound.id.desc())).scalars().first()
    assert last.status == "done" and "no address" in last.outcome
    answered_at_once(judge, "after@example.org")


def test_the_pipe_reads_a_from_of_parentheses_and_answers_the_next_mail(tmp_path):
    env = environment(tmp_path / "j")
    assert run_judge(env, "migrate").returncode == 0
    hostile, hostile_id = raw(b"", b"VERSION\r\n", sender=PLAYER.encode() + b" " + b"(" * 500)
    done = run_judge(env, "process", "--sender", PLAYER, stdin=hostile, timeout=30)
    assert done.returncode == 0, done.stderr
    assert len(done.stderr) < 20_000  # no traceback a batch
    ordinary, ordinary_id = raw(b"Subject: by pipe\r\n", b"VERSION\r\n")
    done = run_judge(env, "process", "--sender", PLAYER, stdin=ordinary, timeout=30)
    assert done.returncode == 0, done.stderr
    mailbox = Mailbox(tmp_path / "j" / "mail")
    assert "This is judge USTS" in mailbox.reply(hostile_id, timeout=1).get_content()
    assert "This is judge USTS" in mailbox.reply(ordinary_id, timeout=1).get_content()


# -- defect 2: a REGISTER field line of many spaces ----------------------------------------


def test_a_register_line_of_150_kb_of_spaces_is_refused_at_once(judge):
    body = b"REGISTER\r\nname" + b" " * 150_000 + b"x: y\r\nEND\r\n"
    message, message_id = raw(b"", body)
    assert send(judge, message) < 10
    text = reply_to(judge, message_id)
    assert "Line 2: name" in text and "the line is too long (150008 characters)" in text
    answered_at_once(judge, "after@example.org")


def test_a_register_field_just_under_the_line_limit_is_read_in_linear_time():
    body = "REGISTER\nname" + " " * 9_900 + "x\nEND\n"
    started = time.process_time()
    for _ in range(20):
        parsed = p.parse_mail(body, datetime(2026, 1, 1, tzinfo=UTC))
    assert time.process_time() - started < 2
    assert parsed.errors[0].reason == "a REGISTER line is 'field: value'"


# -- defect 3: HTML made to stall html.parser ----------------------------------------------


def test_an_html_mail_of_unclosed_tags_is_read_at_once(judge):
    html = b"Content-Type: text/html; charset=utf-8\r\nMIME-Version: 1.0\r\n"
    message, message_id = raw(html, b"<p>VERSION</p>" + b"<a " * 12_000 + b"\r\n")
    assert send(judge, message) < 10
    assert "This is judge USTS" in reply_to(judge, message_id)
    answered_at_once(judge, "after@example.org")


def test_a_long_html_mail_is_read_in_part_and_the_sender_told(judge):
    html = b"Content-Type: text/html; charset=utf-8\r\nMIME-Version: 1.0\r\n"
    body = b"<p>VERSION</p>" + b"<p>filler text</p>\r\n" * 8_000
    message, message_id = raw(html, body)
    send(judge, message)
    text = reply_to(judge, message_id)
    assert "Only the first 100 kB of your HTML mail were read" in text
    assert "This is judge USTS" in text


# -- 13: what was not read is said; control characters are not echoed ---------------------


def nested(depth: int, inner: bytes) -> bytes:
    """A mail's MIME headers and body: `inner` at `depth` multipart levels."""
    out = b"Content-Type: text/plain\r\n\r\n" + inner
    for level in range(depth):
        b = f"b{level}".encode()
        out = (
            b"Content-Type: multipart/mixed; boundary=" + b + b"\r\n\r\n--" + b + b"\r\n"
            + out + b"\r\n--" + b + b"--\r\n"
        )  # fmt: skip
    return b"MIME-Version: 1.0\r\n" + out


def test_commands_nested_too_deep_are_said_not_read(judge):
    headers, _, body = nested(30, b"VERSION\r\n").partition(b"\r\n\r\n")
    message, message_id = raw(headers + b"\r\n", body)
    send(judge, message)
    text = reply_to(judge, message_id)
    assert "nested more than 20 MIME levels deep were not read" in text
    assert "Signon command not encountered" not in text


def test_commands_after_the_200th_part_are_said_not_read(judge):
    parts = b"".join(b"--x\r\nContent-Type: text/plain\r\n\r\n\r\n" for _ in range(250))
    top = b"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=x\r\n"
    message, message_id = raw(top, parts + b"--x--\r\n")
    send(judge, message)
    assert "more than 200 MIME parts: the rest were not read" in reply_to(judge, message_id)


def test_commands_in_a_text_attachment_are_said_not_read(judge):
    body = (
        b"--x\r\nContent-Type: text/plain\r\n\r\nMy orders are attached.\r\n"
        b"--x\r\nContent-Type: text/plain\r\nContent-Disposition: attachment;"
        b" filename=orders.txt\r\n\r\nVERSION\r\n--x--\r\n"
    )
    top = b"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=x\r\n"
    message, message_id = raw(top, body)
    send(judge, message)
    text = reply_to(judge, message_id)
    assert "The attachment 'orders.txt' was not read" in text


def test_control_characters_are_not_echoed_into_the_reply_or_its_subject(judge):
    message, message_id = raw(
        b"Subject: hi\x00there\x1b[2J\x07\r\n", b"HELLO\x00THERE\x1b[31m \x07bell\r\nVERSION\r\n"
    )
    send(judge, message)
    reply = judge.mailbox.reply(message_id, timeout=30)
    text = reply.get_content()
    for control in ("\x00", "\x1b", "\x07"):
        assert control not in text and control not in reply["Subject"]
    assert "HELLOTHERE bell" in text  # an escape sequence goes whole, not its tail "[31m"
    assert "[31m" not in text and "[2J" not in reply["Subject"]
    assert "This is judge USTS" in text


# -- 13: passwords in the stored copy ------------------------------------------------------


def stored_raw(judge: InProcessJudge, message_id: str) -> bytes:
    with judge.store.transaction(readonly=True) as session:
        rows = session.execute(select(Inbound.raw)).scalars().all()
    return next(r for r in rows if message_id.encode() in r)


def test_passwords_are_masked_in_the_stored_mail_once_it_is_answered(judge):
    message, message_id = raw(b"", b"SIGN ON Fnosuch hunter2x\r\n")
    send(judge, message)
    reply_to(judge, message_id)
    kept = stored_raw(judge, message_id)
    assert b"hunter2x" not in kept and b"SIGN ON Fnosuch ********" in kept


def test_passwords_are_masked_in_quoted_printable_and_base64(judge):
    qp_headers = b"Content-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n"
    message, qp_id = raw(qp_headers, b"CREATE ?newgame pa=3Dss=3Dword\r\n")
    send(judge, message)
    reply_to(judge, qp_id)
    kept = stored_raw(judge, qp_id)
    assert b"pa=3Dss=3Dword" not in kept and b"********" in kept
    encoded = base64.encodebytes(b"OBSERVE nosuch s3cr3tpw\r\n")
    b64_headers = b"Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n"
    message, b64_id = raw(b64_headers, encoded)
    send(judge, message)
    reply_to(judge, b64_id)
    kept = stored_raw(judge, b64_id)
    assert kept.count(b"\r\n\r\n") == 1
    body = base64.b64decode(kept.split(b"\r\n\r\n")[1])
    assert b"s3cr3tpw" not in body and b"OBSERVE nosuch ********" in body


# -- the time budget -----------------------------------------------------------------------


def test_a_mail_past_its_deadline_is_not_read_to_the_end():
    body = "VERSION\n" * 1000
    parsed = p.parse_mail(body, datetime(2026, 1, 1, tzinfo=UTC), deadline=time.monotonic() - 1)
    assert parsed.ended == "time"
    assert len(parsed.commands) < 256


def test_the_budget_cuts_off_reading_in_the_main_thread():
    started = time.monotonic()
    with pytest.raises(OverBudget), read_budget(0.2):
        while True:
            pass
    assert time.monotonic() - started < 5
