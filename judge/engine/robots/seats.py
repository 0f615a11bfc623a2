"""Who plays which power as a robot: the robot users (one per strategy and power, at an
address the judge never writes to), the places they hold, and the game's robot settings.

`game.settings["robots"]` maps a power to its strategy; `game.settings["robots_default"]`
is SET ROBOTS' strategy, for empty powers at FORCE BEGIN and powers abandoned later;
`game.settings["robot_seed"]` makes the robots' play replay exactly;
`game.settings["robot_options"]` maps a power to the words SET ROBOT gave after its
strategy (a blabbot's policy, joe or mac, and `observe`: friends read from the observation
module's matrix as well as from press).
"""

from __future__ import annotations

import random
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

import robots

from ...reports.robots import robot_address, robot_name, robot_strategy
from ...store.models import Game, Participant, User
from ...store.passwords import no_password
from ..game.record import players
from ..press.dpp import policy_in
from ..reply.notices import DUMMY


def strategies() -> list[str]:
    return list(robots.STRATEGIES)


def is_robot(x: Participant) -> bool:
    return robot_strategy(x.user.email) is not None


def seed_of(game: Game) -> int:
    """The game's robot seed, made once (at creation, at the start or at the first robot)."""
    seed = (game.settings or {}).get("robot_seed")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
        game.settings = {**(game.settings or {}), "robot_seed": seed}
    return int(seed)


def robot_user(session: Session, strategy: str, power: str, now: datetime) -> User:
    return robot_users(session, strategy, [power], now)[power]


def robot_users(
    session: Session, strategy: str, powers: list[str], now: datetime
) -> dict[str, User]:
    """The robot users playing `powers` with `strategy` (made where there are none yet),
    read in one query, by power."""
    addresses = {power: robot_address(strategy, power) for power in powers}
    found = {
        user.email: user
        for user in session.execute(
            select(User).where(User.email.in_(sorted(set(addresses.values()))))
        ).scalars()
    }
    made = False
    for address in sorted(set(addresses.values()) - set(found)):
        user = User(
            email=address, name=robot_name(strategy), registered_at=now, updated_at=now,
            registration={},
        )  # fmt: skip
        session.add(user)
        found[address] = user
        made = True
    if made:
        session.flush()
    return {power: found[address] for power, address in addresses.items()}


def holder_of(game: Game, power: str) -> Participant | None:
    return next((x for x in players(game) if x.power == power and x.status != "resigned"), None)


def set_strategy(
    game: Game, power: str, strategy: str | None, options: tuple[str, ...] | None = None
) -> None:
    """The power's strategy (None: no robot plays it), and with `options` the words that
    go with it (SET ROBOT's; None: those it had, kept)."""
    chosen = dict((game.settings or {}).get("robots") or {})
    if strategy is None:
        chosen.pop(power, None)
    else:
        chosen[power] = strategy
    game.settings = {**(game.settings or {}), "robots": chosen}
    if strategy is None or options is not None:
        given = dict((game.settings or {}).get("robot_options") or {})
        if options:
            given[power] = list(options)
        else:
            given.pop(power, None)
        game.settings = {**game.settings, "robot_options": given}


# The words SET ROBOT takes after a strategy, per strategy: a blabbot's policy (the seed's
# -n option: joe, Honest Joe, the default; mac, Mac the Knife) and `observe`, its friends read
# from the observation module's friendliness matrix as well as from its press.
OPTIONS: dict[str, tuple[str, ...]] = {"blabbot": (*robots.POLICIES, "observe")}
OBSERVE = "observe"


def options_error(strategy: str, words: tuple[str, ...]) -> str | None:
    """Why these words cannot follow the strategy in SET ROBOT, or None."""
    allowed = OPTIONS.get(strategy, ())
    for word in words:
        if word not in allowed:
            if not allowed:
                return f"the {strategy} robot takes no options, and '{word}' is one"
            return f"'{word}' is no option of the {strategy} robot (it has {', '.join(allowed)})"
    if len(set(words) & set(robots.POLICIES)) > 1 or len(set(words)) < len(words):
        return "each option once, and one policy (joe or mac)"
    return None


def options_of(game: Game, power: str) -> tuple[str, ...]:
    return tuple(((game.settings or {}).get("robot_options") or {}).get(power) or ())


def policy_of(game: Game, power: str) -> str:
    """A blabbot's policy: SET ROBOT's joe or mac, else Joe."""
    return policy_in(game, power)


def observes(game: Game, power: str) -> bool:
    """Whether the robot reads friends from the observation matrix too (not by default)."""
    return OBSERVE in options_of(game, power)


def new_robot(
    session: Session, game: Game, strategy: str, power: str | None, now: datetime
) -> Participant:
    """A robot's place in the game (its power dealt at the start when `power` is None)."""
    user = robot_user(session, strategy, power or "any", now)
    x = Participant(
        game_id=game.id, user_id=user.id, role="player", power=power,
        password_hash=no_password(),
        joined_at=now, report_to=[], absences=[],
    )  # fmt: skip
    x.user = user
    game.participants.append(x)
    return x


def make_robot(
    session: Session, x: Participant, strategy: str, now: datetime, user: User | None = None
) -> None:
    """The place `x` is played from now on by the robot: its user becomes the robot's, and
    it plays, whatever state its player left it in. `user`: the robot's user, when the
    caller has read it already."""
    if user is None:
        user = robot_user(session, strategy, x.power or "any", now)
    x.user_id = user.id
    x.user = user
    x.status = "active"
    x.wait = False
    x.report_to = []


def dummy_user(session: Session, now: datetime) -> User:
    """FORCE BEGIN's dummy player: who holds a power a robot has given up."""
    found = session.execute(select(User).where(User.email == DUMMY)).scalar_one_or_none()
    if found is not None:
        return found
    user = User(
        email=DUMMY, name="Dummy Player", registered_at=now, updated_at=now, registration={}
    )
    session.add(user)
    session.flush()
    return user


def give_up(session: Session, x: Participant, now: datetime) -> None:
    """The robot leaves its place: the power is abandoned, for anyone to take over."""
    user = dummy_user(session, now)
    x.user_id = user.id
    x.user = user
    x.status = "abandoned"
