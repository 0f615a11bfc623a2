"""One settings object for the whole judge: a TOML file, then JUDGE_* environment variables.

The file is `$JUDGE_CONFIG`, else `$JUDGE_HOME/judge.toml` if it exists. Every key can be
overridden by the environment variable of the same name in upper case with `JUDGE_` before
it (`database_url` -> `JUDGE_DATABASE_URL`). Defaults run a judge on this machine alone.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from . import outbound


@dataclass(frozen=True)
class Settings:
    home: Path = Path("data")
    database_url: str = ""  # default: sqlite file in home
    listen: str = "127.0.0.1:2525"  # SMTP, host:port; empty: none (LMTP or pipe only)
    lmtp: str = ""  # LMTP, host:port; empty: none
    # maildir:PATH, smtp://host:port, smtp+starttls://USER:PASSWORD@HOST:PORT or
    # smtps://USER:PASSWORD@HOST:PORT (outbound.py); default: a Maildir in home. Out of the
    # repr, as the password it may hold.
    outbound: str = field(default="", repr=False)
    # The relay login's password, when not in the URL: read from this file (a systemd
    # credential, a secret mounted in a container) or given as JUDGE_RELAY_PASSWORD.
    relay_password_file: str = ""
    relay_password: str = field(default="", repr=False)
    # The CA certificates (PEM) a relay's certificate is checked against; empty: the
    # system's store.
    relay_ca_file: str = ""
    # DKIM (RFC 6376): the selector under which the key of dkim_key_file is published,
    # SELECTOR._domainkey.DOMAIN, DOMAIN being the address's. Both empty: mail unsigned.
    dkim_selector: str = ""
    dkim_key_file: str = ""
    # The authserv-id of the Authentication-Results headers the judgekeeper's own mail
    # server adds (RFC 8601; OpenDMARC's AuthservID): a mail whose From domain failed DMARC
    # there may not change a registration (engine/accounts/authenticity.py). Empty: those
    # headers are not read.
    authserv_id: str = ""
    code: str = "USXX"  # the judge's four-letter code, in every subject
    address: str = "judge@localhost"
    # Other addresses mail to the judge may come to (comma-separated): RCPT TO takes these
    # and `address`, and refuses any other (mailin/recipients.py).
    aliases: str = ""
    keeper: str = "judgekeeper@localhost"  # the judgekeeper, told of trouble
    name: str = "Diplomacy Judge"
    max_message: int = 1_000_000  # bytes; larger mail is refused at SMTP time
    # What one sender may cost the SMTP and LMTP listeners (operations.md 8f): connections
    # open on each listener, and from one host (the local_relays have no cap of their
    # own); recipients of one mail; seconds for a command to come after the last reply,
    # and for a whole message (DATA) to be sent.
    smtp_connections: int = 100
    smtp_host_connections: int = 10
    smtp_recipients: int = 100
    smtp_command_seconds: float = 60.0
    smtp_data_seconds: float = 300.0
    rate_limit: int = 60  # mails from one sender per rate window; more are dropped
    host_rate_limit: int = 600  # mails from one connecting host per rate window
    # Hosts that hand on everyone's mail (a relay on this machine): not counted as a host.
    local_relays: str = "127.0.0.1, ::1"
    rate_window: int = 3600  # seconds
    # SQLite: how long a writer waits for the write lock before giving up (451, exit 75)
    write_lock_timeout: float = 30.0
    # Replies (not game notices) to one address in 24 hours; the last one says so, and
    # later mail from that address is logged and not answered (a loop with a responder).
    replies_per_day: int = 100
    # Permanent failures (bounces read at the VERP address of each mail) after which an
    # address is marked undeliverable: nothing more is sent to it until mail comes from it.
    bounce_limit: int = 3
    # What one mail may make the judge send (docs/operations.md 8b): MAPs answered with
    # pictures, the size of its reply (and of the one mail of the files it asks for), the
    # size of all else it sends (files, press, notices), and how many of its lines the
    # judge could not read are echoed.
    files_per_mail: int = 20
    reply_bytes: int = 300_000
    mail_output_bytes: int = 2_000_000
    echoed_errors: int = 50
    whois: bool = False  # GET WHOIS: the whole registration list, off by default
    # Processes that answer mail beside the one that listens; 0: the listening process
    # answers too. Each runs `workers` threads.
    processes: int = 1
    workers: int = 1  # threads that answer mail, in each answering process
    tick_seconds: float = 5.0
    poll_seconds: float = 0.2  # how often workers look for mail when not woken
    # The first wait before a reply the relay did not take is tried again; it doubles at
    # each failure, up to an hour. A relay on this host restarted comes back in seconds.
    retry_seconds: float = 30.0
    # On SIGTERM or SIGINT the work in hand may finish for this long; what is still running
    # then is cut off (and done again after the restart). Keep it under systemd's
    # TimeoutStopSec.
    shutdown_seconds: float = 10.0
    log_level: str = "INFO"
    log_file: str = ""  # also log here (pipe mode has no terminal); empty: stderr only
    log_format: str = "text"  # or "json": one JSON object a line, for a log collector
    # Prometheus's /metrics on host:port (operations.md 7); empty: not served
    metrics_listen: str = ""
    # The web window (docs/web.md): read-only pages of the judge's games on host:port;
    # empty: not served. `web_url`: the address players reach it at, for the links the
    # judge mails (GET LINK); empty: http://web_listen.
    web_listen: str = ""
    web_url: str = ""
    # DAIDE bots over TCP (docs/daide.md): the first game's port on host:port; each game
    # opened to DAIDE (SET DAIDE) takes the next free one of `daide_ports`. Empty: no DAIDE.
    daide_listen: str = ""
    daide_ports: int = 50
    keep_days: int = 60  # raw mail and sent mail bodies are kept this long, then blanked
    timezone: str = "UTC"  # the judge's zone (IANA name): how times are shown
    # Grey and fake press go out at a random moment within this many seconds, so that
    # neither their timing nor their order beside the sender's other mail betrays him.
    press_scatter: float = 90.0
    create_as_master: bool = False  # the creator of a game becomes its master (manual 8.1)
    # Missed deadlines each power of a game may have excused (SET EXCUSES, the master's for
    # his game): the phase waits another deadline period instead (docs/operations.md).
    excuses: int = 0
    # The board's pictures (SVG and PNG) on every results mail and on MAP's answer.
    pictures: bool = True
    # Accounts and passwords (operations.md 8d).
    password_min: int = 4  # characters of a new game password (old ones still work)
    # scrypt's cost for new password hashes, as log2 N (10-15): 14 is about 15 ms a check;
    # each hash keeps its own cost, so changing it never locks anyone out.
    password_cost: int = 14
    sign_on_failures: int = 5  # wrong passwords for one place in sign_on_window: locked
    sign_on_judge_failures: int = 200  # wrong passwords on the whole judge in the window
    sign_on_window: int = 3600  # seconds
    link_days: int = 3  # an I AM ALSO confirmation is good this many days
    link_pending: int = 3  # I AM ALSO requests waiting on one registration at a time
    # Webhooks (SET WEBHOOK, operations.md "Webhooks"): the hosts a master's webhook may
    # post to (comma-separated names; `*.example.org` for its subdomains); empty: no
    # webhooks on this judge. A host's addresses must be public ones unless
    # webhook_allow_private (a test's local server, a judge inside a private network).
    webhook_hosts: str = ""
    webhook_allow_private: bool = False
    webhook_timeout: float = 10.0  # seconds for one post: connecting, sending, the answer
    # The first wait before a failed post is tried again; it doubles at each failure, up to
    # an hour, for webhook_attempts tries in all.
    webhook_retry_seconds: float = 30.0
    webhook_attempts: int = 12
    extra: dict[str, Any] = field(default_factory=dict)  # keys we do not know (warned)

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
    def relays(self) -> frozenset[str]:
        return frozenset(h.strip() for h in self.local_relays.split(",") if h.strip())

    @property
    def webhook_host_list(self) -> tuple[str, ...]:
        hosts = (h.strip().lower().rstrip(".") for h in self.webhook_hosts.split(","))
        return tuple(h for h in hosts if h)

    @property
    def domain(self) -> str:
        return self.address.rsplit("@", 1)[-1]


# The most excuses a game may give each power (SET EXCUSES, and the judge's default).
MAX_EXCUSES = 10


class SettingsError(ValueError):
    """A setting that cannot work; the message names it and says what it must be."""


_CODE = re.compile(r"^[A-Z0-9]{4}$")
_ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+$")
_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def validate(settings: Settings) -> Settings:
    """Refuse settings that would only fail later, and far from their cause."""
    problems = []
    if not _CODE.match(settings.code):
        problems.append(f"code {settings.code!r} must be four capital letters or digits (USXX)")
    for key in ("address", "keeper"):
        if not _ADDRESS.match(getattr(settings, key)):
            problems.append(f"{key} {getattr(settings, key)!r} is not a mail address")
    for alias in settings.aliases.split(","):
        if alias.strip() and not _ADDRESS.match(alias.strip()):
            problems.append(f"aliases: {alias.strip()!r} is not a mail address")
    if settings.log_level.upper() not in _LEVELS:
        problems.append(f"log_level {settings.log_level!r} must be one of {', '.join(_LEVELS)}")
    try:
        ZoneInfo(settings.timezone)
    except (ValueError, KeyError, OSError):
        problems.append(f"timezone {settings.timezone!r} is not a time zone name (Europe/Paris)")
    problems += _outbound_problems(settings)
    problems += _dkim_problems(settings)
    if settings.authserv_id and not _AUTHSERV_ID.match(settings.authserv_id):
        problems.append(
            f"authserv_id {settings.authserv_id!r} must be one word, as the mail server "
            "writes it first in its Authentication-Results headers (mx.example.org)"
        )
    if settings.log_format not in ("text", "json"):
        problems.append(f"log_format {settings.log_format!r} must be text or json")
    for key, default in (
        ("listen", 2525),
        ("lmtp", 2424),
        ("metrics_listen", 9464),
        ("web_listen", 8080),
        ("daide_listen", 16713),
    ):
        value = getattr(settings, key)
        try:
            if value:
                host_port(value, default)
        except ValueError:
            problems.append(f"{key} {value!r} must be host:port")
    if not settings.listen and not settings.lmtp:
        problems.append("listen and lmtp are both empty: the judge would hear no mail")
    for key in (
        "max_message", "rate_limit", "host_rate_limit", "rate_window", "workers", "keep_days",
        "password_min", "sign_on_failures", "sign_on_judge_failures", "sign_on_window",
        "link_days", "link_pending", "replies_per_day", "files_per_mail", "reply_bytes",
        "mail_output_bytes", "echoed_errors", "smtp_connections", "smtp_host_connections",
        "smtp_recipients", "bounce_limit", "webhook_attempts", "daide_ports",
    ):  # fmt: skip
        if getattr(settings, key) < 1:
            problems.append(f"{key} must be at least 1")
    for key in (
        "write_lock_timeout", "retry_seconds", "shutdown_seconds", "smtp_command_seconds",
        "smtp_data_seconds", "webhook_timeout", "webhook_retry_seconds",
    ):  # fmt: skip
        if getattr(settings, key) <= 0:
            problems.append(f"{key} must be more than 0 seconds")
    if not 10 <= settings.password_cost <= 15:
        problems.append("password_cost must be from 10 to 15")
    if settings.processes < 0:
        problems.append("processes must be 0 or more")
    if not 0 <= settings.excuses <= MAX_EXCUSES:
        problems.append(f"excuses must be from 0 to {MAX_EXCUSES}")
    if problems:
        raise SettingsError("; ".join(problems))
    return settings


def _outbound_problems(settings: Settings) -> list[str]:
    """What is wrong with `outbound` and the relay's login and certificates, never showing
    a password."""
    try:
        target = outbound.read(settings.outbound_target)
    except ValueError as exc:
        return [f"outbound {outbound.shown(settings.outbound_target)!r} {exc}"]
    if not isinstance(target, outbound.RelayTarget):
        return []
    problems = []
    given = [
        where
        for where, value in (
            ("the URL", target.password),
            ("relay_password_file", settings.relay_password_file),
            ("relay_password", settings.relay_password),
        )
        if value
    ]
    if target.user and target.security == "plain":
        problems.append(
            "outbound logs in to a relay over plain SMTP, where the password could be read: "
            "use smtp+starttls:// or smtps://"
        )
    if target.user and not given:
        problems.append(
            f"outbound logs in as {target.user!r} but no password is given (in the URL, "
            "relay_password_file or JUDGE_RELAY_PASSWORD)"
        )
    if len(given) > 1:
        problems.append(
            f"the relay's password is given twice ({' and '.join(given)}): give it once"
        )
    for key in ("relay_password_file", "relay_ca_file"):
        path = getattr(settings, key)
        if path and not (Path(path).is_file() and os.access(path, os.R_OK)):
            problems.append(f"{key} {path!r} is not a file the judge can read")
    if settings.relay_ca_file and not problems:
        import ssl  # only here: every judge command starts through this module

        try:
            ssl.create_default_context(cafile=settings.relay_ca_file)
        except ssl.SSLError as exc:
            problems.append(
                f"relay_ca_file {settings.relay_ca_file!r} holds no CA certificate: {exc}"
            )
    return problems


# A selector is one or more DNS labels (RFC 6376 3.1).
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_SELECTOR = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*$")


# An authserv-id as mail servers write it: a dot-atom, a host name mostly (RFC 8601 2.2).
_AUTHSERV_ID = re.compile(r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$")


def _dkim_problems(settings: Settings) -> list[str]:
    """The selector's form, and that the two DKIM settings come together. The key itself is
    read by `judge serve` at start and `judge doctor` (mailout/signing.py), so that a
    wrong key can still be looked at, and replaced with `judge dkim-key`."""
    if bool(settings.dkim_selector) != bool(settings.dkim_key_file):
        return ["dkim_selector and dkim_key_file go together: set both, or neither"]
    if settings.dkim_selector and not _SELECTOR.match(settings.dkim_selector):
        return [f"dkim_selector {settings.dkim_selector!r} must be a DNS name's label (2026a)"]
    return []


def host_port(text: str, default_port: int) -> tuple[str, int]:
    """`host:port`, `:port`, `host` or `[v6]:port`."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        return host, int(rest.lstrip(":") or default_port)
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "")
    return host or "127.0.0.1", int(port or default_port)


def _convert(name: str, value: Any) -> Any:
    kind = {f.name: f.type for f in fields(Settings)}[name]
    if kind in ("Path", Path):
        return Path(str(value))
    try:
        if kind in ("int", int):
            return int(value)
        if kind in ("float", float):
            return float(value)
    except ValueError:
        raise SettingsError(f"{name} must be a number, not {value!r}") from None
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
    return validate(Settings(**values, extra=extra))
