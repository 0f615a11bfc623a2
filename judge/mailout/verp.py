"""Each mail's own envelope sender (VERP): `LOCAL+b-TOKEN@DOMAIN`, the judge's address with
a token that names the outbox row, so that a bounce says which mail failed, and so to
whom, whatever the bounce's own format makes of the address.

The token is the row's id and an HMAC of it keyed by a secret of the judge's
(`judge_secrets`, made at random at its first use: judge/mailtokens.py): anyone may mail
a bounce address, and one who could make up tokens could have any player marked
undeliverable. A token whose HMAC does not match names no mail of ours: its bounce is
logged and ignored.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from functools import cache

from sqlalchemy.orm import Session

from .. import mailtokens
from ..config import Settings

TAG = "b-"  # the extension's start: `judge+b-...`; other extensions are another's
DIGITS = 16  # hex digits of the HMAC kept: 64 bits, not to be guessed


def secret_of(session: Session) -> bytes:
    """The judge's VERP key (judge/mailtokens.py). The sender commits its claim before any
    mail leaves with a token, so no token is made from a key that was rolled back."""
    return mailtokens.secret_of(session, "verp")


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
