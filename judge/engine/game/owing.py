"""What each power owes in the current phase, and whether every power is in: the facts the
clock, press rules, listings and processing all read off a game's position."""

from __future__ import annotations

from typing import Any

import variants
from adjudicator.adjustments import build_sites
from adjudicator.wings import blockaded_in
from variants.model import province_of

from ...store.models import Game
from .record import players, variant_of


def any_disband(game: Game) -> bool:
    """SET ANY DISBAND: every unit is ordered in an adjustment phase, and none is skipped."""
    return (game.settings or {}).get("disband") == "any"


def owed(game: Game, power: str) -> int:
    """What a power has to order in the current phase: in an adjustment phase its builds
    (positive) or removals (negative), or under ANY DISBAND its units and builds; otherwise
    1 if it has a unit to order, else 0."""
    position = game.position or {}
    phase = game.phase or ""
    if phase.endswith("B") and "machiavelli" in position:
        # Machiavelli: what the adjudicator said the phase would ask of each power.
        return int((position.get("adjustments") or {}).get(power, 0))
    if phase.endswith("B"):
        due = adjustment_due(variant_of(game), position, power, build_at(game))
        if any_disband(game):
            return len((position.get("units") or {}).get(power) or []) + max(due, 0)
        return due
    if phase.endswith("R"):
        dislodged = position.get("dislodged") or []
        return int(any(d.get("power") == power and d.get("retreats") for d in dislodged))
    return int(bool((position.get("units") or {}).get(power)))


def build_at(game: Game) -> str:
    """Where the game lets powers build (SET HOME / ANY / ONE CENTER; else the variant's)."""
    return str((game.settings or {}).get("build_centers", "variant"))


def adjustment_due(
    variant: variants.Variant, position: dict[str, Any], power: str, where: str = "variant"
) -> int:
    """Builds (positive) or removals (negative) a power owes; builds only as far as it has
    places to build in (the adjudicator's rule, `any_center` variants included). A centre
    a wing blockades counts for nobody (adjudicator/wings.py)."""
    units = position.get("units") or {}
    owned = (position.get("centers") or {}).get(power) or []
    shut = blockaded_in(units, position.get("centers") or {})
    due = sum(1 for c in owned if c not in shut) - len(units.get(power) or [])
    if due <= 0:
        return due
    centers = {c: p for p, cs in (position.get("centers") or {}).items() for c in cs}
    occupied = {province_of(u.split()[1]) for us in units.values() for u in us}
    return min(due, len(build_sites(variant, power, centers, occupied, where)))


def ready(game: Game) -> bool:
    """Every power that owes orders has a complete, error-free set in and does not wait.
    A game whose every power is in civil disorder is never ready before its deadline:
    nobody plays it, and it must not run through its phases back to back."""
    if game.status != "active" or not game.phase:
        return False
    playing = [x for x in players(game) if x.power and x.status != "cd"]
    return bool(playing) and all(x.orders_status == "complete" and not x.wait for x in playing)
