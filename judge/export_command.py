"""`judge export GAME [--format json|mila] [--as ADDRESS]` (docs/export.md): a game as a
file of JSON on standard output, made as GET name.json makes it by mail
(engine/listings/export.py). Without --as it is the judgekeeper's copy, the whole game;
with --as it is the copy the judge would mail that address (a blind game's board, the
press and who plays cut for him), or an outsider's if the address is not in the game."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .config import Settings


def add_parser(commands: Any) -> None:
    """Add `export` to the `judge` command's subcommands."""
    ex = commands.add_parser("export", help="a game as JSON: its phases, orders and press")
    ex.add_argument("game")
    ex.add_argument("--format", choices=("json", "mila"), default="json",
                    help="ours (docs/export.md), or MILA's saved game")  # fmt: skip
    ex.add_argument("--as", dest="reader", metavar="ADDRESS",
                    help="the copy mailed to this address (default: the whole game)")  # fmt: skip
    ex.set_defaults(run=run)


def run(settings: Settings, args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from .engine.listings.export import Refused, exported
    from .store import migrate
    from .store.db import Store
    from .store.models import Address, Game

    store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
    try:
        migrate.require_head(store)
        with store.transaction(readonly=True) as session:
            name = args.game.lower().removesuffix(".json")
            game = session.execute(select(Game).where(Game.name == name)).scalar_one_or_none()
            if game is None:
                print(f"judge: no game called {args.game!r}", file=sys.stderr)
                return 2
            reader = None
            if args.reader:
                wanted = args.reader.lower()
                found = session.execute(select(Address.user_id).where(Address.address == wanted))
                user_id = found.scalar_one_or_none()
                reader = next(
                    (x for x in game.participants
                     if x.status != "resigned" and (x.user_id == user_id
                                                    or x.user.email.lower() == wanted)),
                    None,
                )  # fmt: skip
            made = exported(session, settings.code, game, reader, args.format == "mila",
                            keeper=not args.reader)  # fmt: skip
    finally:
        store.dispose()
    if isinstance(made, Refused):
        print(f"judge: {made.reason}", file=sys.stderr)
        return 1
    sys.stdout.write(made)
    return 0
