"""A raw mail to what the judge needs of it: who to answer, the subject, the text.

The body is the text/plain part; an HTML-only mail is turned into text; quoted-printable,
base64 and charsets are decoded; a mail too strange to parse is read as plain text rather
than refused, so that a modern mail client just works and a broken one still gets an answer.
"""

from __future__ import annotations

import email
import re
from dataclasses import dataclass
from email import policy
from email.errors import HeaderParseError
from email.header import Header, decode_header, make_header
from email.message import Message
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

MAX_PARTS = 200  # MIME parts looked at; a "MIME bomb" is cut short, not followed
MAX_DEPTH = 20


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
    reply_to_all: tuple[str, ...] = ()  # every address of the last Reply-To, in order


def read_mail(raw: bytes) -> IncomingMail:
    """Read a raw RFC 5322 message; never raises."""
    notes: list[str] = []
    try:
        # compat32: ten times quicker than the modern policy, and we decode ourselves.
        message = email.message_from_bytes(raw, policy=policy.compat32)
    except Exception as exc:  # email's parser is robust; this is for the truly broken
        notes.append(f"unparseable ({type(exc).__name__})")
        return _plain(raw, notes)
    headers = _Headers(message, notes)
    body = _body(message, notes)
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
        reply_to_all=headers.addresses("Reply-To"),
    )


class _Headers:
    def __init__(self, message: Message, notes: list[str]) -> None:
        self.message = message
        self.notes = notes

    def _all(self, name: str) -> list[str]:
        try:
            return [_unfold(v, self.notes) for v in self.message.get_all(name, [])]
        except Exception:
            self.notes.append(f"bad {name} header")
            return []

    def text(self, name: str) -> str:
        values = self._all(name)
        return " ".join(values[-1].split()) if values else ""

    def return_path(self) -> str | None:
        values = self._all("Return-Path")
        return parseaddr(values[-1])[1].strip() if values else None

    def addresses(self, name: str) -> tuple[str, ...]:
        values = self._all(name)
        if not values:
            return ()
        return tuple(a.strip() for _, a in getaddresses([values[-1]]) if a and "@" in a)

    def last_address(self, name: str) -> str:
        values = self._all(name)
        if not values:
            return ""
        pairs = [a for _, a in getaddresses([values[-1]]) if a and "@" in a]
        if not pairs:
            _, address = parseaddr(values[-1])
            return address.strip()
        return pairs[-1].strip()


def _body(message: Message, notes: list[str]) -> str:
    """The text/plain part, else the HTML part as text, else any text we can find."""
    plain: list[str] = []
    html: list[str] = []
    seen = 0
    stack: list[tuple[Message, int]] = [(message, 0)]
    while stack:
        part, depth = stack.pop(0)
        seen += 1
        if seen > MAX_PARTS:
            notes.append("too many MIME parts; the rest ignored")
            break
        if part.is_multipart():
            if depth >= MAX_DEPTH:
                notes.append("MIME parts nested too deep; the rest ignored")
                continue
            try:
                children = list(part.get_payload() or [])
            except Exception:
                notes.append("unreadable multipart")
                continue
            stack[0:0] = [(child, depth + 1) for child in children]
            continue
        if part.get_content_disposition() == "attachment":
            continue
        kind = part.get_content_type()
        if kind not in ("text/plain", "text/html"):
            continue
        text = _decoded(part, notes)
        (plain if kind == "text/plain" else html).append(text)
    if plain:
        return plain[0]
    if html:
        notes.append("HTML only: read as text")
        return html_to_text(html[0])
    if not message.is_multipart() and message.get_content_maintype() != "text":
        notes.append(f"no text part ({message.get_content_type()})")
    return ""


def _unfold(value: object, notes: list[str]) -> str:
    """A header's text, RFC 2047 words decoded; what cannot be decoded is kept as is."""
    if isinstance(value, Header):  # raw 8-bit text (RFC 6532): read as UTF-8
        value = "".join(
            part.decode("utf-8", "replace") if isinstance(part, bytes) else part
            for part, _ in decode_header(value)
        )
    text = str(value)
    if "=?" not in text:
        return text
    try:
        return str(make_header(decode_header(text)))
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


def _plain(raw: bytes, notes: list[str]) -> IncomingMail:
    text = raw.decode("utf-8", errors="replace")
    head, _, body = text.partition("\n\n")
    sender = ""
    for line in head.splitlines():
        if line.lower().startswith(("from:", "reply-to:")):
            sender = parseaddr(line.split(":", 1)[1])[1] or sender
    return IncomingMail(
        reply_to=sender,
        from_address=sender,
        subject="",
        body=body,
        message_id="",
        references="",
        auto_submitted="",
        precedence="",
        list_id="",
        judge_header="",
        notes=tuple(notes),
    )


class _Text(HTMLParser):
    BREAKS = frozenset({"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "pre", "blockquote"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("script", "style", "head", "title"):
            self.skip += 1
        elif tag in self.BREAKS:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head", "title"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.BREAKS:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


_BLANKS = re.compile(r"\n[ \t]*\n[\s]*")


def html_to_text(html: str) -> str:
    """Tags dropped, entities decoded, a line break for each block: what a person sees."""
    reader = _Text()
    try:
        reader.feed(html)
        reader.close()
    except Exception:
        return re.sub(r"<[^>]*>", " ", html)
    text = "".join(reader.out).replace("\xa0", " ")
    lines = [line.strip() for line in text.splitlines()]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip()
