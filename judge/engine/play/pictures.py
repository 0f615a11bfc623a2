"""The board's pictures that go with a game's mail (issue 19): each results mail carries the
picture of the phase just played, and MAP (engine/listings/maps.py) the picture of the
board now or after a phase. In a blind game each reader's picture shows only what he sees,
cut by the same functions as his copy of the results (judge/reports/blind.py, through
reports/pictures/seeing.py). The pictures name powers, never players, so a gunboat game's
show nobody.

A picture goes as two files after the text: the PNG shown inline by mail programs that show
pictures, the SVG for those that do better with it. `pictures = false` in the settings
leaves them out.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ...mailout.outbox import Attachment
from ...reports import pictures as drawn
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


def phase_files(settings: Any, game: Game, record: PhaseRecord) -> Callable[[Sight | None], Files]:
    """The files of the picture of the phase `record` holds, for a reader who sees `seen`
    (None: everything); each reader's picture is drawn once however many read it."""
    made: dict[tuple, Files] = {}
    doc, out = record.result["input"], record.result["output"]

    def files(seen: Sight | None) -> Files:
        if not settings.pictures:
            return ()
        key = (None,) if seen is None else (frozenset(seen), seen.all_centers)
        if key not in made:
            made[key] = _safely(
                lambda: drawn.phase_picture(
                    variant_of(game), settings.code, game.name, doc, out, seen
                ),
                f"{game.name} {record.phase}",
            )
        return made[key]

    return files


def position_files(settings: Any, game: Game, seen: Sight | None) -> Files:
    """The files of the picture of the board as it stands, for a reader who sees `seen`."""
    return _safely(
        lambda: drawn.position_picture(
            variant_of(game), settings.code, game.name, game.phase or "", game.position or {},
            seen,
        ),
        f"{game.name} as it stands",
    )  # fmt: skip
