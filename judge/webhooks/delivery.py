"""Posting what is due: the rows claimed (as the outbox's are, so that one poster owns a
row at a time on any number of nodes), each posted with no transaction open, and its fate
recorded: sent on a 2xx answer; given up at once when the rules refuse its URL or address
or the receiver answers 4xx (but 408, 425 and 429); otherwise tried again after a wait
that doubles from `webhook_retry_seconds` (and at least the Retry-After asked) up to an
hour, `webhook_attempts` times in all. The waits are in the rows, so a restart keeps them.

`post_loop` is the thread `judge serve` runs beside the sender; `judge tick` posts what is
due once. Neither the mail's workers nor its sender ever wait for a webhook.
"""

from __future__ import annotations

import calendar
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from .. import __version__
from ..config import Settings
from ..mailout.claims import CLAIM, owner
from ..shutdown import never
from ..store.db import Store
from ..store.models import WebhookPost
from .forms import render
from .http import Unreached, post
from .keys import game_key, signature
from .rules import Refused

log = logging.getLogger("judge.webhooks")

_AGAIN = (408, 425, 429)  # 4xx answers that ask for another try
BATCH = 20


@dataclass(frozen=True)
class _Due:
    id: int
    url: str
    form: str
    event: str
    payload: dict[str, Any]
    picture: bytes | None
    attempts: int
    key: str


def backoff(attempts: int, first: float) -> timedelta:
    """`first`, then twice as long after each failure, at most an hour."""
    return timedelta(seconds=min(first * 2 ** max(attempts - 1, 0), 3600))


def _due_ids(now: datetime, size: int, pg: bool) -> Any:
    statement = (
        select(WebhookPost.id)
        .where(WebhookPost.status == "pending", WebhookPost.next_attempt_at <= now)
        .where(or_(WebhookPost.claimed_until.is_(None), WebhookPost.claimed_until <= now))
        .order_by(WebhookPost.id)
        .limit(size)
    )
    return statement.with_for_update(skip_locked=True) if pg else statement


def any_due(store: Store, now: datetime) -> bool:
    with store.transaction(readonly=True) as session:
        return session.execute(_due_ids(now, 1, False)).first() is not None


def _claim(session: Session, now: datetime, by: str, size: int) -> list[_Due]:
    pg = session.get_bind().dialect.name != "sqlite"
    rows = session.execute(
        update(WebhookPost)
        .where(WebhookPost.id.in_(_due_ids(now, size, pg).scalar_subquery()))
        .values(claimed_until=now + CLAIM, claimed_by=by)
        .returning(WebhookPost)
        .execution_options(synchronize_session=False)
    ).scalars()
    return [
        _Due(r.id, r.url, r.form, r.event, dict(r.payload), r.picture, r.attempts,
             game_key(session, r.game_id or 0, r.url))
        for r in sorted(rows, key=lambda r: r.id)
    ]  # fmt: skip


def deliver_due(
    store: Store,
    settings: Settings,
    clock: Callable[[], datetime],
    stopping: Callable[[], bool] = never,
) -> int:
    """Post the rows due now (a batch); how many were tried. `clock` is read again for
    each post and each fate, so that a wait counts from the failure, not the batch."""
    now = clock()
    if not any_due(store, now):
        return 0
    by = owner()
    with store.transaction() as session:
        due = _claim(session, now, by, BATCH)
    tried = 0
    for row in due:
        if stopping():
            break
        fate = _post(row, settings, clock())
        with store.transaction() as session:
            _record(session, settings, clock(), row, fate)
        tried += 1
    left = [row.id for row in due[tried:]]
    if left:
        with store.transaction() as session:
            session.execute(
                update(WebhookPost).where(WebhookPost.id.in_(left), WebhookPost.claimed_by == by)
                .values(claimed_until=None, claimed_by="")
            )  # fmt: skip
    return tried


@dataclass(frozen=True)
class _Fate:
    status: str  # sent, failed, again
    why: str = ""
    wait: float | None = None  # Retry-After


def _post(row: _Due, settings: Settings, now: datetime) -> _Fate:
    try:
        body, kind = render(row.form, {**row.payload, "id": row.id}, row.picture)
    except Exception as exc:
        log.exception("webhook post %s cannot be made", row.id)
        return _Fate("failed", f"cannot be made: {type(exc).__name__} {exc}")
    stamp = calendar.timegm(now.timetuple())
    headers = {
        "Content-Type": kind,
        "User-Agent": f"judge/{__version__} ({settings.code})",
        "X-Judge-Event": row.event,
        "X-Judge-Delivery": str(row.id),
        "X-Judge-Timestamp": str(stamp),
        "X-Judge-Signature": signature(row.key, stamp, body),
    }
    try:
        answer = post(row.url, body, headers, settings)
    except Refused as exc:
        return _Fate("failed", f"refused: {exc}")
    except Unreached as exc:
        return _Fate("again", f"no answer: {exc}")
    except Exception as exc:  # a bug of ours: counted as a try, never a post stuck claimed
        log.exception("webhook post %s", row.id)
        return _Fate("again", f"error: {type(exc).__name__} {exc}")
    if 200 <= answer.status < 300:
        return _Fate("sent")
    why = f"HTTP {answer.status} {answer.reason}".strip()
    if 400 <= answer.status < 500 and answer.status not in _AGAIN:
        return _Fate("failed", why)
    return _Fate("again", why, answer.retry_after)


def _record(session: Session, settings: Settings, now: datetime, row: _Due, fate: _Fate) -> None:
    attempts = row.attempts + 1
    values: dict[str, Any] = {"attempts": attempts, "claimed_until": None, "claimed_by": ""}
    if fate.status == "sent":
        values.update(status="sent", sent_at=now, last_error="")
    elif fate.status == "failed" or attempts >= settings.webhook_attempts:
        values.update(status="failed", last_error=fate.why[:2000])
        log.warning("webhook post %s to game %s's hook given up: %s", row.id,
                    row.payload.get("game"), fate.why)  # fmt: skip
    else:
        wait = backoff(attempts, settings.webhook_retry_seconds)
        if fate.wait is not None:
            wait = max(wait, timedelta(seconds=min(fate.wait, 3600)))
        values.update(next_attempt_at=now + wait, last_error=fate.why[:2000])
        log.info("webhook post %s failed (%s); again in %s", row.id, fate.why, wait)
    session.execute(update(WebhookPost).where(WebhookPost.id == row.id).values(**values))


def post_loop(
    store: Store,
    settings: Settings,
    now: Callable[[], datetime],
    stopping: Any,
) -> None:
    """`judge serve`'s poster: what is due, then a look again shortly, until told to stop."""
    every = min(settings.tick_seconds, 1.0)
    while not stopping.is_set():
        try:
            while deliver_due(store, settings, now, stopping.is_set) and not stopping.is_set():
                pass
        except Exception:
            log.exception("webhook posts cannot be read; trying again shortly")
        stopping.wait(every)
