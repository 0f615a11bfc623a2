"""A raw mail to what the judge needs of it: who to answer, the subject, the text.

The body is the text/plain part; an HTML-only mail is turned into text; quoted-printable,
base64 and charsets are decoded; a mail too strange to parse is read as plain text rather
than refused, so that a modern mail client just works and a broken one still gets an answer.

Reading is bounded: the MIME structure handed to the email package is cut before it could
cost more than linear time (MAX_BOUNDARIES, MAX_BOUNDARY_LINES), header values are capped
(MAX_HEADER), addresses are read without the email package's recursion (addresses.py),
and HTML by a one-pass reader (htmltext.py). `read_mail` never raises; what it did not read
is in `unread`, for the reply.
"""

from __future__ import annotations

import email
import re
from dataclasses import dataclass
from email import policy
from email.errors import HeaderParseError
from email.header import Header, decode_header, make_header
from email.message import Message

from .addresses import last_address, one_address
from .htmltext import MAX_HTML, html_to_text

__all__ = ["IncomingMail", "html_to_text", "read_mail"]

MAX_PARTS = 200  # MIME parts looked at; a "MIME bomb" is cut short, not followed
MAX_DEPTH = 20
MAX_HEADER = 4000  # characters of one header's value read; the rest is ignored
# The email package checks each line against every open multipart's boundary: a mail with
# many is cut (at its MAX_BOUNDARIES-th boundary declaration, or at its MAX_PART_LINES-th
# line beginning `--`) before it is parsed, so that parsing stays linear in the mail's size.
MAX_BOUNDARIES = 40
MAX_PART_LINES = 1000

_HEADER_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]+")
_BODY_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]+")


@dataclass(frozen=True)
class IncomingMail:
    reply_to: str  # the last Reply-To, else From: where the answer goes
    from_address: str
    subject: str
    body: str
    message_id: str
    references: str
    auto_submitted: str  # RFC 3834: "no" or absent for a person's mail
    precedence: str
    list_id: str
    judge_header: str  # our own loop marker (X-Judge), set on everything we send
    return_path: str | None = None  # the Return-Path header: "" for a bounce, None if absent
    notes: tuple[str, ...] = ()  # what was odd about the mail (for the log)
    unread: tuple[str, ...] = ()  # what of the mail was not read (for the reply)


def read_mail(raw: bytes) -> IncomingMail:
    """Read a raw RFC 5322 message; never raises."""
    notes: list[str] = []
    unread: list[str] = []
    try:
        return _read(raw, notes, unread)
    except Exception as exc:  # RecursionError and the like: a bug of the email package
        notes.append(f"unreadable ({type(exc).__name__}); read as plain text")
        return _plain(raw, notes, unread)


def _read(raw: bytes, notes: list[str], unread: list[str]) -> IncomingMail:
    fed = _bounded(raw, notes, unread)
    try:
        # compat32: ten times quicker than the modern policy, and we decode ourselves.
        message = email.message_from_bytes(fed, policy=policy.compat32)
    except Exception as exc:  # email's parser is robust; this is for the truly broken
        notes.append(f"unparseable ({type(exc).__name__})")
        return _plain(raw, notes, unread)
    headers = _Headers(message, notes)
    body = clean_body(_body(message, notes, unread))
    reply_to = headers.last_address("Reply-To") or headers.last_address("From")
    return IncomingMail(
        reply_to=reply_to,
        from_address=headers.last_address("From"),
        subject=headers.text("Subject"),
        body=body,
        message_id=headers.text("Message-ID"),
        references=headers.text("References"),
        auto_submitted=headers.text("Auto-Submitted").lower(),
        precedence=headers.text("Precedence").lower(),
        list_id=headers.text("List-Id"),
        judge_header=headers.text("X-Judge"),
        return_path=headers.return_path(),
        notes=tuple(notes),
        unread=tuple(dict.fromkeys(unread)),
    )


def _bounded(raw: bytes, notes: list[str], unread: list[str]) -> bytes:
    """The mail, cut where its MIME structure would make the email package slow."""
    lower = raw.lower()
    if b"multipart" not in lower and b"message/" not in lower:
        return raw
    cut = len(raw)
    for needle in (b"boundary", b"message/"):  # a multipart, a mail inside the mail
        at = _nth(lower, needle, MAX_BOUNDARIES + 1)
        if at is not None:
            cut = min(cut, at)
    at = _nth(raw, b"\n--", MAX_PART_LINES + 1)
    if at is not None:
        cut = min(cut, at)
    if cut == len(raw):
        return raw
    notes.append(f"MIME structure too complex; cut at byte {cut}")
    unread.append(
        f"Your mail's MIME structure is too complex (more than {MAX_BOUNDARIES} multipart "
        f"sections or {MAX_PART_LINES} parts): only its first {cut // 1000 or 1} kB were read."
    )
    return raw[:cut]


def _nth(data: bytes, needle: bytes, n: int) -> int | None:
    """Where the n-th occurrence of needle starts, if there are that many."""
    if data.count(needle) < n:
        return None
    at = -1
    for _ in range(n):
        at = data.find(needle, at + 1)
    return at


def clean_header(text: str) -> str:
    """A header's text on one line: control characters (NUL, escapes, line breaks) become
    spaces, so that nothing of them reaches a reply's subject or the log."""
    return " ".join(_HEADER_CONTROLS.sub(" ", text).split())


def clean_body(text: str) -> str:
    """A body without control characters but tabs and line breaks: they would be echoed
    raw into replies and the log."""
    return _BODY_CONTROLS.sub("", text)


class _Headers:
    def __init__(self, message: Message, notes: list[str]) -> None:
        self.message = message
        self.notes = notes

    def _last(self, name: str) -> str | None:
        try:
            values = self.message.get_all(name, [])
            return _unfold(values[-1], self.notes) if values else None
        except Exception:
            self.notes.append(f"bad {name} header")
            return None

    def text(self, name: str) -> str:
        value = self._last(name)
        return clean_header(value) if value is not None else ""

    def return_path(self) -> str | None:
        value = self._last("Return-Path")
        return clean_header(one_address(value)) if value is not None else None

    def last_address(self, name: str) -> str:
        value = self._last(name)
        return clean_header(last_address(value)) if value else ""


def _body(message: Message, notes: list[str], unread: list[str]) -> str:
    """The text/plain part, else the HTML part as text, else any text we can find."""
    plain: list[str] = []
    html: list[str] = []
    seen = 0
    stack: list[tuple[Message, int]] = [(message, 0)]
    while stack:
        part, depth = stack.pop()
        seen += 1
        if seen > MAX_PARTS:
            notes.append("too many MIME parts; the rest ignored")
            unread.append(
                f"Your mail has more than {MAX_PARTS} MIME parts: the rest were not read."
            )
            break
        if part.is_multipart():
            if depth >= MAX_DEPTH:
                notes.append("MIME parts nested too deep; the rest ignored")
                unread.append(
                    f"Parts of your mail nested more than {MAX_DEPTH} MIME levels deep were "
                    "not read."
                )
                continue
            try:
                children = list(part.get_payload() or [])
            except Exception:
                notes.append("unreadable multipart")
                continue
            stack.extend((child, depth + 1) for child in reversed(children))
            continue
        kind = part.get_content_type()
        if part.get_content_disposition() == "attachment":
            if part.get_content_maintype() == "text":
                unread.append(
                    f"The attachment {_filename(part)} was not read: write commands in the "
                    "mail itself, not in an attachment."
                )
            continue
        if kind not in ("text/plain", "text/html"):
            continue
        text = _decoded(part, notes)
        (plain if kind == "text/plain" else html).append(text)
    if plain:
        return plain[0]
    if html:
        notes.append("HTML only: read as text")
        markup = html[0]
        if len(markup) > MAX_HTML:
            notes.append(f"HTML cut at {MAX_HTML} characters")
            unread.append(
                f"Only the first {MAX_HTML // 1000} kB of your HTML mail were read; send "
                "plain text."
            )
            markup = markup[:MAX_HTML]
        return html_to_text(markup)
    if not message.is_multipart() and message.get_content_maintype() != "text":
        notes.append(f"no text part ({message.get_content_type()})")
    return ""


def _filename(part: Message) -> str:
    try:
        name = clean_header(part.get_filename() or "")[:60]
    except Exception:
        name = ""
    return f"'{name}'" if name else "(a text file)"


def _unfold(value: object, notes: list[str]) -> str:
    """A header's text, RFC 2047 words decoded; what cannot be decoded is kept as is."""
    if isinstance(value, Header):
        value = str(value)
    text = str(value)[:MAX_HEADER]
    if "=?" not in text:
        return text
    try:
        return str(make_header(decode_header(text)))[:MAX_HEADER]
    except (HeaderParseError, LookupError, UnicodeError, ValueError):
        notes.append("a header in an unknown encoding")
        return text


def _decoded(part: Message, notes: list[str]) -> str:
    """A text part's payload: transfer encoding undone, then its charset."""
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        notes.append("an undecodable text part")
        return ""
    if not isinstance(payload, bytes):
        return str(payload or "")
    charset = part.get_content_charset() or "us-ascii"
    try:
        return payload.decode(charset, errors="replace")
    except (LookupError, ValueError):
        notes.append(f"unknown charset {charset[:40]!r}; read as UTF-8")
        return payload.decode("utf-8", errors="replace")


def _plain(raw: bytes, notes: list[str], unread: list[str]) -> IncomingMail:
    text = raw.decode("utf-8", errors="replace").replace("\r\n", "\n")
    head, _, body = text.partition("\n\n")
    sender = ""
    for line in head.splitlines()[:1000]:
        if line.lower().startswith(("from:", "reply-to:")):
            sender = clean_header(one_address(line.split(":", 1)[1])) or sender
    return IncomingMail(
        reply_to=sender,
        from_address=sender,
        subject="",
        body=clean_body(body),
        message_id="",
        references="",
        auto_submitted="",
        precedence="",
        list_id="",
        judge_header="",
        notes=tuple(notes),
        unread=tuple(unread),
    )
