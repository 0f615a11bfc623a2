"""Game passwords: kept only as a salted scrypt hash, compared in constant time.

The njudge kept them in clear and echoed them in replies; we never store or print one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

# scrypt cost: about 15 ms a check on a small machine; slow for a guesser, quick for a mail.
N, R, P = 2**14, 8, 1


def hash_password(password: str) -> str:
    salt = os.urandom(16)
    digest = _scrypt(password, salt, N, R, P)
    return f"scrypt${N}${R}${P}${_b64(salt)}${_b64(digest)}"


def check_password(password: str, stored: str) -> bool:
    """Whether `password` is the one `stored` was made from; False for anything malformed."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        expected = base64.b64decode(digest)
        found = _scrypt(password, base64.b64decode(salt), int(n), int(r), int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(found, expected)


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    # Case counts, as on the njudge (its strcmp), whatever the case of the commands.
    return hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, dklen=32)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
