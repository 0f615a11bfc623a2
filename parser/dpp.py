"""Reading DPP press: the press language for program players (after DAIDE's press syntax),
grammar in dpp.lark, values in dpp_values; beside DAIDE's forms, those of EP 191 (Loeb's
protocol, which DAIDE grew from; values in ep191_values, English in ep191_english, its
DAIDE forms in ep191_daide).

A press body is DPP when it *starts* like DPP: an upper-case word of the language followed
by an opening bracket (or nothing); or, in EP 191's way, the whole body in brackets with a
word of the language first, `(DWR)`, or a word of EP 191's followed by nothing but capitals,
numbers and brackets, `HOW MOS`. Anything else is ordinary press and is left alone, so
that `read_dpp` returns None for it. A body that starts like DPP but does not read, or
(`check`) names a power or province the game does not have, raises DppError, whose
`marked` is the body as DAIDE's HUH quotes it, with ERR before the first word that fails.

Powers are three-letter tokens: DAIDE's AUS ENG FRA GER ITA RUS TUR on Standard, which are
the first three letters of each power's name, upper case; `power_tokens` makes them so for
every variant, and keeps them unique (see there). Provinces are the map's abbreviations (and
any other name of the map that is one word), upper case; a coast is written (STP NCS).
EP 191 may name a power by its name in capitals (RUSSIA), and writes coasts NTH STH EST
WST, read as DAIDE's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer, Tree, UnexpectedInput

from .dpp_english import english
from .dpp_levels import LEVELS, MARKER, beyond, level
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
    dpp_text,
    tokens,
)
from .ep191_values import (
    EP_WORDS,
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
    Result,
    Results,
    Share,
    Spoils,
    Submit,
    What,
    Word,
    Words,
    Zone,
)
from .lalr import lalr

__all__ = [
    "LEVELS",
    "Arrangement",
    "DppError",
    "DppMessage",
    "DppOrder",
    "beyond",
    "check",
    "dpp_text",
    "english",
    "level",
    "looks_like_dpp",
    "power_tokens",
    "read_dpp",
]

_GRAMMAR = (Path(__file__).parent / "dpp.lark").read_text(encoding="utf-8")
_OPENERS = (
    "PRP", "FCT", "INS", "QRY", "CCL", "YES", "REJ", "BWX", "HUH", "TRY",
    "PCE", "ALY", "VSS", "DRW", "SLO", "NOT", "NAR", "XDO", "DMZ", "AND", "ORR",
    *(x for x in EP_WORDS if x not in ("YES", "BWX", "HUH", "TRY", "PCE", "ALY", "XDO", "DMZ")),
)  # fmt: skip
_WORD = "(?:" + "|".join(_OPENERS) + ")"
# DAIDE's way: a word of the language, then a bracket or nothing. EP 191's: the whole
# message in brackets, or a word of the paper's and then nothing but capitals, numbers and
# brackets ("DMZ BUR RUH", "FOR 15 (UDO ...)"); ordinary press is lower case somewhere.
_LOOKS = re.compile(
    r"\s*(?:" + _WORD + r"\s*(?:\(|$)"
    r"|\(\s*" + _WORD + r"\b"
    r"|(?:" + "|".join(EP_WORDS) + r")\s[A-Z0-9()*\-\s]*$)"
)
_WANTED = {
    "LPAR": "'('",
    "RPAR": "')'",
    "NAME": "a power or province",
    "VOCAB": "a word of the language",
    "INT": "a number",
    "EP_PROMISE": "UNO, UDO, INO or IDO",
    "NOTE": "a result (FLD BNC CUT NMR NSO NSU DSR VLD HUH FAR)",
    "UNIT_TYPE": "AMY, FLT or WNG",
    "COAST": "a coast (NCS, SCS, ECS, WCS)",
    "$END": "the end of the message",
}


class DppError(ValueError):
    """DPP that cannot be delivered: `marked` is `HUH (...)` with ERR where it fails,
    `reason` says why in plain words."""

    def __init__(self, marked: str, reason: str) -> None:
        super().__init__(reason)
        self.marked = marked
        self.reason = reason


@cache
def _lark() -> Lark:
    return lalr(_GRAMMAR, lexer="contextual", start="start")


def looks_like_dpp(text: str) -> bool:
    """Whether a body starts like DPP: one of the language's message or arrangement words,
    upper case, then a bracket or the end."""
    return _LOOKS.match(text) is not None


def read_dpp(text: str) -> DppMessage | None:
    """The DPP message a press body is; None when it is not DPP at all. DppError when it
    starts like DPP but does not read."""
    if not looks_like_dpp(text):
        return None
    bare, err = _without_err(_unbracketed(text))
    return _with_err(_Values().transform(_tree(bare)), err)


def check(text: str, powers: Collection[str], provinces: Collection[str]) -> DppMessage | None:
    """`read_dpp`, and then every power and province must be the game's: `powers` the
    power tokens (`power_tokens`), `provinces` the province tokens, upper case."""
    if not looks_like_dpp(text):
        return None
    bare, err = _without_err(_unbracketed(text))
    tree = _tree(bare)
    names = {x.upper() for x in powers.values()} if isinstance(powers, Mapping) else set()
    for kind, token in _names(tree):
        known = powers if kind == "power" else provinces
        if kind == "power" and (str(token) in names or str(token) == "REF"):
            continue  # EP 191 names a power by its name (RUSSIA), and the referee REF
        if str(token) not in known:
            what = "power" if kind == "power" else "province"
            raise DppError(
                _marked(bare, token.start_pos or 0),
                f"{token} is not a {what} of this game.",
            )
    return _with_err(_Values().transform(tree), err)


_ERR = re.compile(r"\bERR\b")


def _unbracketed(text: str) -> str:
    """EP 191 puts a whole message in brackets, `(DWR)`, and marks where a HUH stops
    understanding with an asterisk, `(HUH (DMZ BUR *ENG RUH))`: the message without those
    brackets, the asterisk written as DAIDE's ERR."""
    text = text.strip().replace("*", " ERR ")
    if not text.startswith("("):
        return text
    depth = 0
    for i, c in enumerate(text):
        depth += (c == "(") - (c == ")")
        if depth == 0:
            return text[1:i] if i == len(text) - 1 else text
    return text


def _without_err(text: str) -> tuple[str, int | None]:
    """DAIDE's HUH quotes a message with ERR before the first word not understood
    (`HUH (PRP (ERR XDO ...))`): the text without that ERR, and where it stood among the
    quoted message's tokens. ERR anywhere but in a HUH's message does not read."""
    found = list(_ERR.finditer(text))
    if not found:
        return text, None
    head = tokens(text[: found[0].start()])
    quoted = head[:2] == ["HUH", "("]
    if not quoted or len(found) > 1:
        at = found[1 if quoted else 0].start()
        raise DppError(
            _marked(text[:at] + text[at + len("ERR") :], at),
            "ERR may stand only once, in the message a HUH quotes.",
        )
    bare = text[: found[0].start()] + text[found[0].end() :]
    return bare, len(head) - 2


def _with_err(message: DppMessage, err: int | None) -> DppMessage:
    if err is None:
        return message
    assert isinstance(message, Reply) and message.verb == "HUH"
    return Reply("HUH", message.message, err)


def power_tokens(names: Iterable[str]) -> dict[str, str]:
    """Each power's DPP token, token -> power name, in the order given (the variant's).

    The first three letters of the name, upper case (Standard's are DAIDE's own). When two
    powers would share a token, the later one takes its first letter and the next two
    letters of its name, in order, that make a token not yet taken (Russia, Rumania: RUS,
    RUM); a name too short or too alike falls back to its first letter and a number."""
    out: dict[str, str] = {}
    for name in names:
        letters = re.sub(r"[^A-Z]", "", name.upper()) or "X"
        choices = [letters[:3].ljust(3, "X")]
        choices += [
            letters[0] + letters[i] + letters[j]
            for i in range(1, len(letters))
            for j in range(i + 1, len(letters))
        ]
        choices += [f"{letters[0]}{n:02d}" for n in range(100)]
        token = next(x for x in choices if x not in out and x not in LEVELS and x != MARKER)
        out[token] = name
    return out


# -- reading -------------------------------------------------------------------------------


def _tree(text: str) -> Tree:
    try:
        return _lark().parse(text)
    except UnexpectedInput as problem:
        pos = _position(problem, text)
        raise DppError(_marked(text, pos), _why(problem, text, pos)) from None


def _position(problem: UnexpectedInput, text: str) -> int:
    token = getattr(problem, "token", None)
    if token is not None and getattr(token, "type", "") == "$END":
        return len(text.rstrip())
    pos = getattr(problem, "pos_in_stream", None)
    if pos is None and token is not None:
        pos = getattr(token, "start_pos", None)
    return len(text.rstrip()) if pos is None else pos


def _why(problem: UnexpectedInput, text: str, pos: int) -> str:
    expected = sorted(getattr(problem, "expected", None) or getattr(problem, "allowed", ()))
    wanted = [_WANTED.get(x, x) for x in expected if not x.startswith("__")]
    rest = tokens(text[pos:])
    got = f"'{rest[0]}' cannot stand there" if rest else "The message ends too soon"
    if not wanted or len(wanted) > 8:
        return f"{got} (GET dpp for the words and their order)."
    choice = "; ".join(wanted)
    return f"{got}: expected {choice}."


def _marked(text: str, pos: int) -> str:
    """The message as HUH quotes it: ERR before the word at `pos`."""
    head = text[:pos].rstrip()
    marked = head + ("" if head.endswith("(") else " ") + "ERR " + text[pos:].lstrip()
    return "HUH (" + " ".join(marked.split()) + ")"


def _names(tree: Tree) -> Iterable[tuple[str, Token]]:
    for sub in tree.iter_subtrees_topdown():
        if sub.data in ("power", "province", "coasted"):
            yield str(sub.data), sub.children[0]  # type: ignore[misc]


def _tuple(items: Iterable[object]) -> tuple:
    return tuple(items)


class _Values(Transformer):
    """Tree to dataclasses."""

    def power(self, c: list[Token]) -> str:
        return str(c[0])

    province = power
    coasted = power

    def location(self, c: list) -> Where:
        return Where(c[0], str(c[1]) if len(c) > 1 else None)

    def unit(self, c: list) -> Unit:
        return Unit(c[0], str(c[1]), c[2])

    def hold(self, c: list) -> Hold:
        return Hold(c[0])

    def move(self, c: list) -> Move:
        return Move(c[0], c[1])

    def support_hold(self, c: list) -> Support:
        return Support(c[0], c[1])

    def support_move(self, c: list) -> Support:
        return Support(c[0], c[1], c[2])

    def convoy(self, c: list) -> Convoy:
        return Convoy(c[0], c[1], c[2])

    def via(self, c: list) -> Via:
        return Via(c[0], c[1], _tuple(c[2:]))

    def retreat(self, c: list) -> Retreat:
        return Retreat(c[0], c[1])

    def disband(self, c: list) -> Disband:
        return Disband(c[0])

    def build(self, c: list) -> Build:
        return Build(c[0])

    def remove(self, c: list) -> Remove:
        return Remove(c[0])

    def waive(self, c: list) -> Waive:
        return Waive(c[0])

    def powers(self, c: list) -> tuple[str, ...]:
        return _tuple(c)

    def peace(self, c: list) -> Peace:
        return Peace(c[0])

    def alliance(self, c: list) -> Alliance:
        return Alliance(c[0], c[1])

    def draw(self, c: list) -> Draw:
        return Draw(c[0] if c else ())

    def solo(self, c: list) -> Solo:
        return Solo(c[0])

    def not_(self, c: list) -> Not:
        return Not(c[0])

    def nar(self, c: list) -> Nar:
        return Nar(c[0])

    def xdo(self, c: list) -> Xdo:
        return Xdo(c[0])

    def dmz(self, c: list) -> Dmz:
        return Dmz(c[0], _tuple(c[1:]))

    def and_(self, c: list) -> And:
        return And(_tuple(c))

    def orr(self, c: list) -> Orr:
        return Orr(_tuple(c))

    def propose(self, c: list) -> Offer:
        return Offer("PRP", c[0])

    def fact(self, c: list) -> Offer:
        return Offer("FCT", c[0])

    def insist(self, c: list) -> Offer:
        return Offer("INS", c[0])

    def query(self, c: list) -> Offer:
        return Offer("QRY", c[0])

    def cancel(self, c: list) -> Reply:
        return Reply("CCL", c[0])

    def yes(self, c: list) -> Reply:
        return Reply("YES", c[0])

    def reject(self, c: list) -> Reply:
        return Reply("REJ", c[0])

    def bwx(self, c: list) -> Reply:
        return Reply("BWX", c[0])

    def huh(self, c: list) -> Reply:
        return Reply("HUH", c[0])

    def try_(self, c: list) -> Try:
        return Try(_tuple(str(x) for x in c))

    # -- EP 191 (parser/ep191_values.py) ---------------------------------------------------

    def ep_word(self, c: list) -> Word:
        return Word(str(c[0]) if c else "BWX")

    def ep_yes(self, c: list) -> Word:
        return Word("YES")

    def ep_answer(self, c: list) -> Word | Reply:
        verb = str(c[0])
        return Word(verb) if c[1] is None else Reply(verb, c[1])

    def ep_words(self, c: list) -> Words:
        return Words(str(c[0]), _tuple(str(x) for x in c[1:]))

    def ep_try(self, c: list) -> Words:
        return Words("TRY", _tuple(str(x) for x in c))

    def ep_alt(self, c: list) -> Words:
        return Words("ALT", _tuple(str(x) for x in c))

    def ep_puppet(self, c: list) -> Words:
        return Words("PPT", _tuple(str(x) for x in c))

    def ep_count(self, c: list) -> Count:
        return Count(str(c[0]), int(c[1]))

    def ep_discard(self, c: list) -> Count:
        return Count("DFM", None if c[0] is None else int(c[0]))

    def ep_submit(self, c: list) -> Submit:
        return Submit(_tuple(c))

    def ep_results(self, c: list) -> Results:
        return Results("ORD", int(c[0]), _tuple(c[1:]))

    def ep_think(self, c: list) -> Results:
        return Results("THK", None, _tuple(c))

    def ep_dmz(self, c: list) -> Zone:
        return Zone(_tuple(c))

    def ep_ally(self, c: list) -> Ally:
        return Ally(c[0] or (), c[1] or ())

    def ep_with(self, c: list) -> tuple[str, ...]:
        return _tuple(c)

    ep_versus = ep_with

    def ep_share(self, c: list) -> Share:
        return Share(_tuple(c))

    def ep_spoils(self, c: list) -> Spoils:
        return Spoils(c[0], _tuple(c[1:]))

    def ep_count_share(self, c: list) -> Spoils:
        return Spoils(c[0], (), int(c[1]))

    def ep_promise(self, c: list) -> Promise:
        return Promise(str(c[0]), _tuple(c[1:]))

    def ep_his(self, c: list) -> Promise:
        return Promise(str(c[0]), _tuple(c[2:]), c[1])

    def ep_explain(self, c: list) -> Explain:
        return Explain(None if c[0] is None else int(c[0]), _tuple(c[1:]))

    def ep_quoted(self, c: list) -> object:
        return c[0]

    def ep_turn(self, c: list) -> tuple[int, int]:
        return (int(c[0]), int(c[0]))

    def ep_span(self, c: list) -> tuple[int | None, int | None]:
        return tuple(None if x is None else int(x) for x in c)  # type: ignore[return-value]

    def ep_for(self, c: list) -> During:
        first, last = c[0]
        return During(first, last, _tuple(c[1:]))

    def ep_if(self, c: list) -> If:
        return If(c[0], c[1], c[2] if len(c) > 2 else None)

    def ep_what(self, c: list) -> What:
        return What(_tuple(c))

    def ep_how(self, c: list) -> How:
        return How(c[0])

    def ep_relay(self, c: list) -> Relay:
        verb, power, other = str(c[0]), c[1], c[2]
        return Relay(verb, power, _tuple(c[3:]), other)

    def ep_where(self, c: list) -> Where:
        return Where(c[0], _COAST_IN.get(str(c[1]), str(c[1])) if len(c) > 1 else None)

    def ep_unit(self, c: list) -> EpUnit:
        return EpUnit(str(c[0]), c[1])

    def ep_order(self, c: list) -> EpOrder:
        unit, (action, to, other) = c
        return EpOrder(unit, action, to, other)

    def ep_hold(self, c: list) -> tuple:
        return ("HLD", None, None)

    def ep_move(self, c: list) -> tuple:
        return ("MTO", c[0], None)

    def ep_support(self, c: list) -> tuple:
        return ("SUP", c[1], c[0])

    def ep_convoy(self, c: list) -> tuple:
        return ("CNV", c[1], c[0])

    def ep_retreat(self, c: list) -> tuple:
        return ("RTO", c[0], None)

    def ep_build(self, c: list) -> tuple:
        return ("BLD", None, None)

    def ep_remove(self, c: list) -> tuple:
        return ("REM", None, None)

    def ep_disband(self, c: list) -> tuple:
        return ("DSB", None, None)

    def ep_result(self, c: list) -> Result:
        return Result(c[0], _tuple(c[1:]))

    def ep_noted(self, c: list) -> Noted:
        unit, (action, to, other), note = c
        order = EpOrder(unit, action, to, other)
        if note is None:
            return Noted(order)
        return Noted(order, note[0], note[1])

    def ep_note(self, c: list) -> tuple[str, tuple[str, ...]]:
        if c and isinstance(c[0], Token) and c[0].type == "NOTE":
            return (str(c[0]), ())
        return ("RET", _tuple(c))


# The paper's coasts, read as DAIDE's.
_COAST_IN = {"NTH": "NCS", "STH": "SCS", "WST": "WCS", "EST": "ECS"}
