"""An outbox row: the one way any part of the judge asks for a mail to be sent.

The row is added to the caller's session, so it is committed (or not) together with the
change that made it necessary.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy.orm import Session

from ..config import Settings
from ..store.models import Outbox


def queue_mail(
    session: Session,
    settings: Settings,
    now: datetime,
    to: str,
    subject: str,
    body: str,
    *,
    inbound_id: int | None = None,
    game_id: int | None = None,
    in_reply_to: str = "",
    references: str = "",
) -> Outbox:
    row = Outbox(
        created_at=now,
        status="pending",
        inbound_id=inbound_id,
        game_id=game_id,
        to_address=to,
        subject=subject,
        body=body,
        message_id=f"<{uuid.uuid4().hex}@{settings.domain}>",
        in_reply_to=in_reply_to,
        refs=references,
        # RFC 3834: an answer to a person's mail, or a mail of the judge's own accord.
        headers={"Auto-Submitted": "auto-replied" if in_reply_to else "auto-generated"},
        next_attempt_at=now,
    )
    session.add(row)
    return row
