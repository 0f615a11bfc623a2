"""The `judge` command: serve, process, migrate, show, tick, try, variants, tournament, bot,
doctor, backup, restore, dkim-key.

Exit statuses: 0 done; 1 failed (the message says why); 2 bad usage or no such game; 141
(128 + SIGPIPE, as a shell reports any program a pipe cut off) when the reader of the output
went away first (`judge try ... | head -1`).
`judge process` speaks sysexits to the mail system that pipes mail into it: 65 for a mail
it refuses for good (too big), 75 for "try again later" (the database is unreachable).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sqlite3
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from . import __version__
from .config import Settings, SettingsError, host_port, load
from .logs import configure_logging
from .store import migrate
from .store.db import Store, StoreBusy

# Each command imports what it needs when it runs: `judge process` under a mail system and
# `judge tick` from cron start for every mail and every minute, `judge show` for a look.
if TYPE_CHECKING:
    from email.message import EmailMessage

    from .clock import Clock
    from .mailout.sender import Maildir

EX_DATAERR = 65
EX_TEMPFAIL = 75
EX_PIPE = 128 + signal.SIGPIPE

log = logging.getLogger("judge")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        status = _command(argv)
        sys.stdout.flush()  # a reader gone shows here, not in the interpreter's last flush
        return status
    except BrokenPipeError:
        # The reader of what we print went away (`| head -1`) with what it wanted: no more
        # is written there, and the interpreter's last flush finds nothing to complain of.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EX_PIPE
    except KeyboardInterrupt:
        return 1


def _command(argv: Sequence[str] | None) -> int:
    parser = _arguments()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    if getattr(args, "settings_free", False):  # nothing of the installation but its code
        return int(args.run(None, args))
    try:
        settings = load()
    except (OSError, ValueError) as exc:
        print(f"judge: the configuration cannot be used: {exc}", file=sys.stderr)
        # A mail system must keep the mail and try again once the keeper has fixed it.
        return EX_TEMPFAIL if args.run is _process else 1
    configure_logging(settings)
    if settings.extra:
        log.warning("unknown settings ignored: %s", ", ".join(sorted(settings.extra)))
    try:
        return int(args.run(settings, args))
    except migrate.SchemaNotCurrent as exc:
        print(f"judge: {exc}", file=sys.stderr)
        return 1
    except SettingsError as exc:  # found only when used: the DKIM key (mailout/signing.py)
        print(f"judge: the configuration cannot be used: {exc}", file=sys.stderr)
        return 1
    except StoreBusy as exc:  # a later run (cron, the mail system) will find it free
        print(f"judge: {exc}; try again later", file=sys.stderr)
        return EX_TEMPFAIL


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="The Diplomacy judge.")
    parser.add_argument("--version", action="version", version=f"judge {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    serve = commands.add_parser("serve", help="listen for mail and answer it (the daemon)")
    serve.set_defaults(run=_serve)

    process = commands.add_parser(
        "process", help="read one mail on stdin (a Postfix or procmail pipe) and answer it"
    )
    process.add_argument(
        "--queue-only", action="store_true", help="only store it; a running daemon answers it"
    )
    process.add_argument("--sender", default="", help="the envelope sender (Postfix ${sender})")
    process.add_argument(
        "--recipient",
        default="",
        help="the envelope recipient (Postfix ${original_recipient}; default: the "
        "ORIGINAL_RECIPIENT variable Postfix's local delivery sets for .forward and procmail)",
    )
    process.set_defaults(run=_process)

    mig = commands.add_parser("migrate", help="bring the database schema up to date")
    mig.add_argument("--revision", default="head", help="upgrade to this revision (head)")
    mig.add_argument("--downgrade", metavar="REVISION", help="downgrade to REVISION instead")
    mig.set_defaults(run=_migrate)

    show = commands.add_parser("show", help="a game's state")
    show.add_argument("game")
    show.add_argument("--json", action="store_true", help="as JSON (docs/show-format)")
    show.set_defaults(run=_show)

    tk = commands.add_parser("tick", help="run whatever is due, then answer and send mail")
    tk.add_argument("--now", type=_iso_time, help="as of this ISO time, not the clock's")
    tk.set_defaults(run=_tick)

    tr = commands.add_parser(
        "try", help="send a mail body from stdin to the running judge and print the replies"
    )
    tr.add_argument("sender", metavar="FROM", help="the address to send as")
    tr.add_argument("--subject", default="", help="the mail's subject")
    tr.add_argument("--wait", type=float, default=30.0, help="seconds to wait for the reply")
    tr.add_argument(
        "--files",
        metavar="DIR",
        type=Path,
        help="save the files the replies carry under DIR (default: try/ in the judge's home)",
    )
    tr.set_defaults(run=_try)

    va = commands.add_parser("variants", help="the variants this judge plays")
    va.add_argument("--json", action="store_true", help="one object per variant, by name")
    va.set_defaults(run=_variants, settings_free=True)

    to = commands.add_parser("tournament", help="games between robot strategies, in-process")
    to.add_argument("--variant", default="standard", help="the variant to play (standard)")
    to.add_argument(
        "--players", required=True, help="a strategy per power, comma-separated, in seat order"
    )
    to.add_argument("--games", type=int, default=10, help="how many games (10)")
    to.add_argument("--years", type=int, default=10, help="game years at most per game (10)")
    to.add_argument("--seed", type=int, default=1, help="game g is played with seed K+g (1)")
    to.add_argument("--json", action="store_true", help="every game's seats and result")
    to.set_defaults(run=_tournament, settings_free=True)

    dr = commands.add_parser("doctor", help="check this deployment and say what to fix")
    dr.set_defaults(run=_doctor)

    bk = commands.add_parser("backup", help="a consistent copy of the store, while serving")
    bk.add_argument("file", help="where to write it")
    bk.add_argument(
        "--logical", action="store_true", help="PostgreSQL: a copy into SQLite, not pg_dump"
    )
    bk.set_defaults(run=_backup)

    rs = commands.add_parser("restore", help="put a backup back (every judge serve stopped)")
    rs.add_argument("file", help="a file `judge backup` wrote")
    rs.add_argument(
        "--force", action="store_true", help="even though a judge still answers at `listen`"
    )
    rs.set_defaults(run=_restore)

    from .botmail.command import add_parser as add_bot  # a player's tool: no engine
    from .mailauth import add_parser as add_dkim
    from .mapcommand import add_parser as add_map

    add_bot(commands)
    add_dkim(commands)
    add_map(commands)
    return parser


def _iso_time(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not an ISO time: {text!r}") from exc


# -- variants ------------------------------------------------------------------------------


def _variants(settings: Settings | None, args: argparse.Namespace) -> int:
    """What the judge plays, as a judgekeeper checks an installation and as other tools
    learn it: every variant file that loads (a broken one is named on stderr)."""
    import variants
    from variants.description import describe

    found, broken = [], 0
    for name in variants.available():
        try:
            found.append(describe(variants.load(name)))
        except variants.VariantError as exc:
            print(f"judge: variant {name} cannot be played: {exc}", file=sys.stderr)
            broken += 1
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for v in found:
            letters = " ".join(p["letter"] for p in v["powers"])
            centres = "cities" if "machiavelli" in v.get("rules", ()) else "centres"
            print(
                f"{v['name']:<16} {len(v['powers']):>2} powers ({letters}), "
                f"{v['supply_centers']} {centres}, {v['centers_to_win']} to win, "
                f"from {v['start_phase']}"
            )
    return 1 if broken else 0


def _tournament(settings: Settings | None, args: argparse.Namespace) -> int:
    from .tournament import run

    return run(args)


# -- serve ---------------------------------------------------------------------------------


def _serve(settings: Settings, args: argparse.Namespace) -> int:
    settings.home.mkdir(parents=True, exist_ok=True)
    try:
        from .daemon import Judge  # the engine is imported only by the commands that run it

        Judge(settings).run()
    except OSError as exc:
        print(f"judge: cannot serve: {exc}", file=sys.stderr)
        return 1
    return 0


# -- process -------------------------------------------------------------------------------


def _process(settings: Settings, args: argparse.Namespace) -> int:
    raw = sys.stdin.buffer.read(settings.max_message + 1)
    if len(raw) > settings.max_message:
        print(
            f"judge: message too big: more than {settings.max_message} bytes",
            file=sys.stderr,
        )
        return EX_DATAERR
    sender = args.sender
    if raw.startswith(b"From "):  # procmail and mbox hand over the envelope line too
        line, _, raw = raw.partition(b"\n")
        words = line.split()
        sender = sender or (words[1].decode("ascii", "replace") if len(words) > 1 else "")
    from .clock import SystemClock
    from .mailin.queue import store_inbound

    clock = SystemClock()
    try:
        settings.home.mkdir(parents=True, exist_ok=True)
        store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
        migrate.require_head(store)
        recipient = args.recipient or os.environ.get("ORIGINAL_RECIPIENT", "")
        row_id = store_inbound(store, raw, clock.now(), "pipe", sender, recipient)
    except migrate.SchemaNotCurrent as exc:
        print(f"judge: {exc}", file=sys.stderr)
        return EX_TEMPFAIL
    except Exception as exc:  # the mail system keeps the mail and tries again
        print(f"judge: cannot store the mail now: {exc}", file=sys.stderr)
        return EX_TEMPFAIL
    log.info("inbound %s stored from a pipe", row_id)
    if not args.queue_only:
        # The mail is safe; answering it here is a courtesy to judges without a daemon.
        try:
            _drain(store, settings, clock)
        except Exception:
            log.exception("inbound %s is stored but could not be answered now", row_id)
    store.dispose()
    return 0


def _drain(store: Store, settings: Settings, clock: Clock) -> tuple[int, int]:
    """Answer every pending mail and send every due outbox row."""
    from .mailin.queue import answer_pending
    from .mailout.sender import send_pending, transport

    answered = 0
    while batch := answer_pending(store, settings, clock.now):
        answered += len(batch)
    sent = send_pending(store, settings, clock.now(), transport(settings), limit=10**9)
    return answered, sent


# -- doctor, backup, restore ---------------------------------------------------------------


def _doctor(settings: Settings, args: argparse.Namespace) -> int:
    from .doctor import run

    return run(settings)


def _backup(settings: Settings, args: argparse.Namespace) -> int:
    from .backup import backup

    store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
    try:
        print(backup(store, Path(args.file), logical=args.logical))
    except (OSError, RuntimeError, sqlite3.Error) as exc:
        print(f"judge: backup failed: {exc}", file=sys.stderr)
        return 1
    finally:
        store.dispose()
    return 0


def _restore(settings: Settings, args: argparse.Namespace) -> int:
    from .backup import restore
    from .doctor import _listeners

    if not args.force and any(f.level == "ok" for f in _listeners(settings)):
        print(
            "judge: a judge still answers at this judge's listener: stop every `judge serve` "
            "(and mail into the judge, operations.md 6) first, or give --force",
            file=sys.stderr,
        )
        return 1
    store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
    try:
        print(restore(store, Path(args.file)))
        migrate.upgrade(store)  # a backup from an older judge is brought up to date
        print(f"{store.display_url}: schema {migrate.current(store)}; start the judge")
    except (OSError, RuntimeError, sqlite3.Error) as exc:
        print(f"judge: restore failed: {exc}", file=sys.stderr)
        return 1
    finally:
        store.dispose()
    return 0


# -- migrate -------------------------------------------------------------------------------


def _migrate(settings: Settings, args: argparse.Namespace) -> int:
    settings.home.mkdir(parents=True, exist_ok=True)
    store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
    before = migrate.current(store)
    if args.downgrade:
        migrate.downgrade(store, args.downgrade)
    else:
        migrate.upgrade(store, args.revision)
    after = migrate.current(store)
    print(f"{store.display_url}: schema {before or 'empty'} -> {after or 'empty'}")
    store.dispose()
    return 0


# -- show ----------------------------------------------------------------------------------


def _show(settings: Settings, args: argparse.Namespace) -> int:
    store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
    migrate.require_head(store)
    state = game_shown(store, args.game, settings.zone)
    store.dispose()
    if state is None:
        print(f"judge: no game called {args.game!r}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(state, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        _print_state(state)
    return 0


def game_shown(store: Store, name: str, zone: ZoneInfo) -> dict[str, Any] | None:
    """What `judge show NAME` shows of a game (reports/show.py), or None: there is none."""
    from sqlalchemy import select

    from .reports.show import game_state
    from .store.models import Game

    with store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == name.lower())).scalar_one_or_none()
        return None if game is None else game_state(game, zone)


def _print_state(state: dict) -> None:  # type: ignore[type-arg]
    print(f"Game {state['name']} ({state['variant']}"
          + (", " + ", ".join(state["options"]) if state["options"] else "") + ")")  # fmt: skip
    print(f"  status {state['status']}, phase {state['phase'] or '-'}, turn {state['turn']}")
    if state["deadline"]:
        print(f"  deadline {state['deadline']}, grace {state['grace']}")
    for player in state["players"]:
        print(
            f"  {player['power'] or '?':<10} {player['address']:<36} {player['status']:<9}"
            f" orders {player['orders']}{', wait' if player['wait'] else ''}"
        )
    for role in ("masters", "observers"):
        if state[role]:
            print(f"  {role}: {', '.join(state[role])}")
    for power, units in sorted(state["units"].items()):
        centres = state["centers"].get(power, [])
        print(f"  {power}: {', '.join(units)}; centres {' '.join(centres)}")


# -- tick ----------------------------------------------------------------------------------


def _tick(settings: Settings, args: argparse.Namespace) -> int:
    from .clock import FixedClock, SystemClock

    clock: Clock = FixedClock(args.now) if args.now else SystemClock()
    store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
    migrate.require_head(store)
    from .engine.tick import tick

    report = tick(store, clock.now(), settings.keep_days, settings)
    answered, sent = _drain(store, settings, clock)
    print(f"tick {clock.now().isoformat()} UTC: {report}; {answered} mails answered; "
          f"{sent} sent")  # fmt: skip
    store.dispose()
    return 0


# -- try -----------------------------------------------------------------------------------


def _try(settings: Settings, args: argparse.Namespace) -> int:
    import smtplib
    from email.message import EmailMessage
    from email.utils import make_msgid

    from .mailout.sender import Maildir, transport
    from .outbound import shown

    body = sys.stdin.read()
    message = EmailMessage()
    message["From"] = args.sender
    message["To"] = settings.address
    message["Subject"] = args.subject
    message["Message-ID"] = make_msgid(domain="try.invalid")
    message.set_content(body)
    host, port = host_port(settings.listen, 2525)
    maildir = transport(settings)
    already = set(maildir.names()) if isinstance(maildir, Maildir) else set()
    try:
        with smtplib.SMTP(host, port, timeout=30) as smtp:
            smtp.send_message(message)
    except (OSError, smtplib.SMTPException) as exc:
        print(
            f"judge try: cannot give the mail to the judge at {host}:{port}: {exc}\n"
            "Is the judge running?  Start it with 'make serve' (or 'judge serve').",
            file=sys.stderr,
        )
        return 1
    if not isinstance(maildir, Maildir):
        print(
            f"Sent.  This judge mails its replies through {shown(settings.outbound_target)}; "
            "look for them there."
        )
        return 0
    files = args.files or settings.home / "try"
    return _print_replies(maildir, message["Message-ID"], already, args.wait, files)


def _print_replies(
    maildir: Maildir, message_id: str, already: set[str], wait: float, files: Path
) -> int:
    """Print each mail of the thread as it arrives, and save the files it carries (a
    terminal shows no picture); stop once the reply is in and nothing more has come for a
    moment."""
    deadline = time.monotonic() + wait
    answered_at: float | None = None
    seen = set(already)
    while True:
        for name, mail in maildir.since(seen):
            seen.add(name)
            if message_id not in (mail["References"] or "") + (mail["In-Reply-To"] or ""):
                continue
            print(f"===== mail to {mail['To']}: {mail['Subject']}")
            text = mail.get_body(preferencelist=("plain",))
            print((text.get_content() if text is not None else "").rstrip("\n"))
            # A folder per mail, named as the mail is in the Maildir: the files of one
            # phase's results and the next's, or of two MAPs, never overwrite each other.
            folder = files / Path(name).name.split(":")[0]
            taken: set[str] = set()
            for number, part in enumerate(mail.iter_attachments(), 1):
                print(_saved(part, folder / _file_name(part.get_filename(), number, taken)))
            print("===== end of mail")
            if mail["In-Reply-To"] == message_id:
                answered_at = time.monotonic()
        now = time.monotonic()
        if answered_at is not None and now - answered_at > 1.0:
            return 0
        if now > deadline:
            if answered_at is not None:
                return 0
            print(f"judge try: no reply within {wait:g} seconds.", file=sys.stderr)
            return 1
        time.sleep(0.1)


def _file_name(given: str | None, number: int, taken: set[str]) -> str:
    """The name to save a mail's file under: its own, with no folder in it, and numbered
    if the mail has another file of that name (two MAPs of one board)."""
    name = Path(given or "").name
    if name in ("", ".", ".."):
        name = f"file{number}"
    elif name in taken:
        name = f"{Path(name).stem}-{number}{Path(name).suffix}"
    taken.add(name)
    return name


def _saved(part: EmailMessage, path: Path) -> str:
    """Save one file of a mail; the line that says what it is and where."""
    data = part.get_payload(decode=True) or b""
    what = f"{part.get_content_type()}, {len(data):,} bytes"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as exc:
        return f"[{what}: {path.name} not saved: {exc}]"
    full = path.resolve()  # as the user opens it from where he ran the command
    shown = full.relative_to(Path.cwd()) if full.is_relative_to(Path.cwd()) else full
    return f"[{what}: {shown}]"


if __name__ == "__main__":
    sys.exit(main())
