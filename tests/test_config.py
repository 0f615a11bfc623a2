"""Settings: defaults that run anywhere, a TOML file, and JUDGE_* variables over it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.config import SettingsError, host_port, load


def test_defaults_run_a_judge_on_this_machine_alone():
    settings = load({})
    assert settings.home == Path("data")
    assert settings.database == "sqlite:///data/judge.db"
    assert settings.listen == "127.0.0.1:2525" and settings.lmtp == ""
    assert settings.outbound_target == "maildir:data/mail"
    assert settings.code == "USXX" and settings.address == "judge@localhost"
    assert settings.max_message == 1_000_000 and settings.whois is False


def test_toml_file_in_home_then_environment_over_it(tmp_path):
    (tmp_path / "judge.toml").write_text(
        'code = "NLJD"\naddress = "judge@example.nl"\nmax_message = 2000000\n'
        'whois = true\nlisten = "0.0.0.0:25"\n'
    )
    settings = load({"JUDGE_HOME": str(tmp_path), "JUDGE_LISTEN": "127.0.0.1:2626"})
    assert settings.code == "NLJD" and settings.address == "judge@example.nl"
    assert settings.max_message == 2_000_000 and settings.whois is True
    assert settings.listen == "127.0.0.1:2626"  # the environment wins
    assert settings.database == f"sqlite:///{tmp_path / 'judge.db'}"


def test_config_file_named_by_judge_config_and_a_judge_table(tmp_path):
    path = tmp_path / "elsewhere.toml"
    path.write_text('[judge]\ncode = "DEXX"\nlmtp = "127.0.0.1:2424"\nfavourite = "blue"\n')
    settings = load({"JUDGE_CONFIG": str(path)})
    assert settings.code == "DEXX" and settings.lmtp == "127.0.0.1:2424"
    assert settings.extra == {"favourite": "blue"}


def test_every_variable_the_issue_names():
    env = {
        "JUDGE_HOME": "/srv/judge",
        "JUDGE_DATABASE_URL": "postgresql://judge@db/judge",
        "JUDGE_LISTEN": "[::1]:2525",
        "JUDGE_LMTP": "127.0.0.1:24",
        "JUDGE_OUTBOUND": "smtp://relay.example.org:587",
        "JUDGE_CODE": "UKXX",
        "JUDGE_ADDRESS": "judge@example.org",
        "JUDGE_WHOIS": "off",
    }
    settings = load(env)
    assert settings.home == Path("/srv/judge")
    assert settings.database == "postgresql://judge@db/judge"
    assert settings.outbound_target == "smtp://relay.example.org:587"
    assert (settings.listen, settings.lmtp, settings.code) == ("[::1]:2525", "127.0.0.1:24", "UKXX")
    assert settings.domain == "example.org" and settings.whois is False


@pytest.mark.parametrize(
    ("variable", "value", "complaint"),
    [
        ("JUDGE_CODE", "usx", "code 'usx' must be four capital letters"),
        ("JUDGE_ADDRESS", "judge", "address 'judge' is not a mail address"),
        ("JUDGE_LOG_LEVEL", "chatty", "log_level 'chatty' must be one of"),
        ("JUDGE_TIMEZONE", "Mars/Olympus", "timezone 'Mars/Olympus' is not a time zone"),
        ("JUDGE_OUTBOUND", "/var/mail", "must be maildir:PATH or smtp://host:port"),
        ("JUDGE_LISTEN", "localhost:smtp", "listen 'localhost:smtp' must be host:port"),
        ("JUDGE_WORKERS", "many", "workers must be a number"),
        ("JUDGE_MAX_MESSAGE", "0", "max_message must be at least 1"),
        ("JUDGE_SHUTDOWN_SECONDS", "0", "shutdown_seconds must be more than 0 seconds"),
        ("JUDGE_AUTHSERV_ID", "mx.example.org; dmarc", "authserv_id 'mx.example.org; dmarc'"),
        ("JUDGE_EXCUSES", "11", "excuses must be from 0 to 10"),
    ],
)
def test_settings_that_cannot_work_are_refused_by_name(variable, value, complaint):
    with pytest.raises(SettingsError, match=re.escape(complaint)):
        load({variable: value})


def test_a_judge_that_hears_no_mail_is_refused():
    with pytest.raises(SettingsError, match="hear no mail"):
        load({"JUDGE_LISTEN": ""})
    assert load({"JUDGE_LISTEN": "", "JUDGE_LMTP": "127.0.0.1:24"}).listen == ""


def test_host_port_forms():
    assert host_port("127.0.0.1:25", 2525) == ("127.0.0.1", 25)
    assert host_port(":2526", 2525) == ("127.0.0.1", 2526)
    assert host_port("mail.example.org", 25) == ("mail.example.org", 25)
    assert host_port("[::1]:2525", 25) == ("::1", 2525)
    assert host_port("[2001:db8::1]", 25) == ("2001:db8::1", 25)
