"""What a game calls things, handed to the mail reader: the parser knows no map, so the
judge gives it the names of the game a mail signs on to, for reading that game's orders
and the conditions of its IFs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .orders import PhaseKind


@dataclass(frozen=True)
class Vocabulary:
    """What the game a mail signs on to calls things, for reading its orders and conditions.

    `names`: every province name and alias, lower case, to its abbreviation. `powers`: every
    power's name and adjective, lower case, to the name. `phase`: the kind of the current
    phase, to read orders for it (None before the game starts). `titles`: each province's
    full name by its abbreviation, for naming the provinces a misspelt name may have meant.
    `dialect`: the orders the map's rules add (Machiavelli's).
    """

    names: Mapping[str, str]
    powers: Mapping[str, str]
    phase: PhaseKind | None = None
    titles: Mapping[str, str] = field(default_factory=dict)
    # The orders the map's rules add (parser/orders.py's DIALECTS): "machiavelli" or "".
    dialect: str = ""
