"""Game passwords: kept only as a salted scrypt hash, compared in constant time.

The njudge kept them in clear and echoed them in replies; we never store or print one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import threading
from collections import OrderedDict

# scrypt cost: 2**14 is about 15 ms a check on a small machine; slow for a guesser, quick
# for a mail. A judgekeeper may choose another (the setting password_cost); each hash
# keeps the cost it was made with.
COST, R, P = 14, 8, 1


def hash_password(password: str, cost: int = COST) -> str:
    n = 2**cost
    salt = os.urandom(16)
    digest = _scrypt(password, salt, n, R, P)
    stored = f"scrypt${n}${R}${P}${_b64(salt)}${_b64(digest)}"
    _remember(_token(password, stored))  # the first SIGN ON after CREATE costs no scrypt
    return stored


def no_password() -> str:
    """What a place nobody signs on to with a password keeps (a robot's, FORCE BEGIN's
    dummy's): no password matches it, as none would guess the random one these places
    were once given, and it costs no scrypt (six of them for each game a robot fills)."""
    return "none"


# Passwords already found right, in this process: a player signs on with every orders
# mail, and scrypt is the slowest thing a mail costs (a password hashed here is known right
# too: CREATE or a first SIGN ON, then the sign-ons after it). Kept as an HMAC under a key made
# at start (never the password), at most _REMEMBERED of them; a wrong password is never
# remembered, so guessing stays as slow as ever.
_KEY = os.urandom(32)
_REMEMBERED = 10_000
_right: OrderedDict[bytes, None] = OrderedDict()
_right_lock = threading.Lock()


def check_password(password: str, stored: str) -> bool:
    """Whether `password` is the one `stored` was made from; False for anything malformed."""
    token = _token(password, stored)
    with _right_lock:
        if token in _right:
            _right.move_to_end(token)
            return True
    if not _check(password, stored):
        return False
    _remember(token)
    return True


def _token(password: str, stored: str) -> bytes:
    return hmac.new(_KEY, f"{stored}\0{password}".encode(), hashlib.sha256).digest()


def _remember(token: bytes) -> None:
    with _right_lock:
        _right[token] = None
        while len(_right) > _REMEMBERED:
            _right.popitem(last=False)


def _check(password: str, stored: str) -> bool:
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
