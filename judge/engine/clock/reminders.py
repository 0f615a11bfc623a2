"""SET REMINDER hours / SET NO REMINDER (a player, for his own place) and SET REMINDERS
hours / SET NO REMINDERS (the game's default: its master, or any player of a game without
one that is not moderated, as the timings are set). Not in the njudge; remind.py says
when a reminder falls due, play/reminders.py what it says.
"""

from __future__ import annotations

import parser as p

from ...reports import master as master_texts
from ...reports import punctuality as texts
from ..game.moderation import announce, changer, may_moderate
from ..game.owing import ready
from ..reply.conversation import Conversation
from .lateness import next_event
from .remind import DEFAULT, OWN, SENT


def set_reminder(ctx: Conversation, cmd: p.SetReminder) -> None:
    if cmd.game:
        _game_default(ctx, cmd)
        return
    what = "SET REMINDER" if cmd.hours is not None else "SET NO REMINDER"
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(f"{what}: sign on to a game first.")
        return
    if me.role != "player" or me.status == "resigned":
        ctx.fail(f"{what}: only a player of game '{game.name}' is reminded of its deadlines.")
        return
    if game.status in ("finished", "terminated"):
        ctx.fail(f"{what}: game '{game.name}' is {game.status}.")
        return
    own = dict((game.settings or {}).get(OWN) or {})
    own[str(me.id)] = cmd.hours or 0
    sent = {k: v for k, v in ((game.settings or {}).get(SENT) or {}).items() if k != str(me.id)}
    game.settings = {**(game.settings or {}), OWN: own, SENT: sent}
    ctx.say(texts.reminder_set(game.name, cmd.hours))
    _look_again(ctx)


def _game_default(ctx: Conversation, cmd: p.SetReminder) -> None:
    what = "SET REMINDERS" if cmd.hours is not None else "SET NO REMINDERS"
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    settings = {k: v for k, v in (game.settings or {}).items() if k != DEFAULT}
    if cmd.hours is not None:
        settings[DEFAULT] = cmd.hours
    game.settings = settings
    words = texts.reminders_words(cmd.hours)
    ctx.say(master_texts.setting_set(game.name, words))
    told = master_texts.setting_changed(changer(game, me), game.name, words)
    announce(ctx, game, me, "Parameter Change", told)
    _look_again(ctx)


def _look_again(ctx: Conversation) -> None:
    """The game's clock looks again when a reminder may now fall sooner."""
    game = ctx.game
    if game is not None and game.status == "active":
        game.next_event_at = next_event(game, ctx.now, ready(game))
