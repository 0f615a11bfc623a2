"""What a judgekeeper scrapes: `/metrics` in Prometheus's text format, on `metrics_listen`
(off by default), served by `judge serve`'s listening process.

Every figure is read from the database at the scrape, not counted in memory: answering and
sending run in processes of their own and on several nodes, and the tables are where they
all meet. So each node shows the same figures, for the whole judge, and a node restarted
loses none. Rows are never deleted (old mail only loses its text), so the totals only grow;
a restore from a backup takes them back, which Prometheus reads as a counter reset.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from sqlalchemy import ColumnElement, case, func, select
from sqlalchemy.orm import Session

from .config import host_port
from .store.db import Store
from .store.models import Game, Inbound, Outbox, WebhookPost

log = logging.getLogger("judge.metrics")

# Seconds from a mail's arrival to its reply leaving.
BUCKETS = (0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 3600.0)


def _seconds_between(store: Store, early: ColumnElement, late: ColumnElement) -> ColumnElement:
    if store.is_sqlite:
        return (func.julianday(late) - func.julianday(early)) * 86400.0
    return func.extract("epoch", late - early)


def figures(store: Store, now: datetime) -> str:
    """The metrics as Prometheus's text format (version 0.0.4)."""
    started = time.monotonic()
    out: list[str] = []

    def metric(name: str, kind: str, text: str, samples: list[tuple[str, float]]) -> None:
        out.append(f"# HELP {name} {text}")
        out.append(f"# TYPE {name} {kind}")
        out.extend(f"{name}{labels} {value:g}" for labels, value in samples)

    with store.transaction(readonly=True) as session:
        inbound = _grouped(session, Inbound.via, Inbound.status)
        metric(
            "judge_mails_received_total",
            "counter",
            "Mails stored, by how they came and what became of them (pending, done, held, failed).",
            [(f'{{via="{via}",status="{status}"}}', n) for (via, status), n in inbound],
        )
        outbox = _grouped(session, Outbox.status)
        metric(
            "judge_mails_out_total",
            "counter",
            "Mails the judge has written, by status (pending, sent, failed: given up, "
            "withheld: to an address marked undeliverable).",
            [(f'{{status="{status}"}}', n) for (status,), n in outbox],
        )
        posts = _grouped(session, WebhookPost.status)
        metric(
            "judge_webhook_posts",
            "gauge",
            "Posts to games' webhooks kept (docs/operations.md 3i), by status (pending, sent, "
            "failed: refused or given up); old ones are pruned.",
            [(f'{{status="{status}"}}', n) for (status,), n in posts],
        )
        unanswered = _count(session, Inbound, Inbound.outcome.like("not answered%"))
        dropped = _count(session, Inbound, Inbound.outcome.like("dropped%"))
        metric(
            "judge_mails_set_aside_total",
            "counter",
            "Mails deliberately not answered: "
            "bounces, auto-replies, loops (not_answered) and mail over the rate limit "
            "(dropped).",
            [('{why="not_answered"}', unanswered), ('{why="dropped"}', dropped)],
        )
        metric(
            "judge_failures_total",
            "counter",
            "Mails that made the judge fail three times (inbound) and replies given up (outbox).",
            [
                ('{queue="inbound"}', _count(session, Inbound, Inbound.status == "failed")),
                ('{queue="outbox"}', _count(session, Outbox, Outbox.status == "failed")),
            ],
        )
        pending = Outbox.status == "pending"
        metric(
            "judge_queue_depth",
            "gauge",
            "Mails waiting: to be answered (inbound), to be "
            "sent now (outbox_due), waiting for a retry (outbox_retrying).",
            [
                ('{queue="inbound"}', _count(session, Inbound, Inbound.status == "pending")),
                (
                    '{queue="outbox_due"}',
                    _count(session, Outbox, pending, Outbox.next_attempt_at <= now),
                ),
                (
                    '{queue="outbox_retrying"}',
                    _count(session, Outbox, pending, Outbox.attempts > 0),
                ),
            ],
        )
        oldest = session.execute(
            select(func.min(Inbound.received_at)).where(Inbound.status == "pending")
        ).scalar_one()
        metric(
            "judge_oldest_pending_seconds",
            "gauge",
            "Age of the oldest mail not yet answered (0: none waits).",
            [("", max((now - oldest).total_seconds(), 0.0) if oldest else 0.0)],
        )
        out.extend(_latency(session, store))
        games = _grouped(session, Game.status)
        metric(
            "judge_games",
            "gauge",
            "Games by status (forming, active, paused, finished, ...).",
            [(f'{{status="{status}"}}', n) for (status,), n in games],
        )
        due = session.execute(
            select(func.min(Game.next_event_at), func.count()).where(Game.next_event_at <= now)
        ).one()
        metric(
            "judge_scheduler_lag_seconds",
            "gauge",
            "How long the most overdue game has "
            "waited for the tick (0: none is due). More than tick_seconds for long: the "
            "tick is stuck or a game keeps failing.",
            [("", max((now - due[0]).total_seconds(), 0.0) if due[0] else 0.0)],
        )
        metric("judge_games_due", "gauge", "Games whose moment has come.", [("", due[1])])
    metric(
        "judge_scrape_seconds",
        "gauge",
        "Time this scrape took to read the figures.",
        [("", time.monotonic() - started)],
    )
    return "\n".join(out) + "\n"


def _grouped(session: Session, *columns: ColumnElement) -> list[tuple[tuple, int]]:
    rows = session.execute(select(*columns, func.count()).group_by(*columns)).all()
    return sorted((tuple(row[:-1]), row[-1]) for row in rows)


def _count(session: Session, table: type, *where: ColumnElement) -> int:
    return session.execute(select(func.count()).select_from(table).where(*where)).scalar_one()


def _latency(session: Session, store: Store) -> list[str]:
    """The answer latency as a Prometheus histogram: every reply sent, from its mail's
    arrival to the moment it left."""
    seconds = _seconds_between(store, Inbound.received_at, Outbox.sent_at)
    columns = [func.sum(case((seconds <= bound, 1), else_=0)) for bound in BUCKETS]
    row = session.execute(
        select(func.count(), func.sum(seconds), *columns)
        .select_from(Outbox)
        .join(Inbound, Outbox.inbound_id == Inbound.id)
        .where(Outbox.status == "sent", Outbox.in_reply_to != "")
    ).one()
    count, total, *buckets = row
    name = "judge_answer_latency_seconds"
    lines = [
        f"# HELP {name} From a mail's arrival to its reply leaving, for every reply sent.",
        f"# TYPE {name} histogram",
    ]
    lines += [
        f'{name}_bucket{{le="{b:g}"}} {n or 0}' for b, n in zip(BUCKETS, buckets, strict=True)
    ]
    lines += [
        f'{name}_bucket{{le="+Inf"}} {count}',
        f"{name}_sum {float(total or 0):g}",
        f"{name}_count {count}",
    ]
    return lines


class MetricsServer:
    """`/metrics` over HTTP on a thread of its own; anything else is 404."""

    def __init__(self, where: str, store: Store, now: Callable[[], datetime]) -> None:
        host, port = host_port(where, 9464)

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path.split("?")[0] != "/metrics":
                    self.send_error(404, "only /metrics here")
                    return
                try:
                    body = figures(store, now()).encode()
                except Exception:
                    log.exception("metrics could not be read")
                    self.send_error(503, "the database cannot be read")
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                log.debug("metrics: " + format, *args)

        self.server = ThreadingHTTPServer((host, port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name="metrics")
        self.thread.daemon = True

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
