"""The addresses the judge takes mail for: its own `address` and the `aliases` of its
settings, and the unsubscribe addresses of its mail (LOCAL+u-TOKEN@DOMAIN). The listeners
ask at each RCPT TO and refuse any other address (550, relay denied) before a byte of the
message is read: the judge is nobody's relay, and mail for strangers is only load. Every
address the judge takes is decided here, in one function, so that a new kind (bounce
addresses that name the mail they answer, say) is one more case of it and is taken by
SMTP and LMTP alike."""

from __future__ import annotations

import re

from ..config import Settings

UNSUBSCRIBE = "+u-"  # between the local part and the token of an unsubscribe address
_TOKEN = re.compile(r"[a-z0-9-]{1,60}")


def own_addresses(settings: Settings) -> frozenset[str]:
    """The judge's address and its aliases, in lower case."""
    listed = (settings.address, *settings.aliases.split(","))
    return frozenset(address.strip().lower() for address in listed if address.strip())


def takes_mail_for(settings: Settings, address: str) -> bool:
    """Whether mail to `address` is the judge's. Addresses are compared without regard to
    case, as every mail system compares them in practice."""
    lowered = address.lower()
    return lowered in own_addresses(settings) or unsubscribe_token(settings, lowered) is not None


def unsubscribe_address(settings: Settings, token: str) -> str:
    """Where mail stops the stream `token` names (List-Unsubscribe, RFC 2369)."""
    local, _, domain = settings.address.rpartition("@")
    return f"{local}{UNSUBSCRIBE}{token}@{domain}"


def unsubscribe_token(settings: Settings, address: str) -> str | None:
    """The token of an unsubscribe address of the judge's (any of its own addresses with
    `+u-TOKEN` after the local part), in lower case; None for any other address. Only its
    form is checked here: whether the judge made it is for engine/unsubscribe.py."""
    local, at, domain = address.strip().lower().rpartition("@")
    if not at:
        return None
    for own in own_addresses(settings):
        own_local, _, own_domain = own.rpartition("@")
        prefix = own_local + UNSUBSCRIBE
        if domain == own_domain and local.startswith(prefix):
            token = local[len(prefix) :]
            return token if _TOKEN.fullmatch(token) else None
    return None
