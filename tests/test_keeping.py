"""Watching and keeping a judge: /metrics as Prometheus scrapes it, logs as JSON lines,
`judge doctor` on a healthy and a broken deployment, and `judge backup` / `judge restore`
taken while serving and restored, then played on, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from judge.config import load
from judge.doctor import examine
from tests.gametable import HOLDS, Table, address, form, play, start
from tests.judgekit import InProcessJudge, free_port, mail, run_judge


def _scrape(port: int, path: str = "/metrics") -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        return answer.read().decode()


def test_metrics_doctor_and_json_logs(tmp_path: Path) -> None:
    port = free_port()
    with InProcessJudge(tmp_path / "j", JUDGE_METRICS_LISTEN=f"127.0.0.1:{port}") as judge:
        judge.ask("ann@example.org", form("ann@example.org"))
        judge.ask("ann@example.org", "CREATE ?tiny pwAnn")
        judge.ask("bob@example.org", "VERSION")
        figures = _scrape(port)
        assert 'judge_mails_received_total{via="smtp",status="done"} 3' in figures
        assert 'judge_mails_out_total{status="sent"}' in figures
        assert 'judge_queue_depth{queue="inbound"} 0' in figures
        assert 'judge_games{status="forming"} 1' in figures
        assert "judge_answer_latency_seconds_count 3" in figures
        assert 'judge_answer_latency_seconds_bucket{le="+Inf"} 3' in figures
        assert "judge_scheduler_lag_seconds 0" in figures
        with pytest.raises(urllib.error.HTTPError) as missing:
            _scrape(port, "/")
        assert missing.value.code == 404

        healthy = run_judge(judge.env, "doctor")
        assert healthy.returncode == 0, healthy.stdout.decode()
        report = healthy.stdout.decode()
        assert "ok    SMTP listener" in report and "ok    schema at" in report
        assert "0 failed" in report

        # The same judge's settings, with a relay nobody runs and a listener nobody holds.
        broken = load({**judge.env, "JUDGE_OUTBOUND": f"smtp://127.0.0.1:{free_port()}",
                       "JUDGE_LMTP": f"127.0.0.1:{free_port()}"})  # fmt: skip
        findings = {f.what.split(" ")[0]: f for f in examine(broken) if f.level == "FAIL"}
        assert set(findings) == {"LMTP", "relay"}
        assert "start `judge serve`" in findings["LMTP"].fix
        assert "systemctl status postfix" in findings["relay"].fix

    logged = run_judge(
        {**judge.env, "JUDGE_LOG_FORMAT": "json"}, "process", "--queue-only",
        stdin=mail("cy@example.org", "VERSION").as_bytes(),
    )  # fmt: skip
    assert logged.returncode == 0
    lines = [json.loads(line) for line in logged.stderr.decode().splitlines()]
    assert {"time", "level", "process", "logger", "message"} <= set(lines[-1])
    assert lines[-1]["message"] == "inbound 4 stored from a pipe"


def _backup(env: dict[str, str], target: Path, *options: str) -> str:
    done = run_judge(env, "backup", str(target), *options)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode()


def _restore(env: dict[str, str], source: Path) -> None:
    done = run_judge(env, "restore", str(source))
    assert done.returncode == 0, done.stderr.decode()


def test_sqlite_backup_while_serving_restored_and_played_on(tmp_path: Path) -> None:
    home = tmp_path / "j"
    copy = tmp_path / "judge-backup.db"
    with InProcessJudge(home) as judge:
        table = Table.seated(judge)
        start(table)
        assert "SQLite online backup" in _backup(judge.env, copy)  # while it serves
        play(table, HOLDS, "S1901M")
        assert table.show()["phase"] == "F1901M"
        refused = run_judge(judge.env, "restore", str(copy))
        assert refused.returncode == 1 and b"stop every `judge serve`" in refused.stderr
    _restore(judge.env, copy)
    with InProcessJudge(home) as judge:
        table = Table(judge)
        assert table.show()["phase"] == "S1901M"  # as the backup had it
        for power, orders in dict(HOLDS, Germany="A mun-ruh; A ber H; F kie-den").items():
            table.orders(power, orders)  # and played on
        # The Maildir keeps the first S1901M results, from before the restore, beside these.
        both = table.wait_for(address("Germany"), "S1901M Results", count=2)
        assert sum("Germany: Fleet Kiel -> Denmark." in m.get_content() for m in both) == 1
        assert table.show()["phase"] == "F1901M"


@pytest.mark.parametrize("how", ["pg_dump", "logical"])
def test_postgresql_backup_while_serving_restored_and_played_on(
    tmp_path: Path, postgres_url: str, how: str
) -> None:
    extra = {"JUDGE_DATABASE_URL": postgres_url}
    copy = tmp_path / "judge.backup"
    with InProcessJudge(tmp_path / "j", **extra) as judge:
        judge.ask("ann@example.org", form("ann@example.org"))
        judge.ask("ann@example.org", "CREATE ?tiny pwAnn")
        written = _backup(judge.env, copy, *(["--logical"] if how == "logical" else []))
        assert ("pg_dump" if how == "pg_dump" else "logical copy into SQLite") in written
        judge.ask("bob@example.org", form("bob@example.org"))  # after the backup: lost
    _restore(judge.env, copy)
    with InProcessJudge(tmp_path / "j", **extra) as judge:
        who = judge.ask("ann@example.org", "WHO IS bob@").get_content()
        assert "bob@example.org" not in who  # registered after the backup: gone
        joined = judge.ask(address("Italy"), form(address("Italy")) + "SIGN ON ?tiny pwItaly")
        assert "You've been selected to play a power in game 'tiny'." in joined.get_content()
    if how == "logical":  # the same copy moves the judge onto SQLite
        sqlite_env = {**judge.env, "JUDGE_DATABASE_URL": ""}
        run_judge(sqlite_env, "migrate")
        _restore(sqlite_env, copy)
        with InProcessJudge(tmp_path / "j") as judge:
            assert Table(judge).show("tiny")["status"] == "forming"
