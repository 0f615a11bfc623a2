"""DPP press read aloud: the plain-English sentence the judge prints beneath a DPP message,
so that a person who does not know the language can follow what programs say
("England proposes peace between France and Germany.").

Tokens are named from the maps given (power token -> power name, province token -> province
name); a token the maps do not name is read as written. Without a power map, Standard's
DAIDE tokens are named.
"""

from __future__ import annotations

from collections.abc import Mapping

from .dpp_values import (
    Alliance,
    And,
    Arrangement,
    Build,
    Convoy,
    Disband,
    Dmz,
    DppMessage,
    DppOrder,
    Draw,
    Hold,
    Move,
    Nar,
    Not,
    Offer,
    Orr,
    Peace,
    Remove,
    Reply,
    Retreat,
    Solo,
    Support,
    Try,
    Unit,
    Via,
    Waive,
    Where,
    Xdo,
    body_text,
    dpp_text,
    is_ep191,
    tokens,
)
from .ep191_english import EpReader

STANDARD = {
    "AUS": "Austria",
    "ENG": "England",
    "FRA": "France",
    "GER": "Germany",
    "ITA": "Italy",
    "RUS": "Russia",
    "TUR": "Turkey",
}
_KINDS = {"AMY": "army", "FLT": "fleet", "WNG": "wing"}
_COASTS = {"NCS": "north coast", "SCS": "south coast", "ECS": "east coast", "WCS": "west coast"}
_OFFERS = {
    "PRP": ("proposes", "the proposal of"),
    "FCT": ("declares as agreed", "the declaration of"),
    "INS": ("insists on", "the insistence on"),
    "QRY": ("asks whether there is", "the question whether there is"),
}
_REPLIES = {
    "YES": "accepts",
    "REJ": "rejects",
    "BWX": "declines to answer (none of your business)",
    "HUH": "does not understand",
    "CCL": "cancels",
}


def english(
    message: DppMessage,
    sender: str | None = None,
    powers: Mapping[str, str] | None = None,
    provinces: Mapping[str, str] | None = None,
) -> str:
    """One sentence; `sender` the power that sent it (None: grey press, "The sender")."""
    return _Reader(powers or STANDARD, provinces or {}).sentence(message, sender)


class _Reader:
    def __init__(self, powers: Mapping[str, str], provinces: Mapping[str, str]) -> None:
        self.powers = powers
        self.provinces = provinces

    def sentence(self, message: DppMessage, sender: str | None) -> str:
        who = sender or "The sender"
        if is_ep191(message):
            return self.ep_sentence(message, who)
        match message:
            case Offer(verb, arrangement):
                return f"{who} {_OFFERS[verb][0]} {self.arrangement(arrangement)}."
            case Reply("HUH", inner, 0):
                return f"{who} does not understand {self.phrase(inner)} at all."
            case Reply("HUH", inner, err) if err is not None:
                word = (tokens(body_text(inner))[err:] or ["its end"])[0]
                return f"{who} does not understand {self.phrase(inner)}, from {word} on."
            case Reply(verb, inner):
                return f"{who} {_REPLIES[verb]} {self.phrase(inner)}."
            case Try(()):
                return f"{who} understands no DPP press at all."
            case Try(named):
                return f"{who} would like press in these words: {', '.join(named)}."
        raise TypeError(message)

    def ep_sentence(self, message: DppMessage, who: str) -> str:
        """EP 191's (parser/ep191_english.py): said by `who` to "you"."""
        ep = EpReader(self, self.quote)
        match message:
            case Reply("YES" | "YEP", inner):
                return f"{who} agrees to your message: {self.quote(inner, 'you', who)}."
            case Reply("NOP", inner):
                return f"{who} does not agree to your message: {self.quote(inner, 'you', who)}."
            case Reply("HUH", inner, err) if err is not None:
                word = (tokens(body_text(inner))[err:] or ["its end"])[0]
                return f"{who} does not understand the message {dpp_text(inner)}, from {word} on."
            case Reply(verb, inner):
                return f"{who} {_REPLIES[verb]} the message {dpp_text(inner)}."
        said = ep.sentence(message, who, "you")
        return said[:1].upper() + said[1:] + "."

    def quote(self, message: object, by: str, to: str) -> str:
        """A message another quotes, said by `by` to `to`, without its full stop."""
        if is_ep191(message) and not isinstance(message, Reply):
            return EpReader(self, self.quote).sentence(message, by, to)
        said = self.sentence(message, by)  # type: ignore[arg-type]
        return said[:-1] if said.endswith(".") else said

    def phrase(self, message: DppMessage) -> str:
        """A message as the object of a reply: `the proposal of peace between ...`."""
        if isinstance(message, Offer):
            return f"{_OFFERS[message.verb][1]} {self.arrangement(message.arrangement)}"
        return f"the message {dpp_text(message)}"

    # -- arrangements ---------------------------------------------------------------------

    def arrangement(self, a: Arrangement) -> str:
        match a:
            case Peace(powers):
                return f"peace between {self.names(powers)}"
            case Alliance(allies, against):
                return f"an alliance of {self.names(allies)} against {self.names(against)}"
            case Draw(()):
                return "a draw among the powers left"
            case Draw(powers):
                return f"a draw between {self.names(powers)}"
            case Solo(power):
                return f"a solo victory for {self.power(power)}"
            case Not(inner):
                return "no " + _bare(self.arrangement(inner))
            case Nar(inner):
                return "no agreement either way on " + self.arrangement(inner)
            case Xdo(order):
                return f"the order: {self.order(order)}"
            case Dmz(powers, provinces):
                where = _listed([self.province(x) for x in provinces])
                return f"a demilitarised zone in {where}, kept by {self.names(powers)}"
            case And(parts):
                return "all of: " + "; ".join(self.arrangement(x) for x in parts)
            case Orr(parts):
                return "one of: " + "; or ".join(self.arrangement(x) for x in parts)
        raise TypeError(a)

    # -- orders ---------------------------------------------------------------------------

    def order(self, o: DppOrder) -> str:
        match o:
            case Hold(unit):
                return f"{self.unit(unit)} holds"
            case Move(unit, to):
                return f"{self.unit(unit)} moves to {self.where(to)}"
            case Support(unit, supported, None):
                return f"{self.unit(unit)} supports {self.unit(supported)}"
            case Support(unit, supported, to):
                return (
                    f"{self.unit(unit)} supports {self.unit(supported)} "
                    f"moving to {self.province(to)}"
                )
            case Convoy(unit, convoyed, to):
                return f"{self.unit(unit)} convoys {self.unit(convoyed)} to {self.province(to)}"
            case Via(unit, to, seas):
                seas_read = _listed([self.province(x) for x in seas])
                return f"{self.unit(unit)} moves to {self.province(to)} by convoy via {seas_read}"
            case Retreat(unit, to):
                return f"{self.unit(unit)} retreats to {self.where(to)}"
            case Disband(unit):
                return f"{self.unit(unit)} disbands"
            case Build(unit):
                u = unit
                return f"{self.power(u.power)} builds {_a(u.kind)} in {self.where(u.where)}"
            case Remove(unit):
                return f"{self.power(unit.power)} removes {self.unit(unit)}"
            case Waive(power):
                return f"{self.power(power)} waives a build"
        raise TypeError(o)

    def unit(self, u: Unit) -> str:
        return f"{self.power(u.power)}'s {_KINDS.get(u.kind, u.kind)} in {self.where(u.where)}"

    def where(self, w: Where) -> str:
        place = self.province(w.province)
        return f"{place} ({_COASTS[w.coast]})" if w.coast else place

    def province(self, token: str) -> str:
        return self.provinces.get(token, token)

    def power(self, token: str) -> str:
        """A power's token, or (EP 191) its name in capitals; REF the referee."""
        if token in self.powers:
            return self.powers[token]
        named = {x.upper(): x for x in self.powers.values()}
        return named.get(token, "the referee" if token == "REF" else token)

    def names(self, powers: tuple[str, ...]) -> str:
        return _listed([self.power(x) for x in powers])


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _a(kind: str) -> str:
    word = _KINDS.get(kind, kind.lower())
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _bare(phrase: str) -> str:
    """`a draw ...` -> `draw ...`, so that NOT reads `no draw ...`."""
    for article in ("a ", "an ", "the "):
        if phrase.startswith(article):
            return phrase[len(article) :]
    return phrase
