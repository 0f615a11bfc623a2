"""The listener cannot be exhausted (docs/operations.md 8f): connections are capped in all
and per host, an envelope takes at most 100 recipients and only the judge's own addresses,
a command and a whole DATA have a time bound, and a big message arrives on disk, not in
memory. Each over a real listener, by raw sockets or smtplib, as a sender would see it."""

from __future__ import annotations

import smtplib
import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from select import select as ready

from sqlalchemy import select

from judge.doctor import examine
from judge.store.models import Inbound
from tests.judgekit import InProcessJudge, answered_at_once


class Line:
    """A raw SMTP connection from a source address of the loopback range (each one is
    another host to the judge), read a line at a time."""

    def __init__(self, judge: InProcessJudge, source: str = "127.0.0.2") -> None:
        self.sock = socket.create_connection(
            (judge.client.host, judge.client.port), timeout=5, source_address=(source, 0)
        )
        self.reader = self.sock.makefile("rb")

    def read(self) -> bytes:
        return self.reader.readline()

    def say(self, line: bytes) -> bytes:
        """Send a command; its reply, the last line of it (EHLO's is several)."""
        self.sock.sendall(line + b"\r\n")
        reply = self.read()
        while reply[3:4] == b"-":
            reply = self.read()
        return reply

    def closed(self) -> bool:
        """Whether the judge closed the connection (what is left to read is the end)."""
        try:
            return self.reader.read() == b""
        except ConnectionResetError:  # it hung up on bytes it had not read
            return True

    def trickle(self, pieces: list[bytes], every: float) -> None:
        """Send `pieces` one at a time, `every` seconds apart, until the judge answers."""
        for piece in pieces:
            if ready([self.sock], [], [], every)[0]:
                return
            self.sock.sendall(piece)

    def close(self) -> None:
        self.reader.close()
        self.sock.close()


def eventually(check: Callable[[], bool], timeout: float = 3) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "not so after {timeout} s"
        time.sleep(0.02)


def rss() -> int:
    """This process's resident memory, in bytes (the in-process judge's and the test's)."""
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def test_connections_are_capped_per_host_and_in_all(tmp_path):
    with InProcessJudge(
        tmp_path / "j", JUDGE_SMTP_CONNECTIONS="4", JUDGE_SMTP_HOST_CONNECTIONS="2"
    ) as judge:
        first, second = Line(judge), Line(judge)
        assert first.read().startswith(b"220 ") and second.read().startswith(b"220 ")
        third = Line(judge)
        assert third.read() == (
            b"421 4.7.0 Too many connections from your host (at most 2); try again later\r\n"
        )
        assert third.closed()
        other = Line(judge, "127.0.0.3")
        assert other.read().startswith(b"220 ")
        relay = Line(judge, "127.0.0.1")  # a local relay: no cap of its own, but counted
        assert relay.read().startswith(b"220 ")
        over = Line(judge, "127.0.0.4")
        assert over.read() == (
            b"421 4.7.0 Too many connections to this judge (at most 4); try again later\r\n"
        )
        assert over.closed()
        full = [f for f in examine(judge.settings) if f.what.startswith("SMTP listener")]
        assert [f.level for f in full] == ["FAIL"] and "is full: 'Too many" in full[0].what
        first.close()  # a place is free again

        def admitted() -> bool:
            line = Line(judge, "127.0.0.4")
            greeting = line.read()
            if greeting.startswith(b"220 "):
                relay.close()  # the place for the ordinary mail below
                return True
            line.close()
            return False

        eventually(admitted)
        answered_at_once(judge)


def test_recipients_are_the_judges_own_addresses_and_at_most_100(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_ALIASES="games@test.example") as judge:
        with smtplib.SMTP(judge.client.host, judge.client.port, timeout=10) as smtp:
            smtp.ehlo()
            smtp.mail("anna@example.org")
            assert smtp.rcpt("someone@elsewhere.example") == (
                550,
                b"5.7.1 Relay access denied: this judge takes mail only for its own"
                b" address, <judge@test.example>",
            )
            assert smtp.rcpt("Games@TEST.example")[0] == 250  # an alias, in any case
            for _ in range(99):
                assert smtp.rcpt("judge@test.example")[0] == 250
            assert smtp.rcpt("judge@test.example") == (
                452,
                b"4.5.3 Too many recipients: at most 100 for one mail",
            )
            body = b"From: anna@example.org\r\nSubject: x\r\n\r\nVERSION\r\n"
            assert smtp.data(body)[0] == 250
        with judge.store.transaction(readonly=True) as session:
            stored = session.execute(select(Inbound.envelope_to)).scalars().all()
        assert len(stored) == 1 and "elsewhere" not in stored[0]
        answered_at_once(judge)


def test_a_pipelined_rcpt_flood_is_cut_off_after_20_errors(judge):
    """100 recipients taken, 20 refused, then the connection is closed: the rest of a
    flood is never read (before: each of them taken with 250, and kept)."""
    line = Line(judge)
    assert line.read().startswith(b"220 ")
    assert line.say(b"EHLO flood.example").startswith(b"250 ")
    assert line.say(b"MAIL FROM:<flood@example.org>").startswith(b"250 ")
    replies: list[bytes] = []
    reading = threading.Thread(target=lambda: replies.extend(iter(line.read, b"")))
    reading.start()
    with suppress(ConnectionError):  # the judge hangs up on the rest: what is wanted
        line.sock.sendall(b"RCPT TO:<judge@test.example>\r\n" * 1000)
    reading.join(10)
    codes = [reply[:3] for reply in replies]
    assert codes == [b"250"] * 100 + [b"452"] * 20 + [b"421"], codes[:5] + codes[-5:]
    assert replies[-1] == b"421 4.7.0 Too many errors (20); closing the connection\r\n"
    line.close()
    answered_at_once(judge)


def test_a_trickling_sender_is_closed_at_the_command_and_data_bounds(tmp_path):
    with InProcessJudge(
        tmp_path / "j", JUDGE_SMTP_COMMAND_SECONDS="1", JUDGE_SMTP_DATA_SECONDS="1.5"
    ) as judge:
        trickle = Line(judge)
        started = time.monotonic()
        assert trickle.read().startswith(b"220 ")
        trickle.trickle([bytes([byte]) for byte in b"NOOP\r\n"], 0.3)  # 1.8 s in all
        assert trickle.read() == (
            b"421 4.4.2 No command came in 1 seconds; closing the connection\r\n"
        )
        assert trickle.closed() and time.monotonic() - started < 2.5
        slow = Line(judge)
        assert slow.read().startswith(b"220 ")
        for command in (b"HELO slow.example", b"MAIL FROM:<slow@example.org>"):
            time.sleep(0.6)  # commands that each come within the bound are taken
            assert slow.say(command).startswith(b"250 ")
        assert slow.say(b"RCPT TO:<judge@test.example>").startswith(b"250 ")
        assert slow.say(b"DATA").startswith(b"354 ")
        started = time.monotonic()
        slow.trickle([b"VERSION\r\n"] * 20, 0.3)  # whole lines, but the message never ends
        assert slow.read() == (
            b"421 4.4.2 The message took more than 1.5 seconds to send; closing the connection\r\n"
        )
        assert slow.closed() and time.monotonic() - started < 3
        with judge.store.transaction(readonly=True) as session:
            assert session.execute(select(Inbound.id)).first() is None
        answered_at_once(judge)


def test_unfinished_big_messages_are_kept_out_of_memory(judge):
    """Twenty senders each stop just short of the end of a 950 kB message: the judge
    holds their bytes on disk, not in memory (before: about 1 MB of memory each); one
    that then ends it has its message stored as sent, dots and long lines included."""
    message = (
        b"From: big@example.org\r\nSubject: big\r\n\r\nVERSION\r\n"
        + b".a line that began with a dot\r\n"
        + (b"x" * 70 + b"\r\n") * 6000
        + b"y" * 500_000
        + b"\r\n.\r\n..\r\n"
    )
    sent = message.replace(b"\r\n.", b"\r\n..")  # dot-stuffed, as a client sends it
    lines = []
    before = rss()
    for _ in range(20):
        line = Line(judge, "127.0.0.1")
        assert line.read().startswith(b"220 ")
        for command in (b"HELO big.example", b"MAIL FROM:<big@example.org>"):
            assert line.say(command).startswith(b"250 ")
        assert line.say(b"RCPT TO:<judge@test.example>").startswith(b"250 ")
        assert line.say(b"DATA").startswith(b"354 ")
        line.sock.sendall(sent)
        lines.append(line)
    peak = before
    end = time.monotonic() + 1.0
    while time.monotonic() < end:  # the judge reads what was sent meanwhile
        peak = max(peak, rss())
        time.sleep(0.05)
    assert peak - before < 6_000_000, f"{(peak - before) / 1e6:.1f} MB more"
    assert lines[0].say(b".").startswith(b"250 ")
    with judge.store.transaction(readonly=True) as session:
        assert session.execute(select(Inbound.raw)).scalar_one() == message
    for line in lines:
        line.close()
    answered_at_once(judge, "big@example.org")


def test_a_stop_with_a_thousand_connections_open_keeps_its_bound(tmp_path):
    """1,000 connections from 100 hosts: 100 taken (the cap in all), 900 refused at the
    greeting; the stop then tells each connection still open, and finishes within its
    `shutdown_seconds`."""
    with InProcessJudge(tmp_path / "j", JUDGE_SHUTDOWN_SECONDS="2") as judge:
        lines = [Line(judge, f"127.0.1.{n // 10 + 1}") for n in range(1000)]
        greetings = [line.read()[:3] for line in lines]
        assert greetings.count(b"220") == 100 and greetings.count(b"421") == 900
        asked = time.monotonic()
        assert judge.judge.stop()
        assert time.monotonic() - asked < 2
        told = [
            line.read() for line, first in zip(lines, greetings, strict=True) if first == b"220"
        ]
        assert set(told) == {b"421 4.3.2 The judge is stopping; try again later\r\n"}
        assert all(line.closed() for line in lines)
        for line in lines:
            line.close()
