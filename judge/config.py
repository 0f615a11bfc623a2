"""One settings object for the whole judge: a TOML file, then JUDGE_* environment variables.

The file is `$JUDGE_CONFIG`, else `$JUDGE_HOME/judge.toml` if it exists. Every key can be
overridden by the environment variable of the same name in upper case with `JUDGE_` before
it (`database_url` -> `JUDGE_DATABASE_URL`). Defaults run a judge on this machine alone.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo


@dataclass(frozen=True)
class Settings:
    home: Path = Path("data")
    database_url: str = ""  # default: sqlite file in home
    listen: str = "127.0.0.1:2525"  # SMTP, host:port
    lmtp: str = ""  # LMTP, host:port; empty: none
    outbound: str = ""  # maildir:PATH or smtp://host:port; default: a Maildir in home
    code: str = "USXX"  # the judge's four-letter code, in every subject
    address: str = "judge@localhost"
    keeper: str = "judgekeeper@localhost"  # the judgekeeper, told of trouble
    name: str = "Diplomacy Judge"
    max_message: int = 1_000_000  # bytes; larger mail is refused at SMTP time
    rate_limit: int = 60  # mails from one sender per rate window before they are held
    rate_window: int = 3600  # seconds
    whois: bool = False  # GET WHOIS: the whole registration list, off by default
    workers: int = 1  # threads that process mail (per process)
    tick_seconds: float = 5.0
    poll_seconds: float = 0.2  # how often workers look for mail when not woken
    log_level: str = "INFO"
    timezone: str = "UTC"  # the judge's zone (IANA name): how times are shown
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def database(self) -> str:
        return self.database_url or f"sqlite:///{self.home / 'judge.db'}"

    @property
    def outbound_target(self) -> str:
        return self.outbound or f"maildir:{self.home / 'mail'}"

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def domain(self) -> str:
        return self.address.rsplit("@", 1)[-1]


def _convert(name: str, value: Any) -> Any:
    kind = {f.name: f.type for f in fields(Settings)}[name]
    if kind in ("Path", Path):
        return Path(str(value))
    if kind in ("int", int):
        return int(value)
    if kind in ("float", float):
        return float(value)
    if kind in ("bool", bool):
        return (
            value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes", "on")
        )
    return str(value)


def load(environ: dict[str, str] | None = None, **overrides: Any) -> Settings:
    """The settings: defaults, then the TOML file, then the environment, then `overrides`."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    home = Path(env.get("JUDGE_HOME", "data"))
    path = Path(env["JUDGE_CONFIG"]) if env.get("JUDGE_CONFIG") else home / "judge.toml"
    known = {f.name for f in fields(Settings)} - {"extra"}
    extra: dict[str, Any] = {}
    if path.is_file():
        with path.open("rb") as f:
            data = tomllib.load(f)
        for key, value in data.get("judge", data).items():
            if key in known:
                values[key] = _convert(key, value)
            else:
                extra[key] = value
    for key in known:
        name = f"JUDGE_{key.upper()}"
        if name in env:
            values[key] = _convert(key, env[name])
    for key, value in overrides.items():
        values[key] = _convert(key, value) if key in known else value
    values.setdefault("home", home)
    return Settings(**values, extra=extra)
