"""How every reply to someone signed on to a game under way ends (njudge-formats 2.3):
a player reads his power's orders as they stand, the error count or what is missing,
his pending future orders and the time left; a master reads every power's orders under
its status ("Austria: Move Required."); an observer reads the time left.

Whatever the mail held (orders, press, SET DRAW, a takeover, a bare SIGN ON), the player
sees at once what the judge holds for him, as the njudge has always shown it.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from adjudicator.phase import Phase

from ...config import Settings
from ...reports import play as r
from ...reports.frame import njudge_time
from ...store.models import Game, OrderRecord, Participant
from ..game.owing import build_at, owed
from ..game.record import players, variant_of
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
        listing = r.orders_listing(
            variant_of(game), game.name, game.turn, game.phase, me.power, out,
            build_at=build_at(game), seen=players_sight(game, me.power),
        )  # fmt: skip
        ctx.say(listing.rstrip())
        ctx.say("\n" + standing_text(ctx.settings, game, me, state))
        if state.status == "errors":
            ctx.error_flag = True
        pending = pending_text(ctx.session, game, me)
        if pending:
            ctx.say(pending)
    elif me.role == "master":
        ctx.say(master_report(ctx.settings, game, out).rstrip())
    left = time_left(ctx.now, game)
    if left:
        ctx.say("\n" + left)


def standing_text(settings: Settings, game: Game, me: Participant, state: Any) -> str:
    """The error count, or what is still missing, in the njudge's words."""
    deadline = njudge_time(game.deadline, settings) if game.deadline else "the deadline"
    if not state.owes:
        return "Since you have no moves due, the error flag is not set."
    if state.advance:
        return (
            "Your orders for this phase were given in advance: they count as received,\n"
            "and any order you send now replaces the one given for the same unit."
        )
    if state.errors:
        s = "" if state.errors == 1 else "s"
        return (
            f"{state.errors} error{s} encountered.\n\nError flag set.\n\n"
            f"Unless error-free orders are received by the deadline of\n{deadline} you will "
            "be considered late."
        )
    if state.status != "complete":
        text = (
            "Orders not received for all units.  If complete orders are not\n"
            f"received by {deadline}, you will be considered late."
        )
        if game.grace is not None:
            grace = njudge_time(game.grace, settings)
            if (game.settings or {}).get("nmr"):
                text += (
                    f"\nThe partial orders will be processed if nothing is received by\n{grace}."
                )
            else:
                text += (
                    "\nYou will be considered abandoned if all orders\nare not received by\n"
                    f"{grace}."
                )
        return text
    if me.wait:
        return "You have set 'wait' status so orders will not be processed before the deadline."
    return "Your orders are complete."


_HEADINGS = {"M": "Move", "R": "Retreat", "B": "Adjustment"}


def master_report(settings: Settings, game: Game, out: dict[str, Any]) -> str:
    """Every power's orders under its status, for a master (the njudge's po_mastrpt)."""

    variant = variant_of(game)
    word = _HEADINGS[(game.phase or "M")[-1]]
    holders = {x.power: x for x in players(game) if x.power}
    blocks: list[str] = []
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
        status = _status_word(game, holder, power, word, owed)
        blocks.append("\n".join([f"{power}: {status}.", *body]))
    header = r.orders_title(variant, game.name, game.turn, game.phase or "")
    all_in = all(
        x.orders_status == "complete" for x in players(game) if x.power and x.status != "cd"
    )
    closing = (
        "Orders listed as received from all players."
        if all_in
        else ("Orders not listed as received from all players.")
    )
    if game.deadline is not None:
        closing += f"  Deadline is\n{njudge_time(game.deadline, settings)}"
        if game.grace is not None:
            closing += f", grace is {njudge_time(game.grace, settings)}"
        closing += "."
    return "\n\n".join([header, *blocks, "\n" + closing]) + "\n"


def _status_word(game: Game, holder: Participant | None, power: str, word: str, owed: Any) -> str:
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
    if not by_phase:
        return ""
    blocks = [f"Pending orders for {ph}:\n" + "\n".join(f"  {x}" for x in lines)
              for ph, lines in by_phase.items()]  # fmt: skip
    return "\n\n".join(blocks)


def time_left(now: datetime, game: Game) -> str:
    lines = []
    for label, at in (("deadline", game.deadline), ("grace period expiration", game.grace)):
        if at is not None and at > now:
            lines.append(f"Time to {label}: {span(at - now)}.")
    return "\n\n".join(lines)


def span(delta: timedelta) -> str:
    """`5 days, 23 hours, 30 minutes, and 0 seconds` (the njudge's timeleft)."""
    seconds = int(delta.total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = []
    if days:
        parts.append(f"{days} day{'s' if days != 1 else ''}")
    parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    return ", ".join(parts) + f", and {seconds} second{'s' if seconds != 1 else ''}"
