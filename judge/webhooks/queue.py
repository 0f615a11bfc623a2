"""A post to a game's webhook, written in the transaction that made it (as a mail is to
the outbox), so that it is posted if and only if the change is committed; delivery.py
posts it later, from a loop of its own."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from ..config import Settings
from ..store.fields import clean_text
from ..store.models import Game, WebhookPost

EVENTS = ("start", "results", "end")


def webhook_of(game: Game) -> dict[str, str] | None:
    """The game's webhook ({url, form}), or None."""
    found = (game.settings or {}).get("webhook")
    return found if isinstance(found, dict) and found.get("url") else None


def queue_post(
    session: Session,
    settings: Settings,
    now: datetime,
    game: Game,
    event: str,
    fields: dict[str, Any],
    picture: bytes | None = None,
) -> bool:
    """A post of `event` with `fields` (subject, text, phase, ...) to the game's webhook, if
    it has one and the judge takes webhooks at all; whether one was written."""
    hook = webhook_of(game)
    if hook is None or not settings.webhook_host_list:
        return False
    payload = {
        "judge": settings.code,
        "game": game.name,
        "variant": game.variant,
        "event": event,
        **{k: clean_text(v) if isinstance(v, str) else v for k, v in fields.items()},
        "created_at": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    session.add(
        WebhookPost(
            created_at=now, game_id=game.id, event=event, url=hook["url"],
            form=hook.get("form") or "json", payload=payload, picture=picture or None,
            status="pending", attempts=0, next_attempt_at=now, last_error="",
            claimed_by="",
        )
    )  # fmt: skip
    return True
