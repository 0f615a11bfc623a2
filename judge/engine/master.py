"""A master's hold on the game's clock (users' manual 8.2, 8.3): PAUSE stops it, RESUME
starts it again with a fresh deadline, PROCESS plays the phase now with what it has."""

from __future__ import annotations

import parser as p

from ..reports.frame import njudge_time
from .conversation import Conversation
from .games import forming_lines
from .lateness import PAUSED_REMINDER, set_phase_clock
from .moderation import announce, master_only
from .notices import deliver, everyone
from .play import process, refresh, schedule


def become_master(ctx: Conversation, cmd: p.BecomeMaster) -> None:
    """Right after CREATE: the creator runs the game instead of playing in it (8.1)."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("BECOME MASTER: sign on to a game first.")
        return
    if me.role == "master":
        ctx.say(f"You are already a master of game '{game.name}'.")
        return
    if ctx.created is not game or game.status != "forming":
        ctx.fail("BECOME MASTER: only the creator of a game, in the mail that creates it.")
        return
    me.role = "master"
    me.preference = ""
    game.settings = {**(game.settings or {}), "moderated": True}
    ctx.say(f"You are now the master of game '{game.name}'.\n{forming_lines(game)}")


def pause(ctx: Conversation, cmd: p.Pause) -> None:
    allowed = master_only(ctx, "PAUSE")
    if allowed is None:
        return
    game, me = allowed
    if game.status != "active":
        ctx.fail(f"PAUSE: game '{game.name}' is {game.status}, not under way.")
        return
    game.status = "paused"
    game.next_event_at = ctx.now + PAUSED_REMINDER
    ctx.say(f"Game '{game.name}' is paused.")
    announce(
        ctx, game, me, "Game Paused",
        f"Game '{game.name}' has been paused by its master.  Press may still be sent, but\n"
        "nothing is processed and no deadline passes until it is resumed.\n",
    )  # fmt: skip


def resume(ctx: Conversation, cmd: p.Resume) -> None:
    """Any player may resume unless the game is set NO RESUME (manual 8.3)."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("RESUME: sign on to a game first.")
        return
    may = me.role == "master" or (
        me.role == "player"
        and me.status != "resigned"
        and (game.settings or {}).get("resume", True) is not False
    )
    if not may:
        ctx.fail(f"RESUME: only a master of game '{game.name}' may resume it.")
        return
    if game.status != "paused":
        ctx.fail(f"RESUME: game '{game.name}' is not paused.")
        return
    game.status = "active"
    for x in game.participants:
        x.draw = None
        x.concede = None
    # The deadline is set again from now, and is never earlier than it was.
    set_phase_clock(game, ctx.settings, ctx.now, first=False)
    game.earliest = None
    when = njudge_time(game.deadline, ctx.settings) if game.deadline else "none"
    ctx.say(f"Game '{game.name}' is resumed.  The deadline is {when}.")
    deliver(
        ctx, game, [x for x in everyone(game) if x is not me], "Game Resumed",
        f"Game '{game.name}' has been resumed.\nThe deadline for orders will be {when}.\n",
    )  # fmt: skip
    ctx.at_end("schedule", lambda: schedule(ctx, game))


def process_now(ctx: Conversation, cmd: p.Process) -> None:
    """PROCESS [phase]: ignored unless that is the current phase; late or missing orders
    do not put anyone in civil disorder."""
    allowed = master_only(ctx, "PROCESS")
    if allowed is None:
        return
    game, _me = allowed
    if game.status != "active" or not game.phase:
        ctx.fail(f"PROCESS: game '{game.name}' has no phase under way ({game.status}).")
        return
    if cmd.phase is not None and str(cmd.phase) != game.phase:
        ctx.fail(
            f"PROCESS {cmd.phase}: ignored, the current phase of game '{game.name}' "
            f"is {game.phase}."
        )
        return
    phase = game.phase
    ctx.say(f"Game '{game.name}': {phase} will be processed now.")

    def now() -> None:
        if game.status == "active" and game.phase == phase:
            refresh(ctx.session, game)
            process(ctx, game)

    ctx.at_end("process", now)
