"""The Machiavelli settings of manual 9.2 (rules.machiavelli, "Variant specific judge
commands for game options"): SET [NO] MACH2, GARRISONS, FORTRESSES, MONEY, LOANS / BANKERS,
ADJACENT, ASSASSINS, DICE, FAMINE, PLAGUE, STORMS, SPECIAL, each a master's, before the
start, in a game of a Machiavelli variant only.

They change one another as the rulebook says: "Setting nodice automatically disables
famine, plague, loans and assassinations. Enabling any of the said options automatically
enables the dice option" (and the storms, which the njudge's later SET NODICE cleared too).
A setting whose rule the adjudicator does not carry out yet is no setting yet (settings.py).
"""

from __future__ import annotations

from typing import Any

from ...mach_settings import carried_out
from ...store.models import Game, Participant
from ..game.machiavelli import is_machiavelli

# SET NO DICE turns these off; turning one of them on turns the dice on.
_DICE_RULES = ("famine", "plague", "storms", "loans", "assassins")
NAMES = (
    "mach2", "garrisons", "fortresses", "money", "loans", "adjacency", "assassins", "dice",
    "famine", "plague", "storms", "special",
)  # fmt: skip


def check(game: Game, me: Participant, value: Any) -> str | None:
    """A Machiavelli setting is for a game of a Machiavelli variant."""
    if not is_machiavelli(game):
        return (
            f"game '{game.name}' is not a Machiavelli game (manual 9.2: the Machiavelli "
            "settings are for its variants only)"
        )
    return None


def implied(name: str, value: Any) -> dict[str, Any]:
    """The other settings one makes (the dice and the rules that roll them)."""
    if name == "dice" and not value:
        return {rule: False for rule in _DICE_RULES if carried_out(rule)}
    if name in _DICE_RULES and value:
        return {"dice": True}
    return {}
