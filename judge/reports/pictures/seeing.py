"""A reader's picture of a blind game: the scene drawn from the documents cut as his copy of
the results is cut (judge/reports/blind.py, `seen_phase` and `seen_position`), so that his
picture draws nothing his text does not name. The centres are drawn by owner where his copy
names them (his own; every power's under SET BCENTERS); the legend's counts are everyone's,
as SUMMARY's are. No picture draws money: a treasury is told to its power and the master
alone, in the text."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from variants import Variant

from ..blind import centres_named, seen_phase, seen_position
from .scene import Scene, phase_scene, position_scene

Doc = Mapping[str, Any]


def seen_phase_scene(
    variant: Variant, title: str, doc: Doc, out: Doc, seen: Collection[str] | None = None
) -> Scene:
    """The picture of a played phase for a reader who sees `seen` (None: everything)."""
    counts = _counts(out.get("centers") or doc.get("centers") or {})
    mine_in, mine_out = seen_phase(variant, doc, out, seen)
    return phase_scene(title, mine_in, mine_out, centres_named(seen), counts)


def seen_position_scene(
    variant: Variant, title: str, position: Doc, seen: Collection[str] | None = None
) -> Scene:
    """The picture of the board as it stands for a reader who sees `seen` (None: all)."""
    counts = _counts(position.get("centers") or {})
    mine = seen_position(variant, position, seen)
    return position_scene(title, mine, centres_named(seen), counts)


def _counts(centers: Mapping[str, Collection[str]]) -> dict[str, int]:
    """Each power's centres, for the legend: public in a blind game too."""
    return {power: len(cs) for power, cs in centers.items()}
