"""DKIM: `judge dkim-key` makes the key and prints the records to publish; every mail the
judge sends is signed, and verifies with dkimpy against the printed records (given to it
through its DNS hook, no network), in the Maildir and through a relay that refused it once
(one fresh signature a key, valid). A key that cannot sign stops `judge serve` at start;
`judge doctor` checks the key, and, from a DNS server on this host, the published record,
SPF and DMARC, or says that it could not look."""

from __future__ import annotations

import re
import socket
import threading
from datetime import datetime, timedelta
from pathlib import Path

import dkim
import dns.message
import dns.rcode
import dns.resolver
import dns.rrset
import pytest
from aiosmtpd.controller import Controller

from judge.config import load
from judge.doctor import examine
from judge.mailin.queue import answer_next, store_inbound
from judge.mailout import signing
from judge.mailout.sender import send_pending, transport
from tests.judgekit import InProcessJudge, environment, free_port, mail, migrated, run_judge

NOW = datetime(2026, 11, 22, 12, 0)
DOMAIN = "test.example"  # the domain of the tests' judge address


@pytest.fixture(scope="module")
def key(tmp_path_factory) -> tuple[dict[str, str], dict[str, str]]:
    """`judge dkim-key` run as a judgekeeper runs it: the records it printed, by name, and
    the settings it said to add."""
    home = tmp_path_factory.mktemp("dkim")
    made = run_judge(environment(home), "dkim-key", "--selector", "s1", "--ed25519")
    assert made.returncode == 0, made.stderr.decode()
    printed = made.stdout.decode()
    records = {
        name: "".join(re.findall(r'"([^"]*)"', rest))
        for name, rest in re.findall(r"^(\S+)\. IN TXT (.*)$", printed, re.MULTILINE)
    }
    settings = dict(re.findall(r'^(dkim_\w+) = "(.*)"$', printed, re.MULTILINE))
    assert set(records) == {f"s1._domainkey.{DOMAIN}", f"s1-ed25519._domainkey.{DOMAIN}"}
    assert (Path(settings["dkim_key_file"]).stat().st_mode & 0o777) == 0o600
    return records, {f"JUDGE_{k.upper()}": v for k, v in settings.items()}


def _dns(records: dict[str, str]):
    """dkimpy's DNS hook, answering from the records printed."""
    return lambda name, timeout=5: records.get(name.decode().rstrip("."), "").encode() or None


def _verified(data: bytes, records: dict[str, str]) -> list[bytes]:
    """The algorithm of each signature on `data`, all of them checked."""
    checking = dkim.DKIM(data)
    found = [v for k, v in checking.headers if k.lower() == b"dkim-signature"]
    algorithms = []
    for n in range(len(found)):
        assert checking.verify(idx=n, dnsfunc=_dns(records)), f"signature {n} does not verify"
        algorithms.append(checking.signature_fields[b"a"])
    return algorithms


def test_a_reply_verifies_against_the_records_dkim_key_printed(tmp_path, key):
    records, env = key
    with InProcessJudge(tmp_path / "j", **env) as judge:
        sent = judge.ask("anna@example.org", "VERSION", subject="signed?")["In-Reply-To"]
        new = judge.settings.home / "mail" / "new"
        [data] = [f.read_bytes() for f in new.iterdir() if sent.encode() in f.read_bytes()]
    assert _verified(data, records) == [b"rsa-sha256", b"ed25519-sha256"]
    fields = dkim.DKIM(data)
    fields.verify(dnsfunc=_dns(records))
    signed = "".join(fields.signature_fields[b"h"].decode().split()).split(":")
    for name in ("from", "to", "subject", "date", "message-id", "in-reply-to", "references",
                 "mime-version", "content-type", "content-transfer-encoding"):  # fmt: skip
        assert name in signed
    assert signed.count("from") == 2  # a second From cannot be added unseen
    forged = data.replace(b"Subject: Re: USTS signed?", b"Subject: Re: USTS forged")
    assert forged != data and not dkim.verify(forged, dnsfunc=_dns(records))


class Relay451:
    """A relay that refuses the first mail with 451, then takes everything."""

    def __init__(self) -> None:
        self.refusals, self.received = 1, []

    async def handle_DATA(self, server, session, envelope) -> str:
        if self.refusals:
            self.refusals -= 1
            return "451 4.3.0 Try again later"
        self.received.append(envelope.original_content)
        return "250 OK"


def test_a_mail_tried_again_is_signed_once_a_key_and_verifies_off_the_wire(tmp_path, key):
    records, env = key
    handler = Relay451()
    relay = Controller(handler, hostname="127.0.0.1", port=free_port())
    relay.start()
    try:
        settings = load(
            environment(tmp_path / "j", JUDGE_OUTBOUND=f"smtp://127.0.0.1:{relay.port}", **env)
        )
        store = migrated(settings)
        for n in range(3):
            raw = mail(f"p{n}@example.org", "VERSION").as_bytes()
            store_inbound(store, raw, NOW, envelope_from=f"p{n}@example.org")
            answer_next(store, settings, lambda: NOW)
        signing.load.cache_clear()
        sink = transport(settings)
        assert send_pending(store, settings, NOW, sink) == 2  # the first refused, signed
        assert send_pending(store, settings, NOW + timedelta(seconds=30), sink) == 1  # again
    finally:
        relay.stop()
    assert signing.load.cache_info().misses == 1  # the key read once, not once a mail
    for data in handler.received:
        assert data.count(b"DKIM-Signature:") == 2 and b"\r\n" in data
        assert _verified(data, records) == [b"rsa-sha256", b"ed25519-sha256"]


def test_a_key_that_cannot_sign_stops_serve_at_start_and_doctor_says_why(tmp_path):
    missing = tmp_path / "nowhere.pem"
    env = environment(tmp_path / "j", JUDGE_DKIM_SELECTOR="s1", JUDGE_DKIM_KEY_FILE=str(missing))
    served = run_judge(env, "serve", timeout=30)
    assert served.returncode == 1
    said = served.stderr.decode()
    assert (
        f"judge: the configuration cannot be used: dkim_key_file '{missing}' cannot be read" in said
    )
    broken = tmp_path / "broken.pem"
    broken.write_text("-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n")
    settings = load({**env, "JUDGE_DKIM_KEY_FILE": str(broken)})
    [finding] = [f for f in examine(settings) if f.what.startswith("DKIM")]
    assert finding.level == "FAIL" and "not a private key the judge can read" in finding.what
    assert "judge dkim-key --selector NEW" in finding.fix


class TinyDns:
    """A DNS server on this host (UDP) answering TXT questions from a dict of records."""

    def __init__(self, records: dict[str, list[str]]) -> None:
        self.records = records
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.bind(("127.0.0.1", 0))
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                wire, asker = self.socket.recvfrom(4096)
            except OSError:  # closed
                return
            question = dns.message.from_wire(wire)
            answer = dns.message.make_response(question)
            name = question.question[0].name
            texts = self.records.get(name.to_text().rstrip(".").lower())
            if texts is None:
                answer.set_rcode(dns.rcode.NXDOMAIN)
            elif texts:  # else the name is there, with no TXT record
                quoted = [
                    " ".join(f'"{t[i : i + 255]}"' for i in range(0, len(t), 255)) for t in texts
                ]
                answer.answer.append(dns.rrset.from_text_list(name, 60, "IN", "TXT", quoted))
            self.socket.sendto(answer.to_wire(), asker)

    def resolver(self) -> dns.resolver.Resolver:
        asking = dns.resolver.Resolver(configure=False)
        asking.nameservers = ["127.0.0.1"]
        asking.port = self.socket.getsockname()[1]
        return asking

    def close(self) -> None:
        self.socket.close()


def _dkim_findings(settings, resolver) -> dict[str, tuple[str, str]]:
    """Doctor's findings after the relay's, by their first word(s)."""
    found = [f for f in examine(settings, resolver=resolver) if f.what.split(" ")[0] in (
        "DKIM", "SPF", "SPF:", "DMARC", "DMARC:", "DNS:")]  # fmt: skip
    return {" ".join(f.what.split(" ")[:3]): (f.level, f.what) for f in found}


def test_doctor_finds_the_record_published_and_reads_spf_and_dmarc(tmp_path, key):
    records, env = key
    settings = load(environment(tmp_path / "j", **env))
    published = {name: [text] for name, text in records.items()}
    published[DOMAIN] = ["google-site-verification=abc", "v=spf1 mx -all"]
    published[f"_dmarc.{DOMAIN}"] = ["v=DMARC1; p=quarantine; rua=mailto:keeper@test.example"]
    server = TinyDns(published)
    try:
        found = _dkim_findings(settings, server.resolver())
        assert [level for level, _ in found.values()] == ["ok"] * 5, found
        assert found["SPF for test.example:"][1].endswith("v=spf1 mx -all")
        assert "p=quarantine" in found["DMARC for test.example"][1]
        # Another key published under the selector; no SPF; no DMARC.
        server.records = {**published, DOMAIN: [], f"_dmarc.{DOMAIN}": []}
        other = records[f"s1._domainkey.{DOMAIN}"].replace("p=MII", "p=MIJ")
        server.records[f"s1._domainkey.{DOMAIN}"] = [other]
        found = _dkim_findings(settings, server.resolver())
    finally:
        server.close()
    assert found["DKIM record s1._domainkey.test.example"][0] == "FAIL"
    assert "holds another key" in found["DKIM record s1._domainkey.test.example"][1]
    assert found["SPF: test.example publishes"][0] == "warn"
    assert found["DMARC: no policy"][0] == "warn"
    # No DNS to ask: said, and nothing else looked up.
    found = _dkim_findings(settings, dns.resolver.Resolver(configure=False))
    assert [level for level, _ in found.values()] == ["ok", "warn"]
    assert "could not look up s1._domainkey.test.example" in found["DNS: could not"][1]
