"""`judge bot --imap` against a real IMAP server: Debian's Dovecot (dovecot-imapd), run on
loopback ports of its own with a configuration this test writes, serving a Maildir the test
fills with the judge's own mails. The robot reads its start notice by IMAP and by IMAPS
(a self-signed certificate the test makes, trusted through SSL_CERT_FILE), orders, and the
judge accepts the orders; an IMAPS server whose certificate nobody vouches for is refused.

Skipped, saying so, where Dovecot or openssl is not installed."""

from __future__ import annotations

import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from judge.cli import main
from tests.gametable import Table, address, start

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"
PASSWORD = "s3cret"


@dataclass
class Server:
    imap: int
    imaps: int
    maildir: Path
    cert: Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _users() -> tuple[str, str, int, int]:
    """Dovecot's login and internal users, and the mail user's uid and gid: the current
    user's own, unless that is root, whom Dovecot refuses (Debian's package makes dovenull
    and dovecot for that)."""
    me = pwd.getpwuid(os.geteuid())
    if me.pw_uid != 0:
        return me.pw_name, me.pw_name, me.pw_uid, me.pw_gid
    mail = pwd.getpwnam("dovecot")
    return "dovenull", "dovecot", mail.pw_uid, mail.pw_gid


def _config(root: Path, server: Server) -> str:
    login, internal, uid, gid = _users()
    return f"""
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
instance_name = judge-test-{server.imap}
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <{server.cert}
ssl_key = <{root}/key.pem
default_login_user = {login}
default_internal_user = {internal}
first_valid_uid = {uid}
disable_plaintext_auth = no
mail_location = maildir:{server.maildir}
passdb {{
  driver = static
  args = password={PASSWORD}
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home
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


@pytest.fixture
def dovecot() -> Iterator[Server]:
    if not Path(DOVECOT).exists() or shutil.which("openssl") is None:
        pytest.skip("Dovecot is not installed here (apt-get install dovecot-imapd openssl)")
    with tempfile.TemporaryDirectory(prefix="judge-dovecot-") as name:
        root = Path(name)
        server = Server(_free_port(), _free_port(), root / "Maildir", root / "cert.pem")
        for sub in ("new", "cur", "tmp"):
            (server.maildir / sub).mkdir(parents=True)
        (root / "home").mkdir()
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-keyout", str(root / "key.pem"), "-out", str(server.cert),
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
            check=True, capture_output=True,
        )  # fmt: skip
        (root / "dovecot.conf").write_text(_config(root, server))
        _, _, uid, gid = _users()
        root.chmod(0o755)
        for path in [server.maildir, *server.maildir.iterdir(), root / "home"]:
            os.chown(path, uid, gid)
        running = subprocess.Popen(
            [DOVECOT, "-F", "-c", str(root / "dovecot.conf")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        try:
            end = time.monotonic() + 10
            while not (_listening(server.imap) and _listening(server.imaps)):
                if running.poll() is not None or time.monotonic() > end:
                    log = (
                        (root / "dovecot.log").read_text()
                        if (root / "dovecot.log").exists()
                        else ""
                    )
                    err = running.stderr.read().decode() if running.poll() is not None else ""
                    pytest.skip(f"Dovecot did not start here: {(err + log)[-400:]}")
                time.sleep(0.05)
            yield server
        finally:
            running.terminate()
            running.wait(timeout=10)


def _bot(table: Table, power: str, url: str, state: Path) -> int:
    """One `judge bot --once` reading the box at `url`, in this process."""
    return main(
        [
            "bot", "--strategy", "random", "--address", address(power),
            "--password", f"pw{power}", "--game", "war", "--imap", url,
            "--judge", "judge@test.example", "--smtp", table.judge.env["JUDGE_LISTEN"],
            "--state", str(state), "--once",
        ]
    )  # fmt: skip


def test_the_robot_reads_a_dovecot_mailbox_by_imap_and_imaps(
    table: Table,
    dovecot: Server,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start(table)
    table.wait_for(address("Turkey"), "Game Starting")
    _, _, uid, gid = _users()
    for i, path in enumerate(sorted((table.judge.mailbox.path / "new").iterdir())):
        copy = dovecot.maildir / "new" / f"{1700000000 + i}.{i}.judge-test"
        shutil.copyfile(path, copy)
        os.chown(copy, uid, gid)
    user = "bot%40players.example"
    plain = f"imap://{user}:{PASSWORD}@127.0.0.1:{dovecot.imap}/INBOX"
    secure = f"imaps://{user}:{PASSWORD}@127.0.0.1:{dovecot.imaps}/INBOX"

    # A certificate nobody vouches for: refused, nothing read, nothing sent.
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.pem"))
    assert _bot(table, "Turkey", secure, tmp_path / "turkey.json") == 1
    assert "CERTIFICATE_VERIFY_FAILED" in capsys.readouterr().err
    monkeypatch.setenv("SSL_CERT_FILE", str(dovecot.cert))

    for power, url in (("Italy", plain), ("Turkey", secure)):
        status = _bot(table, power, url, tmp_path / f"{power}.json")
        said = capsys.readouterr().out.strip()
        assert status == 0, said
        sent = re.search(r"orders sent as (<[^>]+>)", said)
        assert said.startswith(f"{power} S1901M: ") and sent, said
        reply = table.judge.mailbox.reply(sent[1]).get_content()
        assert "error" not in reply.lower().replace("error flag is not set", ""), reply
    # The mails were only looked at: none is marked as read (Maildir's S flag).
    names = [p.name for sub in ("new", "cur") for p in (dovecot.maildir / sub).iterdir()]
    assert len(names) >= 8
    assert not [n for n in names if ":2," in n and "S" in n.split(":2,")[1]], names
