"""The cap on replies to one address in 24 hours: the last defence against a loop with a
machine that looks like a person (an auto-responder that marks its mail in no way).

Only replies count (outbox rows that answer a mail: In-Reply-To set), not game notices,
files or press, so that a busy player's results and broadcasts never count against him.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..config import Settings
from ..store.models import Outbox
from .outbox import OutboxRow

DAY = timedelta(hours=24)


def replies_today(
    session: Session, address: str, now: datetime, unwritten: Sequence[OutboxRow] = ()
) -> int:
    """Replies to `address` in the 24 hours before `now`, those of the batch in hand
    (`unwritten`, not yet in the outbox) included. Uses the outbox(to_address, created_at)
    index."""
    if not address:
        return 0
    stored = session.execute(
        select(func.count())
        .select_from(Outbox)
        .where(Outbox.to_address == address)
        .where(Outbox.created_at > now - DAY)
        .where(Outbox.in_reply_to != "")
    ).scalar_one()
    lower = address.lower()
    return stored + sum(
        1 for row in unwritten if row["in_reply_to"] and row["to_address"].lower() == lower
    )


def last_reply_notice(settings: Settings) -> str:
    """Said in the last reply before the cap."""
    cap = settings.replies_per_day
    return (
        f"This is the last reply the judge sends to your address for now: it sends at most "
        f"{cap} replies to one address in 24 hours.  Mail you send before the oldest of "
        f"these is 24 hours old will be neither answered nor carried out."
    )
