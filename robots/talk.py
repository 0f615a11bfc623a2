"""How the robots answer DPP press (parser/dpp.py), each at the level its strategy uses.

Pure: a message in, the text of the answer out (or None: no answer). Powers are power
names, as robots.play and the judge use them; `tokens` maps the DPP tokens of the game's
powers to those names (parser.dpp.power_tokens; Standard's by default).

- `hold`, `random`, `loeb`: Loeb's robots of 1990 predate any press language: they read
  nothing and answer nothing.
- `dumbbot`: David Norman's DumbBot has no press: a proposal (PRP, INS) is refused (REJ),
  a question (QRY) not understood (HUH with ERR before it); statements and replies need
  no answer.
- `blabbot`: John Newbury's BlabBot, DumbBot with peace press at level 10. It accepts
  (YES) peace between itself and the sender, PCE (x y) in either order, and answers BWX to
  any other press of level 10 that asks for an answer (peace among others, NOT (PCE ...),
  INS instead of PRP ...). A proposal of a draw it accepts under the policy Joe when every
  power left is its friend, and rejects otherwise (policy Mac never draws). Press above
  its level is answered with TRY and the words it understands, in place of the seed's
  HUH-then-TRY (one answer per message; TRY says the same to a program, more to a person).
"""

from __future__ import annotations

from collections.abc import Mapping

from parser.dpp import power_tokens
from parser.dpp_english import STANDARD
from parser.dpp_values import DppMessage, Draw, Offer, Peace, Reply, Try, dpp_text, level

STRATEGIES_TALK = ("hold", "random", "loeb", "dumbbot", "blabbot")
POLICIES = ("joe", "mac")
BLABBOT_LEVEL = 10
BLABBOT_WORDS = ("PRP", "PCE", "DRW", "YES", "REJ", "BWX", "HUH", "TRY")


def answer(
    strategy: str,
    power: str,
    sender: str,
    message: DppMessage,
    friends: frozenset[str],
    *,
    tokens: Mapping[str, str] | None = None,
    remaining: frozenset[str] | None = None,
    policy: str = "joe",
) -> str | None:
    """The DPP text `power`, played by `strategy`, sends back to `sender` for `message`
    (None: no answer). `friends`: the powers it counts as friends; `remaining`: the powers
    still in the game (for a draw; None: only the sender and itself are known).
    KeyError for an unknown strategy."""
    if strategy not in STRATEGIES_TALK:
        raise KeyError(strategy)
    if strategy in ("hold", "random", "loeb"):
        return None
    if strategy == "dumbbot":
        return _dumbbot(message)
    return _blabbot(power, sender, message, friends, tokens or STANDARD, remaining, policy)


def opening(
    strategy: str,
    power: str,
    powers: frozenset[str],
    friends: frozenset[str],
    *,
    tokens: Mapping[str, str] | None = None,
    policy: str = "joe",
) -> list[tuple[str, str]]:
    """The press a robot sends of its own at the start of a phase: (to power, DPP text).
    BlabBot proposes peace to every power left that is not yet its friend; under Joe, when
    all are friends, a draw to each of them."""
    if strategy != "blabbot":
        return []
    token = _token_of(tokens or STANDARD)
    others = sorted(powers - {power})
    strangers = [x for x in others if x not in friends]
    if strangers:
        return [(x, f"PRP (PCE ({token[power]} {token[x]}))") for x in strangers]
    if policy == "joe" and others:
        return [(x, "PRP (DRW)") for x in others]
    return []


def befriends(power: str, sender: str, message: DppMessage, tokens: Mapping[str, str]) -> bool:
    """Whether `message` from `sender` makes the two friends in BlabBot's reckoning: it
    accepts peace between them (YES (PRP (PCE (x y)))), or proposes it (which BlabBot
    accepts)."""
    if isinstance(message, Reply) and message.verb == "YES":
        message = message.message
    return _peace_between(message, power, sender, tokens)


# -- the strategies ------------------------------------------------------------------------


def _dumbbot(message: DppMessage) -> str | None:
    if isinstance(message, Offer) and message.verb in ("PRP", "INS"):
        return f"REJ ({dpp_text(message)})"
    if isinstance(message, Offer) and message.verb == "QRY":
        return f"HUH (ERR {dpp_text(message)})"
    return None


def _blabbot(
    power: str,
    sender: str,
    message: DppMessage,
    friends: frozenset[str],
    tokens: Mapping[str, str],
    remaining: frozenset[str] | None,
    policy: str,
) -> str | None:
    if isinstance(message, Reply | Try):
        return None  # replies and TRY ask for no answer
    if level(message) > BLABBOT_LEVEL:
        return f"TRY ({' '.join(BLABBOT_WORDS)})"
    if message.verb == "FCT":
        return None
    quoted = dpp_text(message)
    if message.verb == "PRP" and _peace_between(message, power, sender, tokens):
        return f"YES ({quoted})"
    if message.verb == "PRP" and isinstance(message.arrangement, Draw):
        left = (remaining or frozenset({power, sender})) - {power}
        drawn = {tokens.get(x, x) for x in message.arrangement.powers} or None
        fair = drawn is None or power in drawn
        if policy == "joe" and fair and left <= friends:
            return f"YES ({quoted})"
        return f"REJ ({quoted})"
    return f"BWX ({quoted})"


def _peace_between(message: DppMessage, power: str, sender: str, tokens: Mapping[str, str]) -> bool:
    if not (isinstance(message, Offer) and message.verb == "PRP"):
        return False
    arrangement = message.arrangement
    if not isinstance(arrangement, Peace) or len(arrangement.powers) != 2:
        return False
    return {tokens.get(x, x) for x in arrangement.powers} == {power, sender}


def _token_of(tokens: Mapping[str, str]) -> dict[str, str]:
    return {name: token for token, name in tokens.items()}


def tokens_for(power_names: list[str]) -> dict[str, str]:
    """The DPP tokens of a variant's powers, token -> name (parser.dpp.power_tokens)."""
    return power_tokens(power_names)
