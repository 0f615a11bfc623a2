"""An outbox row as the bytes of a mail (RFC 5322, MIME text/plain, or multipart/mixed when
it carries files).

Written by hand rather than through email.message.EmailMessage, which costs a millisecond
a mail: our mails are one plain-text part, with the board's pictures after it on a results
mail or MAP's answer, so the few rules that matter are kept here. Headers that are not
ASCII are encoded (RFC 2047); a body that is not ASCII, or has a line too long for SMTP,
goes quoted-printable; a file goes in base64. Lines end in LF; the relay sends CRLF.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Sequence
from datetime import UTC
from email.header import Header
from email.utils import format_datetime, formataddr

from ..config import Settings
from ..mailin.addresses import for_sending
from ..store.models import Outbox
from .outbox import Attachment

MAX_LINE = 998  # RFC 5322


def compose(row: Outbox, settings: Settings, files: Sequence[Attachment] = ()) -> bytes:
    """The mail of `row`, with the `files` it carries (outbox.attachments_of)."""
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
    text_part = [("Content-Type", "text/plain; charset=utf-8")]
    text_part.append(("Content-Transfer-Encoding", encoding))
    if files:
        # The text first and unchanged; then the files. The boundary is made from the
        # message's own id, so that a resend is the same mail byte for byte.
        boundary = "=_" + hashlib.sha256(row.message_id.encode()).hexdigest()[:32]
        headers.append(("Content-Type", f'multipart/mixed; boundary="{boundary}"'))
        body = _multipart(boundary, text_part, body, files)
    else:
        headers.extend(text_part)
    head = "".join(_header(name, value) for name, value in headers)
    # A UTF-8 local part cannot be an encoded word: it goes as UTF-8 (RFC 6532), which
    # the relay carries with SMTPUTF8 (sender.Relay).
    return head.encode("utf-8") + b"\n" + body


def _multipart(
    boundary: str, text_part: list[tuple[str, str]], text: bytes, files: Sequence[Attachment]
) -> bytes:
    out = [b"This is a multipart message in MIME format.\n"]
    out.append(f"--{boundary}\n".encode())
    # The line break before a boundary belongs to the boundary (RFC 2046): one more, so
    # that the text ends as it does in a mail without pictures.
    out.append("".join(f"{k}: {v}\n" for k, v in text_part).encode() + b"\n" + text + b"\n")
    for f in files:
        disposition = "inline" if f.inline else "attachment"
        out.append(
            f"--{boundary}\n"
            f'Content-Type: {f.content_type}; name="{f.name}"\n'
            f'Content-Disposition: {disposition}; filename="{f.name}"\n'
            "Content-Transfer-Encoding: base64\n\n".encode()
        )
        out.append(base64.encodebytes(f.data))  # lines of 76 characters
    out.append(f"--{boundary}--\n".encode())
    return b"".join(out)


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
