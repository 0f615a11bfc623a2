"""One look at the box: rebuild the board, and if the game waits for orders the robot has
not given yet, ask its strategy and mail them to the judge.

What it has ordered is kept in a small JSON file (`.judge-bot-<game>.json` beside the
Maildir), so that a robot run from cron every few minutes orders each phase once.
"""

from __future__ import annotations

import json
import smtplib
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import robots
import variants

from .board import Board
from .reading import read_mail


@dataclass(frozen=True)
class Robot:
    """Who the robot is and how it reaches the judge."""

    strategy: str
    address: str
    password: str
    game: str
    judge: str  # the judge's address
    smtp: tuple[str, int]
    variant: str = "standard"
    power: str | None = None  # when the box holds no start notice naming it
    seed: int = 0
    state: Path = Path(".judge-bot.json")


def board_from(robot: Robot, bodies: list[str]) -> Board:
    """The board the mails describe, folded oldest first."""
    variant = variants.load(robot.variant)
    board = Board(variant, robot.game.lower(), power=robot.power)
    for body in bodies:
        report = read_mail(variant, body)
        if report is not None:
            board.apply(report)
    if robot.power:
        board.power = variant.power(robot.power).name
    return board


def once(robot: Robot, bodies: list[str], send: Callable[[EmailMessage], None]) -> str:
    """Order the phase the mails show, if it is due and not yet ordered; say what was done."""
    board = board_from(robot, bodies)
    if board.phase is None:
        return f"no word yet of game '{robot.game}' in the mails to {robot.address}"
    if board.power is None:
        return f"no start notice names this robot's power in '{robot.game}'; give --power"
    phase = str(board.phase)
    if board.over:
        return f"game '{robot.game}' is over"
    done = _ordered(robot.state)
    if phase in done:
        return f"{board.power} {phase}: already ordered"
    if not board.has_orders_to_give():
        return f"{board.power} {phase}: nothing to order"
    orders = robots.play(
        robot.strategy,
        board.position(),
        board.power,
        robots.rng_for(robot.seed, phase, board.power),
    )
    if not orders:  # e.g. builds owed with no home centre free: the judge waits for none
        return f"{board.power} {phase}: nothing to order"
    letter = board.variant.power(board.power).letter
    message = EmailMessage()
    message["From"] = robot.address
    message["To"] = robot.judge
    message["Subject"] = f"{robot.game} {phase} orders"
    message["Message-ID"] = make_msgid(domain=robot.address.rpartition("@")[2] or "bot.invalid")
    message.set_content(
        f"SIGN ON {letter}{robot.game} {robot.password}\n" + "".join(f"{o}\n" for o in orders)
    )
    send(message)
    _remember(robot.state, [*done, phase])
    return f"{board.power} {phase}: {len(orders)} orders sent as {message['Message-ID']}"


def smtp_sender(host: str, port: int) -> Callable[[EmailMessage], None]:
    def send(message: EmailMessage) -> None:
        with smtplib.SMTP(host, port, timeout=60) as smtp:
            smtp.send_message(message)

    return send


def _ordered(path: Path) -> list[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [str(p) for p in data.get("ordered", [])] if isinstance(data, dict) else []


def _remember(path: Path, phases: list[str]) -> None:
    """Written whole to a new file, then renamed: a crash leaves the old file or the new."""
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(json.dumps({"ordered": phases}, indent=1) + "\n", encoding="utf-8")
    fresh.replace(path)
