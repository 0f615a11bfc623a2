"""`judge bot`: the command line of the robot that plays by mail (the options, the loop)."""

from __future__ import annotations

import argparse
import imaplib
import sys
import time
from pathlib import Path
from typing import Any


def add_parser(commands: Any) -> None:
    """Add `bot` to the `judge` command's subcommands."""
    bot = commands.add_parser(
        "bot", help="play one power of a game on any judge by mail, as a robot"
    )
    bot.add_argument("--strategy", required=True, help="hold, random, loeb, dumbbot, blabbot")
    bot.add_argument("--address", help="the robot's own mail address")
    bot.add_argument("--password", help="its password in the game")
    bot.add_argument("--game", help="the game's name")
    bot.add_argument(
        "--daide",
        metavar="HOST:PORT",
        help="play over DAIDE on this server instead of by mail (docs/daide.md)",
    )
    bot.add_argument(
        "--passcode", type=int, help="with --daide and --power: the power's passcode (IAM)"
    )
    bot.add_argument("--name", default="", help="with --daide: the name the bot gives (NME)")
    box = bot.add_mutually_exclusive_group()
    box.add_argument("--maildir", type=Path, help="a Maildir the judge's mails arrive in")
    box.add_argument("--imap", metavar="URL", help="imap[s]://user:pass@host[:port]/MAILBOX")
    bot.add_argument("--judge", metavar="ADDR", help="the judge's address")
    bot.add_argument("--smtp", default="localhost:25", metavar="HOST:PORT",
                     help="the relay to send orders through (localhost:25)")  # fmt: skip
    bot.add_argument("--variant", default="standard", help="the game's variant (standard)")
    bot.add_argument("--power", help="the power played, when no start notice names it")
    bot.add_argument("--seed", type=int, default=0, help="the strategy's seed (0)")
    bot.add_argument("--state", type=Path, help="where it notes what it has ordered")
    bot.add_argument("--once", action="store_true", help="look once, order if due, stop")
    bot.add_argument("--every", type=float, default=300.0, help="seconds between looks (300)")
    bot.set_defaults(run=run, settings_free=True)


def run(settings: object, args: argparse.Namespace) -> int:
    import robots
    import variants

    from .box import imap_mails, maildir_mails
    from .runner import Robot, once, smtp_sender

    if args.strategy not in robots.STRATEGIES:
        known = ", ".join(robots.STRATEGIES)
        print(f"judge bot: no strategy '{args.strategy}'; there are {known}", file=sys.stderr)
        return 2
    if args.daide:
        return _daide(args)
    lacking = [
        f"--{name}" for name in ("address", "password", "game", "judge")
        if not getattr(args, name)
    ]  # fmt: skip
    if not args.maildir and not args.imap:
        lacking.append("--maildir or --imap")
    if lacking:
        print(f"judge bot: by mail it needs {', '.join(lacking)}", file=sys.stderr)
        return 2
    try:
        variant = variants.load(args.variant)
        if args.power:
            variant.power(args.power)
    except (variants.VariantError, KeyError, OSError) as exc:
        print(f"judge bot: {exc}", file=sys.stderr)
        return 2
    host, _, port = args.smtp.rpartition(":")
    if not host or not port.isdigit():
        print(f"judge bot: --smtp must be HOST:PORT, not {args.smtp!r}", file=sys.stderr)
        return 2
    name = f".judge-bot-{args.game.lower()}.json"
    state = args.state or (args.maildir.resolve().parent / name if args.maildir else Path(name))
    robot = Robot(
        strategy=args.strategy,
        address=args.address,
        password=args.password,
        game=args.game,
        judge=args.judge,
        smtp=(host, int(port)),
        variant=variant.name,
        power=args.power,
        seed=args.seed,
        state=state,
    )
    send = smtp_sender(host, int(port))
    while True:
        try:
            if args.maildir:
                mails = maildir_mails(args.maildir, args.address)
            else:
                mails = imap_mails(args.imap, args.address)
            print(once(robot, mails, send), flush=True)
        except (OSError, ValueError, imaplib.IMAP4.error) as exc:  # the box or the relay
            print(f"judge bot: {exc}", file=sys.stderr, flush=True)
            if args.once:
                return 1
        if args.once:
            return 0
        time.sleep(max(args.every, 1.0))


def _daide(args: argparse.Namespace) -> int:
    """The strategy as a DAIDE client, until the game is over or the server lets it go."""
    from ..daide.client import play

    host, _, port = args.daide.rpartition(":")
    if not port.isdigit():
        print(f"judge bot: --daide must be HOST:PORT, not {args.daide!r}", file=sys.stderr)
        return 2
    try:
        seat = play(
            f"{host or '127.0.0.1'}:{port}", args.strategy, name=args.name,
            power=args.power or "", passcode=args.passcode, seed=args.seed or None,
        )  # fmt: skip
    except (OSError, ValueError) as exc:
        print(f"judge bot: {exc}", file=sys.stderr)
        return 1
    print(
        f"judge bot: played {seat.power or 'no power'} for {seat.phases} phases; "
        f"{seat.refused} orders refused; the end: {seat.ending or 'not seen'}",
        flush=True,
    )
    return 0
