"""Passwords out of what the judge keeps and echoes of a mail.

Which words are passwords comes from the mail's commands (parser/passwords.py): those of
CREATE, SIGN ON, OBSERVE, SET PASSWORD and I AM ALSO CONFIRM, in its body or its Subject.
A password is masked as a whole word, as `********`:

- in the text the judge read the commands from, where a reply echoes it (the mail after a
  refused sign-on, the lines it could not read, the Subject): `mask_text`;
- in the stored copy of the mail, once it is answered (`mask_passwords`). The judge read
  the mail's decoded text, and a password may stand in the raw bytes in another form
  (quoted-printable with a soft line break inside it, base64, HTML markup around it, an
  RFC 2047 Subject), so the copy is masked as it was read: each text part decoded (its
  transfer encoding and charset undone), masked and encoded again as it came, and each
  header decoded, masked and encoded again; parts and headers without a password keep
  their bytes. An HTML part is masked in its markup (a password between tags or written
  with `&amp;` is found too); should its text as the judge reads it still show a password
  (one cut up by tags), the part is replaced by that text, masked. Then the raw bytes are
  masked in the plain, quoted-printable and base64 forms of each password, for what the
  MIME reading did not reach (a mail cut short for its MIME structure).
"""

from __future__ import annotations

import base64
import binascii
import codecs
import email
import html
import io
import re
from collections.abc import Iterable
from contextlib import suppress
from email import policy
from email.errors import HeaderParseError
from email.generator import BytesGenerator
from email.header import Header, decode_header, make_header
from email.message import Message

from .htmltext import html_to_text
from .message import MAX_PARTS, bounded, clean_header

HIDDEN = "********"
_HIDDEN = HIDDEN.encode()
_BASE64 = re.compile(rb"content-transfer-encoding:[ \t]*base64", re.IGNORECASE)
_BLANK = re.compile(rb"\r?\n\r?\n")
_BASE64_LINES = re.compile(rb"(?:[A-Za-z0-9+/=]+\r?\n)+")
# Transfer encodings a part is written back in; a part in another (x-uuencode) is left to
# the byte masking.
_ENCODINGS = ("", "7bit", "8bit", "binary", "quoted-printable", "base64")


def mask_text(text: str, secrets: Iterable[str], markup: bool = False) -> str:
    """`text` with each password, as a whole word, replaced by asterisks. In HTML
    (`markup`) a tag or a character reference ends a word too, and a password is looked for
    as HTML writes it as well (`&amp;` for `&`)."""
    for word in _words(secrets):
        forms = [word, html.escape(word), html.escape(word, quote=False)] if markup else [word]
        before, after = (r"(?<![^\s>;])", r"(?![^\s<&])") if markup else (r"(?<!\S)", r"(?!\S)")
        for form in dict.fromkeys(forms):
            if form in text:
                text = re.sub(before + re.escape(form) + after, HIDDEN, text)
    return text


def mask_passwords(raw: bytes, secrets: Iterable[str]) -> bytes:
    """The raw mail with each password masked in every form the judge read it in."""
    words = _words(secrets)
    if not words:
        return raw
    fed = bounded(raw, [], [])
    try:
        masked = _mask_mime(fed, words) + raw[len(fed) :]
    except Exception:  # a mail the email package cannot take apart: its bytes, below
        masked = raw
    head, blank, body = _split(masked)
    for word in words:
        body = _mask_bytes(body, word)
    return _mask_base64_parts(head + blank + body, words)


def _words(secrets: Iterable[str]) -> list[str]:
    return [s for s in dict.fromkeys(secrets) if s.strip()]


# -- the mail as the judge read it -----------------------------------------------------------


def _mask_mime(raw: bytes, words: list[str]) -> bytes:
    """The mail with its headers and text parts masked, decoded; unchanged if none held a
    password."""
    message = email.message_from_bytes(raw, policy=policy.compat32)
    linesep = "\r\n" if raw.split(b"\n", 1)[0].endswith(b"\r") else "\n"
    changed = False
    for part in _parts(message):
        changed = _mask_headers(part, words, linesep) | changed
        if not part.is_multipart() and part.get_content_maintype() == "text":
            changed = _mask_part(part, words, linesep) | changed
    if not changed:
        return raw
    out = io.BytesIO()
    written = policy.compat32.clone(linesep=linesep, max_line_length=0)
    BytesGenerator(out, mangle_from_=False, maxheaderlen=0, policy=written).flatten(message)
    return out.getvalue()


def _parts(message: Message) -> list[Message]:
    """The message and its parts, at most MAX_PARTS of them (as the reader)."""
    found: list[Message] = []
    stack = [message]
    while stack and len(found) < MAX_PARTS:
        part = stack.pop()
        found.append(part)
        if part.is_multipart():
            children = part.get_payload()
            stack.extend(reversed(children if isinstance(children, list) else []))
    return found


def _mask_headers(part: Message, words: list[str], linesep: str) -> bool:
    """Each header's decoded text masked; the headers written back in their order, those
    without a password as they came."""
    items = list(part.raw_items())
    kept = []
    for name, value in items:
        text = _header_text(value)
        masked = mask_text(text, words)
        if masked != text:
            # folded again (a line of it unfolded could pass 998 characters); RFC 2047
            # words where it is not ASCII
            charset = "us-ascii" if masked.isascii() else "utf-8"
            value = Header(masked, charset).encode(linesep=linesep)
        kept.append((name, value))
    if kept == items:
        return False
    for name in dict.fromkeys(name for name, _ in items):
        del part[name]
    for name, value in kept:
        part.set_raw(name, value)
    return True


def _header_text(value: object) -> str:
    """A raw header value as the reader reads it (message.py): raw 8-bit text as UTF-8,
    RFC 2047 words decoded, on one line, without control or invisible characters."""
    text = str(value)
    try:
        text.encode("ascii")
    except UnicodeEncodeError:
        text = text.encode("ascii", "surrogateescape").decode("utf-8", "replace")
    if "=?" in text:
        with suppress(LookupError, UnicodeError, ValueError, HeaderParseError):
            text = str(make_header(decode_header(text)))
    return clean_header(text)


def _mask_part(part: Message, words: list[str], linesep: str) -> bool:
    """A text part decoded, masked and encoded again as it came."""
    encoding = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    data = part.get_payload(decode=True)
    if encoding not in _ENCODINGS or not isinstance(data, bytes):
        return False
    charset = _charset(part)
    text = data.decode(charset, "surrogateescape")
    markup = part.get_content_subtype() == "html"
    masked = mask_text(text, words, markup)
    if markup and mask_text(shown := html_to_text(masked), words) != shown:
        masked = f"<pre>{html.escape(mask_text(shown, words), quote=False)}</pre>"
    if masked == text:
        return False
    try:
        new = masked.encode(charset, "surrogateescape")
    except UnicodeError:
        new = masked.encode("utf-8", "surrogateescape")
        part.set_param("charset", "utf-8")
    if encoding == "base64":
        new = base64.encodebytes(new).replace(b"\n", linesep.encode())
    elif encoding == "quoted-printable":
        new = binascii.b2a_qp(new, istext=True)
    part.set_payload(new.decode("ascii", "surrogateescape"))
    return True


def _charset(part: Message) -> str:
    """The part's charset, if Python knows it and can read any bytes back as they came."""
    charset = part.get_content_charset() or "us-ascii"
    try:
        codecs.lookup(charset)
        b"\xff".decode(charset, "surrogateescape")
    except (LookupError, UnicodeError):
        return "utf-8"
    return charset


# -- the raw bytes -------------------------------------------------------------------------


def _split(raw: bytes) -> tuple[bytes, bytes, bytes]:
    for blank in (b"\r\n\r\n", b"\n\n"):
        at = raw.find(blank)
        if at >= 0:
            return raw[:at], blank, raw[at + len(blank) :]
    return raw, b"", b""


def _forms(word: str) -> list[bytes]:
    """The password as raw bytes may carry it: UTF-8, Latin-1, quoted-printable of each."""
    forms: list[bytes] = []
    for charset in ("utf-8", "latin-1"):
        try:
            plain = word.encode(charset)
        except UnicodeError:
            continue
        forms += [plain, binascii.b2a_qp(plain, quotetabs=True)]
    return list(dict.fromkeys(forms))


def _mask_bytes(body: bytes, word: str) -> bytes:
    for form in _forms(word):
        if form in body:
            body = re.sub(rb"(?<!\S)" + re.escape(form) + rb"(?!\S)", _HIDDEN, body)
    return body


def _mask_base64_parts(body: bytes, words: list[str]) -> bytes:
    """Each base64 block's text, masked; one pass over the body."""
    out: list[bytes] = []
    at = 0
    while True:
        found = _BASE64.search(body, at)
        blank = _BLANK.search(body, found.end()) if found else None
        if found is None or blank is None:
            break
        lines = _BASE64_LINES.match(body, blank.end())
        if lines is None:
            out.append(body[at : blank.end()])
            at = blank.end()
            continue
        out += [body[at : lines.start()], _mask_base64(lines.group(0), words)]
        at = lines.end()
    out.append(body[at:])
    return b"".join(out)


def _mask_base64(block: bytes, words: list[str]) -> bytes:
    newline = b"\r\n" if b"\r\n" in block else b"\n"
    try:
        decoded = base64.b64decode(b"".join(block.split()), validate=True)
    except (binascii.Error, ValueError):
        return block
    masked = decoded
    for word in words:
        masked = _mask_bytes(masked, word)
    if masked == decoded:
        return block
    encoded = base64.b64encode(masked)
    lines = [encoded[i : i + 76] for i in range(0, len(encoded), 76)]
    return newline.join(lines) + newline
