"""Tokens the judge writes into the addresses of its mail, and checks when mail comes back
to them: an HMAC-SHA256, under the judge's own secret, of a purpose and the fields the
token stands for.

A token needs no row of its own: what it names is written beside it, or found again from
what it names (the addresses receiving a stream, docs/operations.md 3e), and the MAC says
whether the judge made it, so that nobody can make one for an address the judge never
wrote to. The purpose ("unsubscribe", "bounce", ...) goes into the MAC, so that a token
made for one use is never good for another.

The secret is made at random at its first use and kept in the database (`judge_secrets`,
migration 0009), so that every node of a judge on PostgreSQL signs and checks alike and a
backup keeps it; it is read once a process and database.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from .store.models import JudgeSecret

NAME = "tokens"  # the row of `judge_secrets` that holds the key
SIZE = 16  # base32 characters of a token's MAC: 80 bits

_KNOWN: dict[str, bytes] = {}  # the secret, by database URL
_LOCK = threading.Lock()
_READ = select(JudgeSecret.value).where(JudgeSecret.name == NAME)


def sign(secret: bytes, purpose: str, *fields: object, size: int = SIZE) -> str:
    """The MAC of `purpose` and `fields`, in lower-case base32 (what a local part may hold,
    read the same whatever the case a mail system gives it back in). Each field is written
    with its length before it, so that no two lists of fields read the same."""
    message = "\n".join([purpose, *(f"{len(s)}:{s}" for s in map(str, fields))])
    digest = hmac.new(secret, message.encode("utf-8"), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:size]


def verify(secret: bytes, purpose: str, mac: str, *fields: object, size: int = SIZE) -> bool:
    """Whether `mac` is what `sign` makes of `purpose` and `fields` (in constant time)."""
    return hmac.compare_digest(sign(secret, purpose, *fields, size=size), mac.lower())


def secret_of(session: Session) -> bytes:
    """The judge's secret, from the session's database."""
    key = str(session.get_bind().url)
    with _LOCK:
        known = _KNOWN.get(key)
    if known is not None:
        return known
    value = session.execute(_READ).scalar_one_or_none()
    if value is None:
        # Not kept in memory: the transaction that writes it may yet be rolled back.
        return bytes.fromhex(_make(session))
    with _LOCK:
        _KNOWN[key] = bytes.fromhex(value)
    return _KNOWN[key]


def _make(session: Session) -> str:
    """A new secret written, unless another transaction wrote one first; the one kept."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql as dialect
    else:
        from sqlalchemy.dialects import sqlite as dialect
    now = datetime.now(UTC).replace(tzinfo=None)
    row = {"name": NAME, "value": secrets.token_hex(32), "created_at": now}
    session.execute(dialect.insert(JudgeSecret.__table__).on_conflict_do_nothing(), [row])
    return session.execute(_READ).scalar_one()
