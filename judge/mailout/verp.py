"""Each mail's own envelope sender (VERP): `LOCAL+b-TOKEN@DOMAIN`, the judge's address with
a token that names the outbox row, so that a bounce says which mail failed, and so to
whom, whatever the bounce's own format makes of the address.

The token is the row's id and an HMAC of it keyed by a secret of the judge's
(`judge_secrets`, made at random by migration 0009): anyone may mail a bounce address, and
one who could make up tokens could have any player marked undeliverable. A token whose
HMAC does not match names no mail of ours: its bounce is logged and ignored.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from functools import cache

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..config import Settings
from ..store.models import JudgeSecret

TAG = "b-"  # the extension's start: `judge+b-...`; other extensions are another's
DIGITS = 16  # hex digits of the HMAC kept: 64 bits, not to be guessed
_KEPT: dict[str, bytes] = {}  # the secret, by database, read once a process
_READ = select(JudgeSecret.value).where(JudgeSecret.name == "verp")


def secret_of(session: Session) -> bytes:
    """The judge's VERP key, read once a process; made at random by the first process that
    needs it (not by the migration: a backup's logical copy, migrated first, would then
    hold two). A key made in this transaction is not kept until a later one reads it
    again: the sender commits its claim before any mail leaves with a token, so no token
    is made from a key that was rolled back."""
    url = str(session.get_bind().url)
    if url in _KEPT:
        return _KEPT[url]
    value = session.execute(_READ).scalar_one_or_none()
    if value is not None:
        _KEPT[url] = value.encode()
        return _KEPT[url]
    # Here, not at the top: the dialects' modules cost every judge command's start.
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql as dialect
    else:
        from sqlalchemy.dialects import sqlite as dialect
    made = {"name": "verp", "value": secrets.token_hex(32)}
    session.execute(dialect.insert(JudgeSecret.__table__).on_conflict_do_nothing(), [made])
    return session.execute(_READ).scalar_one().encode()  # another's, if he was first


def _mac(key: bytes, row_id: int) -> str:
    return hmac.new(key, f"verp:{row_id}".encode(), hashlib.sha256).hexdigest()[:DIGITS]


def bounce_address(settings: Settings, key: bytes, row_id: int) -> str:
    """The envelope sender of outbox row `row_id`."""
    local, _, domain = settings.address.rpartition("@")
    return f"{local}+{TAG}{row_id}-{_mac(key, row_id)}@{domain}"


@cache
def _pattern(address: str) -> re.Pattern[str]:
    local, _, domain = address.rpartition("@")
    return re.compile(
        rf"{re.escape(local)}\+{TAG}(\d{{1,18}})-([0-9a-f]{{{DIGITS}}})@{re.escape(domain)}",
        re.IGNORECASE,
    )


def is_bounce_address(settings: Settings, address: str) -> bool:
    """Whether `address` has the form of a bounce address of this judge (its HMAC is
    checked when the mail is read: the listener has no secret to check it with)."""
    return _pattern(settings.address).fullmatch(address.strip().strip("<>")) is not None


def row_named(settings: Settings, key: bytes, address: str) -> int | None:
    """The outbox row a bounce address names; None for a token this judge never made."""
    found = _pattern(settings.address).fullmatch(address.strip().strip("<>"))
    if found is None:
        return None
    row_id, mac = int(found.group(1)), found.group(2).lower()
    return row_id if hmac.compare_digest(mac, _mac(key, row_id)) else None
