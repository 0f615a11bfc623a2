"""The DAIDE server: one asyncio loop in a thread of `judge serve`, a TCP port for each game
open to DAIDE bots (SET DAIDE), and the message syntax's server side over the judge's
games.

The judge's state is its database: the server reads and writes it through play.py, in one
thread of its own (SQLite's writes are one at a time anyway), and looks every
`poll_seconds` for what others changed: a phase processed (by a mail, the clock or a bot's
orders) is sent to the game's bots as ORD, SCO and NOW; press to a bot's power as FRM; the
game's end as SLO or DRW, SMR and OFF. So a bot sees what a player by mail sees, when he
sees it, whichever process of the judge did the work.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from typing import Any

from ..config import Settings, host_port
from ..store.db import Store
from . import play
from .handlers import handle
from .room import Room

log = logging.getLogger("judge.daide")


class DaideServer:
    """The server's loop, in a thread of its own: start() and stop() from the judge."""

    def __init__(
        self, store: Store, settings: Settings, now: Callable[[], datetime],
        wake: Callable[[], None] = lambda: None,
    ) -> None:  # fmt: skip
        self.store = store
        self.settings = settings
        self.now = now
        self.wake = wake
        self.host, _ = host_port(settings.daide_listen, 16713)
        self.rooms: dict[int, Room] = {}
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="daide-db")
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.stopping: asyncio.Event | None = None
        self.ready = threading.Event()

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        assert self.loop is not None
        return await self.loop.run_in_executor(self.pool, partial(fn, self.store, *args))

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="daide", daemon=True)
        self.thread.start()
        self.ready.wait(10)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.close()

    async def _main(self) -> None:
        self.stopping = asyncio.Event()
        self.ready.set()
        every = max(self.settings.poll_seconds, 0.05)
        while not self.stopping.is_set():
            try:
                await self._look()
            except Exception:
                log.exception("DAIDE: the games could not be looked at")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), every)
        for room in list(self.rooms.values()):
            await room.close()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    async def _look(self) -> None:
        open_ = await self.db(play.open_games)
        for game_id, room in list(self.rooms.items()):  # the games over first: their ports
            if open_.get(game_id) != room.port:
                await room.poll()
                await room.close()
                del self.rooms[game_id]
        for game_id, port in open_.items():
            if game_id not in self.rooms:
                room = Room(self, game_id, port, handle)
                try:
                    await room.start(self.host)
                except OSError as problem:
                    log.error("DAIDE: port %s for game %s: %s", port, game_id, problem)
                    continue
                self.rooms[game_id] = room
        for room in list(self.rooms.values()):
            await room.poll()

    def stop(self) -> None:
        if self.loop is not None and self.stopping is not None:
            self.loop.call_soon_threadsafe(self.stopping.set)
        if self.thread is not None:
            self.thread.join(5)
        self.pool.shutdown(wait=False)
