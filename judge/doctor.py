"""`judge doctor`: a look over a deployment, each finding with what to do about it.

It checks what a judgekeeper would check by hand when mail goes unanswered: the database
(reachable, migrated), the listeners (something answers SMTP/LMTP there; each DAIDE port of
a game open to bots answers the initial message with its representation), the relay (its
certificate and login too), the DKIM key and, where DNS answers, its published record and
the domain's SPF and DMARC, the disk, the clock, and the queues (nothing waits longer than
it should; webhook posts neither stuck nor lately given up). Exit 0 when nothing
failed (warnings allowed), 1 otherwise.
"""

from __future__ import annotations

import os
import shutil
import smtplib
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import func, select, text
from sqlalchemy.engine import make_url

from . import outbound
from .config import Settings, host_port
from .doctor_mailauth import dkim
from .findings import Finding
from .mailout.relay import RelayUnusable, relay_for
from .store import migrate
from .store.db import Store
from .store.models import Game, Inbound, Outbox, WebhookPost

if TYPE_CHECKING:
    import dns.resolver

__all__ = ["Finding", "examine", "run"]

STUCK = timedelta(minutes=5)  # mail waiting longer than this to be answered or sent
LATELY = timedelta(days=7)  # webhook posts given up this recently are reported
LOW_DISK = 200 * 2**20  # bytes free below which the judge fails (a mail must fit)


def examine(
    settings: Settings,
    now: datetime | None = None,
    resolver: dns.resolver.Resolver | None = None,
) -> list[Finding]:
    """Every finding, in the order a judgekeeper would look; `resolver`: the DNS asked
    about the judge's domain (the system's by default)."""
    now = now or datetime.now(UTC).replace(tzinfo=None)
    found: list[Finding] = []
    store = Store(settings.database, lock_timeout=settings.write_lock_timeout)
    try:
        found += _database(store, now)
        reachable = found[-1].level != "FAIL"
        if reachable:
            found += _queues(store, settings, now)
        daide = _daide_ports(store) if reachable and settings.daide_listen else {}
    finally:
        store.dispose()
    found += _listeners(settings)
    if settings.daide_listen:
        found += _daide(settings, daide)
    found += _relay(settings)
    found += dkim(settings, resolver)
    found += _disk(settings)
    return found


def run(settings: Settings) -> int:
    findings = examine(settings)
    for finding in findings:
        print(f"{finding.level:<5} {finding.what}")
        if finding.fix:
            print(f"      fix: {finding.fix}")
    failed = sum(f.level == "FAIL" for f in findings)
    warned = sum(f.level == "warn" for f in findings)
    print(f"{failed} failed, {warned} warnings, {len(findings) - failed - warned} ok")
    return 1 if failed else 0


def _database(store: Store, now: datetime) -> list[Finding]:
    try:
        with store.transaction(readonly=True) as session:
            server_now = (
                None
                if store.is_sqlite
                else session.execute(text("SELECT now() AT TIME ZONE 'UTC'")).scalar_one()
            )
        revision = migrate.current(store)
    except Exception as exc:
        return [
            Finding(
                "FAIL",
                f"database {store.display_url} cannot be reached: {exc}",
                "start the database server, or correct database_url (operations.md 5)",
            )
        ]
    found = [Finding("ok", f"database {store.display_url} reachable")]
    head = migrate.head()
    if revision != head:
        found.append(
            Finding(
                "FAIL",
                f"schema {revision or 'empty'}, the code needs {head}",
                "run `judge migrate` (on one node, every node stopped)",
            )
        )
        return found
    found.append(Finding("ok", f"schema at {head}"))
    if server_now is not None:
        skew = abs((server_now - now).total_seconds())
        level = "ok" if skew < 5 else "warn" if skew < 60 else "FAIL"
        found.append(
            Finding(
                level,
                f"clock: {skew:.1f} s from the database server's",
                ""
                if level == "ok"
                else "run NTP (systemd-timesyncd, chrony) on every node and the database host",
            )
        )
    return found


def _queues(store: Store, settings: Settings, now: datetime) -> list[Finding]:
    found: list[Finding] = []
    with store.transaction(readonly=True) as session:
        newest = session.execute(select(func.max(Inbound.received_at))).scalar_one()
        oldest = session.execute(
            select(func.min(Inbound.received_at)).where(Inbound.status == "pending")
        ).scalar_one()
        due = session.execute(
            select(func.min(Outbox.next_attempt_at)).where(Outbox.status == "pending")
        ).scalar_one()
        game = session.execute(
            select(func.min(Game.next_event_at)).where(Game.next_event_at <= now)
        ).scalar_one()
        failed = session.execute(
            select(func.count()).select_from(Inbound).where(Inbound.status == "failed")
        ).scalar_one()
        given_up = session.execute(
            select(func.count()).select_from(Outbox).where(Outbox.status == "failed")
        ).scalar_one()
    if newest is not None and newest - now > timedelta(minutes=1):
        found.append(
            Finding(
                "FAIL",
                f"clock: mail was stored at {newest:%Y-%m-%d %H:%M} UTC, after this clock's now",
                "set the clock right (NTP); deadlines run by it",
            )
        )
    else:
        found.append(Finding("ok", f"clock: {now:%Y-%m-%d %H:%M:%S} UTC, no stored time ahead"))
    if oldest is not None and now - oldest > STUCK:
        found.append(
            Finding(
                "FAIL",
                f"inbound queue stuck: a mail waits since {oldest:%Y-%m-%d %H:%M} UTC",
                "is `judge serve` running? Its log names the mail that fails "
                "(`answering inbound mail N failed`)",
            )
        )
    else:
        found.append(Finding("ok", "inbound queue moving"))
    if due is not None and now - due > STUCK:
        found.append(
            Finding(
                "FAIL",
                f"outbox stuck: a reply is due since {due:%Y-%m-%d %H:%M} UTC",
                "is the sender running (judge serve), and does the relay take "
                "mail? `judge.sender` log lines say why not",
            )
        )
    else:
        found.append(Finding("ok", "outbox moving"))
    lag = (now - game).total_seconds() if game is not None else 0.0
    if lag > max(3 * settings.tick_seconds, 120):
        found.append(
            Finding(
                "FAIL",
                f"scheduler: a game's moment passed {lag:.0f} s ago",
                "is `judge serve` running (it ticks), or `judge tick` in cron? "
                "`tick failed` or `could not be processed` in the log",
            )
        )
    else:
        found.append(Finding("ok", f"scheduler: lag {lag:.0f} s"))
    if failed or given_up:
        found.append(
            Finding(
                "warn",
                f"{failed} mails failed, {given_up} replies given up",
                "see operations.md 7 for the queries that list them",
            )
        )
    return found + _webhooks(store, now)


def _webhooks(store: Store, now: datetime) -> list[Finding]:
    """Posts to games' webhooks (operations.md 3i): a masters' receiver that refuses them,
    or a poster that stopped, shows nowhere in the mail; said here, as a warning (no player
    waits on a post)."""
    with store.transaction(readonly=True) as session:
        due = session.execute(
            select(func.min(WebhookPost.next_attempt_at)).where(WebhookPost.status == "pending")
        ).scalar_one()
        failed = session.execute(
            select(WebhookPost.game_id, WebhookPost.last_error)
            .where(WebhookPost.status == "failed", WebhookPost.created_at >= now - LATELY)
            .order_by(WebhookPost.id.desc())
        ).all()
    found: list[Finding] = []
    if due is not None and now - due > STUCK:
        found.append(
            Finding(
                "warn",
                f"webhook posts stuck: one is due since {due:%Y-%m-%d %H:%M} UTC",
                "is `judge serve` (or `judge tick` in cron) running? `judge.webhooks` log "
                "lines say why not",
            )
        )
    if failed:
        game_id, error = failed[0]
        games = len({game for game, _ in failed})
        found.append(
            Finding(
                "warn",
                f"{len(failed)} webhook posts given up in the last {LATELY.days} days, for "
                f"{games} game{'s' if games != 1 else ''}; the last (game {game_id}): {error}",
                "the game's master corrects it (SET WEBHOOK) or drops it (SET NO WEBHOOK); "
                "the query in operations.md 3i lists them",
            )
        )
    if not found:
        found.append(Finding("ok", "webhook posts: none stuck or given up lately"))
    return found


def _listeners(settings: Settings) -> list[Finding]:
    found = []
    for kind, where, default in (("SMTP", settings.listen, 2525), ("LMTP", settings.lmtp, 2424)):
        if not where:
            continue
        host, port = host_port(where, default)
        try:
            with socket.create_connection((host, port), timeout=5) as connection:
                connection.settimeout(5)
                greeting = connection.recv(512).decode(errors="replace")
        except OSError as exc:
            found.append(
                Finding(
                    "FAIL",
                    f"{kind} listener {host}:{port}: {exc}",
                    "start `judge serve` (systemctl start judge), or correct "
                    f"`{'listen' if kind == 'SMTP' else 'lmtp'}`",
                )
            )
            continue
        if greeting.startswith("220") and settings.code in greeting:
            found.append(Finding("ok", f"{kind} listener {host}:{port} answers"))
        elif greeting.startswith("421 4.7.0 Too many connections to this judge"):
            found.append(
                Finding(
                    "FAIL",
                    f"{kind} listener {host}:{port} is full: {greeting.strip()[10:80]!r}",
                    "every place is taken (`smtp_connections`, operations.md 8f); the log "
                    "names the hosts refused (`SMTP connection from HOST refused`); let "
                    "Postfix face the senders (operations.md 3)",
                )
            )
        else:
            found.append(
                Finding(
                    "FAIL",
                    f"{kind} at {host}:{port} is not this judge: {greeting.strip()[:80]!r}",
                    "another program has the port: choose another, or stop it",
                )
            )
    return found


def _daide_ports(store: Store) -> dict[str, int]:
    """game name -> its DAIDE port, for every game open to DAIDE bots."""
    from .daide.seats import port_of

    with store.transaction(readonly=True) as session:
        games = session.scalars(select(Game).where(Game.status.in_(("forming", "active"))))
        return {game.name: port for game in games if (port := port_of(game))}


def _daide(settings: Settings, ports: dict[str, int]) -> list[Finding]:
    """Each game's DAIDE port answers a bot's initial message (0xDA10) with the server's
    representation message: the port a bot is told to connect to is served."""
    from .daide import protocol

    host, base = host_port(settings.daide_listen, 16713)
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    if not ports:
        return [
            Finding("ok", f"DAIDE server {host}:{base}: no game is open to bots, no port to try")
        ]
    found = []
    for name, port in sorted(ports.items(), key=lambda x: x[1]):
        try:
            with socket.create_connection((host, port), timeout=5) as connection:
                connection.settimeout(5)
                connection.sendall(protocol.initial_message())
                header = _read_exactly(connection, 4)
                connection.sendall(protocol.final())
        except OSError as exc:
            found.append(
                Finding(
                    "FAIL",
                    f"DAIDE port {host}:{port} of game '{name}': {exc}",
                    "start `judge serve` with `daide_listen` set (the DAIDE server runs in "
                    "it), or correct `daide_listen`",
                )
            )
            continue
        if header[0] == protocol.Kind.RM:
            found.append(Finding("ok", f"DAIDE port {host}:{port} of game '{name}' answers"))
        else:
            found.append(
                Finding(
                    "FAIL",
                    f"DAIDE port {host}:{port} of game '{name}' answers the initial message "
                    f"with message type {header[0]}, not a representation message",
                    "another program has the port: stop it, or correct `daide_listen`",
                )
            )
    return found


def _read_exactly(connection: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            raise ConnectionResetError("closed before answering")
        data += chunk
    return data


def _relay(settings: Settings) -> list[Finding]:
    target = outbound.read(settings.outbound_target)
    if isinstance(target, Path):
        if target.is_dir() and os.access(target, os.W_OK):
            return [Finding("ok", f"outbound Maildir {target} writable (nothing is sent on)")]
        return [
            Finding(
                "FAIL",
                f"outbound Maildir {target} cannot be written",
                "create it, owned by the judge's user",
            )
        ]
    relay = relay_for(settings, target)
    relay.timeout = 10
    shown = target.shown()
    try:
        with relay.connect() as smtp:
            code, _ = smtp.noop()
    except RelayUnusable as exc:
        return [Finding("FAIL", f"relay {shown}: {exc}", exc.fix)]
    except (OSError, smtplib.SMTPException) as exc:
        return [
            Finding(
                "FAIL",
                f"relay {shown} does not answer: {exc}",
                "start the mail server (systemctl status postfix); replies wait in "
                "the outbox and are tried again",
            )
        ]
    if code != 250:
        return [Finding("FAIL", f"relay {shown} answers NOOP with {code}", "check the relay's log")]
    checked = "" if target.security == "plain" else ", its certificate verified"
    login = f", the login as {target.user} taken" if target.user else ""
    return [Finding("ok", f"relay {shown} answers{checked}{login}")]


def _disk(settings: Settings) -> list[Finding]:
    places = {settings.home}
    url = make_url(settings.database)
    if url.get_backend_name() == "sqlite" and url.database:
        places.add(Path(url.database).parent)
    found = []
    for place in sorted(places):
        try:
            usage = shutil.disk_usage(place)
        except OSError as exc:
            found.append(Finding("FAIL", f"disk: {place}: {exc}", "create the data directory"))
            continue
        share = usage.free / usage.total if usage.total else 0
        level = "FAIL" if usage.free < LOW_DISK else "warn" if share < 0.10 else "ok"
        found.append(
            Finding(
                level,
                f"disk: {usage.free / 2**30:.1f} GiB free ({share:.0%}) at {place}",
                ""
                if level == "ok"
                else "free space: old backups, logs; `VACUUM` an SQLite file (operations.md 6)",
            )
        )
    return found
