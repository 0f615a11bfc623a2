"""LIST [FULL | name] (users' manual 3.4): the table of the games a judge lists, or one game
in full. Here the games, their people and what the rules say of them are found; the texts
are judge/reports/listings/brief.py and full.py."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

import parser as p
import variants

from ...reports.listings.brief import Listed, brief_listing
from ...reports.listings.full import NO_GAMES, Listing, full_listing
from ...store.models import Game, Participant
from ..clock.deadlines import DEFAULTS, timing_for
from ..clock.dedication import rated
from ..clock.excuses import excuses_left
from ..game.owing import owed
from ..game.record import players
from ..play.processing import winner_of
from ..reply.conversation import Conversation
from .lookup import (
    current,
    known_variant,
    ordered_people,
    rules_of,
    seen_by,
    the_game,
    unreachable,
    viewer,
)


def list_games(ctx: Conversation, cmd: p.ListGames) -> None:
    """LIST [FULL | name]: before a SIGN ON a bare LIST is the short list of every game;
    after one it is the signed-on game's full listing (manual 3.4)."""
    if cmd.full:
        games = _listed_games(ctx)
        for game in games:
            ctx.say(full_listing(_listing(ctx, game), ctx.settings, ctx.now))
        if not games:
            ctx.say(NO_GAMES)
        return
    if cmd.game is None and ctx.game is None:
        ctx.say(brief_listing([listed(game) for game in _listed_games(ctx)]))
        return
    game = the_game(ctx, cmd.game, "LIST")
    if game is not None:
        if ctx.game is None:  # the reply's header shows the game, as the njudge's does
            ctx.about = game
        ctx.say(full_listing(_listing(ctx, game), ctx.settings, ctx.now))


def _listed_games(ctx: Conversation) -> list[Game]:
    return listed_games(ctx.session)


def listed_games(session: Session) -> list[Game]:
    """The games set LIST: NO LIST is the default (users' manual 8.3, and the njudge's), so
    a game is public only when its master asks. (The web window lists the same.)"""
    games = session.execute(select(Game).order_by(Game.created_at, Game.id)).scalars()
    return [g for g in games if (g.settings or {}).get("list", False)]


def listed(game: Game) -> Listed:
    """A game as its line in the brief table shows it."""
    hours = timing_for(game.settings or {}, "move").next
    return Listed(
        game=game,
        variant=known_variant(game),
        players=players(game),
        master=next((x for x in current(game) if x.role == "master"), None),
        short_hours=hours if hours < DEFAULTS["move"].next else None,
        rated=rated(game),
    )


def _listing(ctx: Conversation, game: Game) -> Listing:
    """A game as its full listing shows it to the one asking: a blind game's player sees
    his own units only, anyone not its master sees no unit at all (manual 4)."""
    variant = known_variant(game)
    asker = viewer(ctx, game)
    playing = players(game)
    seen = seen_by(game, asker)
    owing: set[str] = set()
    if game.status == "active":  # no orders are due in a game not being played
        owing = {
            x.power
            for x in playing
            if x.power and x.status not in ("cd", "abandoned") and _owes(game, variant, x.power)
        }
    won = False
    if game.status == "finished" and game.phase:
        position = game.position or {}
        won = winner_of(game, position.get("centers") or {}, position.get("units")) is not None
    people = ordered_people(game, variant, observers=True)
    return Listing(
        game=game,
        variant=variant,
        viewer=asker,
        players=playing,
        people=people,
        owing=owing,
        won=won,
        rules=rules_of(game, variant, ctx.settings),
        seen=seen,
        unreachable=unreachable(ctx, asker, people),
        excuses=_excuses(ctx, game, asker),
    )


def _excuses(ctx: Conversation, game: Game, asker: Participant | None) -> list[tuple[str, int]]:
    """Each power's excuses left (SET EXCUSES); in a QUIET game, which keeps who is late
    from the players, only the asker's own unless he is a master."""
    variant = known_variant(game)
    rank = {power.name: i for i, power in enumerate(variant.powers)} if variant else {}
    powers = sorted(
        {x.power for x in players(game) if x.power and x.status != "resigned"},
        key=lambda power: (rank.get(power, len(rank)), power),
    )
    shown = excuses_left(game, ctx.settings, powers)
    quiet = bool((game.settings or {}).get("quiet"))
    if quiet and not (asker is not None and asker.role == "master"):
        mine = {x.power for x in players(game) if asker is not None and x.user_id == asker.user_id}
        shown = [(power, left) for power, left in shown if power in mine]
    return shown


def _owes(game: Game, variant: variants.Variant | None, power: str) -> bool:
    """Whether a power has orders to give in the current phase (the engine's rule)."""
    if variant is None and (game.phase or "").endswith("B"):
        return False
    return bool(owed(game, power))
