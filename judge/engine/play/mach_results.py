"""A Machiavelli phase processed: the position it leaves (its `machiavelli` state kept, the
seed left out) and its results in the njudge's words (reports/play/machiavelli/)."""

from __future__ import annotations

from typing import Any

from adjudicator.document import read_document
from adjudicator.machiavelli.possible import mach_adjustment_orders

from ...reports.play import machiavelli as texts
from ...store.models import Game
from ..game.machiavelli import kept_state
from ..game.record import variant_of


def mach_position(
    game: Game, doc: dict[str, Any], position: dict[str, Any], out: dict[str, Any]
) -> tuple[str, str | None]:
    """Complete the position a result leaves; the next phase and the winner, both as the
    adjudicator says (it skips the retreats and adjustments nobody needs)."""
    position["machiavelli"] = kept_state(out)
    next_phase = str(out["next_phase"])
    if next_phase.endswith("B") and out.get("adjustments") is not None:
        position["adjustments"] = _owed(doc, next_phase, position, dict(out["adjustments"]))
    if not next_phase.endswith("R"):
        position["dislodged"] = []
    return next_phase, out.get("winner")


def _owed(
    doc: dict[str, Any], phase: str, position: dict[str, Any], due: dict[str, int]
) -> dict[str, int]:
    """What each power owes in the adjustments: its removals, and its builds as far as it has
    places to build in (as the judge counts them in every variant, `owing.adjustment_due`),
    so that a power with fewer free home cities than builds is in once it has used them."""
    if (doc.get("options") or {}).get("money", True) is not False:
        return due  # with money: the money stage's count
    next_doc = {
        "variant": doc["variant"], "phase": phase, "units": position["units"],
        "centers": position["centers"], "machiavelli": {**doc.get("machiavelli", {}),
        **position["machiavelli"]}, "options": doc.get("options") or {},
    }  # fmt: skip
    board, _, options = read_document(next_doc)
    table = mach_adjustment_orders(board, options)
    for power, balance in due.items():
        if balance > 0:
            sites = {text.split()[1].split("/")[0] for text in table.get(power, (0, []))[1]}
            due[power] = min(balance, len(sites))
    return due


def mach_report(game: Game, doc: dict[str, Any], out: dict[str, Any]) -> str:
    """The results of the game's current phase (and a master's PREDICT of them)."""
    kind = (game.phase or "M")[-1]
    variant = variant_of(game)
    if kind in ("B", "A"):
        render = texts.adjustment_results
    else:
        render = texts.movement_results if kind == "M" else texts.retreat_results
    return render(variant, game.name, game.turn, doc, out).rstrip("\n")
