"""A master's commands about a game's start (users' manual 8.2, 8.6): SET VARIANT and
SET NOT VARIANT before it, FORCE BEGIN with dummy players for the missing, and UNSTART
back to forming while no turn has been played."""

from __future__ import annotations

from sqlalchemy import delete, select

import parser as p
import variants

from ...modifiers import WordsRefused, modifier, not_carried_out, ordered, read_words, unknown_word
from ...reports.counts import counted
from ...reports.frame import variant_title
from ...reports.identities import hidden_while_played
from ...store.models import OrderRecord, Participant, PhaseRecord, User
from ...store.passwords import no_password
from ..clock.dedication import credit
from ..game.moderation import announce, master_only, may_moderate
from ..game.record import players
from ..reply.conversation import Conversation
from ..reply.notices import DUMMY
from ..robots.filling import seat_robots
from .start import default_settings, start_game


def set_variant(ctx: Conversation, cmd: p.SetVariant) -> None:
    """SET VARIANT variant, SET VARIANT option (one at a time, manual 9), or both; SET
    VARIANT STANDARD alone also takes every option away, as the manual says to un-set a
    variant."""
    allowed = may_moderate(ctx, "SET VARIANT")
    if allowed is None:
        return
    game, me = allowed
    if game.status != "forming":
        ctx.fail(f"SET VARIANT: game '{game.name}' has started; its variant is fixed.")
        return
    try:
        choice = read_words([cmd.variant, *cmd.options], variants.available())
    except WordsRefused as refused:
        ctx.fail(f"SET VARIANT: {refused}")
        return
    if len(choice.modifiers) > 1:
        ctx.fail("SET VARIANT: one option at a time (or give them all at CREATE).")
        return
    name = choice.variant or game.variant
    variant = variants.load(name)
    if len(players(game)) > len(variant.powers):
        joined = counted(len(players(game)), "player")
        ctx.fail(
            f"SET VARIANT: game '{game.name}' has {joined}, more than {variant.title} has powers."
        )
        return
    fresh = default_settings(variant)
    kept = {k: v for k, v in (game.settings or {}).items() if k not in ("players", "centers")}
    game.settings = {**kept, "players": fresh["players"], "centers": fresh["centers"]}
    game.variant = name
    if name == "standard" and choice.variant and not choice.modifiers:
        game.options = []
    else:
        game.options = list(ordered([*(game.options or []), *choice.modifiers]))
    words = variant_title(game, " ")
    ctx.say(f"Game '{game.name}' set: Variant {words}.")
    announce(
        ctx, game, me, "Parameter Change",
        f"The variant of game '{game.name}' is now {words}.\nSign on with "
        f"'SIGN ON ?{game.name} password {name} {' '.join(game.options)}'.\n",
    )  # fmt: skip


def set_not_variant(ctx: Conversation, cmd: p.SetNotVariant) -> None:
    allowed = may_moderate(ctx, "SET NOT VARIANT")
    if allowed is None:
        return
    game, me = allowed
    if game.status != "forming":
        ctx.fail(f"SET NOT VARIANT: game '{game.name}' has started; its variant is fixed.")
        return
    found = modifier(cmd.option)
    if found is None:
        ctx.fail(f"SET NOT VARIANT: {unknown_word(cmd.option, variants.available())}")
        return
    if not found.carried_out:
        ctx.fail(f"SET NOT VARIANT: {not_carried_out(found)}")
        return
    if found.word not in (game.options or []):
        ctx.fail(f"SET NOT VARIANT: game '{game.name}' has no option '{cmd.option}'.")
        return
    game.options = [o for o in game.options if o != found.word]
    if found.word == "blind" and "blind_centers" in (game.settings or {}):
        # BCENTERS belongs to a blind game: it goes with the option, not left to do nothing.
        game.settings = {k: v for k, v in game.settings.items() if k != "blind_centers"}
    ctx.say(f"Game '{game.name}' set: no {found.title}.")
    announce(ctx, game, me, "Parameter Change", f"Game '{game.name}' is no longer {found.title}.\n")


def force_begin(ctx: Conversation, cmd: p.ForceBegin) -> None:
    """The missing players are dummies, already abandoned, for anyone to take over."""
    allowed = master_only(ctx, "FORCE BEGIN")
    if allowed is None:
        return
    game, _me = allowed
    if game.status != "forming":
        ctx.fail(f"FORCE BEGIN: game '{game.name}' is not forming.")
        return
    missing = game.settings["players"] - len(players(game))
    dummies = []
    dummy_id = None
    if missing > 0:
        dummy = _dummy_user(ctx)
        dummy_id = dummy.id
        for _ in range(missing):
            x = Participant(
                game_id=game.id, user_id=dummy.id, role="player",
                password_hash=no_password(),
                joined_at=ctx.now, report_to=[], absences=[],
            )  # fmt: skip
            x.user = dummy
            game.participants.append(x)
            dummies.append(x)
        ctx.session.flush()
    ctx.say(f"Game '{game.name}' begins with {missing if missing > 0 else 'no'} dummy players.")

    def begin() -> None:
        start_game(ctx, game, dealt_hook=lambda: seat_robots(ctx, game, dummies, order=False))
        for x in dummies:
            if x.user_id == dummy_id:  # no robot took the place (no SET ROBOTS)
                x.status = "abandoned"

    ctx.at_end("start", begin)


def unstart(ctx: Conversation, cmd: p.Unstart) -> None:
    """Back to forming, powers unassigned, MANUAL START (only before any turn is played)."""
    allowed = master_only(ctx, "UNSTART")
    if allowed is None:
        return
    game, me = allowed
    played = ctx.session.execute(
        select(PhaseRecord.id).where(PhaseRecord.game_id == game.id).limit(1)
    ).first()
    if game.status not in ("active", "paused") or played is not None:
        ctx.fail(f"UNSTART: game '{game.name}' can be unstarted only before any turn is played.")
        return
    ctx.session.execute(delete(OrderRecord).where(OrderRecord.game_id == game.id))
    seen: set[int] = set()
    for x in sorted(players(game), key=lambda y: (y.joined_at, y.id)):
        # Who left stays gone (an ejected or resigned player, FORCE BEGIN's dummies), and a
        # duplex player is back to the one place he signed on with.
        if x.user.email == DUMMY or x.status in ("abandoned", "cd") or x.user_id in seen:
            x.status = "resigned"
            continue
        seen.add(x.user_id)
        x.power = None
        x.orders_status = "none"
        x.wait = False
        x.status = "active"
        if hidden_while_played(game) or x.user.started > 0:  # (held where it was)
            credit(game, x.user, started=-1)
    game.status = "forming"
    game.phase = None
    game.turn = 0
    game.position = {}
    game.deadline = game.grace = game.earliest = game.next_event_at = None
    game.late_notice_at = None
    game.settings = {**(game.settings or {}), "auto_start": False}
    ctx.say(f"Game '{game.name}' is forming again, set MANUAL START.")
    announce(
        ctx, game, me, "Parameter Change",
        f"Game '{game.name}' has been returned to forming by its master: powers will be "
        "assigned again\nwhen it starts.  You may change your preference list meanwhile.\n",
    )  # fmt: skip


def _dummy_user(ctx: Conversation) -> User:
    found = ctx.session.execute(select(User).where(User.email == DUMMY)).scalar_one_or_none()
    if found is not None:
        return found
    user = User(
        email=DUMMY, name="Dummy Player", registered_at=ctx.now, updated_at=ctx.now,
        registration={},
    )  # fmt: skip
    ctx.session.add(user)
    ctx.session.flush()
    return user
