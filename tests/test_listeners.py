"""The doors mail comes in by: SMTP and LMTP, with the size limit advertised."""

from __future__ import annotations

import smtplib
import socket

from tests.judgekit import InProcessJudge, free_port, mail


def lmtp_conversation(port: int, recipients: list[bytes], data: bytes) -> list[bytes]:
    """Speak LMTP (RFC 2033) by hand: smtplib.LMTP reads only one answer after DATA, and
    LMTP gives one for each recipient taken."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        reader = sock.makefile("rb")

        def say(line: bytes, answers: int = 1) -> list[bytes]:
            sock.sendall(line + b"\r\n")
            out = []
            for _ in range(answers):
                out.append(reader.readline())
                while out[-1][3:4] == b"-":  # a multi-line answer (LHLO)
                    out.append(reader.readline())
            return out

        greeting = [reader.readline()]
        out = greeting + say(b"LHLO client.example") + say(b"MAIL FROM:<anna@example.org>")
        for rcpt in recipients:
            out += say(b"RCPT TO:<" + rcpt + b">")
        taken = sum(answer.startswith(b"250") for answer in out[-len(recipients) :])
        out += say(b"DATA")
        out += say(data + b"\r\n.", answers=taken)
        return out + say(b"QUIT")


def test_lmtp_delivery_answers_once_for_each_recipient(tmp_path):
    """Each of the judge's own addresses (its address and its aliases) is answered; any
    other is refused, as over SMTP (docs/operations.md 8f)."""
    port = free_port()
    with InProcessJudge(
        tmp_path / "j", JUDGE_LMTP=f"127.0.0.1:{port}", JUDGE_ALIASES="alias@test.example"
    ) as judge:
        message = mail("anna@example.org", "VERSION", subject="by lmtp")
        data = message.as_bytes().replace(b"\n", b"\r\n").rstrip(b"\r\n")
        recipients = [b"judge@test.example", b"alias@test.example", b"other@test.example"]
        answers = lmtp_conversation(port, recipients, data)
        assert answers[-5].startswith(b"550 5.7.1 Relay access denied")
        queued = [a for a in answers if b"queued as" in a]
        assert len(queued) == 2 and all(a.startswith(b"250 ") for a in queued)
        assert answers[-1].startswith(b"221")
        reply = judge.mailbox.reply(message["Message-ID"])
        assert reply["Subject"] == "Re: USTS by lmtp"


def test_lmtp_refuses_a_mail_over_the_size_limit_for_each_recipient(tmp_path):
    port = free_port()
    with InProcessJudge(
        tmp_path / "j", JUDGE_LMTP=f"127.0.0.1:{port}", JUDGE_ALIASES="alias@test.example",
        JUDGE_MAX_MESSAGE="1000",
    ) as judge:  # fmt: skip
        data = b"Subject: big\r\n\r\n" + b"x" * 5000
        answers = lmtp_conversation(port, [b"judge@test.example", b"alias@test.example"], data)
        assert [a[:28] for a in answers[-3:-1]] == [b"552 5.3.4 Message too big fo"] * 2
        assert answers[-1].startswith(b"221")
        assert not judge.mailbox.all()


def test_smtp_advertises_the_size_limit(judge):
    with smtplib.SMTP(judge.client.host, judge.client.port) as smtp:
        smtp.ehlo()
        assert smtp.has_extn("size")
        assert int(smtp.esmtp_features["size"]) == judge.settings.max_message


# The rate limit (drop, not hold): tests/test_rate_limits.py.


def test_envelope_addresses_in_every_form_are_taken(judge):
    """The plain `<a@b>` with ESMTP parameters, a quoted local part, and a null reverse
    path (a bounce: stored, logged, never answered); a malformed address is refused."""
    body = mail("ignored@example.org", "VERSION").as_bytes()
    with smtplib.SMTP(judge.client.host, judge.client.port) as smtp:
        smtp.ehlo()
        assert smtp.docmd("MAIL FROM:<plain.sender+tag@example.org> SIZE=100")[0] == 250
        assert smtp.docmd("RSET")[0] == 250
        assert smtp.docmd('MAIL FROM:<"john doe"@example.org>')[0] == 250
        assert smtp.docmd("RCPT TO:<judge@test.example>")[0] == 250
        assert smtp.docmd("RSET")[0] == 250
        assert smtp.docmd("MAIL FROM:<>")[0] == 250
        assert smtp.docmd("RSET")[0] == 250
        assert smtp.docmd("MAIL FROM:<@@>")[0] == 553
    with smtplib.SMTP(judge.client.host, judge.client.port) as smtp:
        refused = smtp.sendmail('"john doe"@example.org', ["judge@test.example"], body)
        assert refused == {}
