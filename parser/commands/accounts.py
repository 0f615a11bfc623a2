"""The accounts family's commands (`accounts.lark`): a user's own, sections 2-3 of the
manual: registering, linking addresses, asking who is who, and getting files."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Command, Rules, arguments


@dataclass(frozen=True, slots=True, kw_only=True)
class SignOff(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Help(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Version(Command):
    level: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GetFile(Command):
    """GET file, SEND [ME] file."""

    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GetPackage(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class GetDedication(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class GetWhois(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class GetRatings(Command):
    """GET RATINGS: the judge's skill ratings, as a file."""


@dataclass(frozen=True, slots=True, kw_only=True)
class IAmAlso(Command):
    address: str


@dataclass(frozen=True, slots=True, kw_only=True)
class IAmAlsoConfirm(Command):
    """I AM ALSO CONFIRM token: the owner of a registration lets the address this comes
    from be linked to it, with the token I AM ALSO had mailed to him."""

    token: str


@dataclass(frozen=True, slots=True, kw_only=True)
class InfoPlayer(Command):
    addresses: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class WhoIs(Command):
    """WHO / WHO IS: every registered address starting with one of the prefixes."""

    prefixes: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Register(Command):
    """REGISTER ... END: the `field: value` lines, in order, field names in lower case."""

    fields: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplyTo(Command):
    address: str


class AccountsRules(Rules):
    def sign_off(self, items: list) -> list[Command]:
        return [SignOff()]

    def help(self, items: list) -> list[Command]:
        return [Help()]

    def version(self, items: list) -> list[Command]:
        return [Version(level=str(items[0]) if items else None)]

    def get(self, items: list) -> list[Command]:
        return [GetFile(name=str(items[0]))]

    def send(self, items: list) -> list[Command]:
        return [GetFile(name=str(items[-1]))]

    def get_package(self, items: list) -> list[Command]:
        return [GetPackage()]

    def get_dedication(self, items: list) -> list[Command]:
        return [GetDedication()]

    def get_whois(self, items: list) -> list[Command]:
        return [GetWhois()]

    def get_ratings(self, items: list) -> list[Command]:
        return [GetRatings()]

    def i_am_also(self, items: list) -> list[Command]:
        return [IAmAlso(address=str(items[0]))]

    def i_am_also_confirm(self, items: list) -> list[Command]:
        return [IAmAlsoConfirm(token=str(items[-1]))]

    def info_player(self, items: list) -> list[Command]:
        return [InfoPlayer(addresses=arguments(items))]

    def who_is(self, items: list) -> list[Command]:
        return [WhoIs(prefixes=arguments(items))]

    def register(self, items: list) -> list[Command]:
        return [Register(fields=())]

    def reply_to(self, items: list) -> list[Command]:
        return [ReplyTo(address=str(items[0]))]
