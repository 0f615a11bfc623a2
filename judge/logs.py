"""Where the judge's log goes: one configuration for `judge` commands and for the
answering processes `judge serve` starts, so that their lines land in the same places."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

from .config import Settings


class JsonLines(logging.Formatter):
    """One JSON object a line (`log_format = "json"`), for a collector that reads fields
    rather than text: time (UTC, ISO 8601), level, process, logger, message, and the
    traceback as `exception` when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "process": record.process,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure_logging(settings: Settings) -> None:
    """Log to stderr, and to `log_file` too when one is set."""
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if settings.log_file:
        handlers.append(logging.FileHandler(settings.log_file, encoding="utf-8"))
    if settings.log_format == "json":
        for handler in handlers:
            handler.setFormatter(JsonLines())
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(process)d %(name)s: %(message)s",
        handlers=handlers,
    )
    for noisy in ("alembic", "mail.log", "apscheduler"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
