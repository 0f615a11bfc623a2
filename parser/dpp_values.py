"""The values of DPP press (parser/dpp.lark): frozen dataclasses, and `dpp_text`, which
writes one back in DAIDE's canonical spacing (`PRP (PCE (FRA GER))`), so that a robot's
answer quoting a message reads as the message did and reading what it writes gives the
same value back.

Powers and provinces are kept as the tokens written (`FRA`, `STP`); what they stand for is
the game's business (parser.dpp.check, parser.dpp_english).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .dpp_where import Where
from .ep191_values import EP_TYPES, ep_body

# -- orders inside XDO ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    kind: str  # AMY FLT WNG
    where: Where


@dataclass(frozen=True, slots=True)
class Hold:
    unit: Unit


@dataclass(frozen=True, slots=True)
class Move:
    unit: Unit
    to: Where


@dataclass(frozen=True, slots=True)
class Support:
    unit: Unit
    supported: Unit
    to: str | None = None  # None: support to hold


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: Unit
    convoyed: Unit
    to: str


@dataclass(frozen=True, slots=True)
class Via:
    """An army's move by convoy along the seas named (CTO ... VIA)."""

    unit: Unit
    to: str
    seas: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: Unit
    to: Where


@dataclass(frozen=True, slots=True)
class Disband:
    unit: Unit


@dataclass(frozen=True, slots=True)
class Build:
    unit: Unit


@dataclass(frozen=True, slots=True)
class Remove:
    unit: Unit


@dataclass(frozen=True, slots=True)
class Waive:
    power: str


DppOrder = Hold | Move | Support | Convoy | Via | Retreat | Disband | Build | Remove | Waive

# -- arrangements (what may be proposed) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Peace:
    powers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Alliance:
    allies: tuple[str, ...]
    against: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    powers: tuple[str, ...] = ()  # (): among all the powers left


@dataclass(frozen=True, slots=True)
class Solo:
    power: str


@dataclass(frozen=True, slots=True)
class Not:
    arrangement: Arrangement


@dataclass(frozen=True, slots=True)
class Nar:
    """The absence of an arrangement: neither it nor its negation is agreed."""

    arrangement: Arrangement


@dataclass(frozen=True, slots=True)
class Xdo:
    order: DppOrder


@dataclass(frozen=True, slots=True)
class Dmz:
    powers: tuple[str, ...]
    provinces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class And:
    parts: tuple[Arrangement, ...]


@dataclass(frozen=True, slots=True)
class Orr:
    parts: tuple[Arrangement, ...]


Arrangement = Peace | Alliance | Draw | Solo | Not | Nar | Xdo | Dmz | And | Orr

# -- messages --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Offer:
    """PRP (a proposal), FCT (a statement of fact), INS (an insistence), QRY (a question)."""

    verb: str
    arrangement: Arrangement


@dataclass(frozen=True, slots=True)
class Reply:
    """YES, REJ, BWX (none of your business), HUH (not understood) or CCL (cancel) of a
    message; EP 191's YES, NOP and YEP (yes) of a message, and HUH of one of its messages.

    `err`, in a HUH only: where DAIDE's ERR stands in the quoted message, before the first
    word not understood, as the index of that word among the message's tokens (its words
    and brackets, `tokens`); None: no ERR."""

    verb: str
    message: DppMessage
    err: int | None = None


@dataclass(frozen=True, slots=True)
class Try:
    """The words the sender understands and would like used."""

    tokens: tuple[str, ...]


DppMessage = Offer | Reply | Try  # and EP 191's (parser/ep191_values.Ep191)

OFFER_VERBS = ("PRP", "FCT", "INS", "QRY")
REPLY_VERBS = ("YES", "REJ", "BWX", "HUH", "CCL")  # and EP 191's NOP and YEP

_TOKEN = re.compile(r"[()]|[^\s()]+")

# -- writing ---------------------------------------------------------------------------------


def _powers(powers: tuple[str, ...]) -> str:
    return "(" + " ".join(powers) + ")"


def _where(where: Where) -> str:
    return f"({where.province} {where.coast})" if where.coast else where.province


def _unit(unit: Unit) -> str:
    return f"({unit.power} {unit.kind} {_where(unit.where)})"


def order_text(order: DppOrder) -> str:
    match order:
        case Hold(unit):
            return f"{_unit(unit)} HLD"
        case Move(unit, to):
            return f"{_unit(unit)} MTO {_where(to)}"
        case Support(unit, supported, None):
            return f"{_unit(unit)} SUP {_unit(supported)}"
        case Support(unit, supported, to):
            return f"{_unit(unit)} SUP {_unit(supported)} MTO {to}"
        case Convoy(unit, convoyed, to):
            return f"{_unit(unit)} CVY {_unit(convoyed)} CTO {to}"
        case Via(unit, to, seas):
            return f"{_unit(unit)} CTO {to} VIA {_powers(seas)}"
        case Retreat(unit, to):
            return f"{_unit(unit)} RTO {_where(to)}"
        case Disband(unit):
            return f"{_unit(unit)} DSB"
        case Build(unit):
            return f"{_unit(unit)} BLD"
        case Remove(unit):
            return f"{_unit(unit)} REM"
        case Waive(power):
            return f"{power} WVE"
    raise TypeError(order)


def arrangement_text(arrangement: Arrangement) -> str:
    match arrangement:
        case Peace(powers):
            return f"PCE {_powers(powers)}"
        case Alliance(allies, against):
            return f"ALY {_powers(allies)} VSS {_powers(against)}"
        case Draw(()):
            return "DRW"
        case Draw(powers):
            return f"DRW {_powers(powers)}"
        case Solo(power):
            return f"SLO ({power})"
        case Not(inner):
            return f"NOT ({arrangement_text(inner)})"
        case Nar(inner):
            return f"NAR ({arrangement_text(inner)})"
        case Xdo(order):
            return f"XDO ({order_text(order)})"
        case Dmz(powers, provinces):
            return f"DMZ {_powers(powers)} ({' '.join(provinces)})"
        case And(parts) | Orr(parts):
            verb = "AND" if isinstance(arrangement, And) else "ORR"
            return verb + "".join(f" ({arrangement_text(x)})" for x in parts)
    raise TypeError(arrangement)


def dpp_text(message: DppMessage) -> str:
    """The message in DAIDE's spacing: `YES (PRP (PCE (FRA GER)))`; one of EP 191's in the
    brackets the paper puts round a whole message: `(YES (PCE))`, `(DWR)`."""
    text = body_text(message)
    return f"({text})" if is_ep191(message) else text


def body_text(message: DppMessage) -> str:
    """The message without the brackets round an EP 191 message (as a message quotes it,
    and as HUH's ERR counts its tokens)."""
    match message:
        case Offer(verb, arrangement):
            return f"{verb} ({arrangement_text(arrangement)})"
        case Reply(verb, inner, None):
            return f"{verb} ({body_text(inner)})"
        case Reply(verb, inner, err):
            return f"{verb} ({with_err(body_text(inner), err)})"
        case Try(tokens):
            return f"TRY ({' '.join(tokens)})"
    if isinstance(message, EP_TYPES):
        return ep_body(message, body_text)
    raise TypeError(message)


def is_ep191(message: object) -> bool:
    """Whether a message is EP 191's (parser/ep191_values.py) rather than DAIDE's: its word
    is the paper's, or it answers (YES, HUH, ...) one that is. Robots answer in its kind."""
    if isinstance(message, Reply):
        return message.verb in ("NOP", "YEP") or is_ep191(message.message)
    return isinstance(message, EP_TYPES)


def tokens(text: str) -> list[str]:
    """A message's tokens: its words and its brackets, in order."""
    return _TOKEN.findall(text)


def with_err(text: str, index: int) -> str:
    """The message with DAIDE's ERR before its token number `index` (at the end if there
    are not that many)."""
    found = list(_TOKEN.finditer(text))
    if index >= len(found):
        return f"{text} ERR"
    at = found[index].start()
    return f"{text[:at]}ERR {text[at:]}"
