"""The press family's commands (`press.lark`): PRESS and BROADCAST with their options
(section 7.4), POSTAL PRESS and DIARY. Their text is not read by the grammar: the mail
reader collects the lines up to ENDPRESS into the command (mail.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Command, CommandError, Rules, whole_number


@dataclass(frozen=True, slots=True)
class Delivery:
    """Who press goes to, or seems to: everyone, only `powers`, or everyone but `powers`
    (power letters as written, M for the master and O for observers)."""

    kind: str  # "all", "only" or "all_but"
    powers: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Press(Command):
    """PRESS or BROADCAST with their options (section 7.4) and the text up to ENDPRESS."""

    broadcast: bool
    color: str | None = None  # "white" or "grey" when chosen
    to: Delivery | None = None  # None: no delivery option was given
    fake: Delivery | None = None  # faked addressees (all: faked as a broadcast)
    no_fake: bool = False
    text: str = ""
    terminated: bool = True  # ended by ENDPRESS, ENDBROADCAST or SIGN OFF


@dataclass(frozen=True, slots=True, kw_only=True)
class PostalPress(Command):
    text: str = ""
    terminated: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Diary(Command):
    action: str  # "record", "list", "read" or "delete"
    numbers: tuple[int, ...] = ()
    text: str = ""


class PressRules(Rules):
    def press(self, items: list) -> list[Command]:
        return [_press(items, broadcast=False)]

    def broadcast(self, items: list) -> list[Command]:
        return [_press(items, broadcast=True)]

    def postal_press(self, items: list) -> list[Command]:
        return [PostalPress()]

    def color(self, items: list) -> tuple[str, str]:
        return ("color", "white" if items[0].type == "WHITE" else "grey")

    def to_all_but(self, items: list) -> Delivery:
        return Delivery("all_but", str(items[-1]).upper())

    def to_all(self, items: list) -> Delivery:
        return Delivery("all")

    def to_powers(self, items: list) -> Delivery:
        return Delivery("only", str(items[-1]).upper())

    def fake_to(self, items: list) -> tuple[str, Delivery]:
        return ("fake", items[-1])

    def fake_broadcast(self, items: list) -> tuple[str, Delivery]:
        return ("fake", Delivery("all"))

    def no_fake(self, items: list) -> tuple[str, bool]:
        return ("no_fake", True)

    def diary_record(self, items: list) -> list[Command]:
        return [Diary(action="record")]

    def diary_list(self, items: list) -> list[Command]:
        return [Diary(action="list")]

    def diary_read(self, items: list) -> list[Command]:
        return [Diary(action="read", numbers=(whole_number(items[0], "READ"),))]

    def diary_delete(self, items: list) -> list[Command]:
        return [Diary(action="delete", numbers=tuple(whole_number(t, "DELETE") for t in items))]


def _press(items: list, broadcast: bool) -> Press:
    options: dict[str, object] = {}
    for item in items:
        if isinstance(item, Delivery):
            if "to" in options:
                raise CommandError("a press can have only one set of addressees")
            options["to"] = item
        elif isinstance(item, tuple):
            key, value = item
            if key in options:
                raise CommandError(f"a press can have only one {key.replace('_', ' ')} option")
            options[key] = value
    return Press(
        broadcast=broadcast,
        color=options.get("color"),  # type: ignore[arg-type]
        to=options.get("to"),  # type: ignore[arg-type]
        fake=options.get("fake"),  # type: ignore[arg-type]
        no_fake=bool(options.get("no_fake")),
    )
