"""The forming family's commands (`forming.lark`): creating, joining and watching a game
(section 4), leaving it, starting or unstarting it, and the settings a player makes for
himself or a game before it starts (address, password, preference, variant)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .base import Command, CommandError, Rules, arguments, one_argument

# What parts the items of an address or preference list: commas, spaces or both.
_LIST_APART = re.compile(r"[\s,]+")
# A preference list holds power letters (or digits), brackets and '*' only.
_NOT_PREFERENCE = re.compile(r"[^A-Z0-9\[\]*]")


@dataclass(frozen=True, slots=True, kw_only=True)
class Create(Command):
    game: str
    password: str
    variant: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SignOn(Command):
    """SIGN ON pname password: the power's letter (M for a master, O for an observer)."""

    power: str
    game: str
    password: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SignOnNext(Command):
    """SIGN ON ? password [variant] [options]: the next game forming of that kind."""

    password: str
    variant: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SignOnForming(Command):
    """SIGN ON ?name password [variant] [options]."""

    game: str
    password: str
    variant: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Observe(Command):
    """OBSERVE / WATCH name password (also SIGN ON oname password)."""

    game: str
    password: str


JOINING = (Create, SignOn, SignOnNext, SignOnForming, Observe)


@dataclass(frozen=True, slots=True, kw_only=True)
class Resign(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceBegin(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Unstart(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class SetAddress(Command):
    addresses: tuple[str, ...] = ()  # () : the address of this mail


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPassword(Command):
    password: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPreference(Command):
    """Power letters in order of preference; letters in brackets are equally liked."""

    choices: tuple[tuple[str, ...], ...] = ()
    random: bool = False  # SET PREFERENCE *


@dataclass(frozen=True, slots=True, kw_only=True)
class SetVariant(Command):
    variant: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SetNotVariant(Command):
    option: str


class FormingRules(Rules):
    def create(self, items: list) -> list[Command]:
        return [Create(game=str(items[0])[1:], **_joining(items))]

    def sign_on_next(self, items: list) -> list[Command]:
        return [SignOnNext(**_joining(items))]

    def sign_on_forming(self, items: list) -> list[Command]:
        return [SignOnForming(game=str(items[0])[1:], **_joining(items))]

    def sign_on_power(self, items: list) -> list[Command]:
        who, password = str(items[0]), one_argument(items, "a password")
        letter, game = who[0].upper(), who[1:]
        if letter == "O":
            return [Observe(game=game, password=password)]
        return [SignOn(power=letter, game=game, password=password)]

    def observe(self, items: list) -> list[Command]:
        return [Observe(game=str(items[0]), password=one_argument(items, "a password"))]

    def resign(self, items: list) -> list[Command]:
        return [Resign()]

    def force_begin(self, items: list) -> list[Command]:
        return [ForceBegin()]

    def unstart(self, items: list) -> list[Command]:
        return [Unstart()]

    def set_address(self, items: list) -> Command:
        # The rest of the line: addresses apart by commas (the manual's way) or spaces; a
        # word that is no address is for the judge to refuse, never another setting.
        words = _LIST_APART.split(" ".join(arguments(items)))
        return SetAddress(addresses=tuple(word for word in words if word))

    def set_password(self, items: list) -> Command:
        return SetPassword(password=str(items[0]))

    def set_preference(self, items: list) -> Command:
        text = _LIST_APART.sub("", " ".join(arguments(items))).upper()
        odd = _NOT_PREFERENCE.search(text)
        if odd:
            raise CommandError(f"cannot read '{odd.group()}' in a preference list")
        if text == "*":
            return SetPreference(random=True)
        choices: list[tuple[str, ...]] = []
        group: list[str] | None = None
        for ch in text:
            if ch == "[":
                if group is not None:
                    raise CommandError("brackets cannot be nested in a preference list")
                group = []
            elif ch == "]":
                if group is None:
                    raise CommandError("']' without '[' in the preference list")
                if group:
                    choices.append(tuple(group))
                group = None
            elif ch == "*":
                raise CommandError("'*' must stand alone: SET PREFERENCE *")
            elif group is not None:
                group.append(ch)
            else:
                choices.append((ch,))
        if group is not None:
            raise CommandError("'[' without ']' in the preference list")
        return SetPreference(choices=tuple(choices))

    def set_variant(self, items: list) -> Command:
        # Commas part words as spaces do (SET VARIANT standard, gunboat): no name has one.
        words = [w for word in arguments(items) for w in word.split(",") if w]
        if not words:
            raise CommandError("SET VARIANT takes a variant's name (GET variants lists them)")
        variant, *options = words
        return SetVariant(variant=variant, options=tuple(options))

    def set_not_variant(self, items: list) -> Command:
        return SetNotVariant(option=one_argument(items, "one option"))


def _joining(items: list) -> dict[str, Any]:
    """`password [variant] [option ...]`: the words after CREATE ?name and SIGN ON ?name.
    Which word is the variant is for the judge to say (they may come in any order)."""
    password, *variant = arguments(items)
    return {
        "password": password,
        "variant": variant[0] if variant else None,
        "options": tuple(variant[1:]),
    }
