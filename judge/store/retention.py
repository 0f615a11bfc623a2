"""How long the judge keeps what it no longer needs: the raw text of mail it has answered,
and the bodies of mail it has sent (and the pictures they carried). The rows stay (who,
when, what became of it, and the key that recognises a mail sent twice); only the bulk
goes, so the database stops growing with every mail. Failed mail is kept whole for the judgekeeper.
Webhook posts done with (sent, or given up) are deleted whole at the same age.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, exists, select, update
from sqlalchemy.orm import Session

from .models import Inbound, MailFile, Outbox, OutboxFile, WebhookPost

CHUNK = 500  # rows blanked in one statement


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
    old = session.execute(
        select(Outbox.id)
        .where(Outbox.status.in_(("sent", "withheld")))
        .where(Outbox.created_at < before)
        .where(Outbox.body != "")
    ).scalars()
    old = list(old)
    for start in range(0, len(old), CHUNK):
        _blank(session, old[start : start + CHUNK])
    # Webhook posts done with (sent or given up) go whole: nothing reads them again.
    posts = session.execute(
        delete(WebhookPost)
        .where(WebhookPost.status != "pending")
        .where(WebhookPost.created_at < before)
    ).rowcount
    return (inbound or 0) + len(old) + (posts or 0)


def _blank(session: Session, ids: list[int]) -> None:
    """The outbox rows' text and their files gone; a file no other mail carries goes too."""
    session.execute(update(Outbox).where(Outbox.id.in_(ids)).values(body=""))
    carried = set(
        session.execute(
            delete(OutboxFile).where(OutboxFile.outbox_id.in_(ids)).returning(OutboxFile.sha256)
        ).scalars()
    )
    if carried:
        session.execute(
            delete(MailFile)
            .where(MailFile.sha256.in_(carried))
            .where(~exists().where(OutboxFile.sha256 == MailFile.sha256))
        )
