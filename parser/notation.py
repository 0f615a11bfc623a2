"""Orders and settings written back as text, in the form the parser reads.

`order_text` is how the judge shows an order it has read (`F nth - bel`); `setting_text`
writes a SET command (`SET NO NMR`), for replies that confirm what was set. Reading either
text back gives the same value again.
"""

from __future__ import annotations

from .commands import (
    Command,
    SetAbsence,
    SetAddress,
    SetChoice,
    SetComment,
    SetConcede,
    SetDate,
    SetDraw,
    SetFlag,
    SetNotVariant,
    SetNumber,
    SetPassword,
    SetPlayerList,
    SetPreference,
    SetReminder,
    SetRule,
    SetTiming,
    SetTransform,
    SetVariant,
    SetWait,
)
from .commands.master import FLAGS, NUMBERS, RULES
from .dates import When
from .orders import (
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Transform,
    Waive,
)
from .values_money import MONEY_ORDERS

_FLAG_WORDS: dict[str, str] = {}
for _word, (_name, _on) in FLAGS.items():
    if _on:
        _FLAG_WORDS.setdefault(_name, _word)
_RULE_WORDS = {"civil_disorder": "CIVIL DISORDER"}
for _word, _name in RULES.items():
    _RULE_WORDS.setdefault(_name, _word.upper())
_NUMBER_WORDS: dict[str, str] = {}
for _word, _name in NUMBERS.items():
    _NUMBER_WORDS.setdefault(_name, "MAX ABSENCE" if _word == "maxabsence" else _word.upper())
_CHOICE_WORDS = {
    ("press", "white"): "WHITE",
    ("press", "grey"): "GREY",
    ("press", "white/grey"): "WHITE/GREY",
    ("press", "grey/white"): "GREY/WHITE",
    ("press", "none"): "PRESS NONE",
    ("fake", "none"): "NO FAKE",
    ("fake", "broadcast"): "PARTIAL FAKES BROADCAST",
    ("fake", "broadcast_default"): "PARTIAL FAKES BROADCAST BY DEFAULT",
    ("fake", "may"): "PARTIAL MAY BE FAKED",
    ("preference", "list"): "PRFLIST",
    ("preference", "random"): "PRFRAND",
    ("preference", "both"): "PRFBOTH",
    ("build_centers", "any"): "ANY CENTER",
    ("build_centers", "home"): "HOME CENTER",
    ("build_centers", "one"): "ONE CENTER",
    ("disband", "any"): "ANY DISBAND",
    ("disband", "normal"): "NORMAL DISBAND",
}


def order_text(order: Order) -> str:
    """An order as read, in the normal notation, even when it is impossible."""
    if isinstance(order, Waive):
        return "WAIVE"
    if isinstance(order, MONEY_ORDERS):
        return str(order)
    unit = str(order.unit)
    if isinstance(order, Hold):
        return f"{unit} H"
    if isinstance(order, Move):
        path = "".join(f" - {sea}" for sea in order.route)
        via = " via convoy" if order.via_convoy and not order.route else ""
        return f"{unit}{path} - {order.destination}{via}"
    if isinstance(order, SupportHold):
        return f"{unit} S {order.supported}"
    if isinstance(order, SupportMove):
        return f"{unit} S {order.supported} - {order.destination}"
    if isinstance(order, Convoy):
        return f"{unit} C {order.convoyed} - {order.destination}"
    if isinstance(order, Retreat):
        return f"{unit} R {order.destination}"
    if isinstance(order, Build):
        return f"{unit} B"
    if isinstance(order, Remove | Disband):
        return f"{unit} D"
    if isinstance(order, Maintain):
        return f"{unit} M"
    if isinstance(order, Transform):
        return f"{unit} transform {order.into}" + (f"/{order.coast}" if order.coast else "")
    return _machiavelli(order, unit)


def _machiavelli(order: Order, unit: str) -> str:
    """Machiavelli's orders (machiavelli.lark), as its grammar reads them back."""
    if isinstance(order, Besiege):
        return f"{unit} B" + (f" {order.place}" if order.place else "")
    if isinstance(order, LiftSiege):
        return f"{unit} LS"
    if isinstance(order, Convert):
        into = f" {order.into}" if order.into else ""
        return f"{unit} C{into}" + (f" /{order.coast}" if order.coast else "")
    if isinstance(order, SupportConvert):
        into = f" {order.into}" if order.into else ""
        return f"{unit} S {order.supported} C{into}"
    return unit  # Bare, Adjust


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _date(when: When) -> str:
    text = when.day.strftime("%b %d %Y")
    if when.time is None:
        return text
    text += " " + when.time.strftime("%H:%M:%S" if when.time.second else "%H:%M")
    if when.offset is None:
        return text
    minutes = int(when.offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return f"{text} {sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def setting_text(command: Command) -> str:
    """A SET command as a line the parser reads back to the same command."""
    return "SET " + _setting(command)


def _setting(command: Command) -> str:
    if isinstance(command, SetFlag):
        word = "PARTIAL" if command.name == "partial" else _FLAG_WORDS[command.name].upper()
        return word if command.on else f"NO {word}"
    if isinstance(command, SetNumber):
        return f"{_NUMBER_WORDS[command.name]} {_number(command.value)}"
    if isinstance(command, SetChoice):
        if command.name in ("level", "access", "observer"):
            return f"{command.name.upper()} {command.value.upper()}"
        return _CHOICE_WORDS[(command.name, command.value)]
    if isinstance(command, SetTiming):
        pairs = " ".join(
            f"{key.upper()} {value if key == 'days' else _number(value)}"  # type: ignore[arg-type]
            for key, value in command.settings
        )
        return f"{command.phase.upper()} {pairs}"
    if isinstance(command, SetDate):
        return f"{command.which.upper()} {_date(command.when)}"
    if isinstance(command, SetAbsence):
        text = f"{'NO ' if command.cancel else ''}ABSENCE {_date(command.start)}"
        return text + (f" TO {_date(command.end)}" if command.end else "")
    if isinstance(command, SetReminder):
        word = "REMINDERS" if command.game else "REMINDER"
        return f"NO {word}" if command.hours is None else f"{word} {_number(command.hours)}"
    if isinstance(command, SetWait):
        return "WAIT" if command.on else "NO WAIT"
    if isinstance(command, SetConcede):
        return f"CONCEDE {command.power}" if command.power else "NO CONCEDE"
    if isinstance(command, SetDraw):
        if not command.on:
            return "NO DRAW"
        return f"DRAW {command.powers}" if command.powers else "DRAW"
    if isinstance(command, SetAddress):
        return ("ADDRESS " + ",".join(command.addresses)).strip()
    if isinstance(command, SetPassword):
        return f"PASSWORD {command.password}"
    if isinstance(command, SetPreference):
        if command.random:
            return "PREFERENCE *"
        groups = "".join(g[0] if len(g) == 1 else "[" + "".join(g) + "]" for g in command.choices)
        return f"PREFERENCE {groups}".strip()
    if isinstance(command, SetComment):
        return "COMMENT BEGIN" if command.full else f"COMMENT {command.text}".strip()
    if isinstance(command, SetTransform):
        return "TRANSFORM " + " ".join(command.options) if command.options else "NO TRANSFORM"
    if isinstance(command, SetVariant):
        return " ".join(("VARIANT", command.variant, *command.options))
    if isinstance(command, SetNotVariant):
        return f"NOT VARIANT {command.option}"
    if isinstance(command, SetRule):
        if not command.name:
            return f"RULES {command.value.upper()}"
        word = _RULE_WORDS.get(command.name, command.name.upper())
        return f"RULE {word} {command.value.upper()}".rstrip()
    if isinstance(command, SetPlayerList):
        return f"{command.which.upper()} PLAYER {'-' if command.remove else ''}{command.address}"
    raise TypeError(f"not a SET command: {command!r}")
