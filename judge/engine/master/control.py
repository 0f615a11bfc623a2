"""A master's hold on the game's clock (users' manual 8.2, 8.3): PAUSE stops it, RESUME
starts it again with a fresh deadline, PROCESS plays the phase now with what it has."""

from __future__ import annotations

import parser as p

from ...reports import master as texts
from ...reports.frame import njudge_time
from ...reports.identities import hides_players
from ...store.models import Game, HistoryEvent, Participant
from ..clock import excuses, reliability
from ..clock.lateness import PAUSED_REMINDER, next_event, set_phase_clock
from ..endings.ending import ended
from ..forming.joining import JOINED, welcome
from ..forming.returns import places_of
from ..game.machiavelli import money_on
from ..game.moderation import ANONYMOUS, announce, hearers, master_only
from ..game.record import phase_records, players, power_called, variant_of
from ..play import sandbox
from ..play.future import named_phase, spoken
from ..play.mach_results import with_money
from ..play.processing import phase_begins, phase_report, process, schedule
from ..play.standing import phase_document, refresh, trial
from ..reply.conversation import Conversation
from ..reply.notices import addresses, deliver, everyone
from ..robots.ordering import order_robots, play_now


def become_master(ctx: Conversation, cmd: p.BecomeMaster) -> None:
    """Right after CREATE: the creator runs the game instead of playing in it (8.1)."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("BECOME MASTER: sign on to a game first.")
        return
    if me.role == "master":
        ctx.say(f"You are already a master of game '{game.name}'.")
        return
    if ctx.created is not game or game.status != "forming":
        ctx.fail("BECOME MASTER: only the creator of a game, in the mail that creates it.")
        return
    me.role = "master"
    me.preference = ""
    game.settings = {**(game.settings or {}), "moderated": True}
    # What CREATE answered is now untrue: the reply says what the njudge answers a creator
    # who is the master (Bug91-01), in its place.
    ctx.reword(JOINED, welcome(game, "Master"))


def pause(ctx: Conversation, cmd: p.Pause) -> None:
    allowed = master_only(ctx, "PAUSE")
    if allowed is None:
        return
    game, me = allowed
    if game.status != "active":
        ctx.fail(f"PAUSE: game '{game.name}' is {game.status}, not under way.")
        return
    game.status = "paused"
    game.next_event_at = ctx.now + PAUSED_REMINDER
    ctx.say(f"Game '{game.name}' is paused.")
    announce(ctx, game, me, "Game Paused", texts.paused(game.name))


def resume(ctx: Conversation, cmd: p.Resume) -> None:
    """A paused, finished or terminated game goes on; any player may resume it unless
    the game is set NO RESUME (manual 8.3)."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("RESUME: sign on to a game first.")
        return
    may = me.role == "master" or (
        me.role == "player"
        and me.status != "resigned"
        and (game.settings or {}).get("resume", True) is not False
    )
    if not may:
        ctx.fail(f"RESUME: only a master of game '{game.name}' may resume it.")
        return
    if game.status not in ("paused", "terminated", "finished"):
        ctx.fail(f"RESUME: game '{game.name}' is {game.status}: nothing to resume.")
        return
    if not game.phase:  # terminated before it started: forming again
        game.status = "forming"
        ctx.say(f"Game '{game.name}' is resumed: it is forming again.")
        return
    game.status = "active"
    for x in game.participants:
        x.draw = None
        x.concede = None
    # The deadline is set again from now, and is never earlier than it was.
    set_phase_clock(game, ctx.settings, ctx.now, first=False)
    game.earliest = None
    when = njudge_time(game.deadline, ctx.settings) if game.deadline else "none"
    ctx.say(texts.resumed_reply(game.name, when))
    others = [x for x in everyone(game) if x is not me]
    deliver(ctx, game, others, "Game Resumed", texts.resumed(game.name, when))
    ctx.after_reply("schedule", lambda: schedule(ctx, game))


def process_now(ctx: Conversation, cmd: p.Process) -> None:
    """PROCESS [phase]: ignored unless that is the current phase; late or missing orders
    do not put anyone in civil disorder."""
    allowed = master_only(ctx, "PROCESS")
    if allowed is None:
        return
    game, _me = allowed
    if game.status != "active" or not game.phase:
        ctx.fail(f"PROCESS: game '{game.name}' has no phase under way ({game.status}).")
        return
    if cmd.phase is not None:
        named = named_phase(ctx, game, cmd.phase, "PROCESS")
        if named is None:
            return
        if str(named) != game.phase:
            ctx.fail(
                f"PROCESS {spoken(cmd.phase)}: ignored, the current phase of game "
                f"'{game.name}' is {game.phase}."
            )
            return
    phase = game.phase
    ctx.say(f"Game '{game.name}': {phase} will be processed now.")

    def now() -> None:
        if game.status == "active" and game.phase == phase:
            refresh(ctx.session, game)
            process(ctx, game)
            schedule(ctx, game)

    ctx.at_end("process", now)


def terminate(ctx: Conversation, cmd: p.Terminate) -> None:
    """The game ends without a result; before the start, nobody may sign on again."""
    allowed = master_only(ctx, "TERMINATE")
    if allowed is None:
        return
    game, me = allowed
    if game.status in ("finished", "terminated"):
        ctx.fail(f"TERMINATE: game '{game.name}' is {game.status} already.")
        return
    game.status = "terminated"
    game.next_event_at = None
    ctx.say(f"Game '{game.name}' is terminated.")
    announce(ctx, game, me, "Game Terminated", texts.terminated(game.name))
    ended(ctx, game, decided=False, notice=("Game Terminated", texts.terminated(game.name)))


def eject(ctx: Conversation, cmd: p.Eject) -> None:
    """EJECT power|address: resigns a power (which may be taken over), or anyone by
    address, the master himself included (manual 8.2)."""
    allowed = master_only(ctx, "EJECT")
    if allowed is None:
        return
    game, me = allowed
    target = cmd.target.strip()
    if "@" in target:
        who = [
            x for x in game.participants
            if x.status != "resigned" and target.lower() in _addresses_of(x)
        ]  # fmt: skip
    else:
        power = power_called(variant_of(game), target)
        if power is None:
            ctx.fail(f"EJECT: '{target}' is neither a power of game '{game.name}' nor an address.")
            return
        who = [x for x in players(game) if x.power == power]
    if not who:
        ctx.fail(f"EJECT: nobody in game '{game.name}' is '{target}'.")
        return
    x = who[0]
    if any(y.id != x.id for y in who) and not _one_seat(game, who):
        ctx.fail(f"EJECT: more than one in game '{game.name}' is '{target}'; use the address.")
        return
    if x.role == "player" and x.power and game.status != "forming":
        seat = places_of(game, x)  # a duplex player leaves with all his powers
        for y in seat:
            y.status = "abandoned"
        play_now(ctx, game)  # SET ROBOTS: a robot plays the powers until someone takes over
        powers = [y.power or "" for y in seat]
        event = f"Resignation: {', '.join(powers)}"
        text = texts.removed(powers, game.name)
    else:
        x.status = "resigned"
        # A gunboat game names nobody to the others (the njudge's someone@somewhere).
        who_left = ANONYMOUS if hides_players(game) else x.user.email
        event, text = "Resignation", texts.left(who_left, game.name)
    ctx.say(f"EJECT: {x.power or x.user.email} ejected from game '{game.name}'.")
    deliver(ctx, game, [y for y in hearers(game, [x]) if y is not me], event, text)


def _one_seat(game: Game, who: list[Participant]) -> bool:
    """The places found are one duplex player's powers."""
    first = who[0]
    return first.role == "player" and {y.id for y in who} <= {y.id for y in places_of(game, first)}


def promote(ctx: Conversation, cmd: p.Promote) -> None:
    allowed = master_only(ctx, "PROMOTE")
    if allowed is None:
        return
    game, me = allowed
    address = cmd.address.lower()
    found = next(
        (
            x for x in game.participants
            if x.role == "observer" and x.status != "resigned" and address in _addresses_of(x)
        ),
        None,
    )  # fmt: skip
    if found is None:
        ctx.fail(f"PROMOTE: {cmd.address} is not an observer of game '{game.name}'.")
        return
    found.role = "master"
    ctx.say(f"{found.user.email} is now a master of game '{game.name}'.")
    deliver(ctx, game, [found], "Parameter Change", texts.promoted(me.user.email, game.name))


def predict(ctx: Conversation, cmd: p.Predict) -> None:
    """The current orders adjudicated for the master's eyes only; nothing changes. With
    orders after it, or from a player, the sandbox (play/sandbox.py)."""
    me = ctx.me
    if cmd.orders or me is None or me.role != "master" or ctx.became:
        sandbox.predict(ctx, cmd)
        return
    allowed = master_only(ctx, "PREDICT")
    if allowed is None:
        return
    game, me = allowed
    if game.status not in ("active", "paused") or not game.phase:
        ctx.fail(f"PREDICT: game '{game.name}' has no phase under way.")
        return
    given, out = trial(ctx.session, game)
    doc = phase_document(game, given)
    report = phase_report(game, doc, out)
    if "machiavelli" in (game.position or {}) and money_on(game):
        report = with_money(game, doc, out, me, report)  # every power's, for the master
    ctx.say(texts.prediction(game.phase, report))


def become(ctx: Conversation, cmd: p.Become) -> None:
    """The master acts as a power for the rest of the mail; its player gets a copy of
    the whole reply, the master's earlier commands included (manual 8.2)."""
    allowed = master_only(ctx, "BECOME")
    if allowed is None:
        return
    game, _me = allowed
    power = power_called(variant_of(game), cmd.power)
    holder = next((x for x in players(game) if power and x.power == power), None)
    if holder is None:
        ctx.fail(f"BECOME: game '{game.name}' has no player for '{cmd.power}'.")
        return
    ctx.me = holder
    ctx.became = True
    ctx.signed_on_power = True
    ctx.copies.extend(addresses(holder))
    ctx.say(f"The Master now acts as {power} in game '{game.name}'.")


def rollback(ctx: Conversation, cmd: p.Rollback) -> None:
    """The game as it was just before the turn named (the last one if none): orders of
    later phases stay, and are played again when their phase comes."""
    allowed = master_only(ctx, "ROLLBACK")
    if allowed is None:
        return
    game, me = allowed
    records = phase_records(ctx.session, game)
    if not records:
        ctx.fail(f"ROLLBACK: no turn of game '{game.name}' has been processed.")
        return
    if cmd.turn is not None:
        target = next((x for x in records if x.turn == cmd.turn), None)
    elif cmd.phase is not None:
        named = named_phase(ctx, game, cmd.phase, "ROLLBACK")
        if named is None:
            return
        target = next((x for x in records if x.phase == str(named)), None)
    else:
        target = records[-1]
    if target is None:
        ctx.fail(f"ROLLBACK: game '{game.name}' has no processed turn like that.")
        return
    game.position = dict(target.position)
    game.phase = target.phase
    game.turn = target.turn
    game.status = "active"
    for record in records:
        if record.turn >= target.turn:
            ctx.session.delete(record)
    excuses.forget(game, target.turn)
    reliability.forget(ctx.session, game, target.turn)
    phase_begins(game)
    ctx.session.flush()
    set_phase_clock(game, ctx.settings, ctx.now, first=False)
    game.earliest = None
    refresh(ctx.session, game)
    when = njudge_time(game.deadline, ctx.settings) if game.deadline else "none"
    text = texts.rolled_back(game.name, game.phase, game.turn, when)
    ctx.say(text.rstrip())
    announce(ctx, game, me, f"Rollback to {game.phase}", text)
    if game.phase.endswith("A"):
        # A Machiavelli game's first phase takes no orders: it is played again at once.
        ctx.at_end("process", lambda: (process(ctx, game), schedule(ctx, game)))
    order_robots(ctx, game)  # the robots order again for the phase rolled back to
    ctx.session.add(
        HistoryEvent(
            game_id=game.id, at=ctx.now, kind="notice", phase=game.phase,
            subject=f"Rollback to {game.phase}", body=text,
        )
    )  # fmt: skip
    game.next_event_at = next_event(game, ctx.now, False)


def _addresses_of(x: Participant) -> set[str]:
    return {a.lower() for a in addresses(x)} | {x.user.email.lower()}
