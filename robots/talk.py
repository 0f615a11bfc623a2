"""How the robots answer DPP press (parser/dpp.py), each at the level its strategy uses.

Pure: a message in, the texts of the answers out (none, one, or DAIDE's HUH then TRY).
Powers are power names, as robots.play and the judge use them; `tokens` maps the DPP tokens
of the game's powers to those names (parser.dpp.power_tokens; Standard's by default).

DAIDE's message syntax (Andrew Rose, version 0.178, level 10, "Reporting your abilities";
parser/dpp_levels.py) says how a program answers press it cannot read: HUH, the message
quoted with ERR before the first token it does not understand, then TRY with the tokens it
does; a program with no press (level 0) answers HUH (ERR message) and TRY (). No HUH
answers a HUH or a TRY. As BlabBot does (seeds/blabbot.txt), the TRY goes only the first
time to each power (`tried`: already sent to this sender): it says the same every time.

- `hold`: Loeb's civil disorder. A power in civil disorder reads nothing (DAIDE's server
  answers press to it with CCD): no answer.
- `random`, `loeb`, `dumbbot`: no press (DumbBot and Loeb's programs are level 0): HUH
  (ERR ...) and TRY (), whatever the message, a broadcast too, since the sender waits for
  each addressee's answer before a proposal is agreed.
- `blabbot`: John Newbury's BlabBot, DumbBot with peace press at level 10. It accepts
  (YES) peace between itself and the sender, PCE (x y) in either order, and answers BWX to
  any other press of level 10 that asks for an answer (peace among others, NOT (PCE ...),
  and, as the seed says, INS instead of PRP). A proposal of a draw it accepts under the
  policy Joe when every power left is its friend, and rejects otherwise (policy Mac never
  draws). Other press above its level gets HUH with ERR where it stops understanding
  (XDO, DMZ, AND, ORR, QRY), then TRY with its words.

What a robot says of its own (`opening`) is BlabBot's proposal of peace, made with restraint
where the seed's made it every turn: in movement phases only, once to each power, and again
only after that power refused it, at most once a game year. What it has proposed and what
was refused is read off the game's press (`Said`), which the judge keeps.

`converse` is one round of the robots' own talk at the start of a phase: each robot's
opening, in turn, to every power, robots answering robots at once (a YES to a YES asks for
nothing, so it ends). The judge's robot players and the in-process games of `judge
tournament` both talk through it, so seated BlabBots are friends only when their press made
them so, as the seed's steps say: [2] a power that answers YES to our PRP (PCE (x y)) is a
friend; [3] we answer YES to its PRP (PCE (x y)), and [4] once that YES is delivered (no
CANCEL exists, so at once) it is a friend. Friendships are never rescinded.

The policies (`POLICIES`; the seed's -n option): when every power left is a friend (the
seed's step [5]), Joe ("Honest Joe") keeps treating them as friends and votes for a draw of
all of them every phase (`votes_draw`; the seed's DRW, which the judge counts as a SET
DRAW); Mac ("Mac the Knife") ignores friendship from then on, playing DumbBot's strategy
against everyone (the stab; robots/blabbot.py), and never draws. The seed leaves the
default ("Tournament" play) undefined; ours is Joe.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from parser.dpp import DppError, beyond, power_tokens, read_dpp
from parser.dpp_english import STANDARD
from parser.dpp_values import DppMessage, Draw, Offer, Peace, Reply, Try, dpp_text

STRATEGIES_TALK = ("hold", "random", "loeb", "dumbbot", "blabbot")
NO_PRESS = ("random", "loeb", "dumbbot")
POLICIES = ("joe", "mac")
BLABBOT_LEVEL = 10
BLABBOT_ALSO = frozenset({"INS"})  # of level 60, read as PRP is (and answered BWX)
# The tokens BlabBot reads, for its TRY: DAIDE's level-10 list, and INS (a TRY need not
# list TRY and HUH).
BLABBOT_WORDS = ("PRP", "INS", "PCE", "ALY", "VSS", "DRW", "SLO", "NOT", "YES", "REJ", "BWX")


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
    tried: bool = False,
) -> list[str]:
    """The DPP texts `power`, played by `strategy`, sends back to `sender` for `message`,
    in order (none: no answer). `friends`: the powers it counts as friends; `remaining`:
    the powers still in the game (for a draw; None: only the sender and itself are known);
    `tried`: it has sent the sender its TRY already. KeyError for an unknown strategy."""
    if strategy not in STRATEGIES_TALK:
        raise KeyError(strategy)
    if strategy == "hold" or _asks_nothing_of_huh(message):
        return []
    if strategy in NO_PRESS:
        return _not_understood(message, 0, frozenset(), (), tried)
    if isinstance(message, Reply | Try):
        return []  # replies and TRY ask for no answer
    if beyond(message, BLABBOT_LEVEL, BLABBOT_ALSO) is not None:
        return _not_understood(message, BLABBOT_LEVEL, BLABBOT_ALSO, BLABBOT_WORDS, tried)
    said = _blabbot(power, sender, message, friends, tokens or STANDARD, remaining, policy)
    return [said] if said else []


def _asks_nothing_of_huh(message: DppMessage) -> bool:
    """DAIDE: no HUH (nor anything else) answers a HUH or a TRY."""
    return isinstance(message, Try) or (isinstance(message, Reply) and message.verb == "HUH")


def _not_understood(
    message: DppMessage, level: int, also: frozenset[str], words: tuple[str, ...], tried: bool
) -> list[str]:
    """DAIDE's HUH, ERR where the reader stops understanding, then (unless it was sent
    before) TRY with the words it reads."""
    err = beyond(message, level, also) or 0
    huh = dpp_text(Reply("HUH", message, err))
    return [huh] if tried else [huh, dpp_text(Try(words))]


@dataclass(frozen=True)
class Said:
    """One press message of a game as the robots remember it: the power that sent it, the
    powers it went to, its text and the phase it was sent in (`S1901M`)."""

    sender: str
    to: frozenset[str]
    text: str
    phase: str


@dataclass(frozen=True)
class Proposal:
    """The last time a robot proposed one thing to one power: the game year, and whether
    that power has refused it (REJ) since."""

    year: int
    refused: bool = False


def opening(
    strategy: str,
    power: str,
    powers: frozenset[str],
    friends: frozenset[str],
    *,
    phase: str,
    said: Iterable[Said] = (),
    tokens: Mapping[str, str] | None = None,
    policy: str = "joe",
) -> list[tuple[str, str]]:
    """The press a robot sends of its own at the start of `phase`: (to power, DPP text).
    BlabBot proposes peace to every power left that is not yet its friend; under Joe, when
    all are friends, a draw to each of them. It speaks only in movement phases, and
    proposes each thing to each power once, again only once that power has refused it,
    and then not in the game year it last proposed it (`said`: the game's press so far,
    oldest first): the seed's BlabBot proposed every turn, and a person among six of them
    got six proposals a phase."""
    if strategy != "blabbot" or not phase.endswith("M"):
        return []
    token = _token_of(tokens or STANDARD)
    others = sorted(powers - {power})
    strangers = [x for x in others if x not in friends]
    if strangers:
        wanted = [(x, Offer("PRP", Peace((token[power], token[x])))) for x in strangers]
    elif policy == "joe":
        wanted = [(x, Offer("PRP", Draw())) for x in others]
    else:
        return []
    made = proposals_made(power, said)
    year = year_of(phase)
    return [
        (x, dpp_text(offer))
        for x, offer in wanted
        if _proposes_again(made.get((x, _same(offer))), year)
    ]


def proposals_made(power: str, said: Iterable[Said]) -> dict[tuple[str, str], Proposal]:
    """What `power` has proposed to whom, read off the press (oldest first): (to power,
    the proposal as `_same` writes it) -> when it last proposed it and whether it was
    refused since. Peace and draws compare whatever the order of their powers, as BlabBot
    reads replies in either order."""
    made: dict[tuple[str, str], Proposal] = {}
    for x in said:
        mine, verb = x.sender == power, x.text.lstrip()[:3]
        if not (mine and verb == "PRP") and verb != "REJ":
            continue  # the rest needs no reading
        try:
            message = read_dpp(x.text)
        except DppError:
            continue
        if mine and isinstance(message, Offer) and message.verb == "PRP":
            for to in x.to:
                made[(to, _same(message))] = Proposal(year_of(x.phase))
            continue
        refused = message.message if isinstance(message, Reply) and message.verb == "REJ" else None
        key = (x.sender, _same(refused)) if isinstance(refused, Offer) else None
        if key is not None and power in x.to and key in made:
            made[key] = replace(made[key], refused=True)
    return made


def _proposes_again(last: Proposal | None, year: int) -> bool:
    """Never proposed; or refused, and last proposed in an earlier game year."""
    return last is None or (last.refused and year > last.year)


def _same(offer: Offer) -> str:
    """An offer's text with the powers of a peace or a draw in order, so that PCE (GER FRA)
    and PCE (FRA GER) are one proposal."""
    arrangement = offer.arrangement
    if isinstance(arrangement, Peace | Draw):
        arrangement = replace(arrangement, powers=tuple(sorted(arrangement.powers)))
    return dpp_text(replace(offer, arrangement=arrangement))


def year_of(phase: str) -> int:
    """The game year of a phase name (`F1901B`: 1901; 0 for none)."""
    digits = phase[1:-1]
    return int(digits) if digits.isdigit() else 0


def befriends(power: str, sender: str, message: DppMessage, tokens: Mapping[str, str]) -> bool:
    """Whether `message` from `sender` makes the two friends in BlabBot's reckoning: it
    accepts peace between them (YES (PRP (PCE (x y)))), or proposes it (which BlabBot
    accepts)."""
    if isinstance(message, Reply) and message.verb == "YES":
        message = message.message
    return _peace_between(message, power, sender, tokens)


# -- the strategies ------------------------------------------------------------------------


def _blabbot(
    power: str,
    sender: str,
    message: DppMessage,
    friends: frozenset[str],
    tokens: Mapping[str, str],
    remaining: frozenset[str] | None,
    policy: str,
) -> str | None:
    assert isinstance(message, Offer)
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


# -- a round of talk -----------------------------------------------------------------------


@dataclass(frozen=True)
class Speaker:
    """A robot in a round of talk: its strategy and (a blabbot's) policy."""

    strategy: str
    policy: str = "joe"


@dataclass
class Talk:
    """What a round of talk said and left: the messages in the order they were sent (those
    to powers no robot plays are for the caller to deliver), each robot's friends after it
    (those it had, and those made in it), and to whom each robot has sent its TRY."""

    said: list[Said] = field(default_factory=list)
    friends: dict[str, frozenset[str]] = field(default_factory=dict)
    tried: dict[str, frozenset[str]] = field(default_factory=dict)

    def made_friends(self, before: Mapping[str, frozenset[str]]) -> frozenset[str]:
        """The robots whose friends this round added to."""
        return frozenset(p for p, now in self.friends.items() if now - before.get(p, frozenset()))


def converse(
    speakers: Mapping[str, Speaker],
    remaining: frozenset[str],
    friends: Mapping[str, frozenset[str]],
    *,
    phase: str,
    said: Iterable[Said] = (),
    tokens: Mapping[str, str] | None = None,
    tried: Mapping[str, frozenset[str]] | None = None,
    opens: bool = True,
) -> Talk:
    """One round of the robots' talk at the start of `phase`: each robot of `speakers`
    (power -> Speaker) still in the game (`remaining`), in the order of their names, says
    its opening (`opening`, with the friends it has by then, so that a peace just agreed is
    not proposed again the other way), and every message to a robot is answered at once
    (`answer`), friendships following the seed's steps [2] to [4] (`befriends`). `said`:
    the game's press before this round, oldest first; `opens`: False where the robots may
    not speak of their own (nothing is said then)."""
    tokens = tokens or STANDARD
    talk = Talk(
        friends={p: frozenset(friends.get(p, ())) for p in speakers},
        tried={p: frozenset((tried or {}).get(p, ())) for p in speakers},
    )
    if not opens:
        return talk
    history = list(said)
    for power in sorted(speakers):
        speaker = speakers[power]
        if power not in remaining:
            continue
        mine = talk.friends[power] & remaining
        queue = [
            (power, to, text)
            for to, text in opening(
                speaker.strategy, power, remaining, mine, phase=phase, said=history,
                tokens=tokens, policy=speaker.policy,
            )
        ]  # fmt: skip
        while queue:
            sender, to, text = queue.pop(0)
            told = Said(sender, frozenset({to}), text, phase)
            talk.said.append(told)
            history.append(told)
            listener = speakers.get(to)
            if listener is None:
                continue  # a person's: the caller delivers it, and he answers by mail
            try:
                message = read_dpp(text)
            except DppError:
                continue
            if message is None:
                continue
            if listener.strategy == "blabbot" and befriends(to, sender, message, tokens):
                talk.friends[to] = talk.friends[to] | {sender}
            texts = answer(
                listener.strategy, to, sender, message, talk.friends[to], tokens=tokens,
                remaining=remaining, policy=listener.policy, tried=sender in talk.tried[to],
            )  # fmt: skip
            if any(x.startswith("TRY") for x in texts):
                talk.tried[to] = talk.tried[to] | {sender}
            queue.extend((to, sender, x) for x in texts)
    return talk


def votes_draw(
    strategy: str, power: str, remaining: frozenset[str], friends: frozenset[str], policy: str
) -> bool:
    """Whether the robot votes, this phase, for a draw of every power left: a blabbot under
    Joe whose every other power left is its friend (the seed's step [5]: DRW each turn)."""
    joe = strategy == "blabbot" and policy == "joe"
    return joe and everyone_a_friend(power, remaining, friends)


def everyone_a_friend(power: str, remaining: frozenset[str], friends: frozenset[str]) -> bool:
    """The seed's step [5]: every other power left is a friend (and there is one)."""
    others = remaining - {power}
    return bool(others) and others <= friends
