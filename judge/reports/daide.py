"""The texts of SET DAIDE and SET NO DAIDE, and what the judge says of DAIDE bots."""

from __future__ import annotations

from collections.abc import Iterable

BOT_NAME = "DAIDE bot"


def no_daide(what: str) -> str:
    return f"{what}: this judge serves no DAIDE bots (its keeper has not set daide_listen)."


def none_empty(what: str, game: str) -> str:
    return f"{what}: every power of game '{game}' is played; name a power to open it."


def not_open(what: str, power: str, game: str) -> str:
    return f"{what}: {power} of game '{game}' is not open to DAIDE bots."


def held_by_person(what: str, power: str, game: str) -> str:
    return f"{what}: {power} of game '{game}' is played by a person."


def no_port(what: str) -> str:
    return f"{what}: every DAIDE port of this judge is taken by other games; try again later."


def opened(power: str) -> str:
    return f"{power} is played by a DAIDE bot"


def closed(power: str) -> str:
    return f"{power} is no longer open to DAIDE bots"


def where_to_connect(game: str, address: str, seats: Iterable[tuple[str, str, int]]) -> str:
    """The master's own copy: where the game's bots connect, and each power's passcode."""
    lines = [
        f"DAIDE bots join game '{game}' at {address} (the DAIDE Client-Server Protocol,",
        "version 1).  A bot that sends NME takes an open power nobody has taken yet; a bot",
        "that asks for a power sends IAM with its passcode, and so does one that comes back",
        "after a disconnection.  Keep the passcodes to yourself:",
        "",
    ]
    for power, token, code in seats:
        lines.append(f"  {power + ':':<16} IAM ({token}) ({code})")
    return "\n".join(lines)


def huh_plain(power: str) -> str:
    return (
        f"HUH: {power} is played by a DAIDE bot, which reads DPP press only (GET dpp); it "
        "was not given this message."
    )


def huh_level(power: str, needed: int, level: int) -> str:
    return (
        f"HUH: {power} is played by a DAIDE bot, and this game's press goes to level {level} "
        f"of DAIDE's press (LVL {level}); the message needs level {needed}, and it was not "
        "given it."
    )
