"""DPP press in a game (parser/dpp.py, judge/helpfiles/dpp): a body that starts like DPP is read
and checked against the game's powers and provinces before it is sent. Good DPP goes out
with its English reading beneath it; bad DPP is answered to the sender with HUH and not
sent; ordinary press is not touched. Robot powers (game.settings["robots"]) answer the
DPP they receive through robots.talk, and press of EP 191's protocol (Loeb's, which DAIDE grew
from) through robots.ep191_talk, in its words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from parser.dpp import DppError, DppMessage, check, english, power_tokens
from parser.dpp_values import body_text, is_ep191
from parser.ep191_values import gm_only
from robots import ep191_talk
from robots.ep191_talk import Situation, as_daide
from robots.talk import POLICIES, answer, befriends
from variants import Variant

from ...store.models import Game
from ..game.record import variant_of


@dataclass(frozen=True)
class Names:
    """A variant's DPP tokens: power token -> power name, province token -> its name."""

    powers: dict[str, str]
    provinces: dict[str, str]


@dataclass(frozen=True)
class Read:
    message: DppMessage
    reading: str


@dataclass(frozen=True)
class Refused:
    marked: str  # HUH (... ERR ...)
    reason: str


@cache
def names_of(variant: Variant) -> Names:
    """Powers as parser.dpp.power_tokens makes them; provinces by their abbreviations and
    by any other one-word name of the map (so DAIDE's ECH may stand for the Channel where
    the map knows it so), upper case."""
    provinces = {abbr.upper(): p.name for abbr, p in variant.provinces.items()}
    for name, abbr in variant.names.items():
        if name.isalnum() and 2 <= len(name) <= 6 and abbr in variant.provinces:
            provinces.setdefault(name.upper(), variant.provinces[abbr].name)
    return Names(power_tokens([x.name for x in variant.powers]), provinces)


def read_press(game: Game, text: str, sender: str | None) -> Read | Refused | None:
    """None: not DPP. `sender`: who the reading names as the sender (None: grey press)."""
    names = names_of(variant_of(game))
    try:
        message = check(text, names.powers, names.provinces)
    except DppError as problem:
        return Refused(problem.marked, problem.reason)
    if message is None:
        return None
    word = gm_only(message)
    if word is not None:
        return Refused(
            f"HUH (ERR {body_text(message)})",
            f"{word} is the gamemaster's word in EP 191's protocol: only the judge says it.",
        )
    return Read(message, english(message, sender, names.powers, names.provinces))


def robot_answers(
    game: Game,
    sender: str | None,
    to: list[str],
    message: DppMessage,
    situation: Callable[[str, str], Situation | None] | None = None,
) -> list[tuple[str, str]]:
    """(robot power, DPP text) for each answer a robot power among `to` gives `message`
    from the power `sender`, in order (no answers to grey press or to anyone but a power).
    The judge sends each as press from that robot to the sender. A robot's TRY goes to each
    power once (robots.talk): game.settings["robot_tried"] (robot power -> the powers told)
    keeps who has had it. Press of EP 191's is answered in its words (robots.ep191_talk),
    each robot knowing what `situation` (robot power, strategy) says it knows."""
    settings = game.settings or {}
    robots: dict[str, str] = settings.get("robots") or {}
    if not sender or not robots:
        return []
    names = names_of(variant_of(game))
    friends_of: dict[str, list[str]] = settings.get("robot_friends") or {}
    tried = {k: list(v) for k, v in (settings.get("robot_tried") or {}).items()}
    left = frozenset(left_in(game)) or None
    out = []
    for power in to:
        strategy = robots.get(power)
        if strategy is None or power == sender:
            continue
        friends = frozenset(friends_of.get(power, ()))
        told = sender in tried.get(power, ())
        try:
            if is_ep191(message):
                known = situation(power, strategy) if situation else None
                texts = ep191_talk.answer(
                    strategy, power, sender, message, friends, tokens=names.powers,
                    remaining=left, tried=told, situation=known,
                )  # fmt: skip
            else:
                texts = answer(
                    strategy, power, sender, message, friends,
                    tokens=names.powers, remaining=left, tried=told,
                    policy=policy_in(game, power),
                )  # fmt: skip
        except KeyError:
            continue
        out.extend((power, text) for text in texts)
        if not told and any(text.lstrip("(").startswith("TRY") for text in texts):
            tried.setdefault(power, []).append(sender)
    if tried != (settings.get("robot_tried") or {}):
        game.settings = {**settings, "robot_tried": tried}
    return out


def policy_in(game: Game, power: str) -> str:
    """A blabbot's policy, as SET ROBOT gave it (settings["robot_options"]): joe or mac."""
    words = ((game.settings or {}).get("robot_options") or {}).get(power) or ()
    return next((w for w in words if w in POLICIES), "joe")


def left_in(game: Game) -> list[str]:
    """The powers still in the game: a unit or a centre."""
    units = (game.position or {}).get("units") or {}
    centers = (game.position or {}).get("centers") or {}
    return sorted({p for p, u in units.items() if u} | {p for p, c in centers.items() if c})


def remember_friends(game: Game, sender: str, to: list[str], message: DppMessage) -> list[str]:
    """BlabBot's friendships (robots.talk.befriends): a blabbot power among `to` that accepts
    peace with `sender`, or is told YES to its own proposal of it, counts him a friend from
    now on, in game.settings["robot_friends"] (power -> its friends), which robots.play
    is given as `friends`. Returns the robot powers that made a friend."""
    settings = dict(game.settings or {})
    robots: dict[str, str] = settings.get("robots") or {}
    tokens = names_of(variant_of(game)).powers
    friends = {k: list(v) for k, v in (settings.get("robot_friends") or {}).items()}
    made = []
    for power in to:
        if robots.get(power) != "blabbot" or power == sender:
            continue
        # EP 191's PCE is read as DAIDE's PRP (PCE (sender power)), as BlabBot answers it.
        said = as_daide(message, power, sender, tokens) if is_ep191(message) else message
        if said is None:
            continue
        if befriends(power, sender, said, tokens) and sender not in friends.get(power, []):  # type: ignore[arg-type]
            friends.setdefault(power, []).append(sender)
            made.append(power)
    if made:
        game.settings = {**settings, "robot_friends": friends}
    return made
