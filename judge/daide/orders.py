"""Orders between DAIDE and the judge: a SUB's order as the judge's order text, an
adjudicated order line as ORD's order and result, and the adjudicator's reason for an
illegal order as SUB's order note (THX).

DAIDE writes a unit in full, `(ENG FLT (STP SCS))`; the judge writes `F stp/sc`. Only
orders whose note is MBV are kept: the others are the bot's to correct, as DAIDE has it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .mdf import COAST_OF, COASTS, Board
from .messages import Message, bracket
from .tokens import T, category, is_province

UNIT_LETTER = {T("AMY"): "A", T("FLT"): "F"}
UNIT_TOKEN = {"A": T("AMY"), "F": T("FLT")}
KIND_ORDERS = {
    "movement": {T("HLD"), T("MTO"), T("SUP"), T("CVY"), T("CTO")},
    "retreat": {T("RTO"), T("DSB")},
    "adjustment": {T("BLD"), T("REM"), T("WVE")},
}

# The adjudicator's reasons for an illegal order, as DAIDE's order notes.
NOTES = {
    "not your unit": "NYU", "not yours": "NYU", "no such unit": "NSU",
    "not adjacent": "FAR", "impossible move": "FAR", "bad coast": "FAR", "fleet inland": "FAR",
    "arctic": "FAR", "bad route": "FAR", "not on route": "FAR", "cannot convoy": "NAS",
    "at sea": "FAR", "landlocked": "FAR", "crossing": "FAR", "same province": "FAR",
    "own province": "FAR", "support self": "FAR", " to support": "FAR",
    "no convoy route": "FAR", "coast missing": "CST", "cannot convoy fleet": "NSA",
    "not an army": "NSA", "wrong unit type": "NSF", "wrong phase": "NRS",
    "not dislodged": "NRN", "cannot retreat": "NVR", "not a center": "NSC",
    "not home": "HSC", "not owned": "YSC", "occupied": "ESC", "no builds": "NMB",
    "no removals": "NMR", "no adjustment": "NRS", "type missing": "CST",
}  # fmt: skip


class Note(Exception):
    """An order the judge cannot take: its DAIDE note (NSU, NYU, NRS, ...)."""

    def __init__(self, note: str) -> None:
        super().__init__(note)
        self.note = note


def note_of(reason: str | None, kind: str) -> str:
    if not reason:
        return "MBV"
    note = NOTES.get(reason)
    if note:
        return note
    return {"retreat": "NVR", "adjustment": "NSC"}.get(kind, "FAR")


def location(board: Board, item: int | Message) -> str:
    """LON as `lon`, (STP SCS) as `stp/sc`; Note NSP for what is no province."""
    inverse = board.province_of_token
    if isinstance(item, Message):
        tokens = item.tokens()
        if len(tokens) != 2 or tokens[0] not in inverse or category(tokens[1]) != 0x46:
            raise Note("NSP")
        from .tokens import FIXED_NAMES

        return f"{inverse[tokens[0]]}/{COAST_OF[FIXED_NAMES[tokens[1]]]}"
    if item not in inverse:
        raise Note("NSP")
    return inverse[item]


def unit(board: Board, item: int | Message) -> tuple[str, str]:
    """(POW TYP LOC) as (power, `F stp/sc`)."""
    if not isinstance(item, Message) or len(item) != 3:
        raise Note("NSU")
    power = board.power_of_token.get(item[0]) if isinstance(item[0], int) else None
    letter = UNIT_LETTER.get(item[1]) if isinstance(item[1], int) else None
    if power is None or letter is None:
        raise Note("NSU")
    return power, f"{letter} {location(board, item[2])}"


def judge_text(board: Board, order: Message, kind: str, power: str) -> str:
    """A SUB's order, `((ENG FLT LON) MTO NTH)`'s inside, as the judge's order text; Note
    for one that is not the bot's to give or not of this phase."""
    if len(order) == 2 and order[1] == T("WVE"):
        if kind != "adjustment":
            raise Note("NRS")
        if board.power_of_token.get(order[0]) != power:
            raise Note("NYU")
        return "waive"
    if len(order) < 2 or not isinstance(order[1], int):
        raise Note("NSU")
    verb = order[1]
    if verb not in KIND_ORDERS[kind]:
        raise Note("NRS")
    owner, me = unit(board, order[0])
    if owner != power:
        raise Note("NYU")
    rest = order.items[2:]
    if verb == T("HLD") and not rest:
        return f"{me} H"
    if verb in (T("MTO"), T("RTO")) and len(rest) == 1:
        return f"{me} - {location(board, rest[0])}"
    if verb == T("SUP") and len(rest) == 1:
        return f"{me} S {unit(board, rest[0])[1]}"
    if verb == T("SUP") and len(rest) == 3 and rest[1] == T("MTO"):
        return f"{me} S {unit(board, rest[0])[1]} - {location(board, rest[2])}"
    if verb == T("CVY") and len(rest) == 3 and rest[1] == T("CTO"):
        return f"{me} C {unit(board, rest[0])[1]} - {location(board, rest[2])}"
    if verb == T("CTO") and len(rest) == 3 and rest[1] == T("VIA") and isinstance(rest[2], Message):
        seas = [location(board, x) for x in rest[2]]
        return " - ".join([me, *seas, location(board, rest[0])])
    if verb == T("CTO") and len(rest) == 1:
        return f"{me} - {location(board, rest[0])} via convoy"
    if verb == T("DSB") and not rest:
        return f"{me} disband"
    if verb == T("BLD") and not rest:
        return f"build {me}"
    if verb == T("REM") and not rest:
        return f"remove {me}"
    raise Note("NSU")


# -- the judge's orders as DAIDE's ------------------------------------------------------------


def unit_message(board: Board, power: str, text: str) -> Message:
    """`F stp/sc` of Russia as (RUS FLT (STP SCS))."""
    letter, _, where = text.strip().partition(" ")
    return bracket(board.powers[power], UNIT_TOKEN[letter.upper()], board.location(where.lower()))


def order_message(
    board: Board, power: str, order: str, owner_at: Callable[[str], str | None],
    kind: str = "movement",
) -> Message | None:  # fmt: skip
    """An adjudicated order line (`F nth - bel`, `A lvp S F lon - nth`, `build A lon`,
    `WAIVE`) as ORD's order; None for what DAIDE cannot say. `owner_at`: the power whose
    unit stands at a place (a supported or convoyed unit is named in full); `kind`: the
    phase's (a move in a retreat phase is RTO)."""
    words = order.replace("->", "-").split()
    low = [w.lower() for w in words]
    if not words:
        return None
    if low[0] == "waive":
        return bracket(board.powers[power], T("WVE"))
    if low[0] in ("build", "remove") and len(words) >= 3:
        verb = T("BLD") if low[0] == "build" else T("REM")
        return bracket(unit_message(board, power, f"{words[1]} {low[2]}"), verb)
    if len(words) < 2 or words[0].upper() not in UNIT_TOKEN:
        return None
    me = unit_message(board, power, f"{words[0]} {low[1]}")
    rest = low[2:]
    try:
        if not rest or rest[0] in ("h", "hold", "holds"):
            return bracket(me, T("HLD"))
        if rest[0] in ("disband", "d"):  # in an adjustment phase, a removal
            return bracket(me, T("REM") if kind == "adjustment" else T("DSB"))
        if rest[0] in ("build", "b"):
            return bracket(me, T("BLD"))
        if rest[0] in ("r", "retreat") and len(rest) > 1 and kind == "retreat":
            return bracket(me, T("RTO"), board.location(rest[-1]))  # `A bel R pic`
        if rest[0] in ("remove", "r"):
            return bracket(me, T("REM"))
        if rest[0] == "-":
            places = [x for x in rest[1:] if x != "-" and x not in ("via", "convoy")]
            if len(places) > 1:  # a named route
                seas = bracket(*(board.location(x) for x in places[:-1]))
                return bracket(me, T("CTO"), board.location(places[-1]), T("VIA"), seas)
            verb = T("RTO") if kind == "retreat" else T("MTO")
            return bracket(me, verb, board.location(places[0]))
        if rest[0] in ("s", "c") and len(rest) >= 3:
            other_at = rest[2]
            owner = owner_at(other_at.partition("/")[0]) or power
            other = unit_message(board, owner, f"{rest[1]} {other_at}")
            if rest[0] == "s":
                if len(rest) >= 5 and rest[3] == "-":
                    dest = board.provinces[rest[4].partition("/")[0]]
                    return bracket(me, T("SUP"), other, T("MTO"), dest)
                return bracket(me, T("SUP"), other)
            if len(rest) >= 5 and rest[3] == "-":
                return bracket(me, T("CVY"), other, T("CTO"), board.location(rest[4]))
    except KeyError:
        return None
    return None


def result_message(line: Mapping[str, object], dislodged: bool, kind: str) -> Message:
    """ORD's result: SUC, BNC, CUT, DSR, FLD or NSO, with RET for a dislodged unit."""
    result = line.get("result")
    reason = str(line.get("reason") or "")
    if result == "succeeds":
        word = "SUC"
    elif result == "illegal":
        word = "NSO"
    elif reason == "bounce":
        word = "BNC"
    elif reason == "cut":
        word = "CUT"
    elif reason in ("no convoy", "void") and kind == "movement":
        word = "DSR" if reason == "no convoy" else "NSO"
    elif reason == "no order":
        word = "SUC"
    else:
        word = "FLD"
    return bracket(T(word), T("RET")) if dislodged else bracket(T(word))


assert all(is_province(0x5000 + i) for i in range(1)) and COASTS
