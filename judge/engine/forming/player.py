"""A player's own settings in a game (users' manual 7.1): SET PREFERENCE, SET ADDRESS,
SET PASSWORD, and RESIGN / WITHDRAW."""

from __future__ import annotations

import parser as p

from ...mailin.addresses import refusal
from ...reports.forming import powers_named, resigned, resigned_reply
from ...reports.identities import hides_players
from ...store.passwords import hash_password
from ..accounts.guessing import password_problem
from ..clock.dedication import credit
from ..game.moderation import ANONYMOUS, hearers
from ..game.record import variant_of
from ..reply.conversation import Conversation
from ..reply.notices import deliver
from ..robots.ordering import play_now
from .returns import places_of


def set_preference(ctx: Conversation, cmd: p.SetPreference) -> None:
    game, me = ctx.game, ctx.me
    if game is None or me is None or me.role != "player":
        ctx.fail("SET PREFERENCE: sign on to a forming game first.")
        return
    if game.status != "forming" or me.power:
        ctx.fail("SET PREFERENCE: the powers have been assigned already.")
        return
    if cmd.random:
        if game.settings.get("assignment") == "prflist":
            ctx.fail("SET PREFERENCE *: this game gives powers by preference lists only.")
            return
        me.preference = "*"
        ctx.say("Preference list '*' set: you will get a power at random.")
        return
    letters = {x.letter.upper() for x in variant_of(game).powers}
    seen: list[str] = []
    for group in cmd.choices:
        for letter in group:
            if letter.upper() not in letters:
                ctx.fail(f"SET PREFERENCE: there is no power '{letter}' in this game.")
                return
            if letter.upper() in seen:
                ctx.fail(f"SET PREFERENCE: '{letter}' is in the list twice.")
                return
            seen.append(letter.upper())
    stored = "".join(
        group[0].upper() if len(group) == 1 else "[" + "".join(group).upper() + "]"
        for group in cmd.choices
    )
    me.preference = stored
    ctx.say(f"Preference list '{stored}' set.")


def set_address(ctx: Conversation, cmd: p.SetAddress) -> None:
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("SET ADDRESS: sign on to a game first.")
        return
    wanted = [a.strip() for a in list(cmd.addresses) or [ctx.reply_to] if a.strip()]
    for address in wanted:  # reports go there unasked: screened as any answer address
        why = refusal(address, ctx.settings.address)
        if why is not None:
            ctx.fail(f"SET ADDRESS: {address[:80]}: {why}.  The address is not changed.")
            return
    me.report_to = wanted
    ctx.say(f"Address for game '{game.name}' set to {', '.join(me.report_to)}.")


def set_password(ctx: Conversation, cmd: p.SetPassword) -> None:
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("SET PASSWORD: sign on to a game first.")
        return
    problem = password_problem(ctx, cmd.password)
    if problem is not None:
        ctx.fail(f"SET PASSWORD: {problem}")
        return
    me.password_hash = hash_password(cmd.password, ctx.settings.password_cost)
    ctx.say(f"Password for game '{game.name}' changed.")  # never echoed


def resign(ctx: Conversation, cmd: p.Resign) -> None:
    """The last command of a mail (the njudge reads nothing after it)."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("RESIGN: sign on to a game first.")
        return
    if me.role == "master":  # manual 7.1: a master cannot RESIGN (another may EJECT him)
        ctx.fail(
            f"RESIGN: a master cannot resign from game '{game.name}'.  Another master may "
            "EJECT you; PROMOTE an observer first if you are the only one."
        )
        ctx.skipping = True
        return
    if me.role == "observer":
        me.status = "resigned"
        ctx.say(f"You are no longer observing game '{game.name}'.")
        ctx.skipping = True
        return
    if game.status == "forming" or not me.power:
        me.status = "resigned"
        ctx.say(f"You have withdrawn from game '{game.name}'.")
        ctx.skipping = True
        return
    seat = places_of(game, me)  # a duplex player resigns all his powers at once
    for x in seat:
        x.status = "abandoned"
    play_now(ctx, game)  # SET ROBOTS: a robot plays the powers until someone takes over
    credit(game, me.user, resigned=1)
    powers = [x.power or "" for x in seat]
    ctx.say(resigned_reply(powers, game.name))
    people = [x for x in hearers(game, seat) if x not in seat]
    event = f"Resignation: {powers_named(powers)}"
    bosses = [x for x in people if x.role == "master"]
    text = resigned(ctx.sender, me.user.email, powers, game.name)
    deliver(ctx, game, bosses, event, text, header=False)
    if hides_players(game):
        text = resigned(ANONYMOUS, ANONYMOUS, powers, game.name)
    deliver(ctx, game, [x for x in people if x not in bosses], event, text, header=False)
    ctx.skipping = True
