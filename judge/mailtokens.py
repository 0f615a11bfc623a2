"""Tokens the judge writes into the addresses of its mail, and checks when mail comes back
to them: the judge's secrets (`judge_secrets`, one for each use), and an HMAC-SHA256 under
one of them of a purpose and the fields the token stands for.

A token needs no row of its own: what it names is written beside it, or found again from
what it names (the addresses receiving a stream, mailout/unsubscribe.py), and the MAC says
whether the judge made it, so that nobody can make one for an address the judge never
wrote to. The purpose goes into the MAC, so that a token made for one use is never good
for another.

Each secret is made at random by the first process that needs it, not by the migration (a
backup's logical copy, migrated first, would then hold two), and kept in the database, so
that every node of a judge on PostgreSQL signs and checks alike and a backup keeps it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from .store.models import JudgeSecret

SIZE = 16  # base32 characters of a MAC: 80 bits, not to be guessed
_KEPT: dict[tuple[str, str], bytes] = {}  # each secret, by database and name


def secret_of(session: Session, name: str) -> bytes:
    """The judge's secret `name` (`verp`, `unsubscribe`), read once a process. A secret
    made in this transaction is not kept until a later one reads it again: should this one
    be rolled back, so is every token made from it."""
    key = (str(session.get_bind().url), name)
    if key in _KEPT:
        return _KEPT[key]
    read = select(JudgeSecret.value).where(JudgeSecret.name == name)
    value = session.execute(read).scalar_one_or_none()
    if value is not None:
        _KEPT[key] = value.encode()
        return _KEPT[key]
    # Here, not at the top: the dialects' modules cost every judge command's start.
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql as dialect
    else:
        from sqlalchemy.dialects import sqlite as dialect
    made = {"name": name, "value": secrets.token_hex(32)}
    session.execute(dialect.insert(JudgeSecret.__table__).on_conflict_do_nothing(), [made])
    return session.execute(read).scalar_one().encode()  # another's, if he was first


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
