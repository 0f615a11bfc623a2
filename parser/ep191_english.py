"""EP 191's press read aloud (parser/ep191_values.py): the plain-English sentence beneath a
message of Loeb's protocol, as parser/dpp_english.py reads DAIDE's.

A message of the paper's is said by one power to another: its sentence names the sender
and calls the addressee "you" ("England declares war on you."). A message quoted in a
reply (YES, NOP, HUH) was the addressee's, and reads with "you" as its sender ("Germany
agrees to your message: you declare war on Germany."). Turns are the paper's numbers,
five a year from Spring 1901 (turn 15 is Winter 1903), named as well.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .ep191_values import (
    Ally,
    Count,
    During,
    EpOrder,
    EpUnit,
    Explain,
    How,
    If,
    Noted,
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

_KINDS = {"AMY": "army", "FLT": "fleet", "WNG": "wing"}
_SEASONS = ("Spring {}", "Spring {} retreats", "Fall {}", "Fall {} retreats", "Winter {}")
_NOTES = {
    "FLD": "fails",
    "BNC": "bounces",
    "CUT": "is cut",
    "NMR": "no order received",
    "NSO": "no such order",
    "NSU": "no such unit",
    "DSR": "convoy disrupted",
    "VLD": "valid",
    "HUH": "not understood",
    "FAR": "too far",
}
_PUPPET = {
    "IDO": "make the moves {to} {says}",
    "SND": "send the messages {to} {says}",
    "FRM": "pass on to {to} every message",
    "DST": "accept any division of the centres {to} makes",
}


class Names(Protocol):
    """What the reading needs of parser/dpp_english's reader: how to name things."""

    def power(self, token: str) -> str: ...
    def province(self, token: str) -> str: ...
    def where(self, w: object) -> str: ...


def turn_name(turn: int) -> str:
    """The paper's turn number, five to a year from Spring 1901: 15 is `Winter 1903`."""
    year, k = 1901 + (turn - 1) // 5, (turn - 1) % 5
    return _SEASONS[k].format(year)


def listed(items: list[str], last: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


class EpReader:
    """One message of the paper's in English. `by`: who said it (a power's name, or "you"
    for a message quoted back to its sender); `to`: who it was said to."""

    def __init__(self, names: Names, quote: Callable[[object, str, str], str]) -> None:
        self.n = names
        self.quote = quote  # (message, by, to) -> its sentence, without the full stop

    def sentence(self, m: object, by: str, to: str) -> str:
        """The reading, without a full stop."""
        you = by == "you"

        def v(third: str) -> str:
            return f"{by} {_plain(third) if you else third}"

        match m:
            case Word(verb):
                return v(_WORDS[verb]).format(to=to, poss=_poss(to))
            case Words("TRY", ()):
                return v("cannot talk in DPP at all")
            case Words("TRY", words):
                return v("does not understand; it understands") + f": {', '.join(words)}"
            case Words("PSV", words):
                return v("understands these words but does not use them") + f": {', '.join(words)}"
            case Words("ACT", words):
                return v("uses these words but does not understand them") + f": {', '.join(words)}"
            case Words("ALT", words):
                return v("asks to talk in") + f" {listed(list(words), 'or')} instead"
            case Words("PPT", ()):
                return v("offers to become") + f" {_poss(to)} puppet"
            case Words("PPT", words):
                says = "say" if to == "you" else "says"
                will = listed([_PUPPET[x].format(to=to, says=says) for x in words])
                return v("offers to become") + f" {_poss(to)} puppet: to {will}"
            case Count("TME", 0):
                return v("says no more messages may be sent: orders now")
            case Count("TME", n):
                return v("says") + f" {n} more message{'s' if n != 1 else ''} may be sent"
            case Count("CTE", n):
                return v("cites") + f" rule {n} of the rulebook"
            case Count("DFM", None):
                return v("asks") + f" {to} to discard the next message"
            case Count("DFM", n):
                return v("asks") + f" {to} to discard the next {n} messages"
            case Submit(orders):
                return v("submits these orders") + ": " + self.orders(orders)
            case Results("ORD", turn, results):
                return f"the results of turn {turn} ({turn_name(turn or 1)}): " + self.results(
                    results
                )
            case Results(_, _, results):
                return v("predicts these results") + ": " + self.results(results)
            case Zone(()):
                return v("proposes") + f" a demilitarised zone with {to}, its provinces to be named"
            case Zone(provinces):
                where = listed([self.n.province(x) for x in provinces])
                return v("proposes") + f" a demilitarised zone with {to} in {where}"
            case Ally(with_, versus):
                out = v("proposes") + f" an alliance with {to}"
                if with_:
                    out += f", joined by {self.powers(with_)}"
                if versus:
                    out += f", against {self.powers(versus)}"
                return out
            case Share(spoils):
                parts = []
                for x in spoils:
                    if x.count is not None:
                        share = f"{x.count} centre{'s' if x.count != 1 else ''}"
                    else:
                        share = listed([self.n.province(p) for p in x.provinces]) or "nothing"
                    parts.append(f"{self.n.power(x.power)} {share}")
                return v("proposes the spoils be divided") + ": " + "; ".join(parts)
            case Promise(verb, orders, power):
                what = self.orders(orders)
                if verb == "UDO":
                    return v("asks") + f" {to} to give these orders: {what}"
                if verb == "UNO":
                    return v("asks") + f" {to} not to give these orders: {what}"
                if verb == "IDO":
                    return v("promises") + f" to give these orders: {what}"
                if verb == "INO":
                    return v("promises") + f" not to give these orders: {what}"
                who = self.n.power(power or "")
                should = "should" if verb == "XDO" else "should not"
                return v("says") + f" {who} {should} give these orders: {what}"
            case Explain(turn, messages):
                out = v("says") + f" {to} broke {_poss(to)} promise"
                if turn is not None:
                    out += f" before turn {turn} ({turn_name(turn)})"
                return out + self.quoted(messages, by, to)
            case During(first, last, messages):
                if first is not None and first == last:
                    when = f"For turn {first} ({turn_name(first)})"
                elif first is None and last is None:
                    when = "For any turn"
                elif last is None:
                    when = f"From turn {first} ({turn_name(first or 1)}) on"
                elif first is None:
                    when = f"Until turn {last} ({turn_name(last)})"
                else:
                    when = f"For turns {first} to {last} ({turn_name(first)} to {turn_name(last)})"
                inner = "; ".join(self.quote(x, by, to) for x in messages)
                return f"{when}: {inner}"
            case If(condition, then, otherwise):
                out = (
                    v("says")
                    + f": if {to} {'do' if to == 'you' else 'does'} as this says, "
                    + f'"{self.quote(condition, by, to)}", then "{self.quote(then, by, to)}"'
                )
                if otherwise is not None:
                    out += f', or else "{self.quote(otherwise, by, to)}"'
                return out
            case What(()):
                return v("asks") + f" {to} to suggest a move for each of {_poss(by)} units"
            case What(units):
                return (
                    v("asks")
                    + f" {to} to suggest a move for "
                    + listed([self.unit(x) for x in units])
                )
            case How(target):
                what = self.n.province(target) if isinstance(target, str) else self.unit(target)
                return v("asks") + f" {to} to suggest a plan of attack on {what}"
            case Relay("FRM", power, messages, other):
                sent = self.n.power(power)
                whom = self.n.power(other) if other else ("you" if you else by)
                passed = "; ".join(f'"{self.quote(x, sent, whom)}"' for x in messages)
                return v("passes on what") + f" {sent} sent {whom}: {passed}"
            case Relay("SND", power, messages, _):
                whom = self.n.power(power)
                passed = "; ".join(f'"{self.quote(x, to, whom)}"' for x in messages)
                return v("asks") + f" {to} to send {whom}: {passed}"
            case Relay("SNT", power, messages, _):
                whom = self.n.power(power)
                passed = "; ".join(f'"{self.quote(x, by, whom)}"' for x in messages)
                return v("says") + f" {'you' if you else 'it'} sent {whom}: {passed}"
        raise TypeError(m)

    def quoted(self, messages: tuple[object, ...], by: str, to: str) -> str:
        """EXP's promises, as the accuser said them (UNO: what he asked, and was promised)."""
        if not messages:
            return ""
        return ": " + "; ".join(f'"{self.quote(x, by, to)}"' for x in messages)

    def powers(self, tokens: tuple[str, ...]) -> str:
        return listed([self.n.power(x) for x in tokens])

    def unit(self, u: EpUnit) -> str:
        return f"the {_KINDS.get(u.kind, u.kind)} in {self.n.where(u.where)}"

    def orders(self, orders: tuple[EpOrder, ...]) -> str:
        return "; ".join(self.order(x) for x in orders)

    def order(self, o: EpOrder) -> str:
        unit = self.unit(o.unit)
        match o.action:
            case "HLD":
                return f"{unit} holds"
            case "MTO":
                return f"{unit} moves to {self.n.where(o.to)}"
            case "SUP" if o.other is not None and o.to is None:
                return f"{unit} supports {self.unit(o.other)}"
            case "SUP" if o.other is not None:
                return f"{unit} supports {self.unit(o.other)} moving to {self.n.where(o.to)}"
            case "CNV" if o.other is not None:
                to = f" to {self.n.where(o.to)}" if o.to is not None else ""
                return f"{unit} convoys {self.unit(o.other)}{to}"
            case "RTO":
                return f"{unit} retreats to {self.n.where(o.to)}"
            case "BLD":
                kind = _KINDS.get(o.unit.kind, o.unit.kind)
                a = "an" if kind[0] in "aeiou" else "a"
                return f"{a} {kind} is built in {self.n.where(o.unit.where)}"
            case "REM":
                return f"{unit} is removed"
            case "DSB":
                return f"{unit} disbands"
        raise TypeError(o)

    def results(self, results: tuple) -> str:
        parts = []
        for r in results:
            noted = "; ".join(self.noted(x) for x in r.orders) or "no orders"
            parts.append(f"{self.n.power(r.power)}: {noted}")
        return " / ".join(parts)

    def noted(self, x: Noted) -> str:
        said = self.order(x.order)
        if x.note == "RET":
            where = listed([self.n.province(p) for p in x.retreats], "or")
            return f"{said} (must retreat{', to ' + where if where else ''})"
        return f"{said} ({_NOTES[x.note]})" if x.note else said


# Each one-word message, said of a power; `{to}` the addressee, `{poss}` his.
_WORDS = {
    "YES": "agrees (message received)",
    "YEP": "agrees",
    "NOP": "does not agree",
    "RPT": "asks {to} to repeat the message or send a new one",
    "BWX": "has no comment (none of {poss} business)",
    "END": "offers to end the talk, ready to submit orders",
    "CDD": "is in civil disorder",
    "DWR": "declares war on {to}",
    "PCE": "proposes a general cease-fire with {to}",
    "SRY": "is sorry",
    "DNY": "denies {poss} accusation",
}
_IRREGULAR = {"is": "are", "does": "do", "has": "have"}


def _plain(phrase: str) -> str:
    """`asks him` -> `ask him`: the verb as "you" says it."""
    first, _, rest = phrase.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith("ies"):
        first = first[:-3] + "y"
    elif first.endswith("sses"):
        first = first[:-2]
    elif first.endswith("s"):
        first = first[:-1]
    return f"{first} {rest}" if rest else first


def _poss(who: str) -> str:
    return "your" if who == "you" else f"{who}'s"
