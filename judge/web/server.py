"""The web window served on `web_listen` by uvicorn, on a thread of the judge's process
(its own event loop), stopped with the judge."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime

import uvicorn

from ..config import Settings, host_port
from ..store.db import Store
from .app import make_app

log = logging.getLogger("judge.web")


class WebServer:
    def __init__(self, settings: Settings, store: Store, now: Callable[[], datetime]) -> None:
        host, port = host_port(settings.web_listen, 8080)
        config = uvicorn.Config(
            make_app(settings, store, now), host=host, port=port, log_level="warning",
            access_log=False, lifespan="off", server_header=False,
        )  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, name="web", daemon=True)

    def _run(self) -> None:
        asyncio.run(self.server.serve())

    def start(self, timeout: float = 10.0) -> None:
        """Serve, and return once the port takes connections (or raise)."""
        self.thread.start()
        waited = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive():
                raise OSError(f"the web window could not listen on {self.where}")
            if time.monotonic() > waited:
                raise OSError(f"the web window did not start on {self.where}")
            time.sleep(0.01)

    @property
    def where(self) -> str:
        return f"{self.server.config.host}:{self.server.config.port}"

    @property
    def port(self) -> int:
        for server in self.server.servers:
            for sock in server.sockets:
                return int(sock.getsockname()[1])
        return int(self.server.config.port)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
