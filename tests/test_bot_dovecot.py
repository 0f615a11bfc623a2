"""`judge bot --imap` against a real IMAP server: Debian's Dovecot (tests/dovecotkit.py,
installed where it is missing), serving a Maildir the test fills with the judge's own
mails. The robot reads its start notice by IMAP and by IMAPS (the server's self-signed
certificate trusted through SSL_CERT_FILE), orders, and the judge accepts the orders; an
IMAPS server whose certificate nobody vouches for is refused.

Skipped, saying why, only where Dovecot is missing and cannot be installed (not root, not
Debian)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.cli import main
from tests.dovecotkit import PASSWORD, Dovecot, install, running
from tests.gametable import Table, address, start


@pytest.fixture
def dovecot() -> Iterator[Dovecot]:
    why = install()
    if why:
        pytest.skip(why)
    with running() as server:
        yield server


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
    dovecot: Dovecot,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start(table)
    table.wait_for(address("Turkey"), "Game Starting")
    for i, path in enumerate(sorted((table.judge.mailbox.path / "new").iterdir())):
        dovecot.deliver(path, f"{1700000000 + i}.{i}.judge-test")
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
