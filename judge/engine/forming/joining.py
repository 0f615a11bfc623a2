"""Joining games (users' manual section 4): CREATE, SIGN ON in its four forms, OBSERVE;
and the start of a game once it is full.

Only one of these per mail (the parser sees to that). A SIGN ON that fails ends the mail:
nothing after it is carried out, and the reply echoes the mail, as on the njudge; a SIGN ON
from an address other than the player's address of record sends a copy of the reply there.
Anyone may observe, registered or not (the njudge's `mail_signon`), but for the people
who play or run the game (observers.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sqlalchemy import select

import parser as p
import variants

from ...modifiers import Choice, WordsRefused, ordered, read_words
from ...reports.forming import (
    observing,
    powers_named,
    preference_lists,
    returned,
    returned_reply,
    selected,
    signed_up,
    taken_over,
    taken_over_reply,
)
from ...reports.frame import deadline_line
from ...reports.robots import shown_address
from ...store.models import Game, Participant, User
from ...store.passwords import check_password, hash_password
from ..accounts.guessing import locked_until, password_problem, wrong_password
from ..accounts.registration import guest
from ..clock.absences import pending_for_master
from ..clock.dedication import credit, refusal
from ..clock.reliability import refusal as reliability_refusal
from ..game.moderation import hearers, masters
from ..game.record import find_game, players, variant_of
from ..play.standing import put_away_errors
from ..play.status import reply_status
from ..reply.conversation import Conversation
from ..reply.notices import addresses, deliver, everyone
from ..robots.ordering import play_now
from ..robots.programs import program_refusal
from ..robots.seats import is_robot, set_strategy
from .observers import observer_refusal, stop_observing
from .returns import back_in_play, places_of
from .start import default_settings, joined_order, shown_as, start_game

GAME_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,18}$")


# -- the commands --------------------------------------------------------------------------


def create(ctx: Conversation, cmd: p.Create) -> None:
    user = _registered(ctx)
    if user is None:
        return
    name = cmd.game.lower()
    if not GAME_NAME.match(name):
        _fail(ctx, f"'{cmd.game}' cannot be a game name: up to 19 letters and digits.")
        return
    if find_game(ctx, name) is not None:
        _fail(ctx, f"Game '{name}' already exists.")
        return
    choice = _chosen(ctx, cmd.variant, cmd.options)
    if choice is None or not _good_password(ctx, cmd.password):
        return
    variant_name = choice.variant or "standard"
    variant = variants.load(variant_name)
    game = Game(
        name=name,
        variant=variant_name,
        options=list(choice.modifiers),
        status="forming",
        settings=default_settings(variant),
        created_at=ctx.now,
        participants=[],
    )
    ctx.session.add(game)
    ctx.session.flush()
    me = _join(ctx, game, user, "player", cmd.password)
    ctx.created = game
    if ctx.settings.create_as_master:  # the judgekeeper's choice (manual 8.1)
        me.role = "master"
        game.settings = {**game.settings, "moderated": True}
        ctx.say(welcome(game, "Master"))
        return
    _announce_sign_up(ctx, game, me, announced=False)
    _welcome(ctx, game, me)


def sign_on_forming(ctx: Conversation, cmd: p.SignOnForming) -> None:
    game = _game(ctx, cmd.game)
    if game is None:
        return
    if game.status != "forming":
        _fail(ctx, f"Game '{game.name}' is not forming: it has already started.")
        return
    choice = _chosen(ctx, cmd.variant, cmd.options)
    if choice is None:
        return
    if not _same_kind(game, choice):
        have = [game.variant, *ordered(game.options or [])]
        words = " ".join(have[1:] if have[0] == "standard" else have)
        usage = f"SIGN ON ?{game.name} password {words}".rstrip()
        _fail(ctx, f"Game '{game.name}' is {' '.join(have)}: sign on with '{usage}'.")
        return
    _enter_forming(ctx, game, cmd.password)


def sign_on_next(ctx: Conversation, cmd: p.SignOnNext) -> None:
    """The next forming game of the variant and options named (none: plain Standard); a
    word the judge does not know is answered with the variants it plays (manual 9)."""
    choice = _chosen(ctx, cmd.variant, cmd.options)
    if choice is None:
        return
    forming = ctx.session.execute(
        select(Game).where(Game.status == "forming").order_by(Game.created_at, Game.id)
    ).scalars()
    game = next((g for g in forming if _same_kind(g, choice)), None)
    if game is None:
        _fail(ctx, "No game is forming now.  Use 'create ?name password' to start one.")
        return
    _enter_forming(ctx, game, cmd.password)


def _chosen(ctx: Conversation, variant: str | None, options: tuple[str, ...]) -> Choice | None:
    """The variant and modifiers a joining command names, or None after saying why not."""
    words = [variant, *options] if variant else list(options)
    try:
        return read_words(words, variants.available())
    except WordsRefused as refused:
        _fail(ctx, str(refused))
        return None


def _same_kind(game: Game, choice: Choice) -> bool:
    """A signon names the game's variant and all its modifiers, as the manual asks."""
    same_variant = (choice.variant or "standard") == game.variant
    return same_variant and set(choice.modifiers) == set(game.options or [])


def sign_on(ctx: Conversation, cmd: p.SignOn) -> None:
    game = _game(ctx, cmd.game)
    if game is None:
        return
    letter = cmd.power.upper()
    user = ctx.user
    if letter == "O":
        observe(ctx, p.Observe(line=cmd.line, game=cmd.game, password=cmd.password))
        return
    if letter == "M":
        masters = [x for x in game.participants if x.role == "master"]
        _sign_on_as(ctx, game, masters, cmd.password, "Master")
        return
    variant = variant_of(game)
    power = next((x.name for x in variant.powers if x.letter.upper() == letter), None)
    if power is None:
        _fail(ctx, f"Game '{game.name}' has no power with the letter {letter}.")
        return
    if game.status == "forming":
        _fail(ctx, f"Game '{game.name}' has not started yet: sign on with '?{game.name}'.")
        return
    holders = [x for x in game.participants if x.role == "player" and x.power == power]
    holder = next((x for x in holders if x.status != "resigned"), None)
    if (
        holder is not None
        and (holder.status in ("abandoned", "cd") or is_robot(holder))
        and user is not None
        and user.id != holder.user_id
        and not any(x.user_id == user.id for x in players(game))
    ):
        _take_over(ctx, game, holder, user, cmd.password)
        return
    _sign_on_as(ctx, game, [holder] if holder else [], cmd.password, power)


def observe(ctx: Conversation, cmd: p.Observe) -> None:
    """OBSERVE, WATCH, SIGN ON Oname: no registration needed (an unregistered address gets
    a guest's user row, `registration.guest`); a game's allow and deny lists still bind."""
    game = _game(ctx, cmd.game)
    if game is None:
        return
    refused = observer_refusal(game, ctx.user, ctx.sender)
    if refused:
        _fail(ctx, refused)
        return
    user = ctx.user or guest(ctx.session, ctx.sender, ctx.now)
    mine = [
        x
        for x in game.participants
        if x.role == "observer" and x.status != "resigned" and x.user_id == user.id
    ]
    if mine:
        _sign_on_as(ctx, game, mine, cmd.password, "Observer")
        return
    if not _admitted(ctx, game, user, as_player=False) or not _good_password(ctx, cmd.password):
        return
    me = _join(ctx, game, user, "observer", cmd.password)
    ctx.say(f"You are now an Observer in game '{game.name}'.")
    _tell_others(ctx, game, me, "New Player Signon: O", lambda who: observing(who, game.name))


# -- joining a forming game ----------------------------------------------------------------


def _enter_forming(ctx: Conversation, game: Game, password: str) -> None:
    user = _registered(ctx)
    if user is None:
        return
    mine = [x for x in players(game) if x.user_id == user.id]
    if mine:  # signing on again before the start: to change preferences, to read the list
        if not check_password(password, mine[0].password_hash):
            wrong_password(ctx, game, "Player", mine)
            _wrong_password(ctx, game)
            return
        _signed_on(ctx, game, mine[0])
        _announce_sign_up(ctx, game, mine[0], announced=False)
        _welcome(ctx, game, mine[0])
        return
    if not _admitted(ctx, game, user, as_player=True) or not _good_password(ctx, password):
        return
    me = _join(ctx, game, user, "player", password)
    count = len(players(game))
    filled = count >= game.settings["players"] and game.settings.get("auto_start", True)
    # The sign-on that fills the game is told by the start notice instead (Bug91-06).
    _announce_sign_up(ctx, game, me, announced=not filled)
    _welcome(ctx, game, me)
    if not filled:  # (the masters' copy goes at the end of the mail)
        _tell_others(
            ctx, game, me, f"New Player Signon: #{count}",
            lambda who: signed_up(who, game.name, count), masters_too=False,
        )  # fmt: skip


def _announce_sign_up(ctx: Conversation, game: Game, me: Participant, announced: bool) -> None:
    """The masters' notice of a sign-up, sent once the mail is done, so that it can show the
    preference list the same mail set (as the njudge's does): `New Player Signon: #N` with
    every player's list when `announced`, else `Preference Change` if the list changed."""
    before = me.preference
    count = len(players(game))

    def tell() -> None:
        changed = me.preference != before
        if not announced and not changed:
            return
        parts = [signed_up(me.user.email, game.name, count)] if announced else []
        if changed:
            lists = [(x.user.email, x.preference) for x in sorted(players(game), key=joined_order)]
            parts.append(preference_lists(me.user.email, lists))
        event = f"New Player Signon: #{count}" if announced else "Preference Change"
        people = [x for x in masters(game) if x is not me]
        deliver(ctx, game, people, event, "\n".join(parts), header=False)

    ctx.at_end("sign-up notice", tell)


# The name of the answer to joining, which BECOME MASTER rewords (`Conversation.reword`).
JOINED = "joined"


def _welcome(ctx: Conversation, game: Game, me: Participant) -> None:
    ctx.say(welcome(game), JOINED)
    full = len(players(game)) >= game.settings["players"]
    if full and game.settings.get("auto_start", True):
        ctx.at_end("start", lambda: start_game(ctx, game))


def welcome(game: Game, what: str = "a power") -> str:
    """What joining a forming game as `what` answers, the game as it now stands."""
    count = len(players(game))
    return selected(what, game.name, count, game.settings["players"] - count)


def _join(
    ctx: Conversation, game: Game, user: User, role: str, password: str, signed_on: bool = True
) -> Participant:
    me = Participant(
        game_id=game.id,
        user_id=user.id,
        role=role,
        password_hash=hash_password(password, ctx.settings.password_cost),
        joined_at=ctx.now,
        report_to=[],
        absences=[],
    )
    me.user = user
    game.participants.append(me)
    ctx.session.flush()
    if signed_on:
        _signed_on(ctx, game, me)
    return me


def _signed_on(ctx: Conversation, game: Game, me: Participant) -> None:

    ctx.game = game
    ctx.me = me
    if game.phase and ctx.as_read is None:
        ctx.as_read = (game.phase, deadline_line(ctx.settings, game))
    ctx.signed_on_power = bool(me.power)
    ctx.tail = lambda: reply_status(ctx)
    if me.role != "observer":  # a person who plays or runs a game observes it no more
        stop_observing(ctx, game, ctx.user)
    if me.role == "master":
        ctx.at_end("absences", lambda: pending_for_master(ctx, game))
    known = {me.user.email.lower(), *map(str.lower, me.report_to)}
    # A precaution against cheating (manual 4): a SIGN ON from another address, or one
    # whose answer a REPLY-TO: line sends elsewhere, is copied to the address of record.
    if any(a and a.lower() not in known for a in (ctx.sender, ctx.reply_to)):
        ctx.copies.append(me.user.email)


# -- signing on to a place ------------------------------------------------------------------


def _sign_on_as(
    ctx: Conversation, game: Game, holders: list[Participant], password: str, what: str
) -> None:
    """Sign on as one of `holders`, unless guessing has locked the place (guessing.py)."""
    locked = locked_until(ctx, game, what, holders)
    if locked:
        _fail(ctx, locked)
        return
    for holder in holders:
        if check_password(password, holder.password_hash):
            _signed_on(ctx, game, holder)
            if holder.status in ("abandoned", "cd"):
                _return(ctx, game, holder)
            return
    wrong_password(ctx, game, what, holders)
    _wrong_password(ctx, game)


def _return(ctx: Conversation, game: Game, holder: Participant) -> None:
    """A player who resigned or was abandoned signs on again: he has his powers back, every
    one he held (a duplex player's too), and everyone hears of it."""

    seat = [x for x in places_of(game, holder) if x.status in ("abandoned", "cd")] or [holder]
    for x in seat:
        x.status = "active"
    powers = [x.power or "" for x in seat]
    comeback = back_in_play(game, ctx.settings, ctx.now, seat)
    ctx.say("\n\n".join(filter(None, [returned_reply(powers, game.name), comeback.clock])))
    _tell_others(
        ctx, game, holder, f"player returned as {powers_named(powers)}",
        lambda who: comeback.notice(returned(who, powers, game.name)), quietly=True,
    )  # fmt: skip


def _take_over(
    ctx: Conversation, game: Game, holder: Participant, user: User, password: str
) -> None:
    """Someone not playing signs on to an abandoned power: he takes over every power its
    player held (a duplex seat is taken over whole), stops observing the game, and waits
    (SET NOWAIT to clear); the masters hear who took over, everyone what it does to the
    clock, and the player who left is told too (the njudge's `Diplomacy notice`)."""

    if not _admitted(ctx, game, user, as_player=True) or not _good_password(ctx, password):
        return
    seat = [x for x in places_of(game, holder) if x.status in ("abandoned", "cd")] or [holder]
    robot = None  # a robot's place, which nobody abandoned, is taken whole: it plays no more
    if is_robot(holder):
        seat, robot = [holder], shown_address(holder.user.email)
    for x in seat:
        set_strategy(game, x.power or "", None)
    seat.sort(key=lambda x: x is not holder)  # the power signed on as comes first
    taken = []
    for old in seat:
        old.status = "resigned"
        new = _join(ctx, game, user, "player", password, signed_on=not taken)
        new.power, new.wait = old.power, True
        # The orders that stand are kept; the errors of the player who left are not his.
        put_away_errors(ctx.session, game, old.power or "", orphans_only=False)
        taken.append(new)
    ctx.signed_on_power = True
    credit(game, user, tookover=1)
    me = taken[0]
    powers = [x.power or "" for x in taken]
    comeback = back_in_play(game, ctx.settings, ctx.now, taken)
    ctx.say("\n\n".join(filter(None, [taken_over_reply(powers, robot), comeback.clock])))
    told = taken_over(user.email, powers, game.name, robot)
    event = f"Takeover of {powers_named(powers)}"
    people = [x for x in hearers(game, taken) if x is not me]
    bosses = [x for x in people if x.role == "master"]
    deliver(ctx, game, bosses, event, comeback.notice(told), header=False)
    for_others = comeback.notice() or told.replace(user.email, shown_as(game, user))
    deliver(ctx, game, [x for x in people if x not in bosses], event, for_others, header=False)
    gone = {a.lower(): a for x in seat for a in addresses(x)}
    for address in gone.values():
        ctx.send(address, f"Diplomacy notice: {game.name}", for_others, game.id)
    play_now(ctx, game)  # the robots wait for nobody


# -- the start ------------------------------------------------------------------------------


# -- small things ---------------------------------------------------------------------------


def _registered(ctx: Conversation) -> User | None:
    user = ctx.user
    if user is None:
        _fail(
            ctx,
            f"Your address {ctx.sender} is not registered with the judge.\n"
            "Send 'get form' for a registration form.",
        )
    return user


def _game(ctx: Conversation, name: str) -> Game | None:
    game = find_game(ctx, name)
    if game is None:
        _fail(ctx, f"Game '{name.lower()}' does not exist.  Use 'list' to see the games.")
    ctx.about = game
    return game


def _good_password(ctx: Conversation, password: str) -> bool:
    problem = password_problem(ctx, password)
    if problem is not None:
        _fail(ctx, problem)
    return problem is None


def _wrong_password(ctx: Conversation, game: Game) -> None:
    _fail(ctx, "Invalid password or power ID specified.")


def _admitted(ctx: Conversation, game: Game, user: User, as_player: bool) -> bool:
    """The game's access settings (manual 8.4) let this user in."""
    reason = refusal(game, user, as_player)
    if reason is None and as_player:
        reason = program_refusal(game, user)
    if reason is None and as_player:
        reason = reliability_refusal(ctx.session, game, user, ctx.now)
    if reason is not None:
        _fail(ctx, reason)
    return reason is None


def _fail(ctx: Conversation, text: str) -> None:
    """A joining command that failed: nothing after it in the mail is carried out."""
    ctx.refuse(text)


def _tell_others(
    ctx: Conversation,
    game: Game,
    me: Participant,
    event: str,
    text: Callable[[str], str],
    quietly: bool = False,
    masters_too: bool = True,
) -> None:
    """Tell the others in the game (every place but the one this mail signed on as: a duplex
    player hears of his own return through his other powers, as on the njudge) what `text`
    says of `me`'s address, hidden from all but the masters in a gunboat game. News that a
    QUIET game keeps from its players (returns) goes to its masters alone."""
    people = [x for x in (hearers(game, [me]) if quietly else everyone(game)) if x is not me]
    bosses = [x for x in people if x.role == "master"]
    if masters_too:
        deliver(ctx, game, bosses, event, text(me.user.email), header=False)
    rest = [x for x in people if x not in bosses]
    deliver(ctx, game, rest, event, text(shown_as(game, me.user)), header=False)
