"""EP 191's press in DAIDE's words: the DAIDE message (Andrew Rose's message syntax, v0.178)
that says what a message of Loeb's protocol says, where DAIDE has one (docs/command-language.md
keeps the table). DAIDE grew from Loeb's DPP and kept much of it, but it names every power
a message is about, where the paper leaves "you" and "me" to the message's ends: so the
sender and the addressee are given, as power tokens, and PCE from France to Germany is
PRP (PCE (FRA GER)).

The paper's orders name no power: UDO's and UNO's units are the addressee's, IDO's and
INO's the sender's, XDO's and XNO's the power named. A unit an order supports or convoys,
and the unit WHT and HOW ask about, are whoever's `owner` says (the judge looks at the
board); without it, the ordering power's (WHT: the sender's).

Forms DAIDE has no place for map to None: the talk about talking (PSV ACT ALT RPT END DFM
CTE), the gamemaster's words (CDD TME SUB ORD), a bare YES or NOP (DAIDE's quote what
they answer), SRY and DNY (DAIDE's answer an EXP they quote), PPT, THK's results, FRM
(DAIDE's carries a message number), DST by counts, and FOR periods open at one end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .dpp_english import STANDARD
from .dpp_values import (
    And,
    Arrangement,
    Build,
    Convoy,
    Disband,
    Dmz,
    DppOrder,
    Hold,
    Move,
    Not,
    Offer,
    Peace,
    Remove,
    Reply,
    Retreat,
    Support,
    Try,
    Unit,
    Where,
    Xdo,
    arrangement_text,
    dpp_text,
    is_ep191,
    order_text,
)
from .ep191_values import (
    Ally,
    During,
    EpOrder,
    EpUnit,
    Explain,
    How,
    If,
    Promise,
    Relay,
    Share,
    What,
    Word,
    Words,
    Zone,
)

Owner = Callable[[EpUnit], str | None]
_SEASONS = ("SPR", "SUM", "FAL", "AUT", "WIN")
# TRY's words: the paper's, as DAIDE names the same thing (None: DAIDE has no word for it).
_WORDS = {
    "NOP": "REJ", "YEP": "YES", "DWR": "PCE", "UDO": "XDO", "UNO": "XDO", "IDO": "XDO",
    "INO": "XDO", "XNO": "XDO", "DST": "SCD", "CNV": "CVY", "WTH": "ALY",
}  # fmt: skip
_SAME = frozenset((
    "YES", "BWX", "HUH", "TRY", "PCE", "DMZ", "ALY", "VSS", "XDO", "EXP", "SRY", "FOR",
    "IFF", "THN", "ELS", "WHT", "HOW", "SND", "FRM", "THK", "HLD", "MTO", "SUP", "RTO",
    "BLD", "REM", "DSB",
))  # fmt: skip


def turn(number: int) -> str:
    """The paper's turn number as DAIDE's turn: 15 -> `WIN 1903`, 16 -> `SPR 1904`."""
    year, k = 1901 + (number - 1) // 5, (number - 1) % 5
    return f"{_SEASONS[k]} {year}"


def daide_form(
    message: object,
    sender: str,
    to: str | None,
    owner: Owner | None = None,
    tokens: Mapping[str, str] | None = None,
) -> str | None:
    """The DAIDE text of an EP 191 message `sender` sent `to` (power tokens; `to` None:
    to several, when a form that needs one addressee has none); a DAIDE message as it is;
    None where DAIDE has no form for it. `tokens` (token -> power name) turns the paper's
    power names (RUSSIA) into tokens; Standard's by default."""
    if not is_ep191(message):
        return dpp_text(message)  # type: ignore[arg-type]
    named = {name.upper(): token for token, name in (tokens or STANDARD).items()}
    return _Mapper(sender, to, owner or (lambda _: None), named).message(message)


class _Mapper:
    def __init__(self, sender: str, to: str | None, owner: Owner, named: Mapping[str, str]) -> None:
        self.sender, self.to, self.owner, self.named = sender, to, owner, named

    def other(self, sender: str, to: str | None) -> _Mapper:
        return _Mapper(sender, to, self.owner, self.named)

    def turned(self) -> _Mapper:
        """The other way round: for the message a reply quotes, which was the addressee's."""
        if self.to is None:
            raise _NoForm
        return self.other(self.to, self.sender)

    def tok(self, power: str) -> str:
        """A power as DAIDE writes it: the paper's name (RUSSIA) as its token (RUS)."""
        return self.named.get(power, power)

    def toks(self, powers: tuple[str, ...]) -> str:
        return " ".join(self.tok(x) for x in powers)

    def message(self, m: object) -> str | None:
        try:
            return self.text(m)
        except _NoForm:
            return None

    def text(self, m: object) -> str:
        if not is_ep191(m):
            return dpp_text(m)  # type: ignore[arg-type]
        match m:
            case Reply("YES" | "YEP", inner):
                return f"YES ({self.turned().text(inner)})"
            case Reply("NOP", inner):
                return f"REJ ({self.turned().text(inner)})"
            case Reply("BWX", inner):
                return f"BWX ({self.turned().text(inner)})"
            case Words("TRY", words):
                said = [_WORDS.get(x, x) for x in words if x in _WORDS or x in _SAME]
                return dpp_text(Try(tuple(dict.fromkeys(said))))
            case Word("DWR"):
                return f"FCT (NOT (PCE ({self.sender} {self.you()})))"
            case Word("PCE"):
                return dpp_text(Offer("PRP", Peace((self.sender, self.you()))))
            case Zone(provinces) if provinces:
                return dpp_text(Offer("PRP", Dmz((self.sender, self.you()), provinces)))
            case Ally(with_, versus) if versus:
                allies = " ".join((self.sender, self.you(), self.toks(with_))).strip()
                return f"PRP (ALY ({allies}) VSS ({self.toks(versus)}))"
            case Share(spoils) if all(x.count is None for x in spoils):
                lists = " ".join(f"({' '.join((self.tok(x.power), *x.provinces))})" for x in spoils)
                return f"PRP (SCD {lists})"
            case Promise() | During() | If() | Relay("SND" | "SNT"):
                return self.offer(m)
            case Explain(number, (quoted,)) if number is not None:
                return f"EXP ({turn(number)}) (YES ({self.text(quoted)}))"
            case What((unit,)):
                whose = self.owner(unit) or self.sender
                return f"WHT {order_text(Hold(self.unit(unit, whose)))[:-4]}"
            case How(target):
                place = target if isinstance(target, str) else target.where.province
                return f"HOW ({place})"
        raise _NoForm

    def offer(self, m: object) -> str:
        """The messages that are proposals in DAIDE: PRP (or FCT) of an arrangement."""
        match m:
            case Relay("SND", power, (quoted,), _):
                whom = self.tok(power)
                inner = self.other(self.you(), whom).text(quoted)
                return f"PRP (SND ({self.you()}) ({whom}) ({inner}))"
            case Relay("SNT", power, (quoted,), _):
                whom = self.tok(power)
                inner = self.other(self.sender, whom).text(quoted)
                return f"FCT (SND ({self.sender}) ({whom}) ({inner}))"
            case If(condition, then, otherwise):
                first = self.arrangement(condition)
                out = f"IFF ({first}) THN ({self.text(then)})"
                return out if otherwise is None else f"{out} ELS ({self.text(otherwise)})"
        return f"PRP ({self.arrangement(m)})"

    def arrangement(self, m: object) -> str:
        """What an offer of the paper's proposes, as a DAIDE arrangement's text."""
        match m:
            case Promise(verb, orders, power):
                whose = {"UDO": self.you(), "UNO": self.you()}.get(verb, self.sender)
                whose = self.tok(power or "") if verb in ("XDO", "XNO") else whose
                done: list[Arrangement] = [Xdo(self.order(x, whose or "")) for x in orders]
                if verb in ("UNO", "INO", "XNO"):
                    done = [Not(x) for x in done]
                return arrangement_text(done[0] if len(done) == 1 else And(tuple(done)))
            case During(first, last, (quoted,)) if first is not None and last is not None:
                when = f"{turn(first)}" if first == last else f"({turn(first)}) ({turn(last)})"
                return f"FOR ({when}) ({self.arrangement(quoted)})"
            case Word("PCE") | Zone() | Ally() | Share():
                said = self.text(m)
                if said.startswith("PRP (") and said.endswith(")"):
                    return said[5:-1]
        if not is_ep191(m) and isinstance(m, Offer):
            return arrangement_text(m.arrangement)
        raise _NoForm

    def you(self) -> str:
        if self.to is None:
            raise _NoForm
        return self.to

    def unit(self, unit: EpUnit, power: str) -> Unit:
        return Unit(power, unit.kind, Where(unit.where.province, unit.where.coast))

    def order(self, order: EpOrder, power: str) -> DppOrder:
        unit = self.unit(order.unit, power)
        other = None
        if order.other is not None:
            other = self.unit(order.other, self.owner(order.other) or power)
        match order.action:
            case "HLD":
                return Hold(unit)
            case "MTO" if order.to is not None:
                return Move(unit, order.to)
            case "SUP" if other is not None:
                return Support(unit, other, order.to.province if order.to else None)
            case "CNV" if other is not None and order.to is not None:
                return Convoy(unit, other, order.to.province)
            case "RTO" if order.to is not None:
                return Retreat(unit, order.to)
            case "BLD":
                return Build(unit)
            case "REM":
                return Remove(unit)
            case "DSB":
                return Disband(unit)
        raise _NoForm


class _NoForm(Exception):
    """DAIDE has no form for this."""


__all__ = ["daide_form", "turn"]
