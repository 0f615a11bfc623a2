"""SET WEBHOOK url [DISCORD | SLACK | JSON] and SET NO WEBHOOK (a master's; issue 35): where
the game's events are posted (judge/webhooks/). The URL is checked against the
judgekeeper's rules here (its form, `webhook_hosts`, a literal address that is not public)
and again, with its addresses, at every post. The master's answer names the URL and the
signing key; the others are told that the game is posted, never where (a Discord or Slack
URL is itself the right to post there)."""

from __future__ import annotations

from sqlalchemy import update

import parser as p

from ...reports import master as texts
from ...store.models import WebhookPost
from ...webhooks.keys import game_key
from ...webhooks.queue import webhook_of
from ...webhooks.rules import FORMS, Refused, checked_url, form_of
from ..game.moderation import announce, master_only
from ..reply.conversation import Conversation

MAX_URL = 2000


def set_webhook(ctx: Conversation, cmd: p.SetWebhook) -> None:
    what = "SET WEBHOOK" if cmd.url is not None else "SET NO WEBHOOK"
    allowed = master_only(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if cmd.url is None:
        if webhook_of(game) is None:
            ctx.fail(f"SET NO WEBHOOK: game '{game.name}' has no webhook.")
            return
        game.settings = {k: v for k, v in (game.settings or {}).items() if k != "webhook"}
        _drop_waiting(ctx, game.id)
        ctx.say(texts.webhook_removed(game.name))
        announce(ctx, game, me, "Parameter Change", texts.webhook_told(game.name, on=False))
        return
    if cmd.extra or (cmd.form is not None and cmd.form not in FORMS):
        ctx.fail(
            "SET WEBHOOK: write SET WEBHOOK and the URL, and after it DISCORD, SLACK or JSON "
            "to choose the form (else it is told from the URL's host)."
        )
        return
    if game.status in ("finished", "terminated"):
        ctx.fail(f"SET WEBHOOK: game '{game.name}' is {game.status}: nothing more happens in it.")
        return
    if len(cmd.url) > MAX_URL:
        ctx.fail(f"SET WEBHOOK: the URL is longer than {MAX_URL} characters.")
        return
    try:
        checked_url(cmd.url, ctx.settings)
    except Refused as exc:
        ctx.fail(f"SET WEBHOOK: {exc}.")
        return
    form = form_of(cmd.url, cmd.form)
    had = webhook_of(game)
    game.settings = {**(game.settings or {}), "webhook": {"url": cmd.url, "form": form}}
    if had is not None and had["url"] != cmd.url:
        _drop_waiting(ctx, game.id)  # not to the old URL, under a key the master gave up
    if game.id is None:
        ctx.session.flush()  # created in this very mail: its id makes the key
    ctx.say(texts.webhook_set(game.name, cmd.url, form, game_key(ctx.session, game.id, cmd.url)))
    if had is None:
        announce(ctx, game, me, "Parameter Change", texts.webhook_told(game.name, on=True))


def _drop_waiting(ctx: Conversation, game_id: int) -> None:
    """Posts still waiting for the game's old webhook are not posted."""
    ctx.session.execute(
        update(WebhookPost)
        .where(WebhookPost.game_id == game_id, WebhookPost.status == "pending")
        .values(status="failed", last_error="the webhook was changed or removed")
        .execution_options(synchronize_session=False)
    )
