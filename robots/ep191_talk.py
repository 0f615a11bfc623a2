"""How the robots answer press of EP 191's protocol (parser/ep191_values.py), in its words, as
a program of Loeb's project would: the paper's "Reply with" for each message.

- `hold`: civil disorder reads nothing (no answer), as for DAIDE's press.
- `random`, `dumbbot`: programs that cannot talk: the paper's `(TRY)`, "used by a program
  which can't communicate", to whatever asks for an answer.
- `blabbot`: reads the paper's message as DAIDE's (parser/ep191_daide.py) and answers as
  it answers DAIDE (robots/talk.py, its policy, untouched here), in the paper's words: YES
  for DAIDE's YES, NOP for REJ, BWX; what it does not read, `(TRY YES NOP BWX PCE DWR ALY)`
  once to each power (as its DAIDE TRY).
- `loeb`: Daniel Loeb's program, in the protocol Loeb wrote for it. It answers from what it
  knows (`Situation`: the board as its power sees it, its own orders for the phase, its
  trustworthiness list):
    PCE (cease-fire): YES, NOP from an enemy of its list. DMZ: YES when none of its orders
    goes into the zone and the sender is no enemy. ALY: YES from an ally, with no enemy
    of its list on the sender's side and no ally against. DST: YES when its share keeps
    every centre it owns. UDO/UNO (and XDO/XNO naming it): YES when its orders for the
    phase do (do not) give them, else NOP; promises (IDO/INO): YES (received). EXP: SRY
    to allies and neutrals, DNY to an enemy. FOR: as the message it times, for the turn
    being played; BWX for any other. IFF: YES when it would do what the condition asks
    anyway. WHT: of the sender's units, UDO with the move its own strategy would give
    them; of its own, IDO with its orders to an ally, BWX to others. HOW: UDO, a plan of
    the sender's units that reach the place (one moves, the rest support), and IDO with
    the supports of its own when the sender is an ally; NOP when he has none there or
    the place is its own. An enemy's WHT and HOW get BWX. END: YES. ALT: YES to DPP.
    RPT: what it last said to the sender this phase, NOP when nothing. SND, PPT: NOP.
    Replies, declarations (DWR) and what tells rather than asks (SRY DNY THK FRM SNT CTE
    DFM PSV ACT) need no answer.

Pure: the message and the situation in, the texts of the answers out.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from adjudicator.given import Position
from adjudicator.options import Options
from parser.dpp import DppError, read_dpp
from parser.dpp_english import STANDARD
from parser.dpp_values import Reply, Where, body_text, is_ep191
from parser.ep191_daide import daide_form
from parser.ep191_values import (
    Ally,
    Count,
    During,
    EpOrder,
    EpUnit,
    Explain,
    How,
    If,
    Promise,
    Relay,
    Results,
    Share,
    Submit,
    What,
    Word,
    Words,
    Zone,
)

from . import play
from .strategy import movement_table
from .talk import STRATEGIES_TALK
from .talk import answer as daide_answer

BLABBOT_EP_WORDS = ("YES", "NOP", "BWX", "PCE", "DWR", "ALY")
CANNOT_TALK = "(TRY)"
_KIND_OUT = {"AMY": "A", "FLT": "F", "WNG": "W"}
_KIND_IN = {v: k for k, v in _KIND_OUT.items()}
_COAST_OUT = {"NCS": "nc", "SCS": "sc", "ECS": "ec", "WCS": "wc"}
_COAST_IN = {v: k for k, v in _COAST_OUT.items()}


@dataclass(frozen=True)
class Situation:
    """What Loeb's program knows when it answers: the board as its power sees it (None:
    nothing), the game's rule options, its orders for the phase (the adjudicator's
    notation), the powers its trustworthiness list makes allies and enemies, the paper's
    number of the turn being played, a seed for the moves it suggests, the centres it owns
    and the last thing it said to the asker this phase."""

    position: Position | None = None
    rules: Options | None = None
    orders: tuple[str, ...] = ()
    allies: frozenset[str] = frozenset()
    enemies: frozenset[str] = frozenset()
    turn: int = 0
    seed: str = ""
    centers: frozenset[str] = field(default_factory=frozenset)
    last_said: str | None = None  # its last message to the asker this phase (for RPT)


def turn_number(phase: str) -> int:
    """The paper's turn of a phase name: (year - 1901) * 5 + 1 to 5 (S1901M 1, S1901R 2,
    F1901M 3, F1901R 4, the adjustments 5); 0 for a name it cannot read."""
    found = re.fullmatch(r"([SUFW])(\d+)([MRBA])", phase.upper())
    if not found:
        return 0
    season, year, letter = found.groups()
    if letter in "BA" or season == "W":
        k = 5
    else:
        k = (1 if season == "S" else 3) + (1 if letter == "R" else 0)
    return (int(year) - 1901) * 5 + k


def asks_nothing(message: object) -> bool:
    """Replies, declarations and what only tells: no program answers them."""
    match message:
        case Reply():
            return True
        case Word(verb):
            return verb not in ("PCE", "RPT", "END")
        case Words(verb, _):
            return verb not in ("ALT", "PPT")
        case Relay(verb, _, _, _):
            return verb != "SND"
    return isinstance(message, Count | Submit | Results)


def answer(
    strategy: str,
    power: str,
    sender: str,
    message: object,
    friends: frozenset[str],
    *,
    tokens: Mapping[str, str] | None = None,
    remaining: frozenset[str] | None = None,
    policy: str = "joe",
    tried: bool = False,
    situation: Situation | None = None,
) -> list[str]:
    """The texts `power`, played by `strategy`, sends `sender` for the EP 191 `message`
    (powers by name, `tokens` token -> name as robots.talk has them). KeyError for an
    unknown strategy."""
    if strategy not in STRATEGIES_TALK:
        raise KeyError(strategy)
    if strategy == "hold" or asks_nothing(message):
        return []
    tokens = tokens or STANDARD
    if strategy in ("random", "dumbbot"):
        return [CANNOT_TALK]
    if strategy == "blabbot":
        return _blabbot(power, sender, message, friends, tokens, remaining, policy, tried)
    return _Loeb(power, sender, tokens, situation or Situation()).answer(message)


# -- BlabBot: the paper's words read as DAIDE's ------------------------------------------------


def as_daide(message: object, power: str, sender: str, tokens: Mapping[str, str]) -> object:
    """The DAIDE message `message` from `sender` to `power` says (None: none, or none a
    DAIDE reader of this judge reads)."""
    token = {name: t for t, name in tokens.items()}
    text = daide_form(message, token.get(sender, sender), token.get(power, power), None, tokens)
    if text is None:
        return None
    try:
        return read_dpp(text)
    except DppError:
        return None  # DAIDE's levels above 60 (FOR, IFF, WHT, ...) this judge does not read


def _blabbot(
    power: str,
    sender: str,
    message: object,
    friends: frozenset[str],
    tokens: Mapping[str, str],
    remaining: frozenset[str] | None,
    policy: str,
    tried: bool,
) -> list[str]:
    daide = as_daide(message, power, sender, tokens)
    said = []
    if daide is not None:
        said = daide_answer(
            "blabbot", power, sender, daide, friends,  # type: ignore[arg-type]
            tokens=tokens, remaining=remaining, policy=policy, tried=True,
        )  # fmt: skip
    out = []
    quoted = body_text(message)  # type: ignore[arg-type]
    for text in said:
        verb = text[:3]
        if verb == "YES":
            out.append(f"(YES ({quoted}))")
        elif verb == "REJ":
            out.append(f"(NOP ({quoted}))")
        elif verb == "BWX":
            out.append("(BWX)")
    if (daide is None or any(x[:3] == "HUH" for x in said)) and not tried:
        out.append(f"(TRY {' '.join(BLABBOT_EP_WORDS)})")
    return out


# -- Loeb's program ------------------------------------------------------------------------------


class _Loeb:
    def __init__(
        self, power: str, sender: str, tokens: Mapping[str, str], situation: Situation
    ) -> None:
        self.power, self.sender, self.tokens, self.s = power, sender, tokens, situation
        self.named = {name.upper(): name for name in tokens.values()}
        self.mine = {_normal(x) for x in situation.orders}

    def name(self, power: str) -> str:
        return self.tokens.get(power) or self.named.get(power, power)

    def yes(self, message: object) -> str:
        return f"(YES ({body_text(message)}))"  # type: ignore[arg-type]

    def nop(self, message: object) -> str:
        return f"(NOP ({body_text(message)}))"  # type: ignore[arg-type]

    def answer(self, message: object) -> list[str]:
        match message:
            case What(units):
                return self.what(units)
            case How(target):
                return self.how(message, target)
            case During(first, last, messages):
                now = self.s.turn
                if (first is None or first <= now) and (last is None or now <= last):
                    agreed = all(self.agrees(x) for x in messages)
                    return [self.yes(message) if agreed else self.nop(message)]
                return ["(BWX)"]
            case Promise(verb, _, power) if (
                verb in ("XDO", "XNO") and self.name(power or "") != self.power
            ):
                return ["(BWX)"]
            case Explain():
                return ["(DNY)" if self.sender in self.s.enemies else "(SRY)"]
            case Words("ALT", words):
                return [self.yes(message) if "DPP" in words else self.nop(message)]
            case Word("RPT") if self.s.last_said:
                return [self.s.last_said]
        return [self.yes(message) if self.agrees(message) else self.nop(message)]

    def agrees(self, message: object) -> bool:
        """Whether it says YES to a message that asks for YES or NOP."""
        enemy = self.sender in self.s.enemies
        match message:
            case Word("PCE"):
                return not enemy
            case Word("END"):
                return True
            case Zone(provinces):
                going = {_destination(x) for x in self.mine}
                return bool(provinces) and not enemy and not going & {p.lower() for p in provinces}
            case Ally(with_, versus):
                sides = {self.name(x) for x in with_}
                against = {self.name(x) for x in versus}
                return (
                    self.sender in self.s.allies
                    and not sides & self.s.enemies
                    and not against & (self.s.allies | {self.power})
                )
            case Share(spoils):
                mine = [x for x in spoils if self.name(x.power) == self.power]
                if not mine:
                    return False
                if mine[0].count is not None:
                    return mine[0].count >= len(self.s.centers)
                return {p.lower() for p in mine[0].provinces} >= self.s.centers
            case Promise("IDO" | "INO", _, _):
                return True  # a promise of the sender's, received
            case Promise(verb, orders, _):
                given = [_notation(x) in self.mine for x in orders]
                return all(given) if verb in ("UDO", "XDO") else not any(given)
            case If(condition, _, _):
                return self.agrees(condition)
            case During(_, _, messages):
                return all(self.agrees(x) for x in messages)
        return False  # RPT, SND, PPT and the rest: no

    # -- suggestions ---------------------------------------------------------------------

    def what(self, units: tuple[EpUnit, ...]) -> list[str]:
        board = self.s.position
        if board is None or self.sender in self.s.enemies:
            return ["(BWX)"]
        theirs = [u for u in board.units if u.power == self.sender]
        asked = units or tuple(_ep_unit(u) for u in theirs)
        # A unit is found at its place, or (a fleet named without its coast) in its province.
        by_place = {u.location: u for u in board.units}
        by_place.update({u.province: u for u in board.units if u.province not in by_place})
        found_of = {x: by_place.get(_location(x)) for x in asked}
        suggest, tell, refused = [], [], False
        theirs_asked = any(u is not None and u.power == self.sender for u in found_of.values())
        suggestions = self.suggestions() if theirs_asked else {}
        for unit in asked:
            found = found_of[unit]
            if found is not None and found.power == self.sender and str(found) in suggestions:
                suggest.append(_ep_order(suggestions[str(found)]))
            elif found is not None and found.power == self.power and self.sender in self.s.allies:
                mine = next((x for x in self.s.orders if _unit_of(x) == str(found)), None)
                if mine is None:
                    refused = True
                else:
                    tell.append(_ep_order(mine))
            else:
                refused = True
        out = []
        if suggest:
            out.append(f"(UDO {' '.join(_order_text(x) for x in suggest if x)})")
        if tell:
            out.append(f"(IDO {' '.join(_order_text(x) for x in tell if x)})")
        if refused or not out:
            out.append("(BWX)")
        return out

    def suggestions(self) -> dict[str, str]:
        """The sender's orders as its own strategy would give them: unit -> order."""
        board = self.s.position
        assert board is not None
        rng = random.Random(f"{self.s.seed}/ep191/{self.sender}")
        given = play("loeb", board, self.sender, rng, frozenset(), self.s.rules)
        return {_unit_of(x): x for x in given}

    def how(self, message: object, target: EpUnit | str) -> list[str]:
        board = self.s.position
        place = (target if isinstance(target, str) else target.where.province).lower()
        if self.sender in self.s.enemies:
            return ["(BWX)"]
        if board is None or board.phase.kind != "movement":
            return [self.nop(message)]
        owner = board.centers.get(place)
        standing = next((u for u in board.units if u.province == place), None)
        if owner == self.power or (standing is not None and standing.power == self.power):
            return [self.nop(message)]
        theirs = [u for u in board.units if u.power == self.sender]
        table = movement_table(board, theirs, self.s.rules or Options())
        movers = [
            u
            for u in theirs
            if any(
                _destination(x) == place
                for x in table[u][1:]
                if " - " in x and " S " not in x and " C " not in x
            )
        ]
        if not movers:
            return [self.nop(message)]
        mover = movers[0]
        move = next(
            x for x in table[mover] if " - " in x and " S " not in x and _destination(x) == place
        )
        plan = [move]
        for other in movers[1:]:
            support = f"{other} S {move}"
            if support in table[other]:
                plan.append(support)
        out = [f"(UDO {' '.join(_order_text(_ep_order(x)) for x in plan)})"]
        if self.sender in self.s.allies:
            mine = [u for u in board.units if u.power == self.power]
            both = movement_table(board, [*mine, mover], self.s.rules or Options())
            helps = [f"{u} S {move}" for u in mine if f"{u} S {move}" in both[u]]
            if helps:
                out.append(f"(IDO {' '.join(_order_text(_ep_order(x)) for x in helps)})")
        return out


# -- orders between the paper's and the adjudicator's notation --------------------------------


def _where_notation(where: Where) -> str:
    place = where.province.lower()
    return f"{place}/{_COAST_OUT[where.coast]}" if where.coast in _COAST_OUT else place


def _unit_notation(unit: EpUnit) -> str:
    return f"{_KIND_OUT.get(unit.kind, unit.kind[:1])} {_where_notation(unit.where)}"


def _location(unit: EpUnit) -> str:
    return _where_notation(unit.where)


def _notation(order: EpOrder) -> str:
    """The paper's order in the adjudicator's notation, as robots write theirs."""
    unit = _unit_notation(order.unit)
    to = _where_notation(order.to) if order.to is not None else ""
    match order.action:
        case "HLD":
            return f"{unit} H"
        case "MTO":
            return f"{unit} - {to}"
        case "SUP" if order.other is not None:
            other = _unit_notation(order.other)
            return f"{unit} S {other}" + (f" - {to.split('/')[0]}" if to else "")
        case "CNV" if order.other is not None:
            return f"{unit} C {_unit_notation(order.other)} - {to.split('/')[0]}"
        case "RTO":
            return f"{unit} R {to}"
        case "BLD":
            return f"{unit} B"
        case "REM" | "DSB":
            return f"{unit} D"
    return unit


def _normal(text: str) -> str:
    return " ".join(text.split())


def _unit_of(text: str) -> str:
    return " ".join(text.split()[:2])


def _destination(text: str) -> str:
    """Where an order's unit moves (its last place, without a coast); '' for none."""
    if " - " not in text or " S " in text or " C " in text:
        return ""
    return text.rsplit(" - ", 1)[1].split("/")[0].strip()


def _ep_where(text: str) -> Where:
    place, _, coast = text.partition("/")
    return Where(place.upper(), _COAST_IN.get(coast))


def _ep_unit(unit: object) -> EpUnit:
    kind, location = str(unit).split()
    return EpUnit(_KIND_IN.get(kind, kind), _ep_where(location))


_ORDER = re.compile(
    r"(?P<unit>[AFW] \S+) (?:(?P<hold>H)|- (?P<to>\S+)|S (?P<sup>[AFW] \S+)(?: - (?P<sto>\S+))?"
    r"|C (?P<cvy>[AFW] \S+) - (?P<cto>\S+)|R (?P<rto>\S+)|(?P<bld>B)|(?P<dsb>D))$"
)


def _ep_order(text: str) -> EpOrder | None:
    """A robot's order (the adjudicator's notation) as the paper writes it."""
    found = _ORDER.match(_normal(text))
    if not found:
        return None
    g = found.groupdict()
    unit = _ep_unit(g["unit"])
    if g["hold"]:
        return EpOrder(unit, "HLD")
    if g["to"]:
        return EpOrder(unit, "MTO", _ep_where(g["to"]))
    if g["sup"]:
        to = _ep_where(g["sto"]) if g["sto"] else None
        return EpOrder(unit, "SUP", to, _ep_unit(g["sup"]))
    if g["cvy"]:
        return EpOrder(unit, "CNV", _ep_where(g["cto"]), _ep_unit(g["cvy"]))
    if g["rto"]:
        return EpOrder(unit, "RTO", _ep_where(g["rto"]))
    return EpOrder(unit, "BLD" if g["bld"] else "DSB")


def _order_text(order: EpOrder | None) -> str:
    from parser.ep191_values import order_text

    return order_text(order) if order is not None else ""


__all__ = ["Situation", "answer", "as_daide", "asks_nothing", "is_ep191", "turn_number"]
