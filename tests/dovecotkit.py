"""A real IMAP server for the robot's mailbox: Debian's Dovecot (dovecot-imapd), installed
where it is missing (tests/aptkit.py) and run as an instance of its own, as an unprivileged
user (`nobody` when the tests run as root, else the tests' own user), with everything in
one temporary directory: its configuration, a self-signed certificate for 127.0.0.1 (made
with openssl, which the package brings), its sockets, state and log, and the Maildir it
serves on two loopback ports, IMAP and IMAPS, to any user name with one password."""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests import aptkit
from tests.judgekit import free_port

DOVECOT = "/usr/sbin/dovecot"
IMAP = "/usr/lib/dovecot/imap"  # dovecot-imapd's; dovecot-core brings the rest
PASSWORD = "s3cret"


def install() -> str:
    """Dovecot's IMAP server if it is missing: "" once it is there, else why not."""
    return aptkit.install("dovecot-imapd", IMAP)


@dataclass(frozen=True)
class Dovecot:
    imap: int  # ports on 127.0.0.1
    imaps: int
    maildir: Path
    cert: Path  # the server's certificate, for a client to trust
    uid: int  # who runs it, and owns the Maildir's mails
    gid: int

    def deliver(self, mail: Path, name: str) -> None:
        """A mail file put into the Maildir's new/, as its own user's."""
        copy = self.maildir / "new" / name
        shutil.copyfile(mail, copy)
        os.chown(copy, self.uid, self.gid)


def _user() -> pwd.struct_passwd:
    """Dovecot runs as the tests' user, unless that is root: then as nobody, never root."""
    me = pwd.getpwuid(os.geteuid())
    return pwd.getpwnam("nobody") if me.pw_uid == 0 else me


def _config(root: Path, server: Dovecot, user: str) -> str:
    """Every process as `user`: no chroot, no privileged port, no other user to become."""
    return f"""\
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
instance_name = judge-test-{server.imap}
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <{server.cert}
ssl_key = <{root}/key.pem
default_login_user = {user}
default_internal_user = {user}
default_internal_group = {grp.getgrgid(server.gid).gr_name}
first_valid_uid = {server.uid}
first_valid_gid = {server.gid}
disable_plaintext_auth = no
mail_location = maildir:{server.maildir}
passdb {{
  driver = static
  args = password={PASSWORD}
}}
userdb {{
  driver = static
  args = uid={server.uid} gid={server.gid} home={root}/home
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    port = {server.imap}
  }}
  inet_listener imaps {{
    port = {server.imaps}
    ssl = yes
  }}
}}
service anvil {{
  chroot =
}}
"""


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def running() -> Iterator[Dovecot]:
    """A Dovecot serving an empty Maildir until the block ends. Raises RuntimeError, with
    its log, if it does not come up within ten seconds."""
    user = _user()
    with tempfile.TemporaryDirectory(prefix="judge-dovecot-") as name:
        root = Path(name)
        server = Dovecot(
            free_port(), free_port(), root / "Maildir", root / "cert.pem", user.pw_uid, user.pw_gid
        )
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-keyout", str(root / "key.pem"), "-out", str(server.cert),
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
            check=True, capture_output=True,
        )  # fmt: skip
        for sub in ("new", "cur", "tmp"):
            (server.maildir / sub).mkdir(parents=True)
        for sub in ("home", "run", "state"):
            (root / sub).mkdir()
        (root / "dovecot.conf").write_text(_config(root, server, user.pw_name))
        for path in [root, *root.rglob("*")]:  # the temporary directory too: its own
            os.chown(path, user.pw_uid, user.pw_gid)
        become = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        dovecot = subprocess.Popen(
            [DOVECOT, "-F", "-c", str(root / "dovecot.conf")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=root,
            **(become if os.geteuid() == 0 else {}),
        )  # fmt: skip
        try:
            end = time.monotonic() + 10
            while not (_listening(server.imap) and _listening(server.imaps)):
                if dovecot.poll() is not None or time.monotonic() > end:
                    log = root / "dovecot.log"
                    said = log.read_text(errors="replace") if log.exists() else ""
                    if dovecot.poll() is not None:
                        said += dovecot.stderr.read().decode(errors="replace")
                    raise RuntimeError(f"Dovecot did not start: {said[-1000:]}")
                time.sleep(0.05)
            yield server
        finally:
            dovecot.terminate()
            dovecot.wait(timeout=10)
