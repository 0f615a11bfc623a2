"""The queries the judge runs for every mail, built once.

SQLAlchemy spends far longer building a statement than SQLite spends running it; a
statement built once with bound parameters is run again at a fraction of the cost. These
are the ones on the path of every mail; rarer ones are written where they are used.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import Select, bindparam, func, insert, literal, select, union_all

from .models import Address, Inbound, User

# Is there mail to answer?
ANY_PENDING = select(Inbound.id).where(Inbound.status == "pending").limit(1)

# Mails already answered, by the key of their sender and Message-ID.
ANSWERED_KEYS = select(Inbound.id, Inbound.message_key).where(
    Inbound.message_key.in_(bindparam("keys", expanding=True))
)


def _mails_from(kind: str, column: Any) -> Select[Any]:
    """How many mails each of some values of `column` sent since a time, before a given
    mail (the rate limit), each row tagged with `kind`."""
    return (
        select(literal(kind), column, func.count())
        .where(column.in_(bindparam(f"senders_{kind}", expanding=True)))
        .where(Inbound.received_at > bindparam("since"))
        .where(Inbound.id < bindparam("first"))
        .group_by(column)
    )


# By answer address, by envelope sender (stored in lower case by mailin/queue.py, so it
# is counted on its index) and by connecting host.
_RATE_COLUMNS = {"from": Inbound.sender, "envelope": Inbound.envelope_from, "host": Inbound.peer}


@cache
def mails_from(kinds: tuple[str, ...]) -> Any:
    """The counts of the kinds asked for, in one statement: (kind, value, count) rows;
    parameters `senders_KIND` for each kind, `since` and `first`."""
    parts = [_mails_from(kind, _RATE_COLUMNS[kind]) for kind in kinds]
    return parts[0] if len(parts) == 1 else union_all(*parts)


# A new user, and an address that reaches a user.
NEW_USER = insert(User.__table__).returning(User.__table__.c.id)
NEW_ADDRESS = insert(Address.__table__)

# Up to 50 users with an address in a range (WHO IS prefix), with all their addresses.
WHO_IS_MOST = 50
_IN_RANGE = (
    select(Address.user_id)
    .where(Address.address >= bindparam("low"))
    .where(Address.address < bindparam("high"))
    .order_by(Address.address)
)
_PREFIXED = _IN_RANGE.limit(WHO_IS_MOST)
# Whether more addresses than those are in the range (counted no further than one more).
PREFIXED_BEYOND = select(func.count()).select_from(
    _IN_RANGE.offset(WHO_IS_MOST).limit(1).subquery()
)
USERS_BY_PREFIX = (
    select(User.id, User.registration, Address.address)
    .join(Address, Address.user_id == User.id)
    .where(User.id.in_(_PREFIXED.scalar_subquery()))
    .order_by(User.email, Address.added_at)
)

# The user an address belongs to.
USER_BY_ADDRESS = select(User).join(Address).where(Address.address == bindparam("address"))
