"""Orders and settings written back as text, in the form the parser reads.

`order_text` is how the judge shows an order it has read (`F nth - bel`); `setting_text`
writes a SET command (`SET NO NMR`), for replies that confirm what was set. Reading either
text back gives the same value again.
"""

from __future__ import annotations

from . import commands as c
from . import orders as o
from .commands.master import FLAGS, NUMBERS

_FLAG_WORDS: dict[str, str] = {}
for _word, (_name, _on) in FLAGS.items():
    if _on:
        _FLAG_WORDS.setdefault(_name, _word)
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


def order_text(order: o.Order) -> str:
    """An order as read, in the normal notation, even when it is impossible."""
    if isinstance(order, o.Waive):
        return "WAIVE"
    unit = str(order.unit)
    if isinstance(order, o.Hold):
        return f"{unit} H"
    if isinstance(order, o.Move):
        path = "".join(f" - {sea}" for sea in order.route)
        via = " via convoy" if order.via_convoy and not order.route else ""
        return f"{unit}{path} - {order.destination}{via}"
    if isinstance(order, o.SupportHold):
        return f"{unit} S {order.supported}"
    if isinstance(order, o.SupportMove):
        return f"{unit} S {order.supported} - {order.destination}"
    if isinstance(order, o.Convoy):
        return f"{unit} C {order.convoyed} - {order.destination}"
    if isinstance(order, o.Retreat):
        return f"{unit} R {order.destination}"
    if isinstance(order, o.Build):
        return f"{unit} B"
    if isinstance(order, o.Remove | o.Disband):
        return f"{unit} D"
    if isinstance(order, o.Maintain):
        return f"{unit} M"
    if isinstance(order, o.Transform):
        return f"{unit} transform {order.into}" + (f"/{order.coast}" if order.coast else "")
    return unit  # Bare, Adjust


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _date(when: object) -> str:
    from .dates import When

    assert isinstance(when, When)
    text = when.day.strftime("%b %d %Y")
    if when.time is None:
        return text
    text += " " + when.time.strftime("%H:%M:%S" if when.time.second else "%H:%M")
    if when.offset is None:
        return text
    minutes = int(when.offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return f"{text} {sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def setting_text(command: c.Command) -> str:
    """A SET command as a line the parser reads back to the same command."""
    return "SET " + _setting(command)


def _setting(command: c.Command) -> str:
    if isinstance(command, c.SetFlag):
        word = "PARTIAL" if command.name == "partial" else _FLAG_WORDS[command.name].upper()
        return word if command.on else f"NO {word}"
    if isinstance(command, c.SetNumber):
        return f"{_NUMBER_WORDS[command.name]} {_number(command.value)}"
    if isinstance(command, c.SetChoice):
        if command.name in ("level", "access", "observer"):
            return f"{command.name.upper()} {command.value.upper()}"
        return _CHOICE_WORDS[(command.name, command.value)]
    if isinstance(command, c.SetTiming):
        pairs = " ".join(
            f"{key.upper()} {value if key == 'days' else _number(value)}"  # type: ignore[arg-type]
            for key, value in command.settings
        )
        return f"{command.phase.upper()} {pairs}"
    if isinstance(command, c.SetDate):
        return f"{command.which.upper()} {_date(command.when)}"
    if isinstance(command, c.SetAbsence):
        text = f"{'NO ' if command.cancel else ''}ABSENCE {_date(command.start)}"
        return text + (f" TO {_date(command.end)}" if command.end else "")
    if isinstance(command, c.SetWait):
        return "WAIT" if command.on else "NO WAIT"
    if isinstance(command, c.SetConcede):
        return f"CONCEDE {command.power}" if command.power else "NO CONCEDE"
    if isinstance(command, c.SetDraw):
        if not command.on:
            return "NO DRAW"
        return f"DRAW {command.powers}" if command.powers else "DRAW"
    if isinstance(command, c.SetAddress):
        return ("ADDRESS " + ",".join(command.addresses)).strip()
    if isinstance(command, c.SetPassword):
        return f"PASSWORD {command.password}"
    if isinstance(command, c.SetPreference):
        if command.random:
            return "PREFERENCE *"
        groups = "".join(g[0] if len(g) == 1 else "[" + "".join(g) + "]" for g in command.choices)
        return f"PREFERENCE {groups}".strip()
    if isinstance(command, c.SetComment):
        return "COMMENT BEGIN" if command.full else f"COMMENT {command.text}".strip()
    if isinstance(command, c.SetTransform):
        return "TRANSFORM " + " ".join(command.options) if command.options else "NO TRANSFORM"
    if isinstance(command, c.SetVariant):
        return " ".join(("VARIANT", command.variant, *command.options))
    if isinstance(command, c.SetNotVariant):
        return f"NOT VARIANT {command.option}"
    if isinstance(command, c.SetPlayerList):
        return f"{command.which.upper()} PLAYER {'-' if command.remove else ''}{command.address}"
    raise TypeError(f"not a SET command: {command!r}")
