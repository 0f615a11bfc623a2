"""The three dedication systems of users' manual 5.2, kept per user across games, and the
access rules of manual 8.4 that read them at sign-on.

Points: +3 for orders in on time, -1 for each late reminder, -50 for being abandoned,
-100 for civil disorder. The on-time ratio counts the turns a user owed orders and those
in on time; the CD ratio counts the grace periods missed (NMR or not) against the games
started. A phase is counted once: when it is processed if nobody was late, else at its
first late notice (njudge-formats 6.2). Unrated games count for nothing.

A game that hides who plays it (reports/identities.py: gunboat) holds what it does to its
players' counters until it ends, kept in its settings (`dedication_held`) and credited when
it is won, drawn, conceded or terminated: a stranger who read INFO PLAYER before and after
a late notice would otherwise know who plays the power it named.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session

from ...reports.identities import hidden_while_played
from ...store.models import Game, Participant, User
from ..game.moderation import masters, moderated

ON_TIME = 3
LATE_REMINDER = -1
ABANDONED = -50
CIVIL_DISORDER = -100

# Which registered levels each SET LEVEL admits (manual 8.4: Amateur is Novice or
# Intermediate, Advanced is Intermediate or Expert).
LEVELS: dict[str, frozenset[str]] = {
    "novice": frozenset({"novice"}),
    "amateur": frozenset({"novice", "amateur", "intermediate"}),
    "intermediate": frozenset({"intermediate"}),
    "advanced": frozenset({"intermediate", "advanced", "expert"}),
    "expert": frozenset({"expert"}),
}


HELD = "dedication_held"  # game settings: user id -> counter -> change not yet credited


def credit(game: Game, user: User, **changes: int) -> None:
    """Change `user`'s counters (store/counters.py's names: dedication, ontime, due, ...)
    for what happened in `game`: at once, or held until the game ends where it hides who
    plays it."""
    if not hidden_while_played(game):
        for name, change in changes.items():
            setattr(user, name, getattr(user, name) + change)
        return
    held = dict((game.settings or {}).get(HELD) or {})
    mine = dict(held.get(str(user.id)) or {})
    for name, change in changes.items():
        mine[name] = mine.get(name, 0) + change
    held[str(user.id)] = mine
    game.settings = {**(game.settings or {}), HELD: held}


def credit_held(session: Session, game: Game) -> None:
    """At the game's end: what it held, credited to each player, and no longer kept."""
    held = (game.settings or {}).get(HELD)
    if held is None:
        return
    for user_id, changes in held.items():
        user = session.get(User, int(user_id))
        if user is not None:
            for name, change in changes.items():
                setattr(user, name, getattr(user, name) + change)
    game.settings = {k: v for k, v in (game.settings or {}).items() if k != HELD}


def rated(game: Game) -> bool:
    """SET RATED / UNRATED; by default moderated games are rated, others not (8.3)."""
    value = (game.settings or {}).get("rated")
    return moderated(game) if value is None else bool(value)


def _first_places(game: Game, people: Iterable[Participant]) -> list[Participant]:
    """In a duplex game a user's second and later powers count for nothing (njudge-formats
    6.2): only each user's first place in the game is counted."""
    first: dict[int, int] = {}
    for x in sorted(game.participants, key=lambda x: x.id or 0):
        if x.role == "player" and x.status != "resigned":
            first.setdefault(x.user_id, x.id)
    return [x for x in people if first.get(x.user_id, x.id) == x.id]


def turn_counted(game: Game, late: Iterable[Participant], in_time: Iterable[Participant]) -> None:
    """One phase's turn for each power that owed orders: on time, or late."""
    if not rated(game):
        return
    late, in_time = _first_places(game, late), _first_places(game, in_time)
    for x in in_time:
        credit(game, x.user, due=1, ontime=1, dedication=ON_TIME)
    for x in late:
        credit(game, x.user, due=1, dedication=LATE_REMINDER)


def reminded(game: Game, late: Iterable[Participant]) -> None:
    """A daily late reminder after the first."""
    if rated(game):
        for x in _first_places(game, late):
            credit(game, x.user, dedication=LATE_REMINDER)


def abandoned(game: Game, people: Iterable[Participant]) -> None:
    if rated(game):
        for x in _first_places(game, people):
            credit(game, x.user, dedication=ABANDONED, resigned=1)


def grace_missed(game: Game, people: Iterable[Participant], disorder: bool) -> None:
    """The end of grace with orders still owed: a civil disorder for the CD ratio in any
    game, and the CD penalty where the power does go into civil disorder (NMR)."""
    if rated(game):
        for x in _first_places(game, people):
            penalty = {"dedication": CIVIL_DISORDER} if disorder else {}
            credit(game, x.user, civil_disorders=1, **penalty)


# -- the ratios -----------------------------------------------------------------------------


def ontime_ratio(user: User) -> float:
    """Turns in on time of turns due; a user with none has a perfect 1.0."""
    return user.ontime / user.due if user.due else 1.0


def cd_ratio(user: User) -> float:
    """Grace periods missed of games started; a user with none has a perfect 0.0."""
    return user.civil_disorders / user.started if user.started else 0.0


# -- access at sign-on (manual 8.4) ------------------------------------------------------------


# A game's minimum dedication unless its master sets one (SET DEDICATION, manual 8.4): the
# njudge's default, which admits everyone.
DEFAULT_MINIMUM = -10000


def refusal(game: Game, user: User, as_player: bool) -> str | None:
    """Why this user may not join the game, or None. The allow and deny lists bind
    observers too; the rest binds players."""
    settings = game.settings or {}
    mine = {a.address.lower() for a in user.addresses} | {user.email.lower()}
    allow = {a.lower() for a in settings.get("allow") or []}
    deny = {a.lower() for a in settings.get("deny") or []}
    if allow:
        if not mine & allow:
            return f"Game '{game.name}' is open only to those invited by its master."
    elif mine & deny:
        return f"You may not join game '{game.name}': its master has denied you access."
    if not as_player:
        return None
    minimum = settings.get("dedication")
    if minimum is not None and user.dedication < minimum:
        return (
            f"Game '{game.name}' requires a dedication of at least {int(minimum)}; "
            f"yours is {user.dedication}."
        )
    least = settings.get("ontime_ratio")
    if least is not None and ontime_ratio(user) < least:
        return (
            f"Game '{game.name}' requires an on-time ratio of at least {least:.2f}; "
            f"yours is {ontime_ratio(user):.2f}."
        )
    most = settings.get("resign_ratio")
    if most is not None and cd_ratio(user) > most:
        return (
            f"Game '{game.name}' requires a CD ratio of at most {most:.2f}; "
            f"yours is {cd_ratio(user):.2f}."
        )
    level = str(settings.get("level") or "any")
    if level != "any" and (user.level or "").strip().lower() not in LEVELS.get(level, ()):
        return (
            f"Game '{game.name}' is for {level.capitalize()} players; you registered as "
            f"{(user.level or 'no level').strip()}."
        )
    return _site_refusal(game, user, str(settings.get("access") or "any"))


def _site_refusal(game: Game, user: User, access: str) -> str | None:
    site = (user.site or "").strip().lower()
    if access == "same":
        hosts = masters(game) or [x for x in game.participants if x.role == "player"][:1]
        home = (hosts[0].user.site or "").strip().lower() if hosts else ""
        if home and site != home:
            return f"Game '{game.name}' is open only to players from site '{hosts[0].user.site}'."
    if access == "different" and site:
        taken = {
            (x.user.site or "").strip().lower()
            for x in game.participants
            if x.role == "player" and x.status != "resigned"
        }
        if site in taken:
            return f"Game '{game.name}' already has a player from your site '{user.site}'."
    return None
