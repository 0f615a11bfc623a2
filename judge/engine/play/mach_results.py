"""A Machiavelli phase processed: the position it leaves (its `machiavelli` state kept, the
seed left out) and its results in the njudge's words (reports/play/machiavelli/)."""

from __future__ import annotations

from typing import Any

from ...reports.play import machiavelli as texts
from ...store.models import Game
from ..game.machiavelli import kept_state
from ..game.record import variant_of


def mach_position(position: dict[str, Any], out: dict[str, Any]) -> tuple[str, str | None]:
    """Complete the position a result leaves; the next phase and the winner, both as the
    adjudicator says (it skips the retreats and adjustments nobody needs)."""
    position["machiavelli"] = kept_state(out)
    next_phase = str(out["next_phase"])
    if next_phase.endswith("B") and out.get("adjustments") is not None:
        position["adjustments"] = dict(out["adjustments"])
    if not next_phase.endswith("R"):
        position["dislodged"] = []
    return next_phase, out.get("winner")


def mach_report(game: Game, doc: dict[str, Any], out: dict[str, Any]) -> str:
    """The results of the game's current phase (and a master's PREDICT of them)."""
    kind = (game.phase or "M")[-1]
    variant = variant_of(game)
    if kind in ("B", "A"):
        render = texts.adjustment_results
    else:
        render = texts.movement_results if kind == "M" else texts.retreat_results
    return render(variant, game.name, game.turn, doc, out).rstrip("\n")
