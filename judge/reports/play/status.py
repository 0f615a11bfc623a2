"""How every reply to someone signed on to a game under way ends (njudge-formats 2.3), as
text: a player's error count or what is still missing, a master's report of every power's
orders under its status, the orders pending for later phases, and the time left."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from ...config import Settings
from ...store.models import Game, Participant
from ..counts import counted
from ..frame import njudge_time

HEADINGS = {"M": "Move", "R": "Retreat", "B": "Adjustment"}


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
        return (
            f"{counted(state.errors, 'error')} encountered.\n\nError flag set.\n\n"
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


def master_report(
    settings: Settings,
    game: Game,
    header: str,
    blocks: list[tuple[str, str, list[str]]],
    all_in: bool,
) -> str:
    """The njudge's po_mastrpt: each power's orders under `Power: Status.`, then whether all
    are in and the deadline."""
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
    shown = ["\n".join([f"{power}: {status}.", *body]) for power, status, body in blocks]
    return "\n\n".join([header, *shown, "\n" + closing]) + "\n"


def pending_orders(by_phase: dict[str, list[str]]) -> str:
    """The player's orders for later phases, each under its phase; '' when there are none."""
    blocks = [
        f"Pending orders for {phase}:\n" + "\n".join(f"  {line}" for line in lines)
        for phase, lines in by_phase.items()
    ]
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
        parts.append(counted(days, "day"))
    parts.append(counted(hours, "hour"))
    parts.append(counted(minutes, "minute"))
    return ", ".join(parts) + f", and {counted(seconds, 'second')}"
