"""A game's start (users' manual 4.2, 8.2): a new game's default settings, the powers dealt,
the board set up (or left blank), the first deadline, and everyone told their power."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import variants
from adjudicator.phase import Phase

from ...reports.forming import MACHIAVELLI_HELP
from ...reports.frame import njudge_time
from ...reports.identities import hides_players
from ...reports.play import starting_position
from ...reports.robots import shown_address
from ...store.models import Game, Participant, PhaseRecord, User
from ..clock.deadlines import DEFAULTS
from ..clock.dedication import credit
from ..clock.lateness import next_event, set_phase_clock
from ..game.machiavelli import money_on, played_powers, seed_of
from ..game.machiavelli import start_position as mach_start
from ..game.moderation import ANONYMOUS
from ..game.record import phase_records, players, variant_of
from ..play.mach_results import private_text
from ..play.processing import phase_begins, process, schedule
from ..reply.conversation import Conversation
from ..reply.notices import deliver, everyone
from ..reply.webhooks import has_webhook, post
from ..robots.ordering import order_robots
from .assignment import deal_powers


def default_settings(variant: variants.Variant) -> dict[str, Any]:
    """A new game's settings: the njudge's defaults (njudge-formats, deadline defaults)."""
    return {
        "players": len(played_powers(variant)),
        "assignment": "prflist",
        "dias": True,
        "concessions": True,
        "nmr": False,
        "moderated": False,
        "auto_start": True,
        "centers": variant.victory,
        "press": "white",
        **{kind: timing.as_dict() for kind, timing in DEFAULTS.items()},
    }


def joined_order(x: Participant) -> tuple[Any, int]:
    return (x.joined_at, x.id)


def start_game(
    ctx: Conversation,
    game: Game,
    rng: random.Random | None = None,
    dealt_hook: Callable[[], None] | None = None,
) -> None:
    """Powers are dealt, the board set, and everyone told their power and the deadline.
    `dealt_hook` runs once the powers are dealt, before anyone is told: FORCE BEGIN seats
    SET ROBOTS' robots there, so that the start notice names them."""
    if game.status != "forming":
        return
    variant = variant_of(game)
    # A robot a master seated before the start (SET ROBOT) keeps its power.
    taken = {x.power for x in players(game) if x.power}
    playing = sorted((x for x in players(game) if not x.power), key=joined_order)
    dealt = deal_powers(
        {x.id: _choices(x.preference) for x in playing},
        {x.letter: x.name for x in played_powers(variant) if x.name not in taken},
        game.settings.get("assignment", "prflist"), rng or random.Random(),
    )  # fmt: skip
    for x in playing:
        first, *more = dealt[x.id]
        x.power = first
        credit(game, x.user, started=1)
        for power in more:
            _seat(ctx, game, x, power)
    game.status = "active"
    blank = blank_start(variant) if game.settings.get("empty_board") else None
    game.phase = blank or variant.start
    game.turn = 1
    if variant.is_machiavelli:
        game.position = mach_start(variant, game.settings or {})
        seed_of(game)  # drawn now, kept with the game, never shown to its players
    else:
        game.position = start_position(variant, empty=blank is not None)
    # The first deadline allows twice the usual time (njudge-formats, deadline defaults).
    phase_begins(game)
    set_phase_clock(game, ctx.settings, ctx.now, first=True)  # MIN counts from the start
    game.next_event_at = next_event(game, ctx.now, False)  # the deadline, or a reminder
    ctx.session.flush()
    if dealt_hook is not None:
        dealt_hook()
    roster = _roster(game, variant)
    board = starting_position(
        variant, game.phase, empty=blank is not None, units=game.position["units"]
    )
    first = ""
    record = None
    if variant.is_machiavelli:
        # The njudge's F####A phase needs no orders: the year's income and adjustments
        # before the first Spring are played at once (docs/machiavelli.md, "The year"),
        # their results told with the start, and the robots order for the next phase.
        first = process(ctx, game, first=True)
        record = phase_records(ctx.session, game)[-1]
    when = njudge_time(game.deadline, ctx.settings)
    # One mail a person, naming each of his places on a line of its own: a duplex player
    # hears once of all his powers (the njudge's later `PowerStartingList`; 1.7.6 mailed
    # him once a power).
    places: dict[int, list[Participant]] = {}
    order = {x.name: i for i, x in enumerate(variant.powers)}
    for x in sorted(everyone(game), key=lambda y: order.get(y.power or "", -1)):
        places.setdefault(x.user_id, []).append(x)
    for group in places.values():
        selected = "\n".join(
            f"You have been selected as {_place_name(y)} in game '{game.name}' of Diplomacy."
            for y in group
        )
        body = "\n\n".join(
            [
                selected,
                "The following players are in this game:\n" + roster,
                board.rstrip("\n"),
                *([first] if first else []),
                *([_own_money(game, record, group[0])] if record is not None else []),
                f"\nThe deadline for the first orders is {when}.",
                *([MACHIAVELLI_HELP] if variant.is_machiavelli else []),
            ]
        )
        deliver(ctx, game, group[:1], "Game Starting", body + "\n")
    if has_webhook(game):  # as an observer's notice reads, but for its first line
        public = "\n\n".join(
            [
                f"Game '{game.name}' of Diplomacy has started.",
                "The following players are in this game:\n" + roster,
                board.rstrip("\n"),
                *([first] if first else []),
                f"\nThe deadline for the first orders is {when}.",
            ]
        )
        post(ctx, game, "start", "Game Starting", public + "\n")
    if variant.is_machiavelli:
        schedule(ctx, game)  # every power in already (robots): the game goes on
        return
    order_robots(ctx, game)  # the robots' first orders (and the game's robot seed)


def _own_money(game: Game, record: PhaseRecord, person: Participant) -> str:
    """With money, each reader's first income and treasury (his power's; a master's every
    power's) after the first adjustments: in his own start notice only."""
    if not money_on(game):
        return ""
    result = record.result
    return private_text(game, result["input"], result["output"], person).strip("\n")


def _place_name(x: Participant) -> str:
    return (x.power or "") if x.role == "player" else x.role.capitalize()


def _seat(ctx: Conversation, game: Game, owner: Participant, power: str) -> None:
    """Another power for a player of a duplex game (SET PLAYERS, manual 9.1): a place of its
    own under the same user and password."""
    extra = Participant(
        game_id=game.id, user_id=owner.user_id, role="player", power=power,
        password_hash=owner.password_hash, joined_at=owner.joined_at,
        report_to=list(owner.report_to or []), absences=[], preference=owner.preference,
    )  # fmt: skip
    extra.user = owner.user
    game.participants.append(extra)


def blank_start(variant: variants.Variant) -> str | None:
    """SET BLANK BOARD (manual 9.1): the adjustment phase of the year before the variant's
    first, where every power builds its units; None for a variant that starts with one."""
    start = Phase.parse(variant.start, variant)
    if start.letter == "B":
        return None
    winter = next((c for c in variant.phases if c[1] == "B"), None)
    if winter is None:
        return None
    return str(Phase(winter[0], start.year - 1, "B"))


def start_position(variant: variants.Variant, empty: bool = False) -> dict[str, Any]:
    """The board before the first phase: the variant's units (none on a BLANK BOARD) and
    its starting ownership."""
    units: dict[str, list[str]] = {x.name: [] for x in variant.powers}
    for unit in () if empty else variant.units:
        units[unit.power].append(f"{unit.type} {unit.location}")
    centers: dict[str, list[str]] = {x.name: [] for x in variant.powers}
    for province, power in variant.ownership.items():
        centers[power].append(province)
    return {"units": units, "centers": {k: sorted(v) for k, v in centers.items()}, "dislodged": []}


def _roster(game: Game, variant: variants.Variant) -> str:
    order = {x.name: i for i, x in enumerate(variant.powers)}
    rank = {"master": -1, "player": 0, "observer": 1}
    people = sorted(
        (x for x in game.participants if x.status != "resigned"),
        key=lambda x: (rank[x.role], order.get(x.power or "", 99), x.id),
    )
    lines = []
    for x in people:
        label = x.power if x.role == "player" else x.role.capitalize()
        lines.append(f"     {label + ':':<26}{shown_as(game, x.user)}")
    return "\n".join(lines)


def shown_as(game: Game, user: User) -> str:
    """How a notice to a game's people names someone: nobody is named in a gunboat game."""
    return ANONYMOUS if hides_players(game) else shown_address(user.email)


def _choices(preference: str) -> tuple[tuple[str, ...], ...] | str:
    """A stored preference ("E[FGR][TAI]", "*" or "") as the choices the assignment reads.
    A power's letter may be a digit (machfive's powers are 1 to 5)."""
    if preference == "*":
        return "*"
    return tuple(
        tuple(group) if group else (single,)
        for group, single in re.findall(r"\[([A-Z0-9]+)\]|([A-Z0-9])", preference)
    )
