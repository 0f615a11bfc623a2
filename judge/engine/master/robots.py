"""SET ROBOT power strategy, SET NO ROBOT power and SET [NO] ROBOTS strategy (a master's,
before or during the game), and SET HUMANS ONLY / SET OPEN TO ALL (whether program players
may sign on). Each change is announced to the game as a `Parameter Change`."""

from __future__ import annotations

import parser as p

from ...reports import master as setting_texts
from ...reports import robots as texts
from ...reports.identities import hides_players, sees_players
from ...reports.robots import shown_address
from ...store.models import Game, Participant
from ..forming.start import start_game
from ..game.moderation import announce, changer, master_only, may_moderate
from ..game.record import players, power_called, variant_of
from ..reply.conversation import Conversation
from ..robots.ordering import play_now
from ..robots.programs import program_of
from ..robots.seats import (
    give_up,
    holder_of,
    is_robot,
    make_robot,
    new_robot,
    options_error,
    set_strategy,
    strategies,
)


def _told(ctx: Conversation, game: Game, me: Participant, words: str, more: str = "") -> None:
    """The master's answer (with `more`, for him alone), and the `Parameter Change` to the
    others, except in a gunboat game, where nothing may reveal which powers a program
    plays."""
    ctx.say(setting_texts.setting_set(game.name, words + more))
    if hides_players(game):
        return
    notice = setting_texts.setting_changed(changer(game, me), game.name, words)
    announce(ctx, game, me, "Parameter Change", notice)


def _power(ctx: Conversation, game: Game, what: str, named: str) -> str | None:
    variant = variant_of(game)
    power = power_called(variant, named)
    if power is None or power not in {x.name for x in variant.powers}:
        ctx.fail(texts.unknown_power(what, named, game.name, [x.name for x in variant.powers]))
        return None
    return power


def _humans_only(ctx: Conversation, game: Game, what: str) -> bool:
    """A game for humans only takes no robot (refused, and said so)."""
    if (game.settings or {}).get("humans_only"):
        ctx.fail(texts.robot_refused_humans_only(what, game.name))
        return True
    return False


def set_robot(ctx: Conversation, cmd: p.SetRobot) -> None:
    what = "SET ROBOT"
    allowed = master_only(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if _humans_only(ctx, game, what):
        return
    power = _power(ctx, game, what, cmd.power)
    if power is None:
        return
    if cmd.strategy not in strategies():
        ctx.fail(texts.unknown_strategy(what, cmd.strategy, strategies()))
        return
    wrong = options_error(cmd.strategy, cmd.options)
    if wrong is not None:
        ctx.fail(texts.robot_options_refused(what, wrong))
        return
    holder = holder_of(game, power)
    if holder is not None and not is_robot(holder) and holder.status in ("active", "late"):
        ctx.fail(texts.held_by_person(what, power, game.name))
        return
    if game.status == "forming":
        if holder is None and len(players(game)) >= game.settings["players"]:
            ctx.fail(f"{what}: game '{game.name}' has all the players it needs.")
            return
        if holder is None:
            new_robot(ctx.session, game, cmd.strategy, power, ctx.now)
        else:
            make_robot(ctx.session, holder, cmd.strategy, ctx.now)
    elif game.status == "active":
        if holder is None:
            holder = new_robot(ctx.session, game, cmd.strategy, power, ctx.now)
        make_robot(ctx.session, holder, cmd.strategy, ctx.now)
    else:
        ctx.fail(f"{what}: game '{game.name}' is {game.status}.")
        return
    ctx.session.flush()
    set_strategy(game, power, cmd.strategy, cmd.options)
    more = texts.robot_options(cmd.options)
    _told(ctx, game, me, texts.robot_set(power, cmd.strategy), more)
    play_now(ctx, game)
    full = len(players(game)) >= game.settings["players"]
    if game.status == "forming" and full and game.settings.get("auto_start", True):
        ctx.at_end("start", lambda: start_game(ctx, game))  # the robot filled the game


def set_no_robot(ctx: Conversation, cmd: p.SetNoRobot) -> None:
    what = "SET NO ROBOT"
    allowed = master_only(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    power = _power(ctx, game, what, cmd.power)
    if power is None:
        return
    holder = holder_of(game, power)
    if holder is None or not is_robot(holder):
        ctx.fail(texts.not_a_robot(what, power, game.name))
        return
    if game.status == "forming":
        holder.status = "resigned"
    else:
        give_up(ctx.session, holder, ctx.now)
    set_strategy(game, power, None)
    _told(ctx, game, me, texts.robot_unset(power))
    play_now(ctx, game)


def set_robots(ctx: Conversation, cmd: p.SetRobots) -> None:
    what = "SET ROBOTS" if cmd.on else "SET NO ROBOTS"
    allowed = master_only(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    settings = dict(game.settings or {})
    if not cmd.on:
        settings.pop("robots_default", None)
        game.settings = settings
        for x in players(game):  # the abandoned powers its robot played are left alone
            if x.power and x.status == "abandoned" and not is_robot(x):
                set_strategy(game, x.power, None)
        _told(ctx, game, me, texts.ROBOTS_OFF)
        return
    if cmd.strategy not in strategies():
        ctx.fail(texts.unknown_strategy(what, cmd.strategy, strategies()))
        return
    if _humans_only(ctx, game, what):
        return
    game.settings = {**settings, "robots_default": cmd.strategy}
    _told(ctx, game, me, texts.robots_set(cmd.strategy))
    play_now(ctx, game)


def set_humans_only(ctx: Conversation, cmd: p.SetHumansOnly) -> None:
    what = "SET HUMANS ONLY" if cmd.on else "SET OPEN TO ALL"
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if cmd.on:
        why = _programs_in(game, me)
        if why is not None:
            ctx.fail(f"{what}: {why}")
            return
    game.settings = {**(game.settings or {}), "humans_only": cmd.on}
    _told(ctx, game, me, texts.humans_only(cmd.on))


def _programs_in(game: Game, me: Participant) -> str | None:
    """Why the game cannot be for humans only: the robots and programs that play in it,
    by power (named to whoever may see who plays it: not to a gunboat game's players),
    or SET ROBOTS' robot waiting for the next abandoned power; None when there are none."""
    default = (game.settings or {}).get("robots_default")
    if default:
        return texts.humans_only_with_robots_default(game.name, default)
    seated = [
        (x.power, shown_address(x.user.email))
        for x in players(game)
        if is_robot(x) or program_of(x.user) is not None
    ]
    if not seated:
        return None
    return texts.humans_only_with_programs(game.name, seated if sees_players(game, me) else [])
