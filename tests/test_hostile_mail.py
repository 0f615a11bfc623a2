"""A corpus of hostile and broken mail, through a real SMTP conversation: each gets a
clear answer or a logged refusal, nothing crashes, and the judge goes on answering."""

from __future__ import annotations

import logging
import smtplib
import uuid

import pytest
from sqlalchemy import select

from judge.store.models import Inbound
from tests.judgekit import InProcessJudge, last_inbound, settle

FROM = b"From: Player <player@example.org>\r\nTo: judge@test.example\r\n"


def raw(headers: bytes, body: bytes) -> bytes:
    message_id = f"<{uuid.uuid4().hex}@client.example>".encode()
    return FROM + b"Message-ID: " + message_id + b"\r\n" + headers + b"\r\n" + body


def nested(depth: int) -> bytes:
    out = b"VERSION\r\n"
    for level in range(depth):
        b = f"b{level}".encode()
        out = (
            b"Content-Type: multipart/mixed; boundary=" + b + b"\r\n\r\n--" + b + b"\r\n"
            + out + b"\r\n--" + b + b"--\r\n"
        )  # fmt: skip
    return out


def many_parts(count: int) -> bytes:
    parts = b"".join(b"--x\r\nContent-Type: text/plain\r\n\r\nVERSION\r\n" for _ in range(count))
    return b"Content-Type: multipart/mixed; boundary=x\r\n\r\n" + parts + b"--x--\r\n"


BINARY = (
    b"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=zz\r\n\r\n"
    b"--zz\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\nVERSION\r\n"
    b"--zz\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment;"
    b" filename=x.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    + b"AAECAwQFBgcICQ==\r\n" * 2000
    + b"--zz--\r\n"
)

# name: (envelope sender, raw message, what the answer must say, or None: not answered)
ANSWERED = {
    "malformed headers": (
        "player@example.org",
        FROM + b"This is not a header\r\nSubject: =?utf-8?q?broken=ZZ?=\r\n"
        b"X-Null: a\x00b\r\nContent-Type: text/plain; charset=\r\n\r\nVERSION\r\n",
        "This is judge USTS",
    ),
    "unknown charset": (
        "player@example.org",
        raw(b"Content-Type: text/plain; charset=x-klingon\r\n", b"VERSION\r\n"),
        "This is judge USTS",
    ),
    "latin-1 bytes said to be utf-8": (
        "player@example.org",
        raw(b"Content-Type: text/plain; charset=utf-8\r\n", b"VERSION\r\nS\xe9bastien\r\n"),
        "This is judge USTS",
    ),
    "utf-8 in quoted-printable": (
        "player@example.org",
        raw(
            b"Content-Type: text/plain; charset=utf-8\r\n"
            b"Content-Transfer-Encoding: quoted-printable\r\n",
            b"VERS=\r\nION\r\nWHO IS s=C3=A9b\r\n",
        ),
        "This is judge USTS",
    ),
    "bad base64": (
        "player@example.org",
        raw(b"Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n", b"!!!*&^\r\n"),
        "Signon command not encountered",
    ),
    "MIME bomb, deep": ("player@example.org", raw(b"MIME-Version: 1.0\r\n", nested(300)), None),
    "MIME bomb, wide": (
        "player@example.org",
        raw(b"MIME-Version: 1.0\r\n", many_parts(5000)),
        "This is judge USTS",
    ),
    "binary attachment": ("player@example.org", raw(b"", BINARY), "This is judge USTS"),
    "HTML only": (
        "player@example.org",
        raw(
            b"MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n",
            b"<html><head><style>p {}</style></head><body><p>VERSION</p>"
            b"<div>GET&nbsp;form</div></body></html>\r\n",
        ),
        "File form sent.",
    ),
    "empty body": ("player@example.org", raw(b"", b""), "Signon command not encountered"),
    "no body at all": ("player@example.org", FROM + b"Subject: hi\r\n", "Signon command"),
    "huge subject": (
        "player@example.org",
        raw(b"Subject: " + b"x" * 20000 + b"\r\n", b"VERSION\r\n"),
        "This is judge USTS",
    ),
    "a megabyte line": (
        "player@example.org",
        raw(b"Content-Transfer-Encoding: base64\r\n", b"QUFB" * 200000 + b"\r\n"),
        "Line 1:",
    ),
}
REFUSED = {
    "bounce": (
        "",
        b"From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\r\nTo: judge@test.example\r\n"
        b"Subject: Undelivered Mail Returned to Sender\r\nContent-Type: multipart/report;"
        b" report-type=delivery-status; boundary=b\r\n\r\n--b\r\n\r\nThe mail could not be"
        b" delivered.\r\n--b--\r\n",
        "bounce",
    ),
    "auto-reply": (
        "player@example.org",
        raw(b"Auto-Submitted: auto-replied\r\nSubject: Out of office\r\n", b"I am away.\r\n"),
        "Auto-Submitted",
    ),
    "bulk mail": ("list@example.org", raw(b"Precedence: bulk\r\n", b"HELP\r\n"), "Precedence"),
    "mailing list": ("list@example.org", raw(b"List-Id: <l.example.org>\r\n", b"HELP"), "List-Id"),
    "our own mail back": ("player@example.org", raw(b"X-Judge: USTS\r\n", b"HELP\r\n"), "X-Judge"),
    "from ourselves": (
        "judge@test.example",
        b"From: judge@test.example\r\nMessage-ID: <o@x>\r\n\r\nHELP\r\n",
        "our own address",
    ),
    "no sender": ("someone@example.org", b"Subject: who?\r\n\r\nHELP\r\n", "no address"),
    "postmaster": (
        "postmaster@example.org",
        b"From: postmaster@example.org\r\nMessage-ID: <p@x>\r\n\r\nHELP\r\n",
        "machine",
    ),
}


@pytest.fixture(scope="module")
def judge(tmp_path_factory):
    with InProcessJudge(tmp_path_factory.mktemp("hostile"), JUDGE_RATE_LIMIT="1000") as running:
        yield running


@pytest.mark.parametrize("name", list(ANSWERED))
def test_hostile_mail_gets_a_clear_answer(judge, name):
    sender, message, expected = ANSWERED[name]
    before = {m["Message-ID"] for m in judge.mailbox.all()}
    judge.client.send_raw(message, sender)
    settle(judge.store)
    row = last_inbound(judge)
    assert row.status == "done", row.outcome
    new = [m for m in judge.mailbox.all() if m["Message-ID"] not in before]
    replies = [m for m in new if m["To"] == "player@example.org"]
    if expected is None:  # the MIME bomb: read as far as is safe, and answered
        assert len(replies) == 1
        return
    assert len(replies) >= 1, f"no answer; inbound outcome: {row.outcome}"
    assert expected in replies[0].get_content()
    assert len(replies[0]["Subject"]) < 100


@pytest.mark.parametrize("name", list(REFUSED))
def test_loops_and_bounces_are_logged_and_never_answered(judge, name, caplog):
    sender, message, reason = REFUSED[name]
    before = len(judge.mailbox.all())
    with caplog.at_level(logging.INFO, logger="judge"):
        judge.client.send_raw(message, sender)
        settle(judge.store)
    row = last_inbound(judge)
    assert row.status == "done" and row.outcome.startswith("not answered")
    assert reason in row.outcome
    assert len(judge.mailbox.all()) == before
    assert any(
        "not answered" in r.getMessage() and reason in r.getMessage() for r in caplog.records
    )


def test_ten_megabytes_is_refused_at_smtp_time(judge):
    with pytest.raises(smtplib.SMTPException) as refused:
        judge.client.send_raw(raw(b"", (b"y" * 998 + b"\r\n") * 10_500), "player@example.org")
    error = refused.value
    code, words = (
        (error.smtp_code, error.smtp_error)
        if hasattr(error, "smtp_code")
        else error.recipients["judge@test.example"]
    )
    assert code == 552
    assert b"Message too big for this judge: at most 1000000 bytes" in words


def test_ten_megabytes_without_a_size_declared_is_refused_after_the_data(judge):
    with smtplib.SMTP(judge.client.host, judge.client.port, timeout=60) as smtp:
        smtp.ehlo()
        smtp.mail("player@example.org")  # no SIZE=: the judge learns the size in DATA
        smtp.rcpt("judge@test.example")
        code, words = smtp.data(raw(b"", (b"z" * 998 + b"\r\n") * 10_500))
    assert code == 552
    assert words.startswith(b"5.3.4 Message too big for this judge: at most 1000000 bytes;")
    with judge.store.transaction(readonly=True) as session:
        stored = session.execute(select(Inbound.raw)).scalars().all()
    assert not any(b"zzzz" in message for message in stored)


def test_the_judge_still_answers_after_the_corpus(judge):
    reply = judge.ask("after@example.org", "VERSION")
    assert "This is judge USTS" in reply.get_content()
    with judge.store.transaction(readonly=True) as session:
        failed = session.execute(select(Inbound).where(Inbound.status != "done")).scalars().all()
    assert not failed, [(r.id, r.status, r.outcome) for r in failed]
