"""The queries the judge runs for every mail, built once.

SQLAlchemy spends far longer building a statement than SQLite spends running it; a
statement built once with bound parameters is run again at a fraction of the cost. These
are the ones on the path of every mail; rarer ones are written where they are used.
"""

from __future__ import annotations

from sqlalchemy import bindparam, func, insert, select

from .models import Address, Inbound, User

# Is there mail to answer?
ANY_PENDING = select(Inbound.id).where(Inbound.status == "pending").limit(1)

# Mails already answered, by the key of their sender and Message-ID.
ANSWERED_KEYS = select(Inbound.id, Inbound.message_key).where(
    Inbound.message_key.in_(bindparam("keys", expanding=True))
)

# How many mails each of some senders sent since a time, before a given mail (the rate
# limit).
MAILS_FROM_SENDERS = (
    select(Inbound.sender, func.count())
    .where(Inbound.sender.in_(bindparam("senders", expanding=True)))
    .where(Inbound.received_at > bindparam("since"))
    .where(Inbound.id < bindparam("first"))
    .group_by(Inbound.sender)
)

# The same, by envelope sender and by connecting host.
MAILS_FROM_ENVELOPES = (  # stored in lower case (mailin/queue.py), so on the index
    select(Inbound.envelope_from, func.count())
    .where(Inbound.envelope_from.in_(bindparam("senders", expanding=True)))
    .where(Inbound.received_at > bindparam("since"))
    .where(Inbound.id < bindparam("first"))
    .group_by(Inbound.envelope_from)
)
MAILS_FROM_PEERS = (
    select(Inbound.peer, func.count())
    .where(Inbound.peer.in_(bindparam("senders", expanding=True)))
    .where(Inbound.received_at > bindparam("since"))
    .where(Inbound.id < bindparam("first"))
    .group_by(Inbound.peer)
)

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
