"""The addresses the judge takes mail for: its own `address`, the `aliases` of its
settings, the bounce address of each mail it sent (mailout/verp.py), and the unsubscribe
address of each stream a reader may stop (mailout/unsubscribe.py). The listeners
ask at each RCPT TO and refuse any other address (550, relay denied) before a byte of the
message is read: the judge is nobody's relay, and mail for strangers is only load. Every
address the judge takes is decided here, in one function, so that a new kind is one more
case of it and is taken by SMTP and LMTP alike."""

from __future__ import annotations

from ..config import Settings
from ..mailout.unsubscribe import is_unsubscribe_address
from ..mailout.verp import is_bounce_address


def own_addresses(settings: Settings) -> frozenset[str]:
    """The judge's address and its aliases, in lower case."""
    listed = (settings.address, *settings.aliases.split(","))
    return frozenset(address.strip().lower() for address in listed if address.strip())


def takes_mail_for(settings: Settings, address: str) -> bool:
    """Whether mail to `address` is the judge's. Addresses are compared without regard to
    case, as every mail system compares them in practice."""
    return (
        address.lower() in own_addresses(settings)
        or is_bounce_address(settings, address)
        or is_unsubscribe_address(settings, address)
    )
