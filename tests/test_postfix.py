"""The judge behind a real Postfix, set up as docs/operations.md section 3 says: players'
mail comes in through Postfix's smtpd and reaches the judge by LMTP (and, for another judge,
by a pipe to `judge process`); the judge's replies go out through Postfix, which delivers
them into the players' Maildir that these tests read. Played through it: registration, a
game's first phase, press, a bounce, and a Postfix restart in the middle of a burst.

One Postfix and one LMTP judge serve the whole module (tests/postfixkit.py)."""

from __future__ import annotations

import logging
import pwd
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from judge.store.db import Store
from judge.store.models import Inbound, Outbox
from tests.gametable import HOLDS, Table, address, form, play, start
from tests.judgekit import (
    Client,
    InProcessJudge,
    JudgeProcess,
    Mailbox,
    free_port,
    mail,
    run_judge,
)
from tests.postfixkit import NOBODY, Postfix, as_user, chown, install, running
from tests.test_crash_safety import send_until_accepted


@pytest.fixture(scope="module")
def postfix() -> Iterator[Postfix]:
    why = install()
    if why:
        pytest.skip(why)
    # Not under pytest's own temporary directory: that is root's alone, and Postfix
    # delivers (and pipes) as nobody.
    base = Path(tempfile.mkdtemp(prefix="judge-postfix-"))
    base.chmod(0o755)
    pipe_home = base / "pipe-judge"
    pipe_home.mkdir()
    chown(pipe_home, NOBODY)
    try:
        with running(base, pipe_home) as server:
            yield server
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def judge(postfix: Postfix, tmp_path_factory) -> Iterator[InProcessJudge]:
    """A judge that hears mail only by LMTP from Postfix and sends through it."""
    with InProcessJudge(
        tmp_path_factory.mktemp("lmtp") / "judge",
        JUDGE_LISTEN="",
        JUDGE_LMTP=f"127.0.0.1:{postfix.lmtp_port}",
        JUDGE_OUTBOUND=f"smtp://127.0.0.1:{postfix.port}",
        JUDGE_KEEPER="keeper@example.org",
        JUDGE_RETRY_SECONDS="1",
    ) as running_judge:
        running_judge.client = Client("127.0.0.1", postfix.port)  # players mail Postfix
        running_judge.mailbox = Mailbox(postfix.maildir)  # and read what Postfix delivered
        yield running_judge


def _through_postfix(message) -> None:
    """Postfix's own trace: received by its smtpd and delivered by its virtual agent."""
    assert "by mx.judge.test (Postfix)" in (message["Received"] or "")
    assert message["Delivered-To"] == message["To"]


def test_registration_a_phase_and_press_through_postfix(judge: InProcessJudge) -> None:
    table = Table.seated(judge)  # eight REGISTERs, each answered through Postfix
    registered = table.send("newcomer@players.example", form("newcomer@players.example"))
    _through_postfix(registered)
    assert "Registration processed." in registered.get_content()
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    table.orders("France", "PRESS TO G\nShall we share Holland?")
    press = table.wait_for(address("Germany"), "Press from F to G")[0]
    _through_postfix(press)
    assert "Shall we share Holland?" in press.get_content()
    results = play(table, HOLDS, "S1901M")
    assert "Germany: Army Munich HOLD." in results
    assert table.show()["phase"] == "F1901M"


def test_a_reply_postfix_cannot_deliver_comes_back_as_a_bounce_read_never_answered(
    judge: InProcessJudge, postfix: Postfix, caplog: pytest.LogCaptureFixture
) -> None:
    """The reply leaves with its own envelope sender (judge+b-TOKEN@test.example); Postfix's
    own delivery status notification comes back to it by the same LMTP route, is read as a
    permanent failure of the address, and is not answered."""
    caplog.set_level(logging.INFO, logger="judge")
    sent = judge.client.send(mail("ghost@gone.example", "VERSION"), "ghost@gone.example")

    def bounce() -> Inbound | None:
        with judge.store.transaction(readonly=True) as session:
            return session.execute(
                select(Inbound).where(Inbound.outcome.like("not answered: a bounce of %"))
            ).scalar_one_or_none()

    judge.mailbox.wait(lambda: bounce() is not None)
    dsn = bounce()
    assert dsn is not None and dsn.via == "lmtp"
    assert dsn.envelope_from in ("", "<>") and dsn.envelope_to.startswith("judge+b-")
    with judge.store.transaction(readonly=True) as session:
        replies = session.execute(select(Outbox)).scalars().all()
    reply = next(r for r in replies if r.in_reply_to == sent)
    assert reply.status == "sent"  # Postfix took it, then bounced it
    assert dsn.outcome == (
        f"not answered: a bounce of outbox {reply.id} to ghost@gone.example: "
        "a permanent failure (1 of 3)"
    )
    raw = bytes(dsn.raw).decode(errors="replace")
    assert "multipart/report" in raw and "ghost@gone.example" in raw and sent in raw
    assert not [r for r in replies if r.inbound_id == dsn.id]  # the bounce is not answered
    assert f"inbound {dsn.id}: a bounce of outbox {reply.id}" in caplog.text
    assert "status=bounced" in postfix.tail()


def test_a_postfix_restart_in_a_burst_loses_nothing_and_answers_once(
    judge: InProcessJudge, postfix: Postfix
) -> None:
    messages = [mail(f"burst{n % 12}@players.example", "VERSION") for n in range(60)]
    accepted: list[str] = []

    def players() -> None:
        for message in messages:  # as a relay would: again until Postfix says 250
            send_until_accepted(judge.client, message)
            accepted.append(str(message["Message-ID"]))

    burst = threading.Thread(target=players)
    burst.start()
    judge.mailbox.wait(lambda: len(accepted) >= 20)
    postfix.restart()  # mail in Postfix's queue, in flight to the judge and back
    burst.join()
    assert len(accepted) == 60
    judge.mailbox.wait(lambda: all(judge.mailbox.replies_to(m) for m in accepted), 60)
    time.sleep(1)  # a second copy, if any, would be on its way
    counts = {m: len(judge.mailbox.replies_to(m)) for m in accepted}
    assert {m: n for m, n in counts.items() if n != 1} == {}
    with judge.store.transaction(readonly=True) as session:
        answered = (
            session.execute(select(Outbox.in_reply_to).where(Outbox.in_reply_to.in_(accepted)))
            .scalars()
            .all()
        )
    assert sorted(answered) == sorted(accepted)  # one reply each in the judge's books too
    judge.mailbox.wait(postfix.queue_empty)


def test_mail_piped_to_judge_process_is_stored_and_answered(postfix: Postfix) -> None:
    """The pipe of operations.md 3b: Postfix runs `judge process --queue-only` as an
    unprivileged user, and `judge serve` (as that user, as under systemd) answers."""
    python, env = postfix.pipe_python
    if not python:
        pytest.skip(postfix.no_pipe)
    home = postfix.pipe_home
    settings = {
        "JUDGE_HOME": str(home), "JUDGE_CODE": "USTS", "JUDGE_ADDRESS": "judge@pipe.example",
        "JUDGE_KEEPER": "keeper@example.org", "JUDGE_PASSWORD_COST": "10",
        "JUDGE_OUTBOUND": f"smtp://127.0.0.1:{postfix.port}", "JUDGE_POLL_SECONDS": "0.05",
        "JUDGE_LISTEN": f"127.0.0.1:{free_port()}",
    }  # fmt: skip
    toml = "[judge]\n" + "".join(
        f'{key[len("JUDGE_") :].lower()} = "{value}"\n'
        for key, value in settings.items()
        if key != "JUDGE_HOME"
    )
    (home / "judge.toml").write_text(toml)  # the pipe gets only JUDGE_HOME: the rest is here
    migrated = as_user(
        NOBODY, [*python, "-m", "judge", "migrate"], {**env, "JUDGE_HOME": str(home)}
    )
    assert migrated.returncode == 0, migrated.stderr.decode()[-2000:]
    serving = JudgeProcess({"JUDGE_HOME": str(home), **env}, python, pwd.getpwnam(NOBODY).pw_uid)
    serving.start()
    try:
        client, mailbox = Client("127.0.0.1", postfix.port), Mailbox(postfix.maildir)
        who = "pat@players.example"
        sent = client.send(mail(who, form(who), to="judge@pipe.example"), who)
        mailbox.wait(lambda: bool(mailbox.replies_to(sent)), 60)
        (reply,) = mailbox.replies_to(sent)
        _through_postfix(reply)
        assert "Registration processed." in reply.get_content()
        assert reply["From"].endswith("<judge@pipe.example>")
        # Its envelope sender, as Postfix's delivery wrote it: the reply's own bounce address
        assert re.fullmatch(r"<judge\+b-\d+-[0-9a-f]{16}@pipe\.example>", reply["Return-Path"])
        shown = run_judge({"JUDGE_HOME": str(home)}, "show", "nothing")
        assert shown.returncode == 2  # the same store, read by the keeper
    finally:
        assert serving.terminate() == 0
    rows = _inbound(home)
    assert [(r.via, r.envelope_from, r.envelope_to) for r in rows] == [
        ("pipe", who, "judge@pipe.example")  # --recipient ${original_recipient}
    ]


def _inbound(home: Path) -> list[Inbound]:
    store = Store(f"sqlite:///{home / 'judge.db'}")
    try:
        with store.transaction(readonly=True) as session:
            return list(session.execute(select(Inbound).order_by(Inbound.id)).scalars().all())
    finally:
        store.dispose()
