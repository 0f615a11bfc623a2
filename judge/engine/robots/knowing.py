"""What a robot knows when it orders: what its power's player would know, no more.

The board, the phases played and the press are the game's; each robot is given them as its
power's player reads them. In a blind game that is his copy, cut by the one cut every
channel of the game takes (judge/reports/blind.py, `known_position` and `known_result`):
its own units, orders and fates, its own centres by name (every power's under SET
BCENTERS), nothing of the other powers' units or orders. In any game it is the agreements
made in press that its power saw made (it sent or received the YES), not those the others
made among themselves. So a robot orders, remembers (Loeb's list: who moved against its
centres, as far as it saw) and reads friendship (the observation module over the orders it
saw) from what a person in its place would have.

Robots that see alike (every robot of a game that is not blind) share one reading of each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session

from adjudicator.document import read_document
from adjudicator.given import Position
from adjudicator.options import Options
from robots.agreements import Agreement
from robots.memory import Memory, from_results
from robots.observation import Relations, friendliness, friends_of
from variants import Variant

from ...reports.blind import known_position, known_result, sight
from ...store.models import Game
from ..game.record import phase_records, variant_of
from ..play.blind import all_centers, is_blind
from ..play.standing import phase_document
from ..press.agreements import agreements_seen


def sight_of(game: Game, power: str) -> frozenset[str] | None:
    """The powers whose units the robot playing `power` sees: every power's (None), or in a
    blind game, as its player, its own (reports/blind.py, `sight`)."""
    return sight("player", power, all_centers(game)) if is_blind(game) else None


def known_board(
    variant: Variant, document: Mapping[str, Any], seen: frozenset[str] | None
) -> tuple[Position, Options]:
    """The board of a phase document as a robot that sees `seen` knows it (None: whole),
    and the game's rule options (pure)."""
    position, _, rules = read_document(known_position(variant, document, seen))
    return position, rules


class Knowing:
    """What each robot of a game knows at the start of its phase, read once a sight."""

    def __init__(self, session: Session, game: Game) -> None:
        self.session = session
        self.game = game
        self.variant = variant_of(game)
        self.document = phase_document(game, {})
        self._boards: dict[Any, tuple[Position, Options]] = {}
        self._played: list[Mapping[str, Any]] | None = None
        self._seen_played: dict[Any, list[Mapping[str, Any]]] = {}
        self._agreed: list[tuple[frozenset[str], Agreement]] | None = None
        self._relations: dict[Any, Relations] = {}
        self._memories: dict[Any, Memory] = {}

    def board(self, power: str) -> tuple[Position, Options]:
        """The board as the robot playing `power` knows it, and the game's rule options."""
        seen = sight_of(self.game, power)
        if seen not in self._boards:
            self._boards[seen] = known_board(self.variant, self.document, seen)
        return self._boards[seen]

    def played(self, power: str) -> Sequence[Mapping[str, Any]]:
        """The phases played, oldest first, as the robot playing `power` knows them."""
        if self._played is None:
            records = phase_records(self.session, self.game)
            self._played = [r.result for r in records if r.result]
        seen = sight_of(self.game, power)
        if seen is None:
            return self._played
        if seen not in self._seen_played:
            cut = [known_result(self.variant, result, seen) for result in self._played]
            self._seen_played[seen] = cut
        return self._seen_played[seen]

    def agreements(self, power: str) -> tuple[Agreement, ...]:
        """The agreements made in press that `power` saw made, oldest first."""
        if self._agreed is None:
            self._agreed = agreements_seen(self.session, self.game)
        return tuple(made for saw, made in self._agreed if power in saw)

    def friends(self, power: str, observe: bool = False) -> frozenset[str]:
        """The robot's friends: those it made peace with in press (press/dpp.py and
        robots/talk.py keep them in settings["robot_friends"]), as the seed's BlabBot has
        them; with `observe` (SET ROBOT power blabbot observe) also those the observation
        module reads as friendly from the orders it saw played and the agreements it saw
        made, kept or broken in them (robots/observation.py, the seed's friendliness
        matrix: the others of its bloc)."""
        agreed = frozenset(((self.game.settings or {}).get("robot_friends") or {}).get(power, ()))
        played = self.played(power) if observe else ()
        if not played:
            return agreed
        made = self.agreements(power)
        key = (sight_of(self.game, power), made)
        if key not in self._relations:
            variant = self.board(power)[0].variant
            self._relations[key] = friendliness(variant, played, made)
        return agreed | friends_of(self._relations[key], power)

    def memory(self, power: str, seed: int, kin: frozenset[str]) -> Memory:
        """What Loeb's program remembers (robots/memory.py): the game's seed, the powers its
        kin play (itself, the hold and random robots: "more trustworthy than humans"), and
        who moved against whose centres in the phases it saw played."""
        key = (sight_of(self.game, power), seed, kin)
        if key not in self._memories:
            variant = self.board(power)[0].variant
            self._memories[key] = from_results(variant, self.played(power), seed, kin)
        return self._memories[key]
