"""Passwords out of the stored copy of a mail, once it is answered.

The raw mail is kept for the judgekeeper (60 days by default); the game passwords it gave
(SIGN ON, CREATE, OBSERVE, SET PASSWORD) need not be. They are masked in the body as
written in plain text and in quoted-printable; a base64 part is decoded, masked and
encoded again. A password is masked as a whole word, as a reply's echo of the mail does.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable

HIDDEN = b"********"
_BASE64 = re.compile(rb"content-transfer-encoding:[ \t]*base64", re.IGNORECASE)
_BLANK = re.compile(rb"\r?\n\r?\n")
_BASE64_LINES = re.compile(rb"(?:[A-Za-z0-9+/=]+\r?\n)+")


def mask_passwords(raw: bytes, secrets: Iterable[str]) -> bytes:
    """The raw mail with each password replaced by asterisks in its body."""
    words = [s for s in dict.fromkeys(secrets) if s.strip()]
    if not words:
        return raw
    head, blank, body = _split(raw)
    for word in words:
        body = _mask(body, word)
    return _mask_base64_parts(head + blank + body, words)


def _mask_base64_parts(body: bytes, words: list[str]) -> bytes:
    """Each base64 part's text, masked; one pass over the body."""
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


def _split(raw: bytes) -> tuple[bytes, bytes, bytes]:
    for blank in (b"\r\n\r\n", b"\n\n"):
        at = raw.find(blank)
        if at >= 0:
            return raw[:at], blank, raw[at + len(blank) :]
    return raw, b"", b""


def _forms(word: str) -> list[bytes]:
    """The password as a mail may carry it: UTF-8, Latin-1, quoted-printable of each."""
    forms: list[bytes] = []
    for charset in ("utf-8", "latin-1"):
        try:
            plain = word.encode(charset)
        except UnicodeError:
            continue
        forms += [plain, binascii.b2a_qp(plain, quotetabs=True)]
    return list(dict.fromkeys(forms))


def _mask(body: bytes, word: str) -> bytes:
    for form in _forms(word):
        body = re.sub(rb"(?<!\S)" + re.escape(form) + rb"(?!\S)", HIDDEN, body)
    return body


def _mask_base64(block: bytes, words: list[str]) -> bytes:
    newline = b"\r\n" if b"\r\n" in block else b"\n"
    try:
        decoded = base64.b64decode(b"".join(block.split()), validate=True)
    except (binascii.Error, ValueError):
        return block
    masked = decoded
    for word in words:
        masked = _mask(masked, word)
    if masked == decoded:
        return block
    encoded = base64.b64encode(masked)
    lines = [encoded[i : i + 76] for i in range(0, len(encoded), 76)]
    return newline.join(lines) + newline
