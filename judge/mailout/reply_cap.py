"""The cap on replies to one address in 24 hours: the last defence against a loop with a
machine that looks like a person (an auto-responder that marks its mail in no way).

Only replies count (outbox rows that answer a mail: In-Reply-To set), not game notices,
files or press, so that a busy player's results and broadcasts never count against him.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from datetime import datetime, timedelta

from sqlalchemy import Connection, bindparam, func, select

from ..config import Settings
from ..reports.counts import counted
from ..store.models import Outbox
from .outbox import OutboxRow

DAY = timedelta(hours=24)


# Replies to each of some addresses since a time: one look for a batch's senders, on the
# outbox(to_address, created_at) index.
_REPLIES = (
    select(Outbox.to_address, func.count())
    .where(Outbox.to_address.in_(bindparam("addresses", expanding=True)))
    .where(Outbox.created_at > bindparam("since"))
    .where(Outbox.in_reply_to != "")
    .group_by(Outbox.to_address)
)


def replies_since(
    connection: Connection, addresses: Collection[str], now: datetime
) -> Counter[str]:
    """Replies to each address (lower case) in the 24 hours before `now`."""
    found: Counter[str] = Counter()
    if addresses:
        values = {"addresses": sorted(addresses), "since": now - DAY}
        for address, count in connection.execute(_REPLIES, values):
            found[address.lower()] += count
    return found


def replies_in(rows: Sequence[OutboxRow], address: str) -> int:
    """The replies among outbox rows not yet written that go to `address`."""
    lower = address.lower()
    return sum(1 for row in rows if row["in_reply_to"] and row["to_address"].lower() == lower)


def last_reply_notice(settings: Settings) -> str:
    """Said in the last reply before the cap."""
    cap = settings.replies_per_day
    return (
        f"This is the last reply the judge sends to your address for now: it sends at most "
        f"{counted(cap, 'reply', 'replies')} to one address in 24 hours.  Mail you send "
        f"before the oldest of these is 24 hours old will be neither answered nor carried out."
    )
