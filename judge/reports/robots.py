"""The texts of the judge's robot players and of program players by mail: the answers to
SET ROBOT, SET NO ROBOT, SET ROBOTS, SET HUMANS ONLY and SET OPEN TO ALL, the refusals of
a program's SIGN ON, and how a robot is named where a player's address would be.

A robot is a user of its own, per strategy and power, at an address nobody can write to
(`.invalid`, RFC 2606): its name says what it is, and the judge never mails it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

ROBOT_DOMAIN = "robots.judge.invalid"


def robot_address(strategy: str, power: str) -> str:
    """The address of record of the robot playing `power` with `strategy`."""
    slug = "".join(c for c in power.lower() if c.isalnum())
    return f"{strategy}.{slug}@{ROBOT_DOMAIN}"


def robot_strategy(address: str) -> str | None:
    """The strategy of the robot at `address`, or None for a person."""
    name, _, domain = address.lower().partition("@")
    if domain != ROBOT_DOMAIN:
        return None
    return name.partition(".")[0]


def robot_name(strategy: str) -> str:
    """How a robot is shown where a player's address would be: `Robot (dumbbot)`; a
    power played over DAIDE is a `DAIDE bot`."""
    if strategy == "daide":
        return "DAIDE bot"
    return f"Robot ({strategy})"


def shown_address(address: str) -> str:
    """A player's address as listings print it, or a robot's name."""
    strategy = robot_strategy(address)
    return address if strategy is None else robot_name(strategy)


def place_holder(
    settings: Mapping[str, Any] | None, power: str | None, status: str, address: str
) -> str:
    """Who a listing names for a power: its robot, also where SET ROBOTS' robot plays a
    power its person abandoned (the place stays his, for him to come back to); else the
    address as `shown_address` gives it."""
    strategy = ((settings or {}).get("robots") or {}).get(power or "")
    if strategy and status in ("abandoned", "resigned") and robot_strategy(address) is None:
        return robot_name(strategy)
    return shown_address(address)


def known(strategies: Iterable[str]) -> str:
    return ", ".join(s.upper() for s in strategies)


def unknown_strategy(what: str, strategy: str, strategies: Iterable[str]) -> str:
    if not strategy:
        return f"{what}: name a strategy, one of {known(strategies)}."
    return f"{what}: there is no robot strategy '{strategy}'; choose one of {known(strategies)}."


def unknown_power(what: str, power: str, game: str, powers: Iterable[str]) -> str:
    return f"{what}: game '{game}' has no power '{power}'; its powers are {', '.join(powers)}."


def robot_set(power: str, strategy: str) -> str:
    return f"{power} is played by {robot_name(strategy)}"


def robot_options(words: Iterable[str]) -> str:
    """SET ROBOT's options as the master's answer names them (the others are not told: a
    policy told to all would say who will stab)."""
    shown = [_OPTION_WORDS.get(w, w) for w in words]
    return f", {' and '.join(shown)}" if shown else ""


_OPTION_WORDS = {
    "joe": "policy Joe (Honest Joe: a draw once all are friends)",
    "mac": "policy Mac (Mac the Knife: it stabs once all are friends)",
    "observe": "friends from the observation matrix as well as from press",
}


def robot_options_refused(what: str, why: str) -> str:
    return f"{what}: {why}."


def robot_unset(power: str) -> str:
    return f"{power} is no longer played by a robot"


def robots_set(strategy: str) -> str:
    return (
        f"every empty power at the start, and every power abandoned later, is played "
        f"by {robot_name(strategy)} until someone takes it over"
    )


ROBOTS_OFF = "no robot takes over empty or abandoned powers"


def humans_only(on: bool) -> str:
    return "HUMANS ONLY: no program may sign on" if on else "OPEN TO ALL: programs may sign on"


def robot_refused_humans_only(what: str, game: str) -> str:
    return (
        f"{what}: game '{game}' is for humans only (SET HUMANS ONLY): no robot may play "
        "in it.  SET OPEN TO ALL first."
    )


def humans_only_with_programs(game: str, seated: list[tuple[str | None, str]]) -> str:
    """SET HUMANS ONLY refused: who plays as a program, by power (none named: a gunboat
    game's player may not learn which powers a program plays)."""
    if not seated:
        return f"a program plays in game '{game}', so it cannot be for humans only."
    named = "; ".join(f"{power or 'no power yet'}: {who}" for power, who in seated)
    return (
        f"programs play in game '{game}' ({named}), so it cannot be for humans only.  "
        "SET NO ROBOT each robot's power, or EJECT the program, first."
    )


def humans_only_with_robots_default(game: str, strategy: str) -> str:
    return (
        f"game '{game}' gives every power abandoned to {robot_name(strategy)} (SET ROBOTS), "
        "so it cannot be for humans only.  SET NO ROBOTS first."
    )


def held_by_person(what: str, power: str, game: str) -> str:
    return (
        f"{what}: {power} is played by a person in game '{game}'; a robot takes a power "
        "nobody plays (EJECT the player first)."
    )


def not_a_robot(what: str, power: str, game: str) -> str:
    return f"{what}: {power} is not played by a robot in game '{game}'."


def program_refused_humans_only(game: str) -> str:
    return (
        f"Game '{game}' is for humans only (SET HUMANS ONLY): your registration names a "
        "program, and no program may play in it."
    )


def program_refused_twice(program: str, game: str) -> str:
    return f"The program '{program}' already plays a power of game '{game}': one power a program."


def program_refused_duplex(game: str, seats: int) -> str:
    return (
        f"Game '{game}' deals its powers among {seats} players, several each (SET PLAYERS): "
        "a program plays one power only."
    )


def duplex_with_program(address: str, seats: int, powers: int) -> str:
    """SET PLAYERS below the powers once a program has signed on (the _change's reason)."""
    return (
        f"the program {address} has signed on, and a program plays one power only: "
        f"{seats} players for {powers} powers would deal it several"
    )


def program_refused_site(site: str, game: str) -> str:
    return (
        f"A program from the site '{site}' already plays in game '{game}': no two programs "
        "from one site may play in one game."
    )
