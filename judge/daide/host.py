"""What a game's table (room.py) needs of the DAIDE server that holds it (server.py): the
database thread, the clock, the judge's settings, and a nudge to look for changes. A protocol,
so that the table does not import the server that imports it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from ..config import Settings


class Host(Protocol):
    settings: Settings

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any: ...

    def now(self) -> datetime: ...

    def wake(self) -> None: ...
