"""Each game's webhook key and the signature of a post. The key is not stored: it is an
HMAC under the judge's secret `webhook` (judge_secrets, mailtokens.py) of the game and the
URL, so that the master is given it in SET WEBHOOK's answer, the poster makes it again for
each post, and a new URL (or SET NO WEBHOOK then SET WEBHOOK elsewhere) has a new key.

A post carries `X-Judge-Timestamp` (Unix seconds) and `X-Judge-Signature: sha256=HEX`,
the HMAC-SHA256 under the key (its text, as UTF-8 bytes) of the timestamp, a full stop and
the body's bytes: the receiver checks both, and refuses an old timestamp (a replay).
"""

from __future__ import annotations

import hashlib
import hmac

from sqlalchemy.orm import Session

from ..mailtokens import secret_of

SECRET = "webhook"


def game_key(session: Session, game_id: int, url: str) -> str:
    """The key a game's posts to `url` are signed with: 64 hexadecimal digits."""
    message = f"webhook key\n{game_id}\n{url}".encode()
    return hmac.new(secret_of(session, SECRET), message, hashlib.sha256).hexdigest()


def signature(key: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(key.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"sha256={mac.hexdigest()}"
