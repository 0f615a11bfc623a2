"""Generated hostile mail through the whole reading path (read_mail, then the engine's
prepare: the parse, with a game's names to read orders by): nothing escapes, every mail is
read well within its time budget, and what is read is clean (no control characters in a
header field, no NUL in a body).

A property test (hypothesis) explores header and body shapes; a deterministic fuzz sends
24,000 generated mails, in chunks that pytest-xdist spreads over its workers.
"""

from __future__ import annotations

import base64
import gc
import random
import re
import time
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parser as p
import variants
from judge.engine.mail import prepare
from judge.engine.play.orders import power_names
from judge.mailin.message import read_mail

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
BUDGET = 0.5  # seconds a mail may take to be read and parsed, here
CHUNKS = 12
PER_CHUNK = 2_000  # CHUNKS * PER_CHUNK = 24,000 mails (the suite stays under five minutes)
CONTROLS = re.compile(r"[\x00-\x1f\x7f]")

_STANDARD = variants.load("standard")
_VOCABULARY = p.Vocabulary(
    _STANDARD.names,
    power_names(_STANDARD),
    "movement",
    {abbr: province.name for abbr, province in _STANDARD.provinces.items()},
)


p.parse_mail("", NOW)  # the grammars are built once, before any mail is timed


def vocabulary(_command: p.Command) -> p.Vocabulary:
    return _VOCABULARY


def read_through(raw: bytes) -> None:
    """The reading path, timed; what it read, checked."""
    # The work it took, whatever else the machine does; and without a collection of the
    # whole test process's heap (the garbage of every test before it) landing on one mail.
    gc.disable()
    try:
        started = time.thread_time()
        made = prepare(raw, NOW, vocabulary, deadline=time.monotonic() + BUDGET)
        elapsed = time.thread_time() - started
    finally:
        gc.enable()
    assert elapsed < BUDGET, f"{elapsed:.2f} s for {raw[:300]!r}"
    mail = made.mail
    for field in (mail.reply_to, mail.from_address, mail.subject, mail.message_id):
        assert not CONTROLS.search(field), repr(field)
    assert "\x00" not in mail.body
    assert made.parsed is not None
    for command in made.parsed.commands:
        assert command.line >= 0


# -- the pieces hostile mail is made of ----------------------------------------------------

ADDRESS_JUNK = [
    b"(",
    b")",
    b"\\",
    b'"',
    b"<",
    b">",
    b",",
    b";",
    b":",
    b"@",
    b"[",
    b"]",
    b" ",
    b"\x00",
    b"\x1b",
    b"=?utf-8?q?",
    b"?=",
    b"\xff",
    b"a",
    b"\r\n ",
]
COMMANDS = [
    "SIGN ON Fgame secret",
    "SIGN ON ?game pw standard",
    "CREATE ?new pw",
    "OBSERVE game pw",
    "SET PASSWORD newone",
    "VERSION",
    "HELP",
    "GET form",
    "WHO IS a",
    "LIST",
    "REGISTER",
    "END",
    "PHASE S1901M",
    "IF French Army Paris",
    "IF (((((( par",
    "ELSE",
    "ENDIF",
    "PRESS TO F",
    "ENDPRESS",
    "SIGN OFF",
    "SET DEADLINE Mon Jan 1 2027",
    "SET ABSENCE 9999",
    "A Par-Bur",
    "F Bre-MAO, A Mar S A Par-Bur",
    "a par - bur; f bre h",
    "REPLY-TO: someone@example.org",
    "-- ",
    "> quoted",
]


def _n(rng: random.Random, large: int, small: int = 30) -> int:
    """A count: small mostly, now and then up to `large` (big mail costs the most time)."""
    return rng.randrange(1, large) if rng.random() < 0.04 else rng.randrange(1, small)


def _junk(rng: random.Random, n: int) -> bytes:
    return b"".join(rng.choice(ADDRESS_JUNK) for _ in range(n))


def _address_header(rng: random.Random) -> bytes:
    shape = rng.randrange(8)
    if shape == 0:
        return b"player@example.org"
    if shape == 1:
        return b"player@example.org " + b"(" * _n(rng, 3000)
    if shape == 2:
        depth = _n(rng, 2000)
        return b"(" * depth + b"x" + b")" * depth + b" p@example.org"
    if shape == 3:
        return b'"' * _n(rng, 500) + b"<p@example.org>"
    if shape == 4:
        return b"\\" * _n(rng, 500) + b"(" * _n(rng, 500)
    if shape == 5:
        return b", ".join(b"a%d@example.org" % i for i in range(_n(rng, 400)))
    if shape == 6:
        return b"=?utf-8?b?" + base64.b64encode(b"(" * _n(rng, 600)) + b"?= <p@x.org>"
    return _junk(rng, _n(rng, 600))


def _line(rng: random.Random) -> str:
    kind = rng.randrange(10)
    if kind < 5:
        return rng.choice(COMMANDS)
    if kind == 5:
        return "name" + " " * _n(rng, 12_000) + rng.choice(["x", ": y", ""])
    if kind == 6:
        return "IF " + "(" * _n(rng, 60) + "par" + ")" * _n(rng, 60)
    if kind == 7:
        return "".join(chr(rng.randrange(0, 0x250)) for _ in range(rng.randrange(80)))
    if kind == 8:
        return rng.choice(COMMANDS) + "\x00\x1b[2J\x07" * rng.randrange(5)
    return " ".join(rng.choice(COMMANDS) for _ in range(rng.randrange(1, 20)))


def _text_body(rng: random.Random) -> bytes:
    lines = [_line(rng) for _ in range(rng.randrange(1, 8))]
    return "\r\n".join(lines).encode("utf-8", errors="replace") + b"\r\n"


def _html_body(rng: random.Random) -> bytes:
    shape = rng.randrange(4)
    if shape == 0:
        return b"<a " * _n(rng, 20_000)
    if shape == 1:
        return b"<!--" * _n(rng, 5_000) + b"<p>VERSION</p>"
    if shape == 2:
        return b"<script>" + b"<p>" * _n(rng, 5_000)
    return b"<p>" + _text_body(rng).replace(b"\r\n", b"<br>") + b"</p>&amp;&#0;&#x1b;"


def _nested(rng: random.Random, depth: int, inner: bytes) -> bytes:
    out = inner
    for level in range(depth):
        b = b"b%d" % level
        close = b"\r\n--" + b + b"--\r\n" if rng.random() < 0.7 else b""
        out = (
            b"Content-Type: multipart/mixed; boundary="
            + b
            + b"\r\n\r\n--"
            + b
            + b"\r\n"
            + out
            + close
        )
    return out


def _part(rng: random.Random) -> bytes:
    shape = rng.randrange(6)
    if shape == 0:
        return b"Content-Type: text/plain\r\n\r\n" + _text_body(rng)
    if shape == 1:
        return b"Content-Type: text/html\r\n\r\n" + _html_body(rng)
    if shape == 2:
        encoded = base64.encodebytes(_text_body(rng))
        return b"Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n" + encoded
    if shape == 3:
        return (
            b"Content-Type: text/plain; charset=x-klingon\r\n"
            b"Content-Transfer-Encoding: quoted-printable\r\n\r\n"
            + _text_body(rng).replace(b"E", b"=45=\r\n")
        )
    if shape == 4:
        return (
            b"Content-Type: text/plain\r\nContent-Disposition: attachment; filename=\x00o.txt"
            b"\r\n\r\n" + _text_body(rng)
        )
    return b"Content-Type: message/rfc822\r\n\r\n" * _n(rng, 400) + _text_body(rng)


def hostile_mail(rng: random.Random) -> bytes:
    headers = [b"From: " + _address_header(rng)]
    if rng.random() < 0.5:
        headers.append(b"Reply-To: " + _address_header(rng))
    if rng.random() < 0.5:
        headers.append(b"Subject: " + _junk(rng, _n(rng, 200)))
    if rng.random() < 0.2:
        headers.append(b"Message-ID: <" + _junk(rng, 50) + b">")
    if rng.random() < 0.1:
        headers += [b"X-Junk: " + _junk(rng, 5)] * _n(rng, 2000)
    if rng.random() < 0.01:
        headers.append(b"Subject: " + b"x" * rng.randrange(200_000))
    shape = rng.randrange(10)
    if shape < 4:
        body = b"\r\n" + _text_body(rng)
    elif shape < 6:
        body = b"MIME-Version: 1.0\r\n" + _part(rng)
    elif shape < 8:
        parts = [_part(rng) for _ in range(rng.randrange(1, 6))]
        body = b"MIME-Version: 1.0\r\n" + _nested(rng, _n(rng, 60), parts[0])
    elif shape == 8:
        count = _n(rng, 3000, 300)
        body = (
            b"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n"
            + b"--x\r\n\r\n" * count
            + b"--x\r\n"
            + _part(rng)
        )
    else:
        body = b"\r\n" + _junk(rng, _n(rng, 2000, 200))
    return b"\r\n".join(headers) + b"\r\n" + body


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generated_hostile_mail_is_read_within_its_budget(chunk):
    rng = random.Random(f"reading fuzz {chunk}")
    for _ in range(PER_CHUNK):
        read_through(hostile_mail(rng))


# -- the property test ---------------------------------------------------------------------

header_bytes = st.binary(max_size=300) | st.builds(
    lambda piece, n: piece * n,
    st.sampled_from([*ADDRESS_JUNK, b"(a", b"\\(", b'"("', b"=?x?q?(?="]),
    st.integers(0, 2000),
)
body_lines = st.lists(
    st.sampled_from(COMMANDS)
    | st.text(max_size=200)
    | st.builds(lambda n, end: "name" + " " * n + end, st.integers(0, 11_000), st.text(max_size=5)),
    max_size=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sender=header_bytes,
    reply_to=header_bytes,
    subject=header_bytes,
    content_type=st.sampled_from(
        [b"", b"Content-Type: text/html\r\n", b"Content-Type: text/plain; charset=utf-16\r\n"]
    ),
    lines=body_lines,
)
def test_any_header_and_body_is_read_without_an_exception(
    sender, reply_to, subject, content_type, lines
):
    raw = (
        b"From: " + sender.replace(b"\n", b" ") + b"\r\nReply-To: " + reply_to.replace(b"\n", b" ")
        + b"\r\nSubject: " + subject.replace(b"\n", b" ") + b"\r\n" + content_type + b"\r\n"
        + "\r\n".join(lines).encode("utf-8", errors="replace")
    )  # fmt: skip
    read_through(raw)
    assert read_mail(raw).reply_to == read_mail(raw).reply_to
