"""GET name.json [MILA] by mail and `judge export GAME` (docs/export.md): a game as a file
of JSON, ours (reports/export.py) or MILA's saved game (reports/mila.py), made for one
reader and cut for him by the functions that cut his mail: a blind game's phases and board
by reports/blind.py (`seen_by`, as MAP and LIST take them), the press by the rule that
mailed it (press/copies.py), who plays by reports/identities.py; a Machiavelli game's
seed, which decides its dice, is the judgekeeper's alone. Mailed as GET mails a
file (accounts/files.py: alone, or in the mail of files with the others asked for)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import parser as p

from ...reports import mila
from ...reports.blind import seen_phase, seen_position
from ...reports.export import Played, as_text, game_export
from ...reports.identities import sees_players
from ...reports.listings.record import is_master
from ...store.models import Game, Participant, PressRecord
from ..accounts.files import mail_file
from ..game.machiavelli import is_machiavelli, money_on
from ..game.record import phase_records
from ..press.copies import copies_for
from ..reply.conversation import Conversation
from .lookup import current, known_variant, seen_by, the_game, viewer


@dataclass(frozen=True)
class Refused:
    """Why the export is not made, in a sentence for the reply."""

    reason: str


def get_export(ctx: Conversation, cmd: p.GetExport) -> None:
    game = the_game(ctx, cmd.game, "GET")
    if game is None:
        return
    name = f"{game.name}.mila.json" if cmd.mila else f"{game.name}.json"
    if name in ctx.files:  # asked for again: in the mail of files already
        return
    made = exported(ctx.session, ctx.settings.code, game, viewer(ctx, game), cmd.mila)
    if isinstance(made, Refused):
        ctx.fail(f"GET {name}: {made.reason}")
        return
    mail_file(ctx, name, made, f"File {name} sent.")


def exported(
    session: Session,
    code: str,
    game: Game,
    reader: Participant | None,
    as_mila: bool,
    keeper: bool = False,
) -> str | Refused:
    """The export of `game` as `reader` (None: someone not in it) may read it; `keeper`:
    the judgekeeper's (`judge export` without --as), the whole game."""
    variant = known_variant(game)
    if variant is None:
        return Refused(f"this judge no longer has the variant {game.variant}.")
    if not game.phase and not (game.position or {}).get("units"):
        return Refused(f"game '{game.name}' has not started: there is nothing to export yet.")
    if is_machiavelli(game) and money_on(game) and not (keeper or is_master(reader)):
        return Refused(
            f"game '{game.name}' is played with money, which is each power's own: "
            "its export is for its master."
        )
    seen = None if keeper else seen_by(game, reader)
    records = phase_records(session, game)
    played = [(r, *seen_phase(variant, r.result["input"], r.result["output"], seen))
              for r in records]  # fmt: skip
    if not keeper:  # the dice's seed would tell every die to come
        played = [(r, _unseeded(d), _unseeded(o)) for r, d, o in played]
    now = seen_position(variant, {**(game.position or {}), "phase": game.phase}, seen)
    finished = game.status in ("finished", "terminated")
    if as_mila:
        if variant.name not in mila.MAPS or (game.settings or {}).get("summer"):
            return Refused(f"MILA's package has no map for the variant {game.variant}.")
        if "wings" in (game.options or []):
            return Refused("MILA's package has no wings.")
        if seen is not None:
            return Refused("a MILA saved game holds the whole board, which you do not see.")
        saved = mila.saved_game(game.name, variant, [(d, o) for _, d, o in played], now,
                                finished)  # fmt: skip
        return as_text(saved)
    press = session.execute(select(PressRecord).where(PressRecord.game_id == game.id)).scalars()
    published = {r.phase for r in records}
    doc = game_export(
        judge=code,
        game={
            "name": game.name,
            "variant": game.variant,
            "options": list(game.options or []),
            "status": game.status,
            "phase": game.phase,
        },
        reader={"role": "judgekeeper", "power": None} if keeper else _reader(reader),
        phases=[
            Played(r.phase, r.turn, r.processed_at.isoformat() if r.processed_at else None, d, o)
            for r, d, o in played
        ],
        position=now,
        press=[asdict(c) for c in copies_for(game, press, reader, published, keeper)],
        players=_players(game) if keeper or sees_players(game, reader) else None,
    )
    return as_text(doc)


def _unseeded(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """A Machiavelli document without the game's seed (engine/game/machiavelli.py)."""
    state = doc.get("machiavelli")
    if not isinstance(state, Mapping) or "seed" not in state:
        return doc
    return {**doc, "machiavelli": {k: v for k, v in state.items() if k != "seed"}}


def _reader(reader: Participant | None) -> dict[str, str | None]:
    if reader is None:
        return {"role": "outsider", "power": None}
    return {"role": reader.role, "power": reader.power if reader.role == "player" else None}


def _players(game: Game) -> dict[str, str]:
    return {x.power: x.user.email for x in current(game) if x.role == "player" and x.power}
