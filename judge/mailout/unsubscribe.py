"""List-Unsubscribe (RFC 2369) on the mail a person gets without having to: what he could
stop without leaving a game. Such mail belongs to a stream, (kind, game, address), and
carries the address that stops it: LOCAL+u-TOKEN@DOMAIN, the token naming the kind and the
game and signed over the address too (judge/mailtokens.py), so that it cannot be made for
an address the judge does not write to, and needs no row a mail.

Only the mailto form is sent: RFC 8058's one-click unsubscription (List-Unsubscribe-Post)
needs an HTTPS URI, and the judge serves none. Mail a person must get (his results, the
answers to his mail, press addressed to him) belongs to no stream and carries no header.
What stopping each kind does is engine/unsubscribe.py's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy.orm import Session

from ..config import Settings
from ..mailtokens import secret_of, sign, verify

PURPOSE = "unsubscribe"  # the MAC's purpose, and the name of its secret (mailtokens.py)
TAG = "u-"  # the extension's start: `judge+u-...`; other extensions are another's

OBSERVING = "o"  # an observer's copies of a game's mail: stopped, he observes no more
WATCHING = "w"  # partial press an observer reads under WATCH ALL PRESS (his SET ALL PRESS)
BROADCASTS = "b"  # broadcast press from the players (SET NO BROADCAST)
ALL_PRESS = "a"  # a master's copies of partial press under ALL PRESS
KINDS = frozenset({OBSERVING, WATCHING, BROADCASTS, ALL_PRESS})

_TOKEN = re.compile(r"([a-z])([0-9a-z]{1,12})-([a-z2-7]{16})")  # kind, game, MAC
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Stream:
    """Mail of one kind, about one game (0: about none), to one address."""

    kind: str
    game_id: int
    address: str


@dataclass(frozen=True)
class Named:
    """What a token says of itself: the kind and the game. The address it was made for is
    not in it (an address is too long for a local part), but in its MAC: `names` says
    whether it was made for a given address."""

    kind: str
    game_id: int
    mac: str

    def names(self, secret: bytes, address: str) -> bool:
        return verify(secret, PURPOSE, self.mac, self.kind, self.game_id, address.lower())


def token(secret: bytes, stream: Stream) -> str:
    """`o1b-...`: the kind, the game's id in base 36, the MAC."""
    mac = sign(secret, PURPOSE, stream.kind, stream.game_id, stream.address.lower())
    return f"{stream.kind}{_base36(stream.game_id)}-{mac}"


def read_token(text: str) -> Named | None:
    """The kind and game a token names; None for what no token of the judge's looks like."""
    found = _TOKEN.fullmatch(text.lower())
    if found is None or found.group(1) not in KINDS:
        return None
    return Named(found.group(1), int(found.group(2), 36), found.group(3))


def unsubscribe_address(settings: Settings, token: str) -> str:
    """Where mail stops the stream `token` names."""
    local, _, domain = settings.address.rpartition("@")
    return f"{local}+{TAG}{token}@{domain}"


@cache
def _pattern(address: str) -> re.Pattern[str]:
    local, _, domain = address.rpartition("@")
    return re.compile(
        rf"{re.escape(local)}\+{TAG}({_TOKEN.pattern})@{re.escape(domain)}", re.IGNORECASE
    )


def token_of(settings: Settings, address: str) -> str | None:
    """The token of an unsubscribe address of this judge's, in lower case; None for any
    other address. Only its form is checked here (the listener has no secret to check it
    with): whether the judge made it is for engine/unsubscribe.py."""
    found = _pattern(settings.address).fullmatch(address.strip().strip("<>"))
    return found.group(1).lower() if found is not None else None


def is_unsubscribe_address(settings: Settings, address: str) -> bool:
    return token_of(settings, address) is not None


def header(settings: Settings, secret: bytes, stream: Stream) -> str:
    """The List-Unsubscribe field's value (RFC 2369): a mailto with the subject mail
    programs send; any body will do."""
    return f"<mailto:{unsubscribe_address(settings, token(secret, stream))}?subject=unsubscribe>"


def mark(session: Session, settings: Settings, rows: Sequence[dict[str, Any]]) -> None:
    """Outbox rows with a `stream` (a kind, not a column: taken out here) given their
    List-Unsubscribe; the secret read once, and only when a row needs it."""
    secret: bytes | None = None
    for row in rows:
        kind = row.pop("stream", "")
        if not kind:
            continue
        secret = secret if secret is not None else secret_of(session, PURPOSE)
        stream = Stream(kind, row.get("game_id") or 0, row["to_address"])
        row["headers"] = {**row["headers"], "List-Unsubscribe": header(settings, secret, stream)}


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS[digit] + digits
        if not number:
            return digits
