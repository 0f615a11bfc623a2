"""A game as the rest of the engine reads it: found by name, its variant as its settings
make it, its powers by any of their names, the people playing it."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session, object_session

import variants
from adjudicator.wings import with_wings

from ...store.models import Address, Game, Participant, PhaseRecord
from ..reply.conversation import Conversation


def variant_of(game: Game) -> variants.Variant:
    """The game's variant, with the year its SET [NO] SUMMER makes, and wings among its
    units when the game is played with them."""
    variant = variants.load(game.variant)
    summer = (game.settings or {}).get("summer")
    if summer is not None:
        variant = variants.with_summer(variant, bool(summer))
    if "wings" in (game.options or []) or "wings" in variant.rules:
        variant = with_wings(variant)
    return variant


def power_called(variant: variants.Variant, word: str) -> str | None:
    """The power a player names by its letter, name or adjective (BECOME, EJECT, proxies)."""
    w = word.strip().lower()
    for x in variant.powers:
        if w in (x.letter.lower(), x.name.lower(), x.adjective.lower()):
            return x.name
    return None


def find_game(ctx: Conversation, name: str) -> Game | None:
    return ctx.session.execute(select(Game).where(Game.name == name.lower())).scalar_one_or_none()


def players(game: Game) -> list[Participant]:
    return [x for x in game.participants if x.role == "player" and x.status != "resigned"]


def playing(game: Game) -> tuple[set[int], set[str]]:
    """The people playing the game, a person being all his addresses: their users, and
    every address that is theirs (of record, linked by I AM ALSO, or SET ADDRESS's). Whom
    an observer's place may never be (forming/observers.py, press/readers.py)."""
    people = players(game)
    ids = {x.user_id for x in people}
    found = {x.user.email.lower() for x in people}
    found.update(a.lower() for x in people for a in x.report_to or [])
    session = object_session(game)
    if session is not None and ids:
        linked = session.scalars(select(Address.address).where(Address.user_id.in_(ids)))
        found.update(a.lower() for a in linked)
    return ids, found


def phase_records(session: Session, game: Game) -> list[PhaseRecord]:
    """The game's played phases, first to last: what SUMMARY, ROLLBACK, RELATIONS and the
    robots' memories (and an observing blabbot's friends) are read from."""
    return list(
        session.execute(
            select(PhaseRecord).where(PhaseRecord.game_id == game.id).order_by(PhaseRecord.turn)
        ).scalars()
    )


def places_of(game: Game, me: Participant) -> list[Participant]:
    """The places a player holds in the game, the one he signed on as first, then his other
    powers in the variant's order: several in a duplex game, whose player orders all of them
    in one mail (the njudge's info.duplex)."""
    order = {x.name: i for i, x in enumerate(variant_of(game).powers)}
    others = [x for x in players(game) if x.user_id == me.user_id and x.power and x is not me]
    return [me, *sorted(others, key=lambda x: order.get(x.power or "", len(order)))]
