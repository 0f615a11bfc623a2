"""The store: the judge's tables, its database, and the queries the engine needs."""

from .db import Store
from .models import (
    Address,
    Base,
    Game,
    HistoryEvent,
    Inbound,
    OrderRecord,
    Outbox,
    Participant,
    PhaseRecord,
    PressRecord,
    User,
)

__all__ = [
    "Address",
    "Base",
    "Game",
    "HistoryEvent",
    "Inbound",
    "OrderRecord",
    "Outbox",
    "Participant",
    "PhaseRecord",
    "PressRecord",
    "Store",
    "User",
]
