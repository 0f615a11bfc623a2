"""How every reply to someone signed on to a game under way ends (njudge-formats 2.3):
a player reads his power's orders as they stand, the error count or what is missing,
his pending future orders and the time left; a master reads every power's orders under
its status ("Austria: Move Required."); an observer reads the time left.

Whatever the mail held (orders, press, SET DRAW, a takeover, a bare SIGN ON), the player
sees at once what the judge holds for him, as the njudge has always shown it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from adjudicator.phase import Phase

from ...config import Settings
from ...reports import play as r
from ...reports.play import status as texts
from ...store.models import Game, OrderRecord, Participant
from ..game.owing import build_at, owed
from ..game.record import places_of, players, variant_of
from ..reply.conversation import Conversation
from .blind import players_sight
from .future import advance_powers, condition_text, order_key
from .standing import refresh, standing


def reply_status(ctx: Conversation) -> None:
    """The end of the reply, for whoever this mail signed on as."""

    game, me = ctx.game, ctx.me
    if game is None or me is None or game.status != "active" or not game.phase:
        return
    given, out = refresh(ctx.session, game)
    ctx.once.add(f"refreshed:{game.id}")  # nothing changes the orders after the tail
    if me.role == "player" and me.power and ctx.signed_on_power:
        early = me.power in advance_powers(ctx.session, game)
        state = standing(game, me.power, given.get(me.power, []), out, early)
        # A duplex player who ordered his other powers in this mail reads their orders too
        # (otherwise only the signed-on power's, as the njudge shows them); the flag below
        # is the signed-on power's, as each power's is its own.
        others = [x.power or "" for x in places_of(game, me)[1:] if f"orders:{x.power}" in ctx.once]
        seen = players_sight(game, me.power)
        if seen is not None:  # blind: he sees the units of all his powers
            seen = frozenset({*seen, *(x.power or "" for x in places_of(game, me))})
        listing = r.orders_listing(
            variant_of(game), game.name, game.turn, game.phase, me.power, out,
            build_at=build_at(game), seen=seen, also=others,
        )  # fmt: skip
        ctx.say(listing.rstrip())
        ctx.say("\n" + texts.standing_text(ctx.settings, game, me, state))
        if state.status == "errors":
            ctx.error_flag = True
        pending = pending_text(ctx.session, game, me)
        if pending:
            ctx.say(pending)
    elif me.role == "master":
        ctx.say(master_report(ctx.settings, game, out).rstrip())
    left = texts.time_left(ctx.now, game)
    if left:
        ctx.say("\n" + left)


def master_report(settings: Settings, game: Game, out: dict[str, Any]) -> str:
    """Every power's orders under its status, for a master (the njudge's po_mastrpt)."""
    variant = variant_of(game)
    word = texts.HEADINGS[(game.phase or "M")[-1]]
    holders = {x.power: x for x in players(game) if x.power}
    blocks: list[tuple[str, str, list[str]]] = []
    for power in (x.name for x in variant.powers):
        holder = holders.get(power)
        body = [
            line
            for line in r.power_orders(
                variant, game.phase or "", power, out, build_at=build_at(game)
            )
            if line.strip()
        ]
        if holder is None and not body:
            continue
        blocks.append((power, _status_word(game, holder, power, word), body))
    header = r.orders_title(variant, game.name, game.turn, game.phase or "")
    all_in = all(
        x.orders_status == "complete" for x in players(game) if x.power and x.status != "cd"
    )
    return texts.master_report(settings, game, header, blocks, all_in)


def _status_word(game: Game, holder: Participant | None, power: str, word: str) -> str:
    if holder is None:
        return "Not Assigned"
    if holder.status == "cd":
        return "CD"
    if holder.status == "abandoned":
        return "Abandoned"
    if not owed(game, power):
        return f"No {word} Required"
    if holder.orders_status == "errors":
        return "Error Flag"
    if holder.orders_status == "complete":
        return f"{word} Submitted"
    return f"{word} Required"


def pending_text(session: Session, game: Game, me: Participant) -> str:
    """The player's orders for later phases, each under its phase, conditions shown."""

    rows = session.execute(
        select(OrderRecord)
        .where(OrderRecord.game_id == game.id, OrderRecord.participant_id == me.id)
        .where((OrderRecord.phase != game.phase) | OrderRecord.condition.is_not(None))
        .order_by(OrderRecord.id)
    ).scalars()
    variant = variant_of(game)
    now = order_key(Phase.parse(game.phase or "", variant), variant)
    by_phase: dict[str, list[str]] = defaultdict(list)
    for row in rows:
        if order_key(Phase.parse(row.phase, variant), variant) < now:
            continue  # orders of a phase played
        line = row.text
        if row.condition:
            line = f"IF {condition_text(row.condition)}: {line}"
        by_phase[row.phase].append(line)
    return texts.pending_orders(by_phase)
