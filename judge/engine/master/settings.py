"""SET commands that change a game's settings (users' manual 8.1, 8.3, 8.4, 8.6): one
table says, per setting, who may change it and when, and what bounds it (how its value
reads is reports/master.py's `setting_words`). A setting this judge does not carry out yet
is refused as such, never stored to no effect.

Each change is announced to everyone else in the game as a "Parameter Change", naming the
changer (or 'someone@somewhere' when the game does not SHOW it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import parser as p

from ...config import MAX_EXCUSES
from ...mach_settings import carried_out
from ...reports import master as texts
from ...reports import robots as robot_texts
from ...store.fields import shown_text
from ...store.models import Game, Participant
from ..clock.dedication import LEVELS, cd_ratio, ontime_ratio
from ..clock.reliability import reliability
from ..forming.start import start_game
from ..game.moderation import announce, changer, may_moderate
from ..game.record import players, variant_of
from ..play.standing import MAP_RULES
from ..reply.conversation import Conversation
from ..robots.programs import program_of
from . import machiavelli

Check = Callable[[Game, Participant, Any], str | None]


@dataclass(frozen=True)
class Rule:
    forming: bool = False  # only before the game starts
    check: Check | None = None  # why a value is refused, or None
    # The setter's confirmation where the njudge words it its own way (game name, value).
    reply: Callable[[str, Any], str] | None = None
    # The other settings this one makes (name, value) -> {name: value}: SET NO DICE's.
    implies: Callable[[str, Any], dict[str, Any]] | None = None
    # A check that reads the store as of now (the setter's own reliability).
    judged: Callable[[Conversation, Participant, Any], str | None] | None = None


def _unmoderate(game: Game, me: Participant, value: Any) -> str | None:
    if not value and me.role != "master":
        return "only a master may make a game unmoderated"
    return None


def _centers(game: Game, me: Participant, value: Any) -> str | None:
    total = len(variant_of(game).center_order)
    if value != int(value) or not 1 <= value <= total:
        return f"the winning number of centers is a whole number from 1 to {total}"
    return None


def _players(game: Game, me: Participant, value: Any) -> str | None:
    total = len(variant_of(game).powers)
    if value != int(value) or not 1 <= value <= total:
        return f"the number of players is a whole number from 1 to {total}"
    if value < total:  # a duplex deal: several powers each, which no program may hold
        program = next((x for x in players(game) if program_of(x.user) is not None), None)
        if program is not None:
            return robot_texts.duplex_with_program(program.user.email, int(value), total)
    return None


def _max_absence(game: Game, me: Participant, value: Any) -> str | None:
    if value != int(value) or not 0 <= value <= 31:
        return "MAX ABSENCE is a whole number of days from 0 to 31"
    return None


def _dedication(game: Game, me: Participant, value: Any) -> str | None:
    if value != int(value):
        return "the minimum dedication is a whole number"
    if value > me.user.dedication:
        return f"the minimum cannot be above your own dedication ({me.user.dedication})"
    return None


def _ontime(game: Game, me: Participant, value: Any) -> str | None:
    if not 0 <= value <= 1:
        return "the on-time ratio is a number from 0 to 1"
    if value > ontime_ratio(me.user):
        return f"the minimum cannot be above your own on-time ratio ({ontime_ratio(me.user):.2f})"
    return None


def _resrat(game: Game, me: Participant, value: Any) -> str | None:
    if value < 0:
        return "the CD ratio cannot be below 0"
    if value < cd_ratio(me.user):
        return f"the maximum cannot be below your own CD ratio ({cd_ratio(me.user):.2f})"
    return None


def _excuses(game: Game, me: Participant, value: Any) -> str | None:
    if value != int(value) or not 0 <= value <= MAX_EXCUSES:
        return f"EXCUSES is a whole number from 0 to {MAX_EXCUSES}"
    return None


def _reliability(ctx: Conversation, me: Participant, value: Any) -> str | None:
    """SET RELIABILITY, a percentage no higher than the setter's own (as SET ONTIMERAT)."""
    if value != int(value) or not 0 <= value <= 100:
        return "the minimum reliability is a whole number from 0 to 100 (per cent)"
    own = reliability(ctx.session, me.user, ctx.now).percent
    if value > own:
        return f"the minimum cannot be above your own reliability ({own}%)"
    return None


def _move_transforms(game: Game, me: Participant, value: Any) -> str | None:
    if (game.settings or {}).get("transform_move", "none") == "none":
        return "move transformations must be enabled first (SET TRANSFORM MOVE:...)"
    return None


def _blind(game: Game, me: Participant, value: Any) -> str | None:
    """BCENTERS is a blind game's setting: stored in another it would do nothing."""
    if value and "blind" not in (game.options or []):
        return f"game '{game.name}' is not a Blind game"
    return None


# The colonial rules (manual 9.1, info.colonial): what the map lacks when one is refused.
_MAP_FEATURES = {
    "hong_kong": "centre that some power does not count (like Colonial's Hong Kong)",
    "railways": "railway (like Colonial's Trans-Siberian Railway)",
    "gateways": "gateway (like Colonial's Suez Canal)",
}


def _on_the_map(name: str) -> Check:
    """SET [NO] HONG KONG / RAILWAYS / GATEWAYS: only where the variant's map has one."""

    def check(game: Game, me: Participant, value: Any) -> str | None:
        if not getattr(variant_of(game), MAP_RULES[name]):
            return f"the map of the {game.variant} variant has no {_MAP_FEATURES[name]}"
        return None

    return check


def _whole(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


FLAGS: dict[str, Rule] = {
    "nmr": Rule(),
    "strict_wait": Rule(),
    "strict_grace": Rule(),
    "auto_process": Rule(),
    "auto_start": Rule(forming=True),
    "late_count": Rule(),
    "quiet": Rule(),
    "rated": Rule(),
    "moderated": Rule(check=_unmoderate),
    "dias": Rule(),
    "concessions": Rule(),
    "list": Rule(),
    "resume": Rule(),
    "show": Rule(),
    "partial": Rule(),
    "minor_press": Rule(forming=True),
    "late_press": Rule(),
    "must_order": Rule(),
    "blank_press": Rule(),
    "all_press": Rule(),
    "watch_all_press": Rule(),
    "reveal": Rule(),
    "secret": Rule(),
    "duality": Rule(forming=True),
    # The rules of manual 9.1, before the start only (they change the game's nature).
    "auto_disband": Rule(forming=True),
    "move_disband": Rule(forming=True),
    "coastal_convoys": Rule(forming=True),
    "empty_board": Rule(forming=True),
    "touch_press": Rule(forming=True),
    "summer": Rule(forming=True),
    "attack_transform": Rule(forming=True, check=_move_transforms),
    "hong_kong": Rule(forming=True, check=_on_the_map("hong_kong")),
    "railways": Rule(forming=True, check=_on_the_map("railways")),
    "gateways": Rule(forming=True, check=_on_the_map("gateways")),
    "proxy": Rule(),
    "strict_convoy": Rule(),
    "auto_create": Rule(),
    "postal_press": Rule(),
    # SET BCENTERS: a blind game's readers see every power's centres (play/blind.py).
    "blind_centers": Rule(check=_blind),
    # Machiavelli's settings (manual 9.2): before the start, in a Machiavelli game; a rule
    # the judge does not carry out (mach_settings.MONEY off: money's) is no setting.
    **{
        name: Rule(forming=True, check=machiavelli.check, implies=machiavelli.implied)
        for name in machiavelli.NAMES
        if carried_out(name)
    },
}
NUMBERS: dict[str, Rule] = {
    "centers": Rule(check=_centers),
    "players": Rule(forming=True, check=_players, reply=texts.players_set),
    "max_absence": Rule(check=_max_absence),
    "dedication": Rule(check=_dedication),
    "ontime_ratio": Rule(check=_ontime),
    "resign_ratio": Rule(check=_resrat),
    "excuses": Rule(check=_excuses),
    "reliability": Rule(judged=_reliability),
}
CHOICES: dict[str, tuple[Rule, frozenset[str]]] = {
    "level": (Rule(), frozenset({"any", *LEVELS})),
    "access": (Rule(), frozenset({"any", "same", "different"})),
    "press": (Rule(), frozenset({"white", "grey", "white/grey", "grey/white", "none"})),
    "fake": (Rule(), frozenset({"none", "may", "broadcast", "broadcast_default"})),
    "observer": (Rule(), frozenset({"any", "no", "white"})),
    "build_centers": (Rule(forming=True), frozenset({"home", "any", "one"})),
    "assignment": (Rule(forming=True), frozenset({"prflist", "prfrand", "prfboth"})),
    "disband": (Rule(forming=True), frozenset({"any", "normal"})),
}
# The parser's SET PRFLIST / PRFRAND / PRFBOTH.
_PREFERENCE = {"list": "prflist", "random": "prfrand", "both": "prfboth"}


def set_flag(ctx: Conversation, cmd: p.SetFlag) -> None:
    me, game = ctx.me, ctx.game
    if cmd.name == "broadcast":
        _personal(ctx, "no_broadcast", not cmd.on, "broadcasts")
        return
    watching = game is not None and (game.settings or {}).get("watch_all_press")
    if cmd.name == "all_press" and me is not None and me.role == "observer" and watching:
        _personal(ctx, "watchers", cmd.on, "all partial press")
        return
    off = (game.settings or {}).get("all_press_off") or [] if game is not None else []
    if cmd.name == "all_press" and cmd.on and game is not None and me is not None and me.id in off:
        # A master who stopped his copies (List-Unsubscribe, engine/unsubscribe.py) asks
        # for them again.
        game.settings = {**game.settings, "all_press_off": [i for i in off if i != me.id]}
    _change(ctx, cmd, FLAGS.get(cmd.name), cmd.name, cmd.on)


def _personal(ctx: Conversation, key: str, member: bool, what: str) -> None:
    """A setting each participant makes for himself: SET [NO] BROADCAST (receiving
    broadcasts), an observer's SET ALL PRESS in a WATCH ALL PRESS game (manual 8.2, 8.5)."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(f"SET {'' if member else 'NO '}{key.upper()}: sign on to a game first.")
        return
    ids = [i for i in (game.settings or {}).get(key) or [] if i != me.id]
    if member:
        ids.append(me.id)
    game.settings = {**(game.settings or {}), key: ids}
    receives = member if key == "watchers" else not member
    ctx.say(texts.receiving(what, game.name, receives))


def set_number(ctx: Conversation, cmd: p.SetNumber) -> None:
    _change(ctx, cmd, NUMBERS.get(cmd.name), cmd.name, _whole(cmd.value))


def set_choice(ctx: Conversation, cmd: p.SetChoice) -> None:
    name, value = cmd.name, cmd.value
    if name == "preference":
        name, value = "assignment", _PREFERENCE.get(value, value)
    rule, allowed = CHOICES.get(name, (None, frozenset()))
    if rule is not None and value not in allowed:
        ctx.fail(f"{_what(cmd)}: choose one of {', '.join(sorted(allowed)).upper()}.")
        return
    _change(ctx, cmd, rule, name, value)


def set_player_list(ctx: Conversation, cmd: p.SetPlayerList) -> None:
    """SET ALLOW / DENY PLAYER [-]address (manual 8.4)."""
    what = _what(cmd)
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    address = cmd.address.lower()
    if "@" not in address:
        ctx.fail(f"{what}: '{cmd.address}' is not an address.")
        return
    current = [a for a in (game.settings or {}).get(cmd.which) or []]
    if cmd.remove:
        if address not in current:
            ctx.fail(f"{what}: {address} is not on the {cmd.which} list of game '{game.name}'.")
            return
        current.remove(address)
    elif address not in current:
        current.append(address)
    game.settings = {**(game.settings or {}), cmd.which: current}
    told(ctx, game, me, texts.listed(address, cmd.which, cmd.remove))


def _change(ctx: Conversation, cmd: p.Command, rule: Rule | None, name: str, value: Any) -> None:
    what = _what(cmd)
    if rule is None:
        ctx.fail(f"{what}: this judge does not carry out that setting yet.")
        return
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if rule.forming and game.status != "forming":
        ctx.fail(f"{what}: game '{game.name}' has started; this is set before the start.")
        return
    reason = rule.check(game, me, value) if rule.check else None
    if reason is None and rule.judged is not None:
        reason = rule.judged(ctx, me, value)
    if reason is not None:
        ctx.fail(f"{what}: {reason}.")
        return
    more = rule.implies(name, value) if rule.implies else {}
    game.settings = {**(game.settings or {}), **more, name: value}
    words = ", ".join(texts.setting_words(k, v) for k, v in {name: value, **more}.items())
    told(ctx, game, me, words, rule.reply(game.name, value) if rule.reply else "")
    ready = game.settings.get("auto_start", True) and len(players(game)) >= game.settings["players"]
    if name in ("auto_start", "players") and game.status == "forming" and ready:
        ctx.at_end("start", lambda: start_game(ctx, game))


def told(ctx: Conversation, game: Game, me: Participant, words: str, said: str = "") -> None:
    """The changer's answer (`said`, or the usual one), and the `Parameter Change` notice
    to everyone else in the game."""
    ctx.say(said or texts.setting_set(game.name, words))
    notice = texts.setting_changed(changer(game, me), game.name, words)
    announce(ctx, game, me, "Parameter Change", notice)


_SPOKEN = {
    "nmr": "NMR", "dias": "DIAS", "ontime_ratio": "ONTIMERAT", "resign_ratio": "RESRAT",
    "assignment": "PRFLIST / PRFRAND / PRFBOTH", "allow": "ALLOW PLAYER", "deny": "DENY PLAYER",
    "move_disband": "DISBAND", "empty_board": "BLANK BOARD", "blind_centers": "BCENTERS",
}  # fmt: skip


_SPOKEN_OFF = {
    "auto_process": "MANUAL PROCESS", "auto_start": "MANUAL START", "rated": "UNRATED",
    "moderated": "UNMODERATED",
}  # fmt: skip


def _what(cmd: p.Command) -> str:
    """The command as the manual names it, for answers."""
    name = getattr(cmd, "name", None) or getattr(cmd, "which", "")
    if name == "disband" and isinstance(getattr(cmd, "value", None), str):
        return f"SET {cmd.value.upper()} DISBAND"  # type: ignore[attr-defined]
    if getattr(cmd, "on", True) is False and name in _SPOKEN_OFF:
        return f"SET {_SPOKEN_OFF[name]}"
    word = _SPOKEN.get(name, name.replace("_", " ").upper())
    return f"SET {'NO ' if getattr(cmd, 'on', True) is False else ''}{word}".rstrip()


def set_comment(ctx: Conversation, cmd: p.SetComment) -> None:
    """SET COMMENT text (the brief listing's line, under 60 characters) and SET COMMENT
    BEGIN (the full listing's text: the rest of the mail)."""
    what = "SET COMMENT BEGIN" if cmd.full else "SET COMMENT"
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    text = shown_text(cmd.text, lines=cmd.full).strip("\n")  # LIST shows it to everyone
    if not cmd.full and len(text) >= 60:
        ctx.fail(f"SET COMMENT: the comment must be under 60 characters ({len(text)} given).")
        return
    if cmd.full:
        game.full_comment = text
    else:
        game.comment = text
    told(ctx, game, me, texts.comment(text, cmd.full))


# SET TRANSFORM's places (manual 9.1), as written (CENTER/CENTRE optional) -> the setting.
_TRANSFORM_PLACES = {
    "home": "home", "homecenter": "home", "homecentre": "home",
    "one": "one", "onecenter": "one", "onecentre": "one",
    "any": "any", "anycenter": "any", "anycentre": "any",
    "anywhere": "anywhere", "none": "none",
}  # fmt: skip


def set_transform(ctx: Conversation, cmd: p.SetTransform) -> None:
    """SET TRANSFORM when:where ... / SET NO TRANSFORM (manual 9.1): where units may change
    their type in movement (MOVE) and adjustment (BUILD) phases; `when` defaults to BUILD,
    `where` to HOME CENTER; NONE turns both off."""
    what = "SET TRANSFORM" if cmd.options else "SET NO TRANSFORM"
    chosen: dict[str, str] = {}
    for option in cmd.options or ("none",):
        text = "".join(option.split())
        if text == "none":
            chosen = {"move": "none", "build": "none"}
            continue
        when, _, where = text.partition(":")
        when = when or "build"
        place = _TRANSFORM_PLACES.get(where or "home")
        if when not in ("move", "build") or place is None:
            ctx.fail(
                f"{what}: '{option}' is not when:where, with when MOVE or BUILD and where "
                "HOME, ONE or ANY CENTER, ANYWHERE or NONE."
            )
            return
        chosen[when] = place
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if game.status != "forming":
        ctx.fail(f"{what}: game '{game.name}' has started; this is set before the start.")
        return
    settings = {**(game.settings or {})}
    for when, place in chosen.items():
        settings[f"transform_{when}"] = place
    game.settings = settings
    told(ctx, game, me, texts.transformations(settings))
