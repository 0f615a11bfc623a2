"""RELATIONS name: the observation module's reading of a game (robots/observation.py),
recomputed from the stored phase results; nothing new is stored.

Who may read it: the matrix tells who attacked and supported whom, and the blocs what a
power's press may have hidden, so while the game runs only its master (signed on) may ask,
and everyone once it is over. A blind game is no different: info.blind gives its history to
the master only until the game ends, and then everyone may read the full results (SUMMARY
shows its grid then too), and the matrix tells nothing the full results do not.
The text is judge/reports/listings/relations.py.
"""

from __future__ import annotations

import parser as p
from robots.agreements import Agreement, broken_agreements, stab_limits, verdicts
from robots.observation import blocs, friendliness

from ...reports.listings.record import ENDED, is_master
from ...reports.listings.relations import relations_text
from ...store.models import Game
from ..game.record import phase_records
from ..press.agreements import agreements
from ..reply.conversation import Conversation
from .lookup import known_variant, the_game, viewer


def relations(ctx: Conversation, cmd: p.Relations) -> None:
    """RELATIONS name: to the master, and to everyone once the game is over."""
    game = the_game(ctx, cmd.game, "RELATIONS")
    if game is None:
        return
    if not is_master(viewer(ctx, game)) and game.status not in ENDED:
        ctx.fail(
            f"RELATIONS: only the master of game '{game.name}', signed on to it, may "
            "read its relations while it is being played; everyone may once it is over."
        )
        return
    variant = known_variant(game)
    records = [r for r in phase_records(ctx.session, game) if r.result]
    results = [r.result for r in records]
    if variant is None or not results:
        ctx.fail(f"There are no relations in game '{game.name}' yet: no phase has been played.")
        return
    made = _agreements(ctx, game)
    found = friendliness(variant, results, made)
    broken = broken_agreements(variant, results, made)
    limits = stab_limits(verdicts(variant, results, made))
    ctx.say(relations_text(game.name, records[-1].phase, found, blocs(found), broken, limits))


def _agreements(ctx: Conversation, game: Game) -> list[Agreement]:
    """The agreements accepted in the game's DPP press (press.agreements)."""
    return agreements(ctx.session, game)
