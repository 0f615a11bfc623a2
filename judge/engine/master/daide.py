"""SET DAIDE [power] and SET NO DAIDE [power] (a master's): powers of the game played by
DAIDE bots over TCP (judge/daide/, docs/daide.md). The master is told where the game's
bots connect and each power's passcode; the others see the power played by a DAIDE bot."""

from __future__ import annotations

import parser as p

from ...daide import seats as daide_seats
from ...daide.mdf import board_of
from ...reports import daide as texts
from ..game.record import players
from ..reply.conversation import Conversation
from ..robots.seats import give_up, holder_of, is_robot, make_robot, new_robot, set_strategy
from .robots import _humans_only, _power, _told


def set_daide(ctx: Conversation, cmd: p.SetDaide) -> None:
    what = "SET DAIDE" if cmd.on else "SET NO DAIDE"
    allowed = _master(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if not ctx.settings.daide_listen:
        ctx.fail(texts.no_daide(what))
        return
    try:
        board_of(game.variant)
    except ValueError as problem:
        ctx.fail(f"{what}: {problem}.")
        return
    if game.status not in ("forming", "active"):
        ctx.fail(f"{what}: game '{game.name}' is {game.status}.")
        return
    if cmd.on and _humans_only(ctx, game, what):
        return
    if cmd.power:
        power = _power(ctx, game, what, cmd.power)
        if power is None:
            return
        powers = [power]
    elif cmd.on:
        powers = _empty_powers(game)
        if not powers:
            ctx.fail(texts.none_empty(what, game.name))
            return
    else:
        powers = sorted(daide_seats.passcodes(game))
    if not cmd.on:
        for power in powers:
            holder = holder_of(game, power)
            if power not in daide_seats.passcodes(game):
                ctx.fail(texts.not_open(what, power, game.name))
                continue
            if holder is not None and is_robot(holder):
                if game.status == "forming":
                    holder.status = "resigned"
                else:
                    give_up(ctx.session, holder, ctx.now)
            daide_seats.close_seat(game, power)
            set_strategy(game, power, None)
            _told(ctx, game, me, texts.closed(power))
        return
    opened = []
    for power in powers:
        holder = holder_of(game, power)
        if holder is not None and not is_robot(holder) and holder.status in ("active", "late"):
            ctx.fail(texts.held_by_person(what, power, game.name))
            continue
        if game.status == "forming" and holder is None and _full(game):
            ctx.fail(f"{what}: game '{game.name}' has all the players it needs.")
            break
        code = daide_seats.open_seat(ctx.session, ctx.settings, game, power)
        if code is None:
            ctx.fail(texts.no_port(what))
            return
        if holder is None:
            holder = new_robot(ctx.session, game, daide_seats.DAIDE, power, ctx.now)
        make_robot(ctx.session, holder, daide_seats.DAIDE, ctx.now)
        set_strategy(game, power, daide_seats.DAIDE)
        opened.append((power, code))
        _told(ctx, game, me, texts.opened(power))
    ctx.session.flush()
    if opened:
        port = daide_seats.port_of(game) or 0
        board = board_of(game.variant)
        ctx.say(
            texts.where_to_connect(
                game.name, daide_seats.where(ctx.settings, port),
                [(power, board.power_names[power], code) for power, code in opened],
            )
        )  # fmt: skip
    full = len(players(game)) >= game.settings["players"]
    if game.status == "forming" and full and game.settings.get("auto_start", True):
        from ..forming.start import start_game

        ctx.at_end("start", lambda: start_game(ctx, game))


def _full(game) -> bool:
    return len(players(game)) >= game.settings["players"]


def _master(ctx: Conversation, what: str):
    from ..game.moderation import master_only

    return master_only(ctx, what)


def _empty_powers(game) -> list[str]:
    """The powers nobody plays: none holds them, or a dummy or an abandoned player does."""
    from ..game.record import variant_of

    out = []
    taken = {x.power: x for x in players(game) if x.power and x.status not in ("resigned",)}
    free_slots = game.settings.get("players", 0) - len(players(game))
    for power in variant_of(game).powers:
        holder = taken.get(power.name)
        if holder is None:
            if game.status == "forming":
                if free_slots <= 0:
                    continue
                free_slots -= 1
            out.append(power.name)
        elif holder.status in ("abandoned", "cd") and not is_robot(holder):
            out.append(power.name)
    return out
