"""An outbox row as the bytes of a mail (RFC 5322, MIME text/plain).

Written by hand rather than through email.message.EmailMessage, which costs a millisecond
a mail: our mails are all one plain-text part, so the few rules that matter are kept here.
Headers that are not ASCII are encoded (RFC 2047); a body that is not ASCII, or has a line
too long for SMTP, goes quoted-printable. Lines end in LF; the relay sends CRLF.
"""

from __future__ import annotations

import binascii
from datetime import UTC
from email.header import Header
from email.utils import format_datetime, formataddr

from ..config import Settings
from ..mailin.addresses import for_sending
from ..store.models import Outbox

MAX_LINE = 998  # RFC 5322


def compose(row: Outbox, settings: Settings) -> bytes:
    headers = [
        ("From", formataddr((f"{settings.name} {settings.code}", settings.address))),
        ("To", for_sending(row.to_address)),  # an IDN in its ASCII form
        ("Subject", row.subject),
        ("Date", format_datetime(row.created_at.replace(tzinfo=UTC))),
        ("Message-ID", row.message_id),
    ]
    if row.in_reply_to:
        headers.append(("In-Reply-To", row.in_reply_to))
    if row.refs:
        headers.append(("References", row.refs))
    headers.extend((row.headers or {}).items())
    headers.append(("X-Judge", settings.code))
    # Loop markers: a mail that comes back with our X-Loop is ours (screening.py), and
    # well-behaved auto-responders answer neither bulk nor auto-submitted mail.
    headers.append(("X-Loop", settings.address))
    headers.append(("Precedence", "bulk"))
    headers.append(("MIME-Version", "1.0"))
    body, encoding = _body(row.body)
    headers.append(("Content-Type", "text/plain; charset=utf-8"))
    headers.append(("Content-Transfer-Encoding", encoding))
    head = "".join(_header(name, value) for name, value in headers)
    # A UTF-8 local part cannot be an encoded word: it goes as UTF-8 (RFC 6532), which
    # the relay carries with SMTPUTF8 (sender.Relay).
    return head.encode("utf-8") + b"\n" + body


def _header(name: str, value: str) -> str:
    value = " ".join(str(value).split())  # no line breaks smuggled in from a subject
    if name == "To" and not value.isascii():
        return f"To: {value}\n"
    if not value.isascii():
        return f"{name}: {Header(value, 'utf-8', header_name=name).encode()}\n"
    return f"{name}: {_fold(value, len(name) + 2)}\n"


def _fold(value: str, used: int) -> str:
    """Break a long header between words, each line under 78 characters."""
    if used + len(value) <= 78:
        return value
    lines: list[str] = []
    line = ""
    for word in value.split(" "):
        if line and used + len(line) + 1 + len(word) > 78:
            lines.append(line)
            line, used = word, 1
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n ".join(lines)


def _body(text: str) -> tuple[bytes, str]:
    if not text.endswith("\n"):
        text += "\n"
    data = text.encode("utf-8")
    if text.isascii() and all(len(line) <= MAX_LINE for line in text.split("\n")):
        return data, "7bit"
    return binascii.b2a_qp(data, istext=True), "quoted-printable"
