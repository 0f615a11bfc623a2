"""Draws and concessions (users' manual 7.3): SET DRAW, SET NO DRAW, SET CONCEDE, SET NO
CONCEDE. Votes are secret: a player is told only his own. They are counted the moment a
vote arrives, cleared when a phase is processed, and a passed draw or concession ends the
game at once with a notice to everyone."""

from __future__ import annotations

import parser as p

from ...reports.endings import concession_declared, draw_declared
from ...store.models import Game, HistoryEvent
from ..game.record import players, variant_of
from ..reply.conversation import Conversation
from ..reply.notices import Notices, deliver, everyone
from . import draws
from .ending import ended


def set_draw(ctx: Conversation, cmd: p.SetDraw) -> None:
    game, me = _voter(ctx, "SET DRAW")
    if game is None or me is None:
        return
    if not cmd.on:
        me.draw = None
        ctx.say("Your draw vote has been withdrawn.")
        return
    dias = bool(game.settings.get("dias", True))
    listed = cmd.powers.upper() if cmd.powers else None
    error = draws.check_draw_vote(me.power, listed, _letters(game), _survivors(game), dias)
    if error:
        ctx.fail(f"SET DRAW: {error}")
        return
    me.draw = listed or "all"
    ctx.say("Your vote for a draw has been recorded.")
    count_votes(ctx, game)


def set_concede(ctx: Conversation, cmd: p.SetConcede) -> None:
    game, me = _voter(ctx, "SET CONCEDE")
    if game is None or me is None:
        return
    if cmd.power is None:
        me.concede = None
        ctx.say("Your concession has been withdrawn.")
        return
    letters = _letters(game)
    error = draws.check_concession_vote(
        cmd.power, letters, _centers(game), bool(game.settings.get("concessions", True)),
        bool(game.settings.get("dias", True)),
    )  # fmt: skip
    if error:
        ctx.fail(f"SET CONCEDE: {error}")
        return
    power = draws.concession_power(cmd.power, letters)
    me.concede = power
    ctx.say(f"Your concession to {power} has been recorded.")
    count_votes(ctx, game)


def _centers(game: Game) -> dict[str, int]:
    return {k: len(v) for k, v in (game.position or {}).get("centers", {}).items()}


def _voter(ctx: Conversation, what: str):
    game, me = ctx.game, ctx.me
    if game is None or me is None or me.role != "player" or not me.power:
        ctx.fail(f"{what}: only a player with a power votes.")
        return None, None
    if game.status != "active":
        ctx.fail(f"{what}: game '{game.name}' is not being played.")
        return None, None
    return game, me


def _letters(game: Game) -> dict[str, str]:
    return {x.letter.upper(): x.name for x in variant_of(game).powers}


def _survivors(game: Game) -> list[str]:
    units = (game.position or {}).get("units", {})
    return [power for power, us in units.items() if us]


def robot_vote(game: Game, power: str) -> str | None:
    """The vote a robot casts for a draw of every survivor (the DAIDE DRW without powers):
    SET DRAW in a DIAS game, SET DRAW with every survivor's letter in a NoDIAS one; None
    for a power with no units, who has no vote."""
    survivors = _survivors(game)
    if power not in survivors:
        return None
    if bool((game.settings or {}).get("dias", True)):
        return "all"
    return "".join(x.letter.upper() for x in variant_of(game).powers if x.name in survivors)


def count_votes(ctx: Conversation | Notices, game: Game) -> None:
    """The manual's rules, applied the moment a vote arrives (a person's SET DRAW or SET
    CONCEDE, or a robot's vote: judge/engine/robots/ordering.py)."""
    survivors = _survivors(game)
    letters = _letters(game)
    votes = {
        x.power: (frozenset(survivors) if x.draw == "all" else draws.draw_list(x.draw, letters))
        for x in players(game)
        if x.power in survivors and x.draw
    }
    drawn = draws.draw_result(survivors, votes, bool(game.settings.get("dias", True)))
    if drawn and len(drawn) > 1:
        _end(ctx, game, drawn)
        return
    conceded = {x.power: x.concede for x in players(game) if x.power and x.concede}
    winner = draws.concession_result(
        _centers(game), conceded, bool(game.settings.get("concessions", True))
    )
    if drawn and len(drawn) == 1:  # a one-power draw is a concession (NoDIAS)
        winner = next(iter(drawn))
    if winner:
        game.status = "finished"
        game.next_event_at = None
        text = concession_declared(game.name, winner)
        deliver(ctx, game, everyone(game), f". Game conceded to {winner}", text)
        _history(ctx, game, "concession", text)
        ended(ctx, game, decided=True, shared_by=(winner,),
              notice=(f". Game conceded to {winner}", text))  # fmt: skip


def _end(ctx: Conversation | Notices, game: Game, drawn: frozenset[str]) -> None:
    variant = variant_of(game)
    letters = "".join(x.letter for x in variant.powers if x.name in drawn)
    game.status = "finished"
    game.next_event_at = None
    text = draw_declared(game.name, [x.name for x in variant.powers if x.name in drawn])
    deliver(ctx, game, everyone(game), f"Draw Declared: {letters}", text)
    _history(ctx, game, "draw", text)
    ended(ctx, game, decided=True, shared_by=sorted(drawn),
          notice=(f"Draw Declared: {letters}", text))  # fmt: skip


def _history(ctx: Conversation | Notices, game: Game, kind: str, text: str) -> None:
    ctx.session.add(
        HistoryEvent(
            game_id=game.id, at=ctx.now, kind=kind, phase=game.phase, subject=kind, body=text
        )
    )
