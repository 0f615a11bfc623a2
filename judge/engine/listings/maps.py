"""MAP [name] [phase]: the board as a picture (users' manual 3.4; taken out of the njudge in
1.5.0, and back here as an SVG and a PNG picture instead of PostScript). Without a phase:
the board as it stands; with one: the phase as it was played, its orders drawn. A blind
game's picture shows what the asker sees, cut as his copy of the results is (a master
everything, a player his own part, an observer no unit; anyone not in the game what an
observer sees, as LIST shows him: lookup.seen_by)."""

from __future__ import annotations

import parser as p

from ..game.record import phase_records
from ..play.pictures import phase_files, position_files
from ..reply.conversation import Conversation
from .lookup import known_variant, seen_by, the_game, viewer


def map_(ctx: Conversation, cmd: p.Map) -> None:
    if cmd.star:
        ctx.fail(
            "MAP * (a picture of a LIST pasted after it) is not carried out.  "
            "Send MAP with a game's name for a picture of its board."
        )
        return
    if not ctx.settings.pictures:
        ctx.fail("This judge sends no pictures of the board (its keeper turned them off).")
        return
    game = the_game(ctx, cmd.game, "MAP")
    if game is None:
        return
    if known_variant(game) is None or (not (game.position or {}).get("units") and not game.phase):
        ctx.fail(f"Game '{game.name}' has not started: there is no board to draw yet.")
        return
    if ctx.maps_sent >= ctx.settings.files_per_mail:
        ctx.fail(f"MAP {game.name}: no more files for this mail.")
        return
    seen = seen_by(game, viewer(ctx, game))
    if cmd.phase is None or cmd.phase == game.phase:
        files = position_files(ctx.settings, game, seen)
        what = f"the board of game '{game.name}' as it stands ({game.phase})"
    else:
        record = next(
            (r for r in reversed(phase_records(ctx.session, game)) if r.phase == cmd.phase), None
        )
        if record is None:
            ctx.fail(f"Game '{game.name}' has played no phase {cmd.phase}.")
            return
        files = phase_files(ctx.settings, game, record)(seen)
        what = f"phase {cmd.phase} of game '{game.name}', with its orders"
    if not files:
        ctx.fault(f"The picture of {what} could not be drawn.")
        return
    ctx.attachments.extend(files)
    ctx.maps_sent += 1
    names = ", ".join(f.name for f in files)
    ctx.say(f"The picture of {what} is attached ({names}).")
