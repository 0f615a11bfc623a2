"""Where the robot reads the judge's mails: a Maildir, or a mailbox on an IMAP server.

Reading leaves the box as it was (no file moved, no IMAP flag set), so the robot can share
a box with a person's mail program. Mails are given oldest first: the board is folded from
them in that order.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import imaplib
import ssl
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser
from email.utils import getaddresses, parsedate_to_datetime
from pathlib import Path
from urllib.parse import unquote, urlsplit


def body_of(message: EmailMessage) -> str:
    """The text of a mail: its plain part, or its first text part."""
    part = message.get_body(preferencelist=("plain",)) or message
    try:
        return str(part.get_content())
    except (KeyError, LookupError, AttributeError):
        payload = part.get_payload(decode=True)
        return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""


def _for(message: Message, address: str) -> bool:
    wanted = address.lower()
    fields = [str(message.get(h, "")) for h in ("To", "Cc", "Delivered-To")]
    return any(a.lower() == wanted for _, a in getaddresses(fields))


def _when(message: EmailMessage) -> float:
    try:
        return parsedate_to_datetime(str(message["Date"])).timestamp()
    except (TypeError, ValueError):
        return 0.0


TIMEOUT = 60.0  # seconds a silent IMAP server is waited for

_HEADERS = BytesHeaderParser(policy=email.policy.default)


def _parse(raw: bytes) -> EmailMessage:
    return email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[return-value]


def maildir_mails(path: Path, address: str) -> list[EmailMessage]:
    """The mails to `address` in the Maildir, oldest first (by Date, then by file name,
    which a Maildir writer starts with the time of delivery)."""
    if not (path / "new").is_dir():
        raise FileNotFoundError(f"{path} is not a Maildir (no new/ in it)")
    found = []
    for sub in ("cur", "new"):
        folder = path / sub
        if not folder.is_dir():
            continue
        for file in folder.iterdir():
            try:
                raw = file.read_bytes()
            except OSError:  # moved away meanwhile
                continue
            if _for(_HEADERS.parsebytes(raw), address):  # headers first: most are others'
                message = _parse(raw)
                found.append((_when(message), file.name, message))
    return [message for _, _, message in sorted(found, key=lambda x: x[:2])]


def imap_mails(url: str, address: str) -> list[EmailMessage]:
    """The mails to `address` in an IMAP mailbox, in the server's order.

    `imap://user:password@host[:port]/MAILBOX` (or `imaps://`); the mailbox is opened
    read-only and mails are fetched with BODY.PEEK, so none is marked as read. IMAPS checks
    the server's certificate and name against the system's authorities (or those of the
    file SSL_CERT_FILE names), unlike imaplib's default, which checks nothing."""
    parts = urlsplit(url)
    if parts.scheme not in ("imap", "imaps") or not parts.hostname:
        raise ValueError(f"not an IMAP address like imaps://user:pass@host/INBOX: {url}")
    if parts.scheme == "imaps":
        client: imaplib.IMAP4 = imaplib.IMAP4_SSL(
            parts.hostname, parts.port or 993, ssl_context=ssl.create_default_context(),
            timeout=TIMEOUT,
        )  # fmt: skip
    else:
        client = imaplib.IMAP4(parts.hostname, parts.port or 143, timeout=TIMEOUT)
    try:
        client.login(unquote(parts.username or ""), unquote(parts.password or ""))
        client.select(unquote(parts.path.strip("/")) or "INBOX", readonly=True)
        _, data = client.search(None, "ALL")
        out = []
        for number in (data[0] or b"").split():
            _, fetched = client.fetch(number.decode(), "(BODY.PEEK[])")
            for item in fetched:
                if isinstance(item, tuple):
                    message = _parse(item[1])
                    if _for(message, address):
                        out.append(message)
        return out
    finally:
        with contextlib.suppress(OSError, imaplib.IMAP4.error):
            client.logout()
