"""The `judge` command as a judgekeeper and a mail system use it: process (the pipe),
migrate, serve's refusals, show, tick and try, and any of them piped into `head`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from judge.config import load
from judge.store import migrate
from judge.store.models import Game, Participant, User
from tests.judgekit import ROOT, JudgeProcess, Mailbox, environment, mail, migrated, run_judge
from tests.listingkit import game, start_board


def reader_gone(env: dict[str, str], *args: str, stdin: bytes = b"") -> tuple[int, bytes]:
    """`judge ARGS | head -1` with `head` gone before the judge has printed: its output is
    a pipe nobody reads. The exit status and what it said on stderr."""
    judge = subprocess.Popen(
        [sys.executable, "-m", "judge", *args],
        env={**os.environ, **env},
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert judge.stdout is not None
    judge.stdout.close()
    _, err = judge.communicate(stdin, timeout=60)
    return judge.returncode, err


def test_process_stores_and_answers_a_piped_mail(tmp_path):
    env = environment(tmp_path / "j")
    assert run_judge(env, "migrate").returncode == 0
    message = mail("pipe@example.org", "VERSION", subject="by pipe")
    done = run_judge(env, "process", "--sender", "pipe@example.org", stdin=message.as_bytes())
    assert done.returncode == 0, done.stderr
    reply = Mailbox(tmp_path / "j" / "mail").reply(message["Message-ID"], timeout=1)
    assert reply["Subject"] == "Re: USTS by pipe"
    assert "This is judge USTS" in reply.get_content()


def test_process_reads_the_mbox_from_line_procmail_passes(tmp_path):
    env = environment(tmp_path / "j")
    migrated(load(env)).dispose()  # the schema, as `judge migrate` leaves it
    bounce = (
        b"From MAILER-DAEMON Sat Nov 21 10:00:00 2026\n"
        + mail("MAILER-DAEMON@mx.example.org", "delivery failed").as_bytes()
    )
    assert run_judge(env, "process", stdin=bounce).returncode == 0
    person = (
        b"From anna@example.org Sat Nov 21 10:00:00 2026\n"
        + mail("anna@example.org", "VERSION").as_bytes()
    )
    assert run_judge(env, "process", stdin=person).returncode == 0
    sent = Mailbox(tmp_path / "j" / "mail").all()
    assert [m["To"] for m in sent] == ["anna@example.org"]


def test_process_queue_only_leaves_the_answer_to_the_daemon(tmp_path):
    env = environment(tmp_path / "j")
    migrated(load(env)).dispose()  # the schema, as `judge migrate` leaves it
    message = mail("pipe@example.org", "VERSION")
    assert run_judge(env, "process", "--queue-only", stdin=message.as_bytes()).returncode == 0
    mailbox = Mailbox(tmp_path / "j" / "mail")
    assert not mailbox.path.exists() or not mailbox.all()
    judge = JudgeProcess(env)
    judge.start()
    try:
        assert "This is judge" in mailbox.reply(message["Message-ID"]).get_content()
    finally:
        assert judge.terminate() == 0


def test_process_refuses_a_mail_too_big_for_good(tmp_path):
    env = environment(tmp_path / "j", JUDGE_MAX_MESSAGE="2000")
    migrated(load(env)).dispose()  # the schema, as `judge migrate` leaves it
    done = run_judge(env, "process", stdin=mail("a@example.org", "x" * 5000).as_bytes())
    assert done.returncode == 65
    assert b"too big" in done.stderr


def test_process_asks_to_be_tried_again_when_it_cannot_store(tmp_path):
    env = environment(tmp_path / "j")  # not migrated: the mail cannot be stored yet
    done = run_judge(env, "process", stdin=mail("a@example.org", "VERSION").as_bytes())
    assert done.returncode == 75
    assert b"judge migrate" in done.stderr


def test_migrate_reports_what_it_did(tmp_path):
    env = environment(tmp_path / "j")
    newest = migrate.head().encode()
    first = run_judge(env, "migrate")
    assert first.returncode == 0 and b"schema empty -> " + newest in first.stdout
    again = run_judge(env, "migrate")
    assert b"schema " + newest + b" -> " + newest in again.stdout
    back = run_judge(env, "migrate", "--downgrade", "0001")
    assert b"schema " + newest + b" -> 0001" in back.stdout
    down = run_judge(env, "migrate", "--downgrade", "base")
    assert b"schema 0001 -> empty" in down.stdout


def test_serve_refuses_an_old_schema_with_a_clear_message(tmp_path):
    done = run_judge(environment(tmp_path / "j"), "serve", timeout=30)
    assert done.returncode == 1
    assert b"run 'judge migrate' first" in done.stderr
    assert b"Traceback" not in done.stderr


def test_serve_says_when_it_cannot_listen(tmp_path):
    env = environment(tmp_path / "j")
    migrated(load(env)).dispose()  # the schema, as `judge migrate` leaves it
    judge = JudgeProcess(env)
    judge.start()
    try:
        other = environment(tmp_path / "k", JUDGE_LISTEN=env["JUDGE_LISTEN"])
        migrated(load(other)).dispose()
        done = run_judge(other, "serve", timeout=30)
        assert done.returncode == 1 and b"cannot serve" in done.stderr
    finally:
        judge.terminate()


def test_show_unknown_game(tmp_path):
    env = environment(tmp_path / "j")
    migrated(load(env)).dispose()  # the schema, as `judge migrate` leaves it
    done = run_judge(env, "show", "nosuch", "--json")
    assert done.returncode == 2
    assert done.stderr.strip() == b"judge: no game called 'nosuch'"


def test_show_prints_the_state_without_secrets(tmp_path):
    env = environment(tmp_path / "j", JUDGE_TIMEZONE="America/Chicago")
    store = migrated(load(env))
    now = datetime(2026, 11, 20, 12, 0)
    with store.transaction() as session:
        user = User(email="fr@example.org", registered_at=now, updated_at=now)
        master = User(email="gm@example.org", registered_at=now, updated_at=now)
        game = Game(
            name="mygame", variant="standard", options=["gunboat"], status="active",
            phase="F1901M", turn=2, created_at=now, deadline=datetime(2026, 11, 26, 5, 30),
            position={"units": {"France": ["A bur", "F mao"]}, "centers": {"France": ["bre"]}},
            settings={"press": "white", "nmr": False},
        )  # fmt: skip
        session.add_all([user, master, game])
        session.flush()
        session.add_all([
            Participant(game_id=game.id, user_id=user.id, role="player", power="France",
                        password_hash="scrypt$secret", joined_at=now, orders_status="complete"),
            Participant(game_id=game.id, user_id=master.id, role="master",
                        password_hash="scrypt$secret2", joined_at=now),
        ])  # fmt: skip
    store.dispose()
    done = run_judge(env, "show", "MyGame", "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["phase"] == "F1901M" and state["status"] == "active"
    assert state["deadline"] == "2026-11-25T23:30:00-06:00"
    assert state["units"] == {"France": ["A bur", "F mao"]}
    assert state["players"] == [
        {"power": "France", "address": "fr@example.org", "status": "active",
         "orders": "complete", "wait": False}
    ]  # fmt: skip
    assert state["masters"] == ["gm@example.org"] and state["observers"] == []
    assert "dislodged" not in state
    assert b"scrypt" not in done.stdout and b"secret" not in done.stdout
    text = run_judge(env, "show", "mygame")
    assert b"France" in text.stdout and b"complete" in text.stdout


def test_tick_answers_nothing_the_rate_limit_dropped(tmp_path):
    """Over the rate limit by pipe: told once, the rest dropped; a later tick answers none."""
    env = environment(tmp_path / "j", JUDGE_RATE_LIMIT="1", JUDGE_RATE_WINDOW="3600")
    migrated(load(env)).dispose()  # the schema, as `judge migrate` leaves it
    first, second, third = (mail("busy@example.org", "VERSION") for _ in range(3))
    for message in (first, second, third):
        piped = run_judge(env, "process", "--sender", "busy@example.org", stdin=message.as_bytes())
        assert piped.returncode == 0
    mailbox = Mailbox(tmp_path / "j" / "mail")
    told = mailbox.replies_to(second["Message-ID"])
    assert len(told) == 1 and "More than 1 mail has come" in told[0].get_content()
    assert not mailbox.replies_to(third["Message-ID"])  # dropped quietly
    later = datetime.now(UTC) + timedelta(hours=2)
    late = run_judge(env, "tick", "--now", later.isoformat())
    assert b"0 held mails released; 0 phases processed; 0 old mails pruned; 0 mails answered" in (
        late.stdout
    )
    assert len(mailbox.replies_to(second["Message-ID"])) == 1
    assert not mailbox.replies_to(third["Message-ID"])


def test_try_prints_the_reply_and_saves_its_files(tmp_path):
    """Each file a reply carries is saved, in a folder of the mail's own, and its path
    printed; a reader gone (`| head -1`) is no error (issue 29)."""
    env = environment(tmp_path / "j", JUDGE_PICTURES="true")
    store = migrated(load(env))
    with store.transaction() as session:
        game(session, "war", phase="S1901M", turn=1, position=start_board())
    store.dispose()
    judge = JudgeProcess(env)
    judge.start()
    try:
        done = run_judge(env, "try", "me@example.org", stdin=b"MAP war\nMAP war\n")
        headed = reader_gone(env, "try", "me@example.org", stdin=b"HELP\n")
    finally:
        judge.terminate()
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert out.startswith("===== mail to me@example.org: Re: USTS")
    assert "The picture of the board of game 'war' as it stands (S1901M)" in out
    saved = [
        Path(line.rpartition(": ")[2].rstrip("]"))
        for line in out.splitlines()
        if line.startswith("[image/")
    ]
    assert [path.name for path in saved] == [
        "war-S1901M.png", "war-S1901M.svg", "war-S1901M-3.png", "war-S1901M-4.svg"
    ]  # fmt: skip
    (folder,) = {path.parent for path in saved}
    assert folder.parent == (tmp_path / "j" / "try").resolve()
    mailbox = Mailbox(tmp_path / "j" / "mail")
    mailbox.all()
    reply = mailbox.read[f"new/{folder.name}"]  # the folder is named as the mail is
    sent = [part.get_payload(decode=True) for part in reply.iter_attachments()]
    assert [path.read_bytes() for path in saved] == sent
    assert headed == (141, b""), headed


def test_try_without_a_judge_says_what_to_do(tmp_path):
    done = run_judge(environment(tmp_path / "j"), "try", "me@example.org", stdin=b"HELP\n")
    assert done.returncode == 1
    assert b"Is the judge running?" in done.stderr and b"make serve" in done.stderr


def test_a_reader_gone_is_no_error(tmp_path):
    """`judge variants | head -1`, as any command whose output is piped on (issue 29)."""
    assert reader_gone(environment(tmp_path / "j"), "variants") == (141, b"")
