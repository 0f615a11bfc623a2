"""The texts of running a game (users' manual 8.1 to 8.6): what a master's PAUSE, RESUME,
TERMINATE, EJECT, PROMOTE, PREDICT and ROLLBACK tell the game, and how every SET of a
game's settings reads in the answer and in the `Parameter Change` notice.

Pure functions of names and values: who may change what, who receives which copy, and
under what subject, is the caller's business (judge/engine/master/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .counts import agreeing

# -- the master's hold on the game --------------------------------------------------------------


def paused(game: str) -> str:
    """`Game Paused`, to everyone else in the game."""
    return (
        f"Game '{game}' has been paused by its master.  Press may still be sent, but\n"
        "nothing is processed and no deadline passes until it is resumed.\n"
    )


def resumed_reply(game: str, when: str) -> str:
    return f"Game '{game}' is resumed.  The deadline is {when}."


def resumed(game: str, when: str) -> str:
    """`Game Resumed`, to everyone else in the game."""
    return f"Game '{game}' has been resumed.\nThe deadline for orders will be {when}.\n"


def terminated(game: str) -> str:
    """`Game Terminated`, to everyone else in the game."""
    return f"Game '{game}' has been terminated by its master.\n"


def removed(powers: Sequence[str], game: str) -> str:
    """`Resignation: France`: the master has ejected a power's player (a duplex player's
    powers all at once); the power may be taken over."""
    names = ", ".join(powers)
    return (
        f"{names} {agreeing(len(powers), 'has', 'have')} been removed from game "
        f"'{game}' by its master.  The power may be taken over\nby anyone not "
        "playing in the game.\n"
    )


def left(who: str, game: str) -> str:
    """`Resignation`: an observer, a master, or a player before the start, ejected."""
    return f"{who} has left game '{game}'.\n"


def promoted(by: str, game: str) -> str:
    """`Parameter Change`, to the observer made a master."""
    return f"{by} has made you a master of game '{game}'.\n"


def prediction(phase: str, report: str) -> str:
    """PREDICT's answer: the phase adjudicated with the orders so far."""
    return f"Prediction for {phase}, from the orders given so far:\n\n{report}"


def sandbox(phase: str, tried: list[tuple[str, str]], master: bool, report: str) -> str:
    """PREDICT with orders (issue 35, the sandbox): what was tried, whose orders besides
    stood, and the phase adjudicated so; nothing is kept."""
    base = "every power's orders given so far" if master else "your own orders given so far"
    lines = [
        f"Sandbox prediction for {phase}: nothing here is kept, and nobody else is told.",
        f"Adjudicated with {base}"
        + (", and in their place for the same unit these:" if tried else "."),
    ]
    lines += [f"  {power}: {text}" for power, text in tried]
    if not master:
        lines.append("The other powers' orders are not used: their units have none but these.")
    return "\n".join(lines) + f"\n\n{report}"


_FORM_NAMES = {"json": "the judge's own JSON", "discord": "Discord's", "slack": "Slack's"}


def webhook_set(game: str, url: str, form: str, key: str) -> str:
    """SET WEBHOOK's answer to the master: where, in what form, and the signing key."""
    return (
        f"Webhook of game '{game}' set: {url}\n"
        f"Posted in {_FORM_NAMES.get(form, form)} form: the game's start, the results of each\n"
        "phase (with the board's picture) and its end, as an observer of the game reads them.\n"
        "Each post is signed: its header X-Judge-Signature is sha256= and the HMAC-SHA256, in\n"
        "hexadecimal, of the header X-Judge-Timestamp, a full stop and the body, under the key\n"
        f"\n    {key}\n\n"
        "Keep the key to yourself; GET webhooks tells how to check a post.\n"
    )


def webhook_removed(game: str) -> str:
    return f"Game '{game}' has no webhook now: nothing more is posted to it.\n"


def webhook_told(game: str, on: bool) -> str:
    """The `Parameter Change` to the others: that the game is posted, never where to."""
    if on:
        return (
            f"Game '{game}' now has a webhook: its start, each phase's results and its end\n"
            "are posted there as an observer reads them.\n"
        )
    return f"Game '{game}' has no webhook any more.\n"


def rolled_back(game: str, phase: str, turn: int, when: str) -> str:
    """`Rollback to S1902M`: the answer, the notice and the history's entry."""
    return (
        f"Game '{game}' has been rolled back to {phase} (turn {turn:03d}).\n"
        f"The deadline for orders will be {when}.\n"
    )


# -- a game's settings ----------------------------------------------------------------------


def setting_set(game: str, words: str) -> str:
    """The changer's answer, where the njudge has no wording of its own."""
    return f"Game '{game}' set: {words}."


def setting_changed(changer: str, game: str, words: str) -> str:
    """`Parameter Change`, to everyone else in the game."""
    return f"{changer} has changed the settings of game '{game}':\n  {words}.\n"


def players_set(game: str, value: Any) -> str:
    """SET PLAYERS's answer, in the njudge's words."""
    return f"Number of Players for game '{game}' set to {_whole(value)}."


def receiving(what: str, game: str, receives: bool) -> str:
    """SET [NO] BROADCAST, and an observer's SET ALL PRESS in a WATCH ALL PRESS game."""
    return f"You will {'' if receives else 'not '}receive {what} in game '{game}'."


def listed(address: str, which: str, removed: bool) -> str:
    """SET ALLOW / DENY PLAYER's words; `which`: `allow` or `deny`."""
    return f"{address} {'removed from' if removed else 'added to'} the {which} list"


def comment(text: str, full: bool) -> str:
    """SET COMMENT's words; SET COMMENT BEGIN's text is too long to repeat."""
    return "Full comment changed" if full else f"Comment: {text}"


_TRANSFORM_WORDS = {
    "none": "nowhere", "home": "on home centres", "one": "on any owned centre while a home "
    "centre is held", "any": "on any owned centre", "anywhere": "anywhere on land",
}  # fmt: skip


def transformations(places: Mapping[str, str]) -> str:
    """SET TRANSFORM's words: where units may change type in movement and in adjustment
    phases (`places`: the game's `transform_move` and `transform_build`)."""
    words = ", ".join(
        f"{when.capitalize()} {_TRANSFORM_WORDS[places.get(f'transform_{when}', 'none')]}"
        for when in ("move", "build")
    )
    return f"Transformations: {words}"


# SET RULE's rules (the adjudicator's options the DATC leaves open), in LIST's order.
RULE_NAMES = {
    "paradox": "Paradox", "convoy_via": "Convoy", "excess_adjustments": "Excess",
    "civil_disorder": "Civil Disorder",
}  # fmt: skip
_RULE_VALUES = {
    "szykman": "Szykman", "alexander": "Alexander", "explicit": "Explicit", "last": "Last",
    "first": "First", "home_centers": "Home Centres",
}  # fmt: skip


def rule_value(name: str, value: str) -> str:
    """A rule's value as SET RULE takes it and LIST shows it (`Home Centres`)."""
    return _RULE_VALUES.get(value, value)


def rule_words(name: str, value: str) -> str:
    """One rule and its value, as LIST shows it: `Paradox Alexander`, `Convoy Explicit`."""
    return f"{RULE_NAMES[name]} {rule_value(name, value)}"


def rules_words(changes: Mapping[str, str], preset: str | None) -> str:
    """SET RULE's words (`Rule Paradox Alexander`), or SET RULES's with every rule the
    preset sets (`Rules NJUDGE: Paradox Szykman, Convoy Explicit, ...`)."""
    words = ", ".join(rule_words(name, value) for name, value in changes.items())
    return f"Rules {preset.upper()}: {words}" if preset else f"Rule {words}"


def setting_words(name: str, value: Any) -> str:
    """How one setting's value reads (`NMR`, `Max Absence: 20`, `Press: Grey/White`), by
    the name the game's settings keep it under."""
    if name in _FLAGS:
        on, off = _FLAGS[name]
        return on if value else off
    if name in _NUMBERS:
        return _NUMBERS[name].format(_whole(value))
    return _CHOICES[name](value)


def _whole(value: Any) -> Any:
    """20, not 20.0."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


_FLAGS: dict[str, tuple[str, str]] = {
    "nmr": ("NMR", "NoNMR"),
    "strict_wait": ("StrictWait", "NoStrictWait"),
    "strict_grace": ("StrictGrace", "NoStrictGrace"),
    "auto_process": ("AutoProcess", "ManualProcess"),
    "auto_start": ("AutoStart", "ManualStart"),
    "late_count": ("LateCount", "NoLateCount"),
    "quiet": ("Quiet", "NoQuiet"),
    "rated": ("Rated", "Unrated"),
    "moderated": ("Moderated", "Unmoderated"),
    "dias": ("DIAS", "NoDIAS"),
    "concessions": ("Concessions", "No concessions"),
    "list": ("List", "NoList"),
    "resume": ("Resume", "NoResume"),
    "show": ("Show", "NoShow"),
    "partial": ("Partial Allowed", "No Partial"),
    "minor_press": ("MinorPress", "NoMinorPress"),
    "late_press": ("LatePress", "NoLatePress"),
    "must_order": ("MustOrder", "NoMustOrder"),
    "blank_press": ("BlankPress", "NoBlankPress"),
    "all_press": ("All Press", "Normal Press"),
    "watch_all_press": ("WatchAllPress", "NoWatchAllPress"),
    "reveal": ("Reveal", "NoReveal"),
    "secret": ("Secret", "NoSecret"),
    "duality": ("Duality", "NoDuality"),
    "auto_disband": ("AutoDisband", "NoAutoDisband"),
    "move_disband": ("Disband", "NoDisband"),
    "coastal_convoys": ("CoastalConvoy", "NoCoastalConvoy"),
    "empty_board": ("BlankBoard", "NoBlankBoard"),
    "touch_press": ("TouchPress", "NoTouchPress"),
    "summer": ("Summer", "NoSummer"),
    "attack_transform": ("AttackTransform", "NoAttackTransform"),
    "proxy": ("Proxy", "NoProxy"),
    "strict_convoy": ("StrictConvoy", "NoStrictConvoy"),
    "auto_create": ("AutoCreate", "NoAutoCreate"),
    "postal_press": ("PostalPress", "No PostalPress"),
    "hong_kong": ("HongKong", "NoHongKong"),
    "railways": ("Railways", "NoRailways"),
    "gateways": ("Gateways", "NoGateways"),
    "blind_centers": ("BCentres", "NoBCentres"),
    # Machiavelli (manual 9.2), as the `Mach:` line of LIST names them.
    "mach2": ("Mach2", "NoMach2"),
    "garrisons": ("Garrisons", "NoGarrisons"),
    "fortresses": ("Fortresses", "NoFortresses"),
    "money": ("Money", "NoMoney"),
    "loans": ("Loans", "NoLoans"),
    "adjacency": ("Adjacency", "NoAdjacency"),
    "assassins": ("Assassins", "NoAssassins"),
    "dice": ("Dice", "NoDice"),
    "famine": ("Famine", "NoFamine"),
    "plague": ("Plague", "NoPlague"),
    "storms": ("Storms", "NoStorms"),
    "special": ("Special", "NoSpecial"),
}
_NUMBERS: dict[str, str] = {
    "centers": "Winning Centers: {}",
    "players": "Number of Players: {}",
    "max_absence": "Max Absence: {}",
    "dedication": "Dedication: {}",
    "ontime_ratio": "Minimum On-time Ratio: {:.2f}",
    "resign_ratio": "Maximum CD Ratio: {:.2f}",
    "excuses": "Excuses for each power: {}",
    "reliability": "Minimum Reliability (%): {}",
}
_PRESS = {
    "white": "White", "grey": "Grey", "white/grey": "White/Grey", "grey/white": "Grey/White",
    "none": "None",
}  # fmt: skip
_FAKE = {
    "none": "No Fake", "may": "Partial may be Faked",
    "broadcast": "Partial Fakes Broadcast",
    "broadcast_default": "Partial Fakes Broadcast by default",
}  # fmt: skip
_BUILD_CENTERS = {"home": "HomeCentres", "any": "AnyCentres", "one": "OneCentre"}
_DISBAND = {"any": "AnyDisband", "normal": "NormalDisband"}
_CHOICES: dict[str, Callable[[str], str]] = {
    "level": lambda v: f"Level: {v.capitalize()}",
    "access": lambda v: f"Access: {v.capitalize()}-site",
    "press": lambda v: f"Press: {_PRESS[v]}",
    "fake": lambda v: _FAKE[v],
    "observer": lambda v: f"Observers: {v.capitalize()}",
    "build_centers": lambda v: _BUILD_CENTERS[v],
    "assignment": lambda v: f"Power Assignments: {v.upper()}",
    "disband": lambda v: _DISBAND[v],
}
