"""A player's own link to the web window (GET LINK): `/me/<participant>-<generation>-<mac>`,
signed with the judge's secret `weblink` (judge/mailtokens.py), so it needs no row of its
own; the participant's generation (`web_links`) says which links still open, and REVOKE
LINK moves it on, closing every link mailed before."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..config import Settings
from ..mailtokens import secret_of, sign, verify
from ..store.models import JudgeSecret, Participant, WebLink

PURPOSE = "weblink"
SIZE = 26  # base32 characters: 130 bits
_TOKEN = re.compile(r"^(\d{1,12})-(\d{1,9})-([a-z2-7]{26})$")


@dataclass(frozen=True)
class Link:
    participant_id: int
    generation: int
    token: str


def issue(session: Session, person: Participant, now: datetime) -> Link:
    """A link for `person` at his current generation (the first makes his row)."""
    row = session.get(WebLink, person.id)
    if row is None:
        row = WebLink(participant_id=person.id, generation=1, issued_at=now)
        session.add(row)
    row.issued_at = now
    mac = sign(secret_of(session, PURPOSE), PURPOSE, person.id, row.generation, size=SIZE)
    return Link(person.id, row.generation, f"{person.id}-{row.generation}-{mac}")


def revoke(session: Session, person: Participant, now: datetime) -> bool:
    """Close every link mailed to `person` so far; False if he never had one."""
    row = session.get(WebLink, person.id)
    if row is None:
        return False
    row.generation += 1
    row.issued_at = now
    return True


def holder(session: Session, token: str) -> Participant | None:
    """The participant a link opens the view of, or None for a link that is malformed,
    forged or revoked (no difference is told: a guess learns nothing)."""
    found = _TOKEN.match(token or "")
    if found is None:
        return None
    pid, generation, mac = int(found[1]), int(found[2]), found[3]
    secret = session.execute(
        select(JudgeSecret.value).where(JudgeSecret.name == PURPOSE)
    ).scalar_one_or_none()
    row = session.get(WebLink, pid)
    if secret is None or row is None or row.generation != generation:
        return None
    if not verify(secret.encode(), PURPOSE, mac, pid, generation, size=SIZE):
        return None
    return session.get(Participant, pid)


def web_base(settings: Settings) -> str:
    """Where players reach the web window (`web_url`, else http://web_listen); "" if
    this judge serves none."""
    if settings.web_url:
        return settings.web_url.rstrip("/")
    return f"http://{settings.web_listen}" if settings.web_listen else ""
