"""The queries the judge runs for every mail, built once.

SQLAlchemy spends far longer building a statement than SQLite spends running it; a
statement built once with bound parameters is run again at a fraction of the cost. These
are the ones on the path of every mail; rarer ones are written where they are used.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, bindparam, func, insert, select

from .models import Address, Inbound, User

# Is there mail to answer?
ANY_PENDING = select(Inbound.id).where(Inbound.status == "pending").limit(1)

# Mails already answered, by the key of their sender and Message-ID.
ANSWERED_KEYS = select(Inbound.id, Inbound.message_key).where(
    Inbound.message_key.in_(bindparam("keys", expanding=True))
)


def _mails_from(column: Any) -> Select[Any]:
    """How many mails each of some values of `column` sent since a time, before a given
    mail (the rate limit)."""
    return (
        select(column, func.count())
        .where(column.in_(bindparam("senders", expanding=True)))
        .where(Inbound.received_at > bindparam("since"))
        .where(Inbound.id < bindparam("first"))
        .group_by(column)
    )


# By answer address, by envelope sender (stored in lower case by mailin/queue.py, so it
# is counted on its index) and by connecting host.
MAILS_FROM_SENDERS = _mails_from(Inbound.sender)
MAILS_FROM_ENVELOPES = _mails_from(Inbound.envelope_from)
MAILS_FROM_PEERS = _mails_from(Inbound.peer)

# A new user, and an address that reaches a user.
NEW_USER = insert(User.__table__).returning(User.__table__.c.id)
NEW_ADDRESS = insert(Address.__table__)

# Up to 50 users with an address in a range (WHO IS prefix), with all their addresses.
_PREFIXED = (
    select(Address.user_id)
    .where(Address.address >= bindparam("low"))
    .where(Address.address < bindparam("high"))
    .order_by(Address.address)
    .limit(50)
)
USERS_BY_PREFIX = (
    select(User.id, User.registration, Address.address)
    .join(Address, Address.user_id == User.id)
    .where(User.id.in_(_PREFIXED.scalar_subquery()))
    .order_by(User.email, Address.added_at)
)

# The user an address belongs to.
USER_BY_ADDRESS = select(User).join(Address).where(Address.address == bindparam("address"))
