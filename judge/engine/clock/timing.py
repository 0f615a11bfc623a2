"""The game's clock set by mail (users' manual 8.6): SET MOVE / RETREAT / ADJUST for
the deadlines to come, SET DEADLINE / GRACE / START for the phase at hand.

Who may: the game's master, or in a game without one that is not moderated, any of its
players (manual 8.1). Every change is announced to everyone in the game.
"""

from __future__ import annotations

from datetime import time

import parser as p

from ...reports import clock as texts
from ...reports.frame import njudge_time
from ..game.moderation import announce, changer, may_moderate
from ..game.owing import ready
from ..reply.conversation import Conversation
from .deadlines import KINDS, grace_after, moment_of, parameter_line, timing_for, timing_of
from .lateness import next_event

_LABELS = {"move": "Move", "retreat": "Retreat", "adjust": "Adjust"}


def set_timing(ctx: Conversation, cmd: p.SetTiming) -> None:
    """SET MOVE|RETREAT|ADJUST setting value...: the deadlines to come, not this one."""
    what = f"SET {cmd.phase.upper()}"
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    try:
        changed = timing_for(game.settings or {}, cmd.phase).changed(cmd.settings)
    except ValueError as exc:
        ctx.fail(f"{what}: {exc}.")
        return
    game.settings = {**(game.settings or {}), cmd.phase: changed.as_dict()}
    line = parameter_line(_LABELS[cmd.phase], changed)
    label = _LABELS[cmd.phase]
    ctx.say(texts.timing_set(label, game.name, line))
    told = texts.timing_changed(changer(game, me), label, game.name, line)
    announce(ctx, game, me, "Parameter Change", told)
    if game.phase and KINDS.get(game.phase[-1]) == cmd.phase:
        game.next_event_at = next_event(game, ctx.now, ready(game))  # a new DELAY


def set_date(ctx: Conversation, cmd: p.SetDate) -> None:
    """SET DEADLINE / GRACE / START date, for the phase at hand, in the judge's time."""
    which = cmd.which.lower()
    what = f"SET {which.upper()}"
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if game.status != "active" or not game.phase:
        ctx.fail(f"{what}: game '{game.name}' has no phase under way.")
        return
    zone = ctx.settings.zone
    timing = timing_of(game.settings or {}, game.phase)
    default_time = (
        time(timing.clock // 60, timing.clock % 60) if timing.clock >= 0 else time(23, 59)
    )
    moment = moment_of(cmd.when, default_time, zone)
    when = njudge_time(moment, ctx.settings)
    if which == "deadline":
        if moment <= ctx.now:
            ctx.fail(f"{what}: {when} has passed already.")
            return
        later = game.deadline is None or moment > game.deadline
        game.deadline = moment
        strict = bool((game.settings or {}).get("strict_grace"))
        extended = grace_after(moment, None, timing, zone, strict)
        if later and (game.grace is None or extended > game.grace):
            game.grace = extended
        if game.grace is not None and game.grace < game.deadline:
            game.grace = game.deadline
        game.late_notice_at = None
        event, text = "Deadline Adjustment", texts.deadline_moved(when)
    elif which == "grace":
        if game.deadline is not None and moment < game.deadline:
            ctx.fail(f"{what}: the grace period cannot end before the deadline.")
            return
        game.grace = moment
        event, text = "Grace Adjustment", texts.grace_moved(when)
    else:
        game.earliest = moment
        if game.deadline is not None and moment > game.deadline:
            game.deadline = moment
            if game.grace is not None and game.grace < moment:
                game.grace = moment
        event, text = "Start Adjustment", texts.start_moved(when)
    ctx.say(texts.date_set(game.name, text))
    told = texts.date_changed(changer(game, me), game.name, text)
    announce(ctx, game, me, f"{event} to: {when}", told)
    game.next_event_at = next_event(game, ctx.now, ready(game))
