"""What every listing looks up first: the game asked about, who asks (if signed on to it),
its variant, its people in the njudge's order, its history, and what the engine's rules say
of it for the parameter block. Nothing here changes a game."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

import variants
from adjudicator.phase import Phase

from ...config import Settings
from ...mailout.undeliverable import marked
from ...reports.blind import sight
from ...reports.listings.parameters import Rules
from ...reports.listings.record import blind, is_master, on, setting
from ...reports.play.ownership import Sight
from ...reports.punctuality import reminders_words
from ...store.models import Game, HistoryEvent, Participant
from ..clock.absences import DEFAULT_MAX_DAYS
from ..clock.deadlines import parameter_line, timing_for
from ..clock.dedication import DEFAULT_MINIMUM, rated
from ..clock.excuses import allowed
from ..clock.remind import DEFAULT as DEFAULT_REMINDER
from ..game.record import find_game, variant_of
from ..reply.conversation import Conversation
from ..reply.notices import addresses

# The history's notices of a draw or a concession, which SUMMARY repeats and HISTORY keeps
# with the results.
DRAW_KINDS = frozenset({"draw", "concession"})


def the_game(ctx: Conversation, name: str | None, what: str) -> Game | None:
    """The named game, else the one this mail signed on to; a clear failure otherwise."""
    if name is None:
        if ctx.game is None:
            ctx.fail(f"{what}: name a game, or sign on to one first.")
        return ctx.game
    game = find_game(ctx, name)
    if game is None:
        ctx.fail(f"Game '{name.lower()}' does not exist.  Use 'list' to see the games.")
    return game


def viewer(ctx: Conversation, game: Game) -> Participant | None:
    """Who is asking, as a participant of this game, if this mail signed on to it."""
    if ctx.game is not None and ctx.game.id == game.id:
        return ctx.me
    return None


def unreachable(
    ctx: Conversation, asker: Participant | None, people: Sequence[Participant]
) -> frozenset[int]:
    """The `people` whose mail goes to an address marked undeliverable: for a master's
    eyes only (none for anyone else)."""
    if not is_master(asker):
        return frozenset()
    found = marked(ctx.session, [a for x in people for a in addresses(x)])
    return frozenset(x.id for x in people if any(a.lower() in found for a in addresses(x)))


def seen_by(game: Game, asker: Participant | None) -> Sight | None:
    """What an asker sees of a game's board: all of it (None), or in a blind game still
    being played, unless he is its master, his own power's part (a player) or no unit (an
    observer, or anyone not in the game: a stranger is shown no more than an observer, as
    LIST shows him), with every power's centres by name under SET BCENTERS."""
    if not blind(game) or is_master(asker):
        return None
    power = asker.power if asker is not None and asker.role == "player" else None
    return sight("player" if power else "observer", power, on(game, "blind_centers", False))


def known_variant(game: Game) -> variants.Variant | None:
    """The game's variant, or None for one this judge no longer has."""
    try:
        return variant_of(game)
    except KeyError:
        return None


def current(game: Game) -> list[Participant]:
    """Everyone in the game who has not resigned, as they joined."""
    return [x for x in game.participants if x.status != "resigned"]


def ordered_people(
    game: Game, variant: variants.Variant | None, observers: bool
) -> list[Participant]:
    """Masters, then the powers in the variant's order, then observers (njudge's order)."""
    order = {x.name: i for i, x in enumerate(variant.powers)} if variant else {}
    rank = {"master": 0, "player": 1, "observer": 2}
    people = [x for x in current(game) if observers or x.role != "observer"]
    return sorted(people, key=lambda x: (rank.get(x.role, 3), order.get(x.power or "", 99), x.id))


def rules_of(game: Game, variant: variants.Variant | None, settings: Settings) -> Rules:
    """What the parameter block shows that the engine's rules decide."""
    timings = [
        parameter_line(label, timing_for(game.settings or {}, phase))
        for phase, label in (("move", "Move"), ("retreat", "Retreat"), ("adjust", "Adjust"))
        if isinstance(setting(game, phase, None), dict)
    ]
    return Rules(
        timings=timings,
        rated=rated(game),
        dedication=int(setting(game, "dedication", DEFAULT_MINIMUM)),
        max_absence=setting(game, "max_absence", DEFAULT_MAX_DAYS),
        counted=variant is None or _counted(game, variant),
        reliability=int(setting(game, "reliability", 0)) or None,
        on_time=_on_time(game, settings),
    )


def _on_time(game: Game, settings: Settings) -> list[str]:
    """SET REMINDERS and SET EXCUSES, as the parameter block names them, when given."""
    words = []
    hours = setting(game, DEFAULT_REMINDER, None)
    if hours:
        words.append(reminders_words(float(hours)))
    excuses = allowed(game, settings)
    if excuses:
        words.append(f"Excuses: {excuses} for each power")
    return words


def _counted(game: Game, variant: variants.Variant) -> bool:
    """Whether the centres have been counted once: the njudge keeps each power's units and
    centres as counted at the end of a year, and its Index and player lines show those, so
    both are blank until the first Fall has been played."""
    now = phase_key(game.phase, variant)
    falls = [i for i, code in enumerate(variant.phases) if code == "FM"]
    if now is None or not falls:
        return True
    return now > (Phase.parse(variant.start, variant).year, falls[0])


def phase_key(code: str | None, variant: variants.Variant | None) -> tuple[int, int] | None:
    """A phase's place in the game's time, or None for a code this variant cannot have."""
    if not code or variant is None:
        return None
    try:
        phase = Phase.parse(code, variant)
    except ValueError:
        return None
    return phase.year, variant.phases.index(phase.season + phase.letter)


def events(ctx: Conversation, game: Game) -> list[HistoryEvent]:
    """The game's history, oldest first."""
    return list(
        ctx.session.execute(
            select(HistoryEvent)
            .where(HistoryEvent.game_id == game.id)
            .order_by(HistoryEvent.at, HistoryEvent.id)
        ).scalars()
    )
