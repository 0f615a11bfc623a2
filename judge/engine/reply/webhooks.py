"""A game's events to its webhook (SET WEBHOOK; judge/webhooks/): the start, each phase's
results, the end, each written beside the mail that tells the game's people, in the same
transaction, and posted later by the webhooks' own loop. The text is the copy an observer
of the game is mailed (cut by the same functions: reports/blind.py for a blind game's
results, reports/identities.py for who may be named), so that a webhook, which anybody
may read, shows no more than anybody may OBSERVE."""

from __future__ import annotations

from ...mailout.outbox import Attachment
from ...reports.frame import game_subject
from ...store.models import Game
from ...webhooks.queue import queue_post, webhook_of
from .conversation import Conversation
from .notices import Notices


def has_webhook(game: Game) -> bool:
    return webhook_of(game) is not None


def post(
    mailer: Conversation | Notices,
    game: Game,
    event: str,
    subject: str,
    text: str,
    phase: str | None = None,
    files: tuple[Attachment, ...] = (),
) -> None:
    """`event`: start, results or end; `subject`: the event's words in the mail's subject
    (`Results`, `Game Starting`); `files`: the mail's pictures, of which the PNG goes."""
    if not has_webhook(game):
        return
    png = next((f.data for f in files if f.content_type == "image/png"), None)
    fields = {
        "subject": game_subject(mailer.settings, game, subject, phase),
        "phase": phase or game.phase,
        "turn": game.turn,
        "status": game.status,
        "text": text,
    }
    queue_post(mailer.session, mailer.settings, mailer.now, game, event, fields, png)
