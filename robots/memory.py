"""What a robot remembers of a game beyond the board it is shown: the game's seed, which
powers programs play, and who has moved against whose centres.

Loeb's "somewhat serious" program keeps a trustworthiness list for the whole game
(robots/loeb.py): sorted at random once, programs before humans, and each country that
attempts to move into one of its centres sent to the bottom. A strategy is called afresh
every phase, so the list is rebuilt each time from this record, which both players of
robot games keep the same way: `robots.games` phase by phase as it plays (`remember`), the
judge from the phase results it stores (`from_results`). Pure: no judge imports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from variants import Variant, province_of

# owner -> intruder -> when (a running count of intrusions) it last moved against the owner
Intrusions = dict[str, dict[str, int]]


@dataclass(frozen=True)
class Memory:
    """seed: the game's robot seed (what stays the same all game, unlike a phase's rng);
    programs: the powers played by programs; intrusions: owner -> intruder -> the number of
    the last move the intruder ordered into a centre the owner held (numbered from 1 over
    the game, in the order the moves were given), for every pair that has one."""

    seed: int = 0
    programs: frozenset[str] = frozenset()
    intrusions: Mapping[str, Mapping[str, int]] = field(default_factory=dict)


def remember(
    intrusions: Intrusions, centers: Mapping[str, str], orders: Iterable[tuple[str, str]]
) -> None:
    """Add one movement phase's intrusions: `centers` the ownership before it (centre ->
    owner), `orders` each (power, order text) the adjudicator did not refuse. A move's
    destination is its text's last word (a convoyed army's route names its end last)."""
    count = max((n for row in intrusions.values() for n in row.values()), default=0)
    for power, text in orders:
        words = text.split()
        if len(words) < 4 or words[2] != "-":
            continue
        owner = centers.get(province_of(words[-1].lower()))
        if owner and owner != power:
            count += 1
            intrusions.setdefault(owner, {})[power] = count


def from_results(
    variant: Variant, results: Sequence[Mapping[str, Any]], seed: int, programs: frozenset[str]
) -> Memory:
    """The memory of a game from its phase results, oldest first, as the judge keeps them
    (PhaseRecord.result: {"input": the phase document, "output": the result})."""
    intrusions: Intrusions = {}
    for record in results:
        before, after = record.get("input") or {}, record.get("output") or {}
        if not str(after.get("phase", "")).upper().endswith("M"):
            continue
        owned = before.get("centers")
        centers = (
            {c: p for p, cs in owned.items() for c in cs} if owned else dict(variant.ownership)
        )
        given = [
            (str(x.get("power")), str(x.get("order") or ""))
            for x in after.get("orders") or []
            if x.get("power") and x.get("result") != "illegal"
        ]
        remember(intrusions, centers, given)
    return Memory(seed, programs, intrusions)
