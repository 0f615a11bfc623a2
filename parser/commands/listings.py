"""The listings family's commands (`listings.lark`): what the judge tells of its games,
WHOGAME, LIST, SUMMARY and HISTORY (section 3), and RELATIONS (the observation module)."""

from __future__ import annotations

from dataclasses import dataclass

from ..dates import When
from .base import Command, Rules, token_texts, whole_number


@dataclass(frozen=True, slots=True, kw_only=True)
class WhoGame(Command):
    game: str | None = None
    full: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class History(Command):
    """HISTORY [name] [FROM date] [TO date] [LINES n] (section 3.4, syntax 1)."""

    game: str | None = None
    since: When | None = None
    until: When | None = None
    lines: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryTurns(Command):
    """HISTORY [name] EXCLSTART turn [EXCLEND turn] [BROAD] (section 3.4, syntax 2)."""

    game: str | None = None
    exclude_start: str
    exclude_end: str | None = None
    broadcasts: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ListGames(Command):
    game: str | None = None
    full: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary(Command):
    game: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Map(Command):
    """MAP [name] [phase]: the board as a picture (manual 3.4, taken out of the njudge in
    1.5.0 and back here): now, or after the phase named (`S1901M`). `star`: the njudge's
    `MAP *`, a picture of a LIST pasted after it, which this judge does not draw."""

    game: str | None = None
    phase: str | None = None
    star: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Relations(Command):
    """RELATIONS [name]: who is friends with whom, read off the orders (robots/observation)."""

    game: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GetLink(Command):
    """GET LINK [name]: a link to one's own view of the game on the web window."""

    game: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RevokeLink(Command):
    """REVOKE LINK [name]: every link to one's view of the game mailed so far closed."""

    game: str | None = None


class ListingsRules(Rules):
    def who_game(self, items: list) -> list[Command]:
        return [
            WhoGame(
                game=next(iter(token_texts(items, "NAME")), None),
                full=bool(token_texts(items, "FULL")),
            )
        ]

    def history_dates(self, items: list) -> list[Command]:
        game = next(iter(token_texts(items, "NAME")), None)
        parts: dict[str, object] = {}
        for item in items:
            if isinstance(item, tuple):
                parts[item[0]] = item[1]
        return [
            History(
                game=game,
                since=parts.get("from"),  # type: ignore[arg-type]
                until=parts.get("to"),  # type: ignore[arg-type]
                lines=parts.get("lines"),  # type: ignore[arg-type]
            )
        ]

    def history_from(self, items: list) -> tuple[str, When]:
        return ("from", self._when(items[0]))

    def history_to(self, items: list) -> tuple[str, When]:
        return ("to", self._when(items[0]))

    def history_lines(self, items: list) -> tuple[str, int]:
        return ("lines", whole_number(items[0], "LINES"))

    def history_turns(self, items: list) -> list[Command]:
        game = next(iter(token_texts(items, "NAME")), None)
        turns = [str(t).upper() for t in token_texts(items, "TURN_ID")]
        return [
            HistoryTurns(
                game=game,
                exclude_start=turns[0],
                exclude_end=turns[1] if len(turns) > 1 else None,
                broadcasts=bool(token_texts(items, "BROAD")),
            )
        ]

    def list(self, items: list) -> list[Command]:
        return [
            ListGames(
                game=next(iter(token_texts(items, "NAME")), None),
                full=bool(token_texts(items, "FULL")),
            )
        ]

    def summary(self, items: list) -> list[Command]:
        return [Summary(game=next(iter(token_texts(items, "NAME")), None))]

    def map(self, items: list) -> list[Command]:
        phase = next(iter(token_texts(items, "TURN_ID")), None)
        return [
            Map(
                game=next(iter(token_texts(items, "NAME")), None),
                phase=phase.upper() if phase else None,
                star=bool(token_texts(items, "MAP_STAR")),
            )
        ]

    def relations(self, items: list) -> list[Command]:
        return [Relations(game=next(iter(token_texts(items, "NAME")), None))]

    def get_link(self, items: list) -> list[Command]:
        return [GetLink(game=next(iter(token_texts(items, "NAME")), None))]

    def revoke_link(self, items: list) -> list[Command]:
        return [RevokeLink(game=next(iter(token_texts(items, "NAME")), None))]
