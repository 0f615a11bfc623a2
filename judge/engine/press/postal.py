"""POSTAL PRESS (users' manual 7.4): a broadcast held back until the phase is processed,
then published with its results, to everyone (no partial, no fake options)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

import parser as p

from ...reports.identities import hides_players
from ...reports.press import postal_accepted, postal_published, sender_named
from ...store.models import Game, PressRecord
from ..reply.conversation import Conversation
from .shorthand import shorthand_refusal


def postal_press(ctx: Conversation, cmd: p.PostalPress) -> None:
    game, me = ctx.game, ctx.me
    if game is None or me is None or me.status == "resigned":
        ctx.fail("POSTAL PRESS: sign on to a game first.")
        return
    settings = game.settings or {}
    if not settings.get("postal_press"):
        ctx.fail(f"POSTAL PRESS: game '{game.name}' does not allow postal press.")
        return
    if game.status != "active" or not game.phase:
        ctx.fail(f"POSTAL PRESS: game '{game.name}' has no phase under way.")
        return
    text = cmd.text.rstrip("\n")
    if not text.strip() and not settings.get("blank_press"):
        ctx.fail(f"POSTAL PRESS: game '{game.name}' allows no blank press.")
        return
    refused = shorthand_refusal(game, me, text)
    if refused:
        ctx.fail(f"POSTAL PRESS: {refused}  No message was sent.")
        return
    grey = settings.get("press", "white") in ("grey", "grey/white") and me.role != "master"
    ctx.session.add(
        PressRecord(
            game_id=game.id, sender_id=me.id, recipients=[], shown_to=["*"], grey=grey,
            postal=True, text=text, created_at=ctx.now, phase=game.phase,
        )
    )  # fmt: skip
    ctx.say(postal_accepted(game.phase))


def postal_block(session: Session, game: Game, phase: str | None) -> str:
    """The postal press of the phase just processed, as the results carry it."""
    rows = session.execute(
        select(PressRecord)
        .where(
            PressRecord.game_id == game.id, PressRecord.postal.is_(True), PressRecord.phase == phase
        )
        .order_by(PressRecord.id)
    ).scalars()
    by_id = {x.id: x for x in game.participants}
    messages: list[tuple[str | None, str]] = []
    for row in rows:
        sender = by_id.get(row.sender_id)
        who = None
        if not row.grey and sender is not None:
            role = sender.power or sender.role.capitalize()
            # A gunboat game names the power, never the player (as its press does).
            anonymous = hides_players(game) and sender.role != "master"
            who = role if anonymous else sender_named(sender.user.email, role)
        messages.append((who, row.text))
    return postal_published(game.name, messages)
