"""The values of EP 191's press (parser/dpp.lark, the `ep_` rules): Daniel Loeb's DPP message
protocol as Electronic Protocol 191 printed it (August 1990), the language DAIDE grew from.
DAIDE's forms are parser/dpp_values.py's; a message of either kind may quote the other.

Orders are the paper's: a unit is its type and place, `(FLT (STP NTH))`, without a power
(the word implies it: UDO yours, IDO mine, XDO ENG England's). Coasts are kept as DAIDE's
(NCS ...) and written back as the paper's (NTH STH WST EST). A power is kept as written:
a token (RUS) or, as the paper also writes, a name (RUSSIA).

`ep_body` writes one back as the paper spaces it, without the brackets the paper puts round
a whole message; parser.dpp_values.dpp_text adds them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .dpp_where import Where

# The paper's section 2: words only the gamemaster (the judge) sends.
GM_ONLY = ("CDD", "TME", "SUB", "ORD")

# Every word of the paper's index that opens a message.
EP_WORDS = (
    "TRY", "PSV", "ACT", "HUH", "ALT", "YES", "NOP", "YEP", "RPT", "BWX", "END",
    "CDD", "TME", "SUB", "ORD",
    "DWR", "PCE", "DMZ", "ALY", "DST", "UNO", "UDO", "INO", "IDO", "XNO", "XDO", "EXP",
    "SRY", "DNY",
    "FOR", "IFF", "WHT", "HOW", "THK", "CTE", "FRM", "SND", "SNT", "DFM", "PPT",
)  # fmt: skip

_COAST_OUT = {"NCS": "NTH", "SCS": "STH", "ECS": "EST", "WCS": "WST"}


@dataclass(frozen=True, slots=True)
class EpUnit:
    kind: str  # AMY FLT WNG
    where: Where


@dataclass(frozen=True, slots=True)
class EpOrder:
    """`((AMY MAR) SUP (AMY VEN) MTO PIE)`: `action` HLD MTO SUP CNV RTO BLD REM DSB, `to`
    where a move, retreat, support or convoy goes, `other` the unit supported or convoyed."""

    unit: EpUnit
    action: str
    to: Where | None = None
    other: EpUnit | None = None


@dataclass(frozen=True, slots=True)
class Noted:
    """An order with its result, as ORD and THK give them: `((FLT ECH) MTO BRE (BNC))`;
    `note` FLD BNC CUT NMR NSO NSU DSR VLD HUH FAR or RET (with the `retreats` open)."""

    order: EpOrder
    note: str | None = None
    retreats: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    power: str
    orders: tuple[Noted, ...]


@dataclass(frozen=True, slots=True)
class Word:
    """A message that is one word: YES NOP YEP (without a message), RPT BWX END CDD DWR
    PCE SRY DNY."""

    verb: str


@dataclass(frozen=True, slots=True)
class Words:
    """A list of words: TRY (what I understand), PSV (understood, not used), ACT (used, not
    understood), ALT (the protocols to use instead), PPT (what the puppet will do)."""

    verb: str
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Count:
    """TME (messages left), CTE (a rule of the rulebook), DFM (messages to discard;
    None: the next)."""

    verb: str
    number: int | None


@dataclass(frozen=True, slots=True)
class Submit:
    orders: tuple[EpOrder, ...]


@dataclass(frozen=True, slots=True)
class Results:
    """ORD (a turn's results, from the gamemaster; `turn` its number) or THK (what I
    predict; no turn)."""

    verb: str
    turn: int | None
    results: tuple[Result, ...]


@dataclass(frozen=True, slots=True)
class Zone:
    """DMZ: a demilitarised zone between you and me, of these provinces (none: say which)."""

    provinces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ally:
    """ALY: an alliance of you and me, with (WTH) and against (VSS) the powers named."""

    with_: tuple[str, ...] = ()
    versus: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Spoils:
    """One power's share in a DST: its provinces, or how many centres (`count`)."""

    power: str
    provinces: tuple[str, ...] = ()
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Share:
    """DST: the spoils divided so."""

    spoils: tuple[Spoils, ...]


@dataclass(frozen=True, slots=True)
class Promise:
    """UDO/UNO (you should / should not), IDO/INO (I will / will not), XDO/XNO with
    `power` (he should / should not) give these orders."""

    verb: str
    orders: tuple[EpOrder, ...]
    power: str | None = None


@dataclass(frozen=True, slots=True)
class Explain:
    """EXP: you broke your promises (these), before the turn given."""

    turn: int | None
    messages: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class During:
    """FOR: the messages refer to these turns. FOR 15: `first` = `last` = 15; FOR 15-:
    from 15 on (`last` None); FOR -15: until 15 (`first` None); FOR 15-20."""

    first: int | None
    last: int | None
    messages: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class If:
    """IFF (m1) THN (m2) [ELS (m3)]: if you m1, I will m2, or else m3."""

    condition: object
    then: object
    otherwise: object | None = None


@dataclass(frozen=True, slots=True)
class What:
    """WHT: suggest a(nother) move for these units (none: all of mine); of the asked's own
    units, what they will be ordered to do."""

    units: tuple[EpUnit, ...]


@dataclass(frozen=True, slots=True)
class How:
    """HOW: suggest a plan of attack on a province or a unit."""

    target: EpUnit | str


@dataclass(frozen=True, slots=True)
class Relay:
    """FRM (these were sent to me, or to `other`, by `power`), SND (send these to `power`),
    SNT (I sent these to `power`)."""

    verb: str
    power: str
    messages: tuple[object, ...]
    other: str | None = None


Ep191 = (
    Word | Words | Count | Submit | Results | Zone | Ally | Share | Promise | Explain | During
    | If | What | How | Relay
)  # fmt: skip
EP_TYPES = (
    Word, Words, Count, Submit, Results, Zone, Ally, Share, Promise, Explain, During, If,
    What, How, Relay,
)  # fmt: skip


def gm_only(message: object) -> str | None:
    """The word of a message only the gamemaster sends (the paper's section 2: CDD, TME,
    SUB, ORD); None for any other."""
    match message:
        case Word("CDD"):
            return "CDD"
        case Count("TME", _):
            return "TME"
        case Submit():
            return "SUB"
        case Results("ORD", _, _):
            return "ORD"
    return None


# -- writing ---------------------------------------------------------------------------------


def where_text(where: Where) -> str:
    if where.coast:
        return f"({where.province} {_COAST_OUT.get(where.coast, where.coast)})"
    return where.province


def unit_text(unit: EpUnit) -> str:
    return f"({unit.kind} {where_text(unit.where)})"


def order_text(order: EpOrder) -> str:
    return f"({_order_body(order)})"


def _order_body(order: EpOrder) -> str:
    out = f"{unit_text(order.unit)} {order.action}"
    if order.other is not None:
        out += f" {unit_text(order.other)}"
    if order.to is not None:
        out += f" {'' if order.action in ('MTO', 'RTO') else 'MTO '}{where_text(order.to)}"
    return out


def _noted(noted: Noted) -> str:
    note = ""
    if noted.note == "RET":
        note = " (" + " ".join(("RET", *noted.retreats)) + ")"
    elif noted.note:
        note = f" ({noted.note})"
    return f"({_order_body(noted.order)}{note})"


def _results(results: tuple[Result, ...]) -> str:
    return " ".join(f"({' '.join((r.power, *(_noted(x) for x in r.orders)))})" for r in results)


def _join(*parts: object) -> str:
    return " ".join(str(x) for x in parts if x not in (None, ""))


def ep_body(message: Ep191, quote: Callable[[object], str]) -> str:
    """The message as the paper writes it, without the brackets round the whole; `quote`
    writes a message it quotes (dpp_values' body writer, for either kind)."""

    def quoted(messages: tuple[object, ...]) -> str:
        return " ".join(f"({quote(x)})" for x in messages)

    match message:
        case Word(verb):
            return verb
        case Words(verb, words):
            return _join(verb, *words)
        case Count(verb, number):
            return _join(verb, number)
        case Submit(orders):
            return _join("SUB", *(order_text(x) for x in orders))
        case Results(verb, turn, results):
            return _join(verb, turn, _results(results))
        case Zone(provinces):
            return _join("DMZ", *provinces)
        case Ally(with_, versus):
            return _join(
                "ALY", *(("WTH", *with_) if with_ else ()), *(("VSS", *versus) if versus else ())
            )
        case Share(spoils):
            parts = [f"({_join(x.power, *x.provinces, x.count)})" for x in spoils]
            return _join("DST", *parts)
        case Promise(verb, orders, power):
            return _join(verb, power, *(order_text(x) for x in orders))
        case Explain(turn, messages):
            return _join("EXP", turn, quoted(messages))
        case During(first, last, messages):
            if first is not None and first == last:
                period = str(first)
            else:
                period = f"{'' if first is None else first}-{'' if last is None else last}"
            return _join("FOR", period, quoted(messages))
        case If(condition, then, otherwise):
            out = f"IFF ({quote(condition)}) THN ({quote(then)})"
            return out if otherwise is None else f"{out} ELS ({quote(otherwise)})"
        case What(units):
            return _join("WHT", *(unit_text(x) for x in units))
        case How(target):
            return _join("HOW", target if isinstance(target, str) else unit_text(target))
        case Relay(verb, power, messages, other):
            return _join(verb, power, other, quoted(messages))
    raise TypeError(message)
