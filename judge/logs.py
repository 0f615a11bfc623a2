"""Where the judge's log goes: one configuration for `judge` commands and for the
answering processes `judge serve` starts, so that their lines land in the same places."""

from __future__ import annotations

import logging
import sys

from .config import Settings


def configure_logging(settings: Settings) -> None:
    """Log to stderr, and to `log_file` too when one is set."""
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if settings.log_file:
        handlers.append(logging.FileHandler(settings.log_file, encoding="utf-8"))
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(process)d %(name)s: %(message)s",
        handlers=handlers,
    )
    for noisy in ("alembic", "mail.log", "apscheduler"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
