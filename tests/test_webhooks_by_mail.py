"""Webhooks (issue 35, item 5) over SMTP against a local HTTP server (tests/webhookkit.py):
a master's SET WEBHOOK, the game's start, results and end posted, signed with the key his
answer gives, in the judge's JSON, Discord's and Slack's forms; the results' text the very
copy an observer is mailed (a blind game's cut); a failing receiver tried again with a
growing wait, a refusing one given up; and the judgekeeper's rules: only the hosts of
`webhook_hosts`, never a loopback or private address (at SET WEBHOOK for a literal
address, at each post and redirect for a name's addresses) unless `webhook_allow_private`,
which these tests set to reach their local server and the last test leaves off."""

from __future__ import annotations

import base64
import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from judge.doctor import examine
from judge.metrics import figures
from judge.store.models import WebhookPost
from tests.gametable import HOLDS, MASTER, POWERS, Table, address, form, master
from tests.judgekit import InProcessJudge
from tests.webhookkit import Hook, serve

WATCHER = "watcher@example.org"
ALLOWED = {
    "JUDGE_WEBHOOK_HOSTS": "127.0.0.1",
    "JUDGE_WEBHOOK_ALLOW_PRIVATE": "true",
    "JUDGE_WEBHOOK_RETRY_SECONDS": "0.2",
}


@pytest.fixture
def hook() -> Iterator[Hook]:
    found = Hook()
    server = serve(found)
    yield found
    server.shutdown()
    server.server_close()


@contextmanager
def seated(tmp_path: Path, **env: str) -> Iterator[Table]:
    with InProcessJudge(tmp_path / "judge", like=Table.home(), **env) as judge:
        yield Table(judge)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with seated(tmp_path, **ALLOWED) as seven:
        yield seven


def create(table: Table, options: str = "") -> None:
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        f"CREATE ?war pwMaster {options}\nBECOME MASTER\n"
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    ).get_content()
    assert "You've been selected to play Master in game 'war'." in made


def sign_on_all(table: Table, options: str = "") -> None:
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} {options}\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")


def key_of(reply: str) -> str:
    found = re.search(r"^    ([0-9a-f]{64})$", reply, re.MULTILINE)
    assert found, reply
    return found.group(1)


def posts(table: Table) -> list[WebhookPost]:
    with table.judge.store.transaction(readonly=True) as session:
        rows = session.execute(select(WebhookPost).order_by(WebhookPost.id)).scalars().all()
        session.expunge_all()
        return list(rows)


def test_a_game_posts_its_start_results_and_end_signed_in_the_judges_json(table, hook):
    create(table, "standard gunboat")  # nobody named, in the mail or the webhook
    # A player may not set one, and is told that the game is posted, never where.
    refused = table.send(
        address("France"), "SIGN ON ?war pwFrance standard gunboat\nSET WEBHOOK http://x/"
    )
    assert "SET WEBHOOK: only a master of game 'war' may do that." in refused.get_content()
    set_ = master(table, f"SET WEBHOOK {hook.url()}")
    assert f"Webhook of game 'war' set: {hook.url()}" in set_
    assert "Posted in the judge's own JSON form" in set_
    key = key_of(set_)
    told = table.wait_for(address("France"), "Parameter Change")[0].get_content()
    assert "Game 'war' now has a webhook" in told and hook.url() not in told
    sign_on_all(table, "standard gunboat")
    table.send(WATCHER, "OBSERVE war passW\n")

    start = hook.wait(1)[0]
    assert start.path == "/hook" and start.headers["x-judge-event"] == "start"
    assert start.headers["content-type"] == "application/json"
    assert start.signed_by(key) and not start.signed_by("0" * 64)
    body = start.json()
    assert body["judge"] == "USTS" and body["game"] == "war" and body["event"] == "start"
    assert body["subject"] == "USTS:war - S1901M Game Starting"
    assert "The following players are in this game:" in body["text"]
    assert "The deadline for the first orders is" in body["text"]
    master_copy = table.inbox(MASTER, "Game Starting")[0].get_content()
    roster = body["text"].split("The following players are in this game:")[1].split("\n\n")[0]
    assert roster in master_copy and "France:                   someone@somewhere" in roster
    assert "players.example" not in body["text"] and MASTER not in body["text"]
    assert "picture" not in body  # pictures are off in these tests' judge

    for power, orders in HOLDS.items():
        table.orders(power, orders)
    watched = table.wait_for(WATCHER, "S1901M Results")[0].get_content()
    results = hook.wait(2)[1].json()
    assert results["event"] == "results" and results["phase"] == "S1901M"
    assert results["subject"] == "USTS:war - S1901M Results"
    # The observer's copy of the results, word for word, beneath the mail's header lines.
    assert results["text"] in watched and "Movement results for Spring of 1901" in results["text"]
    assert int(hook.got[1].headers["x-judge-delivery"]) == results["id"]
    assert "players.example" not in results["text"]

    master(table, "TERMINATE")
    end = hook.wait(3)[2]
    assert end.headers["x-judge-event"] == "end" and end.signed_by(key)
    assert end.json()["subject"] == "USTS:war - F1901M Game Terminated"
    assert "terminated" in end.json()["text"]
    table.judge.mailbox.wait(lambda: [p.status for p in posts(table)] == ["sent"] * 3)


def test_discords_form_the_picture_and_a_blind_games_cut(tmp_path, hook):
    env = {**ALLOWED, "JUDGE_PICTURES": "true"}
    with seated(tmp_path, **env) as table:
        create(table, "blind")
        said = master(table, f"SET WEBHOOK {hook.url('/discord')} DISCORD")
        assert "Posted in Discord's form" in said
        for power, letter in POWERS.items():
            table.send(address(power), f"SIGN ON ?war pw{power} blind\nSET PREFERENCE {letter}\n")
        table.wait_for(MASTER, "Game Starting")
        table.send(WATCHER, "OBSERVE war passW\n")
        table.orders("Germany", "A mun-ruh\nF kie-hol")
        master(table, "PROCESS")
        mail = table.wait_for(WATCHER, "S1901M Blind Results")[0]
        watched = mail.get_body(preferencelist=("plain",)).get_content()
        discord = hook.wait(2)[1]
        assert discord.headers["content-type"].startswith("multipart/form-data; boundary=")
        parts = discord.parts()
        message = json.loads(parts["payload_json"][1])
        assert message["allowed_mentions"] == {"parse": []}
        assert message["content"].startswith("**USTS:war - S1901M Blind Results**\n```\n")
        kind, png = parts["files[0]"]
        assert kind == "image/png" and png.startswith(b"\x89PNG\r\n\x1a\n")
        # The observer's blind copy: no unit of anyone's, as his mail shows none.
        text = posts(table)[1].payload["text"]
        assert text in watched and "Germany: Army Munich" not in text
        assert "Germany: Army" not in message["content"]

        master(table, f"SET WEBHOOK {hook.url('/json')} JSON")
        master(table, "PROCESS")
        own = hook.wait(3)[2].json()
        assert own["subject"] == "USTS:war - F1901M Blind Results"
        picture = own["picture"]
        assert picture["content_type"] == "image/png" and picture["name"].endswith(".png")
        assert base64.b64decode(picture["base64"]).startswith(b"\x89PNG")

        assert "has no webhook now" in master(table, "SET NO WEBHOOK")
        assert "has no webhook." in master(table, "SET NO WEBHOOK")


def test_a_failing_receiver_is_tried_again_with_backoff_and_a_refusing_one_is_not(table, hook):
    create(table)
    # The first post fails twice (503, then 429 asking a short wait), then gets through.
    hook.answers = [503, (429, {"Retry-After": "0"}), 200]
    master(table, f"SET WEBHOOK {hook.url()}")
    sign_on_all(table)
    tries = hook.wait(3)
    assert {t.headers["x-judge-delivery"] for t in tries} == {tries[0].headers["x-judge-delivery"]}
    first, second = tries[1].at - tries[0].at, tries[2].at - tries[1].at
    assert first >= 0.2 and second >= 0.4  # 0.2 s, then twice as long
    table.judge.mailbox.wait(lambda: posts(table)[0].status == "sent")
    assert posts(table)[0].attempts == 3

    # A receiver answering 404 is not tried again; a redirect to a host the judgekeeper
    # does not list is not followed. This one is slow too: mail is answered meanwhile.
    hook.answers, hook.delay = [404], 3.0
    for power, orders in HOLDS.items():
        table.orders(power, orders)
    hook.wait(4)
    # Answered while the post still waits for its answer.
    assert "This is judge USTS" in table.send(WATCHER, "VERSION").get_content()
    assert posts(table)[1].status == "pending" and hook.got[-1].at > time.monotonic() - 3
    table.judge.mailbox.wait(lambda: posts(table)[1].status == "failed")
    assert posts(table)[1].attempts == 1 and "HTTP 404" in posts(table)[1].last_error
    other = Hook()
    server = serve(other)
    try:
        hook.answers = [(307, {"Location": other.url(host="localhost")})]
        master(table, "TERMINATE")
        table.judge.mailbox.wait(lambda: [p.status for p in posts(table)][2:] == ["failed"])
        assert "localhost is not one of them" in posts(table)[2].last_error
        assert not other.got
        shown = figures(table.judge.store, datetime.now(UTC).replace(tzinfo=None))
        assert 'judge_webhook_posts{status="sent"} 1' in shown
        assert 'judge_webhook_posts{status="failed"} 2' in shown
        # The judgekeeper hears of it from `judge doctor` (the players never waited on it).
        said = {f.what: f for f in examine(table.judge.settings) if "webhook" in f.what}
        assert [f.level for f in said.values()] == ["warn"], said
        (finding,) = said.values()
        assert finding.what.startswith("2 webhook posts given up in the last 7 days, for 1 game;")
        assert "localhost is not one of them" in finding.what
        assert "SET NO WEBHOOK" in finding.fix
    finally:
        server.shutdown()
        server.server_close()


def test_loopback_and_unlisted_hosts_are_refused_without_the_keepers_leave(tmp_path, hook):
    env = {"JUDGE_WEBHOOK_HOSTS": "127.0.0.1, localhost, *.example.org"}
    with seated(tmp_path, **env) as table:
        create(table)
        said = master(table, f"SET WEBHOOK {hook.url()}")
        assert (
            "SET WEBHOOK: 127.0.0.1 is a loopback, private or reserved address: this judge "
            "posts to public addresses only." in said
        )
        said = master(table, "SET WEBHOOK https://10.1.2.3/hook")
        assert "this judge posts only to the hosts its judgekeeper allows" in said
        said = master(table, "SET WEBHOOK https://hooks.evil.example/x")
        assert "hooks.evil.example is not one of them" in said
        said = master(table, "SET WEBHOOK ftp://hooks.example.org/x")
        assert "is not an http:// or https:// URL" in said
        said = master(table, "SET WEBHOOK https://user:pw@hooks.example.org/x")
        assert "may not carry a login" in said
        said = master(table, "SET WEBHOOK https://hooks.example.org/x TEAMS")
        assert "DISCORD, SLACK or JSON" in said
        # A name is checked by the addresses it has, at the post: localhost is loopback.
        said = master(table, f"SET WEBHOOK {hook.url(host='localhost')}")
        assert "Webhook of game 'war' set" in said
        sign_on_all(table)
        table.judge.mailbox.wait(lambda: posts(table) and posts(table)[0].status == "failed")
        row = posts(table)[0]
        assert row.attempts == 1 and row.event == "start"
        assert "is a loopback, private or reserved address" in row.last_error
        assert not hook.got


def test_a_judge_with_no_webhook_hosts_takes_no_webhook(tmp_path, hook):
    with seated(tmp_path) as table:
        create(table)
        said = master(table, f"SET WEBHOOK {hook.url()}")
        assert "SET WEBHOOK: this judge posts to no webhooks" in said
