"""How long the judge keeps what it no longer needs: the raw text of mail it has answered,
and the bodies of mail it has sent (and the pictures they carried). The rows stay (who,
when, what became of it, and the key that recognises a mail sent twice); only the bulk
goes, so the database stops growing with every mail. Failed mail is kept whole for the judgekeeper.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.orm import Session

from .models import Inbound, Outbox


def prune(session: Session, now: datetime, keep_days: int) -> int:
    """Blank what is older than `keep_days`; how many rows were blanked."""
    before = now - timedelta(days=keep_days)
    inbound = session.execute(
        update(Inbound)
        .where(Inbound.status == "done")
        .where(Inbound.received_at < before)
        .where(Inbound.raw != b"")
        .values(raw=b"")
    ).rowcount
    outbox = session.execute(
        update(Outbox)
        .where(Outbox.status == "sent")
        .where(Outbox.created_at < before)
        .where(Outbox.body != "")
        .values(body="", attachments=[])
    ).rowcount
    return (inbound or 0) + (outbox or 0)
