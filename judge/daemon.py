"""`judge serve`: the listeners, the workers, the sender and the scheduler in one process.

Mail comes in through SMTP (and LMTP, if configured); each is committed to the inbound
table before the 250. Answering processes (`processes`, each with `workers` threads) answer
the inbound queue; a sender thread delivers the outbox; the scheduler ticks. Answering runs
in processes of its own so that it does not share one interpreter lock with the listener:
on two cores the judge then answers nearly as fast as it can store. With `processes = 0`
the threads answer in the listening process instead. Several `judge serve` may share one
PostgreSQL database: the queues are claimed with SKIP LOCKED, so each mail is answered by
exactly one of them.

SIGTERM or SIGINT: the listeners close first (no 250 is given after that), each worker
finishes the mail in hand, the sender the delivery in hand, the tick the game in hand, and
the process exits 0; what is still at work `shutdown_seconds` after the signal is cut off
(shutdown.py), to be done again after the restart. An answering process whose parent dies
(SIGKILL) stops the same way; one that dies is started again.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable
from datetime import datetime
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

from aiosmtpd.controller import Controller
from apscheduler.schedulers.background import BackgroundScheduler

from parser import parse_mail

from . import outbound
from .clock import Clock, SystemClock
from .config import Settings, host_port
from .doorbell import Doorbell
from .engine.tick import tick
from .listener_limits import Limits
from .listeners import InboundHandler, Listener, can_bind
from .logs import configure_logging
from .mailin.queue import Intake, answer_pending, has_pending
from .mailout.sender import has_due, send_pending, transport
from .mailout.signing import signer_for
from .metrics import MetricsServer
from .sdnotify import Notifier
from .shutdown import Deadline, end_processes, join_threads, wait_for
from .store import migrate
from .store.db import Store
from .watch import Watcher
from .webhooks.delivery import post_loop

log = logging.getLogger("judge.daemon")

# The watcher (watch.py) looks for work every poll_seconds and rings; a loop not rung for
# this long looks for itself all the same.
IDLE_SECONDS = 60.0


class Signal(Protocol):
    """A threading.Event, or a multiprocessing one when answering runs in processes."""

    def set(self) -> None: ...
    def clear(self) -> None: ...
    def is_set(self) -> bool: ...
    def wait(self, timeout: float | None = None) -> bool: ...


def answer_loop(
    store: Store,
    settings: Settings,
    now: Callable[[], datetime],
    stopping: Signal,
    mail_waiting: Signal,
    outbox_waiting: Signal,
) -> None:
    """One answering thread: answer what is pending, then sleep until mail arrives (rung
    by the listener, or by the watcher for mail stored elsewhere), until told to stop."""
    # SQLite: a look first, which takes no lock; PostgreSQL: claiming nothing costs no more
    look = store.is_sqlite
    busy = False  # after a batch, look again at once
    while True:
        mail_waiting.clear()
        # Looked at after the clear: a stop rung just before it is not slept through.
        if stopping.is_set():
            return
        try:
            answered = []
            if busy or not look or has_pending(store):
                answered = answer_pending(store, settings, now, stopping=stopping.is_set)
        except Exception:
            log.exception("the inbound queue cannot be read; trying again shortly")
            stopping.wait(5)
            continue
        busy = bool(answered)
        if answered:
            outbox_waiting.set()
        else:
            mail_waiting.wait(IDLE_SECONDS)


def send_loop(
    store: Store,
    settings: Settings,
    now: Callable[[], datetime],
    stopping: Signal,
    outbox_waiting: Signal,
) -> None:
    """The sender: deliver what is due, then sleep until an answer is written (rung by a
    worker or the tick, or by the watcher for retries and answers written elsewhere),
    until told to stop."""
    sink = transport(settings)
    look = store.is_sqlite  # as answer_loop's
    while True:
        outbox_waiting.clear()
        try:
            if not look or has_due(store, now()):
                send_pending(store, settings, now(), sink, stopping=stopping.is_set)
        except Exception:
            log.exception("the outbox cannot be read; trying again shortly")
            stopping.wait(5)
        if stopping.is_set():
            return
        outbox_waiting.wait(IDLE_SECONDS)


def child_process(
    settings: Settings, role: str, mail_waiting: Signal, outbox_waiting: Signal
) -> None:
    """The body of a process `judge serve` starts. Role "answer": `workers` threads of
    `answer_loop`. Role "send": the sender, one for the whole judge process (more would
    only share the claims of mailout/claims.py; one connection to the relay is enough).

    It stops on SIGTERM (the judge's `stop()`; systemd signals the whole group), on
    SIGINT (a terminal's ^C), and when its parent is gone: a judge killed outright leaves
    no process behind it. Its loops stop after the mail or delivery in hand; one still at
    work `shutdown_seconds` later is cut off, as its parent would kill it.
    """
    configure_logging(settings)
    if role == "answer":
        parse_mail("", SystemClock().now())  # build the grammars before the first mail
    told = threading.Event()

    def _stop(*_: object) -> None:
        told.set()
        (mail_waiting if role == "answer" else outbox_waiting).set()  # wake our loops

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    parent = multiprocessing.parent_process()

    def _orphaned() -> None:
        if parent is not None:
            multiprocessing.connection.wait([parent.sentinel])
            log.warning("the judge that started this process is gone; stopping")
            _stop()

    threading.Thread(target=_orphaned, name="parent-watch", daemon=True).start()

    now = SystemClock().now
    store = Store(settings.database, settings.workers + 1, lock_timeout=settings.write_lock_timeout)
    if role == "send":
        sender = (store, settings, now, told, outbox_waiting)
        threads = [threading.Thread(target=send_loop, args=sender, name="sender")]
    else:
        threads = [
            threading.Thread(
                target=answer_loop,
                args=(store, settings, now, told, mail_waiting, outbox_waiting),
                name=f"worker-{n + 1}",
            )
            for n in range(max(settings.workers, 1))
        ]
    for thread in threads:
        thread.start()
    if not wait_for(threads, told, settings.shutdown_seconds):
        log.warning(
            "%s process still at work %g s after the stop: cut off; its work in hand is "
            "done again after the restart", role, settings.shutdown_seconds,
        )  # fmt: skip
        logging.shutdown()
        os._exit(0)  # the threads at work would hold up the interpreter's exit
    store.dispose()


class Judge:
    """One judge process; `start()` and `stop()` for tests, `run()` for `judge serve`."""

    def __init__(self, settings: Settings, clock: Clock | None = None) -> None:
        self.settings = settings
        self.clock = clock or SystemClock()
        # Answering runs in processes of its own only on the system clock: a clock a
        # test injects lives in this process.
        self.processes = settings.processes if isinstance(self.clock, SystemClock) else 0
        threads = 0 if self.processes else settings.workers
        # Workers, the sender, the tick, the listeners' stores, the watcher and the webhooks'
        # poster may each hold one.
        self.store = Store(settings.database, threads + 6, lock_timeout=settings.write_lock_timeout)
        self.context = multiprocessing.get_context("forkserver") if self.processes else None
        self.stopping = threading.Event()
        self.mail_waiting: Signal = threading.Event()
        self.outbox_waiting: Signal = threading.Event()
        self.controllers: list[Controller] = []
        self.threads: list[threading.Thread] = []
        self.children: list[BaseProcess] = []
        self.roles: list[str] = []
        self.scheduler: BackgroundScheduler | None = None
        self.intake: Intake | None = None
        self.ticking = threading.Lock()  # held while a tick runs
        self.metrics: MetricsServer | None = None
        self.web: Any = None  # the web window (judge/web/server.py), if web_listen
        self.watcher: Watcher | None = None
        self.daide: Any = None  # the DAIDE server (judge/daide/), when daide_listen is set

    # -- starting and stopping -----------------------------------------------------------

    def start(self) -> None:
        signer_for(self.settings)  # a DKIM key that cannot sign stops the judge here, said
        migrate.require_head(self.store)
        for address, default_port in ((self.settings.listen, 2525), (self.settings.lmtp, 2424)):
            if address:
                can_bind(*host_port(address, default_port))
        if not self.processes:  # else the answering processes build them, each for itself
            parse_mail("", self.clock.now())  # build the grammars now, not for the first mail
        kwargs: dict[str, Any] = {
            "data_size_limit": self.settings.max_message,
            "server_hostname": self.settings.domain,
            "ident": f"{self.settings.name} {self.settings.code}",
        }
        if self.context is not None:
            # The loops to wake are in other processes: doorbells, not events.
            self.mail_waiting, self.outbox_waiting = Doorbell(), Doorbell()
            # Answering processes fork from a server that has the judge imported already.
            self.context.set_forkserver_preload(["judge.daemon"])
            self.roles = ["send"] + ["answer"] * self.processes
            self.children = [self._child(role) for role in self.roles]
            self._thread("supervisor", self._supervise)
        else:
            for n in range(max(self.settings.workers, 1)):
                self._thread(f"worker-{n + 1}", self._work)
            self._thread("sender", self._send)
        # Webhook posts from this process alone, in a loop of their own: never the mail's.
        self._thread("webhooks", self._post)
        # The door opens last, when there is someone to answer.
        try:
            if self.settings.listen:
                host, port = host_port(self.settings.listen, 2525)
                self._listen(host, port, "smtp", kwargs)
            if self.settings.lmtp:
                host, port = host_port(self.settings.lmtp, 2424)
                self._listen(host, port, "lmtp", kwargs)
            if self.settings.metrics_listen:
                self.metrics = MetricsServer(
                    self.settings.metrics_listen, self.store, self.clock.now
                )
                self.metrics.start()
            if self.settings.web_listen:
                from .web.server import WebServer  # Starlette and uvicorn only when served

                self.web = WebServer(self.settings, self.store, self.clock.now)
                self.web.start()
            if self.settings.daide_listen:
                from .daide.server import DaideServer

                self.daide = DaideServer(
                    self.store, self.settings, self.clock.now, self.outbox_waiting.set
                )
                self.daide.start()
        except BaseException:
            self.stop()
            raise
        self.watcher = Watcher(
            self.store, self.clock.now, self.settings.poll_seconds, self.mail_waiting,
            self.outbox_waiting,
        )  # fmt: skip
        self.watcher.start()
        self.scheduler = BackgroundScheduler(timezone="UTC")
        self.scheduler.add_job(
            self._tick, "interval", seconds=self.settings.tick_seconds, max_instances=1,
            coalesce=True,
        )  # fmt: skip
        self.scheduler.start()
        log.info(
            "judge %s <%s> listening on %s; database %s; outbound %s",
            self.settings.code,
            self.settings.address,
            " and ".join(
                f"{kind} {where}"
                for kind, where in (
                    ("SMTP", self.settings.listen),
                    ("LMTP", self.settings.lmtp),
                    ("metrics", self.settings.metrics_listen),
                    ("the web window", self.settings.web_listen),
                    ("DAIDE", self.settings.daide_listen),
                )
                if where
            ),
            self.store.display_url,
            outbound.shown(self.settings.outbound_target),  # never the relay's password
        )

    def _listen(self, host: str, port: int, via: str, kwargs: dict[str, Any]) -> None:
        if self.intake is None:
            self.intake = Intake(self.store, self.clock)
        handler = InboundHandler(self.intake, via, self.mail_waiting.set, self.settings)
        controller = Listener(
            handler,
            lmtp=via == "lmtp",
            limits=Limits.of(self.settings),
            hostname=host,
            port=port,
            **kwargs,
        )
        controller.start()
        self.controllers.append(controller)

    def _child(self, role: str) -> BaseProcess:
        assert self.context is not None
        child = self.context.Process(
            target=child_process,
            args=(self.settings, role, self.mail_waiting, self.outbox_waiting),
            name=f"judge-{role}",
        )
        child.start()
        return child

    def _supervise(self) -> None:
        """A child that dies (the OOM killer, a crash in a C library) is started again;
        its mail in hand was rolled back and is answered anew. One that exits 0 was told
        to stop (SIGTERM reaches the whole group) and is left alone."""
        while not self.stopping.wait(1):
            for n, child in enumerate(self.children):
                if child.exitcode not in (None, 0) and not self.stopping.is_set():
                    log.error(
                        "%s process %s exited %s; starting another", self.roles[n],
                        child.pid, child.exitcode,
                    )  # fmt: skip
                    self.children[n] = self._child(self.roles[n])

    def _thread(self, name: str, target: Callable[[], None]) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self.threads.append(thread)

    def stop(self) -> bool:
        """Close the doors, then let the work in hand finish for `shutdown_seconds` at
        most; whether all of it did. What did not is cut off (shutdown.py): the processes
        are killed, and threads are left to the process's exit (`run()` exits at once)."""
        deadline = Deadline(self.settings.shutdown_seconds)
        for controller in self.controllers:
            controller.stop()
        self.controllers.clear()
        self.stopping.set()
        for child in self.children:
            child.terminate()  # SIGTERM: they wind down meanwhile, each by the same bound
        self.mail_waiting.set()
        self.outbox_waiting.set()
        if self.metrics is not None:
            self.metrics.stop()
            self.metrics = None
        if self.web is not None:
            self.web.stop()
            self.web = None
        if self.daide is not None:
            self.daide.stop()
            self.daide = None
        for part in (self.intake, self.watcher):
            if part is not None:
                part.stop(deadline.left())
        self.intake = self.watcher = None
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=False)  # the tick in hand is waited for below
            self.scheduler = None
        cut = [] if _waited(self.ticking, deadline) else ["the tick"]
        cut += join_threads(self.threads, deadline) + end_processes(self.children, deadline)
        self.threads.clear()
        self.children.clear()
        self.roles.clear()
        if cut:
            log.warning(
                "judge %s stopped; still at work after %g s and cut off: %s (their work in "
                "hand is done again after the restart)", self.settings.code,
                self.settings.shutdown_seconds, ", ".join(cut),
            )  # fmt: skip
            return False
        for bell in (self.mail_waiting, self.outbox_waiting):
            if isinstance(bell, Doorbell):
                bell.close()
        self.store.dispose()
        log.info("judge %s stopped", self.settings.code)
        return True

    def alive(self) -> bool:
        """Whether every worker lives (the answering and sending processes and their
        supervisor, or the threads; and the intake, which stores mail before its 250): what
        systemd's watchdog is pinged for. A process that died is started again within a
        second; one that is not leaves the judge unwell."""
        if self.stopping.is_set():
            return False
        threads = [*self.threads, *([self.intake.thread] if self.intake else [])]
        alive = all(thread.is_alive() for thread in threads)
        return alive and all(child.exitcode is None for child in self.children)

    def run(self) -> None:
        """Serve until SIGTERM or SIGINT; under systemd, say READY=1 once the listeners are
        open and the workers started, keep its watchdog pinged while they live, and say
        STOPPING=1 as the stop begins (sdnotify.py)."""
        done = threading.Event()
        notifier = Notifier()

        def _signal(signum: int, _frame: Any) -> None:
            log.info("signal %s: stopping", signal.Signals(signum).name)
            done.set()

        signal.signal(signal.SIGTERM, _signal)
        signal.signal(signal.SIGINT, _signal)
        try:
            self.start()
        except Exception:
            # A stop asked for during start-up reaches the fork server too (systemd signals
            # the whole group), whose death then breaks the start: that is the stop, said
            # in one line, not a crash's traceback.
            if not done.is_set():
                raise
            log.info("stopped while starting")
            self.stop()
            return
        try:
            notifier.ready()
            notifier.watch(self.alive)
            while not done.wait(1):
                pass
        finally:
            notifier.stopping()
            if not self.stop():
                logging.shutdown()
                os._exit(0)  # threads still at work would hold up the interpreter's exit

    # -- the threads ---------------------------------------------------------------------

    def _work(self) -> None:
        answer_loop(
            self.store, self.settings, self.clock.now, self.stopping, self.mail_waiting,
            self.outbox_waiting,
        )  # fmt: skip

    def _send(self) -> None:
        send_loop(self.store, self.settings, self.clock.now, self.stopping, self.outbox_waiting)

    def _post(self) -> None:
        post_loop(self.store, self.settings, self.clock.now, self.stopping)

    def _tick(self) -> None:
        with self.ticking:
            if self.stopping.is_set():
                return
            try:
                report = tick(
                    self.store, self.clock.now(), self.settings.keep_days, self.settings,
                    self.clock.now, self.stopping.is_set,
                )  # fmt: skip
            except Exception:
                log.exception("tick failed")
                return
        if report.released:
            self.mail_waiting.set()
        if report.processed:
            self.outbox_waiting.set()


def _waited(lock: threading.Lock, deadline: Deadline) -> bool:
    """Whether `lock` (the tick's) was free, or freed before the deadline."""
    if not lock.acquire(timeout=deadline.left()):
        return False
    lock.release()
    return True
