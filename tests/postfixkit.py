"""A real Postfix in front of the judge, as docs/operations.md sets one up: installed from
Debian's packages where it is missing (tests/aptkit.py), run as an instance of its own (its
own main.cf and master.cf, queue and data directories, log file and loopback port, all
written here), with

- `test.example` delivered by LMTP to a judge's listener (`lmtp_port`),
- `pipe.example` delivered by a pipe to `judge process --queue-only`, run as `nobody`,
- `players.example` and `example.org` delivered into one Maildir the tests read (`maildir`),
- `gone.example` accepted and then bounced (no such mailbox): a reply sent there comes back
  to the judge as a delivery status notification,
- anything else refused: this Postfix sends nothing off this machine.
"""

from __future__ import annotations

import os
import pwd
import socket
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests import aptkit
from tests.judgekit import ROOT, free_port

POSTFIX = "/usr/sbin/postfix"
NOBODY = "nobody"
PLAYERS = ("players.example", "example.org")


def install() -> str:
    """Postfix from Debian's packages if it is missing (tests/aptkit.py): "" once it is
    there, else why not. debconf is told "No configuration" first, so the package installs
    its programs and writes no main.cf (and starts nothing): every Postfix here is one the
    test writes."""
    return aptkit.install(
        "postfix", POSTFIX, "postfix postfix/main_mailer_type select No configuration\n"
    )


def python_for(user: str) -> tuple[list[str], dict[str, str]]:
    """How `user` runs this checkout's judge: this interpreter if he may run it, else the
    system's Python of the same version with this virtualenv's packages on its path (the
    tests' interpreter may live under /root, which he cannot enter). Raises RuntimeError
    saying why when neither works."""
    check = ["-c", "import judge.cli, sqlalchemy, aiosmtpd"]
    site = sysconfig.get_paths()["purelib"]
    system = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
    tries = [([sys.executable], {}), ([system], {"PYTHONPATH": f"{site}:{ROOT}"})]
    errors = []
    for python, env in tries:
        if not os.path.exists(python[0]):
            continue
        try:
            done = as_user(user, [*python, *check], env)
        except PermissionError as exc:
            errors.append(f"{python[0]}: {exc}")
            continue
        if done.returncode == 0:
            return python, env
        errors.append(f"{python[0]}: {done.stderr.decode(errors='replace')[-300:]}")
    raise RuntimeError(f"{user} cannot run the judge: {'; '.join(errors) or 'no Python'}")


def as_user(user: str, argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    entry = pwd.getpwnam(user)
    return subprocess.run(
        argv,
        env={"PATH": "/usr/bin:/bin", **env},
        cwd="/",
        user=entry.pw_uid,
        group=entry.pw_gid,
        extra_groups=[],
        capture_output=True,
        timeout=60,
    )


def chown(path: Path, user: str) -> None:
    entry = pwd.getpwnam(user)
    os.chown(path, entry.pw_uid, entry.pw_gid)


class Postfix:
    """One Postfix instance under `base`; `start()`, `stop()`, `restart()`."""

    def __init__(
        self, base: Path, pipe_home: Path, pipe_python: tuple[list[str], dict], no_pipe: str
    ) -> None:
        """`pipe_python`: how the pipe's user runs the judge (`python_for`); ([], {}) if he
        cannot, `no_pipe` saying why, and the pipe then refuses every mail."""
        self.no_pipe = no_pipe
        self.base = base
        self.config = base / "etc"
        self.port = free_port()  # smtpd: the players' mail in, the judges' replies out
        self.lmtp_port = free_port()  # where the LMTP judge is to listen
        self.maildir = base / "mailboxes" / "players"
        self.log = base / "maillog"
        self.pipe_home = pipe_home
        self.pipe_python = pipe_python

    def write(self) -> None:
        for sub in ("etc", "spool", "data", "mailboxes"):
            (self.base / sub).mkdir(parents=True, exist_ok=True)
        chown(self.base / "data", "postfix")
        for sub in ("", "new", "cur", "tmp"):  # virtual(8) delivers as nobody
            (self.maildir / sub).mkdir(parents=True, exist_ok=True)
        for path in (self.base / "mailboxes", self.maildir, *self.maildir.iterdir()):
            chown(path, NOBODY)
        entry = pwd.getpwnam(NOBODY)
        (self.config / "main.cf").write_text(self.main_cf(entry.pw_uid, entry.pw_gid))
        (self.config / "master.cf").write_text(self.master_cf())

    def main_cf(self, uid: int, gid: int) -> str:
        players = ", ".join(f"@{domain}=players/" for domain in PLAYERS)
        return f"""\
compatibility_level = 3.6
queue_directory = {self.base}/spool
data_directory = {self.base}/data
maillog_file = {self.log}
maillog_file_prefixes = {self.base}
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.judge.test
mydomain = judge.test
myorigin = $myhostname
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
relay_domains = test.example, pipe.example
transport_maps = inline:{{ test.example=lmtp:inet:127.0.0.1:{self.lmtp_port}, pipe.example=judge: }}
judge_destination_recipient_limit = 1
virtual_mailbox_domains = {", ".join(PLAYERS)}, gone.example
virtual_mailbox_base = {self.base}/mailboxes
virtual_mailbox_maps = inline:{{ {players} }}
virtual_uid_maps = static:{uid}
virtual_gid_maps = static:{gid}
smtpd_reject_unlisted_recipient = no
default_transport = error:5.7.1 this Postfix delivers nothing off this machine
smtp_dns_support_level = disabled
alias_maps =
alias_database =
notify_classes =
biff = no
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
"""

    def master_cf(self) -> str:
        python, env = self.pipe_python
        variables = " ".join(f"{k}={v}" for k, v in {"JUDGE_HOME": self.pipe_home, **env}.items())
        command = (
            f"/usr/bin/env {variables} {' '.join(python)} -m judge process --queue-only "
            "--sender ${sender} --recipient ${original_recipient}"
            if python
            else "/bin/false"
        )
        return f"""\
127.0.0.1:{self.port} inet n - n - - smtpd
cleanup   unix  n - n - 0 cleanup
qmgr      unix  n - n 300 1 qmgr
rewrite   unix  - - n - - trivial-rewrite
bounce    unix  - - n - 0 bounce
defer     unix  - - n - 0 bounce
trace     unix  - - n - 0 bounce
verify    unix  - - n - 1 verify
flush     unix  n - n 1000? 0 flush
proxymap  unix  - - n - - proxymap
showq     unix  n - n - - showq
error     unix  - - n - - error
retry     unix  - - n - - error
discard   unix  - - n - - discard
lmtp      unix  - - n - - lmtp
anvil     unix  - - n - 1 anvil
scache    unix  - - n - 1 scache
postlog   unix-dgram n - n - 1 postlogd
virtual   unix  - n n - - virtual
judge     unix  - n n - 10 pipe
  flags=Rq user={NOBODY} null_sender=
  argv={command}
"""

    def postfix(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [POSTFIX, "-c", str(self.config), *args], capture_output=True, timeout=60
        )

    def start(self) -> None:
        done = self.postfix("start")
        if done.returncode != 0:
            raise AssertionError(f"postfix start failed: {self.tail()}")
        self._wait(listening=True)

    def stop(self) -> None:
        self.postfix("stop")
        self._wait(listening=False)
        end = time.monotonic() + 30
        while (self.base / "spool" / "pid" / "master.pid").exists() and self._running():
            if time.monotonic() > end:
                raise AssertionError(f"postfix did not stop: {self.tail()}")
            time.sleep(0.05)

    def restart(self) -> None:
        self.stop()
        self.start()

    def _running(self) -> bool:
        return self.postfix("status").returncode == 0

    def _wait(self, listening: bool) -> None:
        end = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.2):
                    up = True
            except OSError:
                up = False
            if up == listening:
                return
            if time.monotonic() > end:
                raise AssertionError(f"postfix {'not up' if listening else 'not down'}")
            time.sleep(0.05)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    def queue_empty(self) -> bool:
        """Nothing waits in Postfix's queues (incoming, active, deferred)."""
        spool = self.base / "spool"
        return not any(
            files
            for sub in ("incoming", "active", "deferred")
            for _, _, files in os.walk(spool / sub)
        )


@contextmanager
def running(base: Path, pipe_home: Path) -> Iterator[Postfix]:
    """A Postfix under `base`, stopped at the end; the pipe's judge keeps `pipe_home`."""
    try:
        pipe_python, no_pipe = python_for(NOBODY), ""
    except RuntimeError as exc:
        pipe_python, no_pipe = ([], {}), str(exc)
    postfix = Postfix(base, pipe_home, pipe_python, no_pipe)
    postfix.write()
    postfix.start()
    try:
        yield postfix
    finally:
        postfix.stop()
