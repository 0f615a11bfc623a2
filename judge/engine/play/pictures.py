"""The board's pictures that go with a game's mail (issue 19): each results mail carries the
picture of the phase just played, and MAP (engine/listings/maps.py) the picture of the
board now or after a phase. In a blind game each reader's picture shows only what he sees,
cut from the same documents as his copy of the results (judge/reports/blind.py). The
pictures name powers, never players, so a gunboat game's show nobody.

A picture goes as two files after the text: the PNG shown inline by mail programs that show
pictures, the SVG for those that do better with it. `pictures = false` in the settings
leaves them out.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from ...mailout.outbox import Attachment
from ...reports import pictures as drawn
from ...reports.blind import seen_input, seen_output
from ...reports.play.ownership import Sight
from ...store.models import Game, PhaseRecord
from ..game.record import variant_of

Files = tuple[Attachment, ...]

log = logging.getLogger("judge.pictures")


def _safely(make: Callable[[], drawn.Picture], what: str) -> Files:
    """A picture's files, or none (and the keeper's log says why): a picture that cannot be
    drawn must never keep a phase from being processed or a reply from being sent."""
    try:
        return as_files(make())
    except Exception:
        log.exception("no picture of %s", what)
        return ()


def as_files(picture: drawn.Picture) -> Files:
    stem = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in picture.stem)
    return (
        Attachment(f"{stem}.png", "image/png", picture.png, inline=True),
        Attachment(f"{stem}.svg", "image/svg+xml", picture.svg.encode("utf-8")),
    )


def _counts(centers: Mapping[str, Any]) -> dict[str, int]:
    """Each power's centres: public in a blind game too (SUMMARY shows them)."""
    return {power: len(cs) for power, cs in centers.items()}


def phase_files(settings: Any, game: Game, record: PhaseRecord) -> Callable[[Sight | None], Files]:
    """The files of the picture of the phase `record` holds, for a reader who sees `seen`
    (None: everything); each reader's picture is drawn once however many read it."""
    made: dict[tuple, Files] = {}
    doc, out = record.result["input"], record.result["output"]
    centers = out.get("centers") or doc.get("centers") or {}

    def files(seen: Sight | None) -> Files:
        if not settings.pictures:
            return ()
        key = (None,) if seen is None else (frozenset(seen), seen.all_centers)
        if key not in made:
            mine_in, mine_out = (doc, out) if seen is None else _cut(doc, out, seen)
            shown = None if seen is None or seen.all_centers else seen
            made[key] = _safely(
                lambda: drawn.phase_picture(
                    variant_of(game),
                    settings.code,
                    game.name,
                    mine_in,
                    mine_out,
                    shown,
                    _counts(centers),
                ),
                f"{game.name} {record.phase}",
            )
        return made[key]

    return files


def position_files(settings: Any, game: Game, seen: Sight | None) -> Files:
    """The files of the picture of the board as it stands, for a reader who sees `seen`."""
    position = dict(game.position or {})
    centers = position.get("centers") or {}
    counts = _counts(centers)
    shown = None
    if seen is not None:
        position = {
            "units": {p: us for p, us in (position.get("units") or {}).items() if p in seen},
            "centers": centers,
            "dislodged": [d for d in position.get("dislodged") or () if d.get("power") in seen],
        }
        shown = None if seen.all_centers else seen
    return _safely(
        lambda: drawn.position_picture(
            variant_of(game), settings.code, game.name, game.phase or "", position, shown, counts
        ),
        f"{game.name} as it stands",
    )


def _cut(doc: Mapping[str, Any], out: Mapping[str, Any], seen: Sight) -> tuple[dict, dict]:
    return seen_input(doc, seen), seen_output(out, seen)
