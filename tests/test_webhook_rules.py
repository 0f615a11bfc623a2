"""The webhooks' pure parts: which addresses are refused (every kind of non-public one, an
IPv4 address written inside IPv6 too), which hosts `webhook_hosts` admits, a name whose
addresses are loopback refused at the post (and a post straight to it never made), the
form told from the host, and Slack's and the judge's JSON bodies. The by-mail tests are
test_webhooks_by_mail.py."""

from __future__ import annotations

import ipaddress
import json

import pytest

from judge.config import Settings
from judge.webhooks.forms import SLACK_MOST, render
from judge.webhooks.http import post
from judge.webhooks.keys import signature
from judge.webhooks.rules import Refused, addresses, checked_url, form_of, host_listed, is_private
from tests.webhookkit import Hook, serve

REFUSED = [
    "127.0.0.1", "127.8.9.10", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254",
    "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1",
    "fc00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "ff02::1", "192.0.2.1",
]  # fmt: skip
PUBLIC = ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]


@pytest.mark.parametrize("address", REFUSED)
def test_a_non_public_address_is_refused(address):
    assert is_private(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_is_not(address):
    assert not is_private(ipaddress.ip_address(address))


def test_the_hosts_the_keeper_lists():
    listed = ("discord.com", "*.example.org")
    assert host_listed("discord.com", listed)
    assert not host_listed("evil-discord.com", listed)
    assert not host_listed("discord.com.evil.net", listed)
    assert host_listed("hooks.example.org", listed) and host_listed("a.b.example.org", listed)
    assert not host_listed("example.org", listed) and not host_listed("badexample.org", listed)


def test_a_url_is_checked_before_any_lookup():
    keeper = Settings(webhook_hosts="Discord.com., 127.0.0.1")
    assert checked_url("https://discord.com/api/webhooks/1/x", keeper).hostname == "discord.com"
    for url, why in [
        ("https://127.0.0.1/x", "loopback"),
        ("https://[::ffff:127.0.0.1]/x", "is not one of them"),
        ("gopher://discord.com/x", "http:// or https://"),
        ("https://a:b@discord.com/x", "login"),
        ("https://discord.com:99999/x", "not a URL"),
    ]:
        with pytest.raises(Refused, match=why):
            checked_url(url, keeper)
    with pytest.raises(Refused, match="posts to no webhooks"):
        checked_url("https://discord.com/x", Settings())


def test_a_name_with_a_loopback_address_is_refused_and_never_posted_to():
    hook = Hook()
    server = serve(hook)
    try:
        keeper = Settings(webhook_hosts="localhost")
        with pytest.raises(Refused, match="loopback"):
            addresses("localhost", hook.port, keeper)
        with pytest.raises(Refused, match="loopback"):
            post(hook.url(host="localhost"), b"{}", {}, keeper)
        assert not hook.got
        # With the keeper's leave the same post goes through.
        allowed = Settings(webhook_hosts="localhost", webhook_allow_private=True)
        assert post(hook.url(host="localhost"), b"{}", {}, allowed).status == 200
        assert len(hook.got) == 1
    finally:
        server.shutdown()
        server.server_close()


def test_the_form_is_told_from_the_host_unless_named():
    assert form_of("https://discord.com/api/webhooks/1/x", None) == "discord"
    assert form_of("https://hooks.slack.com/services/T/B/X", None) == "slack"
    assert form_of("https://hooks.example.org/x", None) == "json"
    assert form_of("https://discord.com/api/webhooks/1/x", "json") == "json"


def test_slacks_form_escapes_and_cuts_and_the_judges_json_carries_the_picture():
    payload = {"game": "war", "phase": "S1901M", "subject": "USTS:war - S1901M Results",
               "text": "A <b> & ```x```\n" + "y" * (SLACK_MOST + 50)}  # fmt: skip
    body, kind = render("slack", payload, b"\x89PNG")
    said = json.loads(body)
    assert kind == "application/json" and set(said) == {"text", "mrkdwn"}
    assert said["text"].startswith("*USTS:war - S1901M Results*\n```A &lt;b&gt; &amp; '''x'''")
    assert "(cut: the whole text is in the game's mail)" in said["text"]
    body, kind = render("json", payload, b"\x89PNG")
    own = json.loads(body)
    assert own["picture"] == {"name": "war-S1901M.png", "content_type": "image/png",
                              "base64": "iVBORw=="}  # fmt: skip


def test_the_signature_is_the_hmac_of_the_timestamp_and_the_body():
    # As `printf '1.{}' | openssl dgst -sha256 -hmac key` computes it.
    assert signature("key", 1, b"{}") == (
        "sha256=1ba6b8171186efc613e8bcc0cbdab2748f24984d7c5a84faa2637afa0e40d224"
    )
