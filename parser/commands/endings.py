"""The endings family's settings (`endings.lark`): a player's vote for a draw or for
conceding the game to one power, SET [NO] DRAW and SET [NO] CONCEDE (section 7)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Command, CommandError, Rules, said_no, token_texts


@dataclass(frozen=True, slots=True, kw_only=True)
class SetConcede(Command):
    power: str | None  # None: SET NO CONCEDE


@dataclass(frozen=True, slots=True, kw_only=True)
class SetDraw(Command):
    on: bool
    powers: str | None = None  # the NoDIAS list of letters, when given


class EndingsRules(Rules):
    def set_concede(self, items: list) -> Command:
        if said_no(items):
            return SetConcede(power=None)
        powers = token_texts(items, "WORD")
        if not powers:
            raise CommandError("SET CONCEDE needs the letter of the power to concede to")
        return SetConcede(power=powers[0].upper())

    def set_draw(self, items: list) -> Command:
        powers = token_texts(items, "POWERS")
        if said_no(items):
            return SetDraw(on=False)
        return SetDraw(on=True, powers=powers[0].upper() if powers else None)
