"""One look at the box: rebuild the board, and if the game waits for orders the robot has
not given yet, ask its strategy and mail them to the judge.

What it has ordered is kept in a small JSON file (`.judge-bot-<game>.json` beside the
Maildir), so that a robot run from cron every few minutes orders each phase once.
"""

from __future__ import annotations

import json
import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import robots
import variants

from .board import Board
from .box import body_of
from .reading import read_mail

LIST_EVERY = 3600.0  # seconds between LIST requests while the box has no word of the game


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
        try:
            report = read_mail(variant, body)
        except (ValueError, KeyError, IndexError):  # a mail like no judge's: not for us
            continue
        if report is not None:
            board.apply(report)
    if robot.power:
        board.power = variant.power(robot.power).name
    return board


def once(robot: Robot, mails: list[EmailMessage], send: Callable[[EmailMessage], None]) -> str:
    """Order the phase the mails show, if it is due and not yet ordered; say what was done,
    after what the judge found wrong in the orders it sent last, once its reply is in."""
    state = _state(robot.state)
    complaint = _complaint(state, mails)
    if complaint:
        _remember(robot.state, state)
        return complaint + "\n" + once(robot, mails, send)
    board = board_from(robot, [body_of(m) for m in mails])
    if board.over:
        return f"game '{robot.game}' is over"
    if board.phase is None:
        if robot.power and time.time() - float(state.get("listed", 0)) > LIST_EVERY:
            # Joining a game already running: a LIST reply shows the board in one mail.
            send(_mail(robot, f"{robot.game} listing", f"LIST {robot.game}\n"))
            _remember(robot.state, dict(state, listed=time.time()))
            return f"asked the judge for LIST {robot.game}"
        return f"no word yet of game '{robot.game}' in the mails to {robot.address}"
    if board.power is None:
        return f"no start notice names this robot's power in '{robot.game}'; give --power"
    phase = str(board.phase)
    done = [str(p) for p in state.get("ordered", [])]
    if phase in done:
        return f"{board.power} {phase}: already ordered"
    if not board.has_orders_to_give():
        return f"{board.power} {phase}: nothing to order"
    orders = robots.play(
        robot.strategy,
        board.position(),
        board.power,
        robots.rng_for(robot.seed, phase, board.power),
        memory=board.memory(robot.seed),
    )
    if not orders:  # e.g. builds owed with no home centre free: the judge waits for none
        return f"{board.power} {phase}: nothing to order"
    letter = board.variant.power(board.power).letter
    body = f"SIGN ON {letter}{robot.game} {robot.password}\n" + "".join(f"{o}\n" for o in orders)
    message = _mail(robot, f"{robot.game} {phase} orders", body)
    send(message)
    _remember(robot.state, dict(state, ordered=[*done, phase], sent=[phase, message["Message-ID"]]))
    return f"{board.power} {phase}: {len(orders)} orders sent as {message['Message-ID']}"


def _complaint(state: dict[str, Any], mails: list[EmailMessage]) -> str:
    """The error lines of the judge's reply to the last orders sent, the first time the
    reply is seen (`state` then forgets the orders); "" when there are none."""
    sent = state.get("sent")
    if not sent:
        return ""
    phase, message_id = sent
    reply = next((m for m in mails if m["In-Reply-To"] == message_id), None)
    if reply is None:
        return ""
    del state["sent"]
    wrong = [
        line.strip()
        for line in body_of(reply).splitlines()
        if ("error" in line.lower() and "not set" not in line.lower())
        or "nvalid" in line
        or "password" in line.lower()
    ]
    return f"the judge's reply to the {phase} orders: " + " / ".join(wrong) if wrong else ""


def _mail(robot: Robot, subject: str, body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = robot.address
    message["To"] = robot.judge
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain=robot.address.rpartition("@")[2] or "bot.invalid")
    message.set_content(body)
    return message


def smtp_sender(host: str, port: int) -> Callable[[EmailMessage], None]:
    def send(message: EmailMessage) -> None:
        with smtplib.SMTP(host, port, timeout=60) as smtp:
            smtp.send_message(message)

    return send


def _state(path: Path) -> dict[str, Any]:
    """{"ordered": [phases ordered], "listed": when LIST was last asked for}."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _remember(path: Path, state: dict[str, Any]) -> None:
    """Written whole to a new file, then renamed: a crash leaves the old file or the new."""
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")
    fresh.replace(path)
