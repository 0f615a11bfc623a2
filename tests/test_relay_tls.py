"""Replies through a relay with TLS and a login (`smtp+starttls://` and `smtps://`): the
relay's certificate checked against `relay_ca_file`, the password from the URL or a file and
never logged; a relay whose certificate is not the one trusted, or that refuses the login,
gets no mail, is tried again with backoff (one login a wait, not one a waiting mail), and
the judgekeeper is told once. The relays are aiosmtpd on this host with certificates made
here by a CA of the test's own."""

from __future__ import annotations

import ipaddress
import logging
import ssl
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from sqlalchemy import select

from judge.config import SettingsError, load
from judge.doctor import examine
from judge.mailin.queue import answer_next, store_inbound
from judge.mailout.sender import send_pending, transport
from judge.store.models import Outbox
from tests.judgekit import InProcessJudge, environment, free_port, mail, migrated

NOW = datetime(2026, 11, 22, 12, 0)
PASSWORD = "s3cret:p@ss"  # with a ':' and an '@', written %-encoded in the URL
IN_URL = "s3cret%3Ap%40ss"


def _certificate(subject: str, key, issuer: x509.Certificate | None, issuer_key, ca: bool):
    now = datetime.now(UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
        .issuer_name(
            issuer.subject
            if issuer
            else x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)])
        )
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if not ca:
        builder = builder.add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
    return builder.sign(issuer_key, hashes.SHA256())


def _pem(path: Path, *items) -> Path:
    out = b""
    for item in items:
        if isinstance(item, x509.Certificate):
            out += item.public_bytes(serialization.Encoding.PEM)
        else:
            out += item.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
    path.write_bytes(out)
    return path


@pytest.fixture(scope="module")
def certificates(tmp_path_factory) -> dict[str, Path]:
    """Our CA, the relay's certificate from it (for 127.0.0.1 and localhost), and a wrong
    one: the same names, from a CA nobody here trusts."""
    folder = tmp_path_factory.mktemp("certs")
    made: dict[str, Path] = {}
    for name in ("ca", "stranger"):
        ca_key = ec.generate_private_key(ec.SECP256R1())
        ca = _certificate(f"Test {name}", ca_key, None, ca_key, ca=True)
        key = ec.generate_private_key(ec.SECP256R1())
        server = _certificate("127.0.0.1", key, ca, ca_key, ca=False)
        made[name] = _pem(folder / f"{name}.pem", ca)
        made[f"{name}-server"] = _pem(folder / f"{name}-server.pem", server, key)
    return made


class TlsRelay:
    """An aiosmtpd relay with a login, STARTTLS (`implicit`: TLS from the first byte)."""

    def __init__(self, certificate: Path, implicit: bool = False) -> None:
        self.received: list[tuple[str, bytes]] = []  # (the login, the mail)
        self.logins: dict[tuple[str, int], str] = {}  # the login tried, by connection
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(certificate)
        tls = {"ssl_context": context} if implicit else {"tls_context": context}
        # aiosmtpd knows TLS only from STARTTLS: with TLS from the first byte it would offer
        # no login, were it told to offer one only over TLS (and it warns that it is not).
        # handle_DATA checks that the mail came over TLS.
        self.controller = Controller(
            self, hostname="127.0.0.1", port=free_port(), authenticator=self.authenticate,
            auth_required=True, auth_require_tls=not implicit, require_starttls=not implicit, **tls,
        )  # fmt: skip
        self.port = self.controller.port

    def authenticate(self, server, session, envelope, mechanism, data) -> AuthResult:
        self.logins[session.peer] = data.login.decode()
        right = (data.login, data.password) == (b"judge", PASSWORD.encode())
        return AuthResult(success=right, handled=False, auth_data=data.login)

    async def handle_DATA(self, server, session, envelope) -> str:
        assert server.transport.get_extra_info("ssl_object") is not None  # over TLS
        self.received.append((session.auth_data.decode(), envelope.original_content))
        return "250 OK"

    def __enter__(self) -> TlsRelay:
        self.controller.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.controller.stop()


def _queued(tmp_path: Path, **extra: str):
    """A judge's store and settings with one answered mail, its reply due in the outbox."""
    settings = load(environment(tmp_path / "j", **extra))
    store = migrated(settings)
    message = mail("anna@example.org", "VERSION", subject="hi")
    store_inbound(store, message.as_bytes(), NOW, envelope_from="anna@example.org")
    answer_next(store, settings, lambda: NOW)
    return store, settings


def _outbox(store) -> list[Outbox]:
    with store.transaction(readonly=True) as session:
        return list(session.execute(select(Outbox).order_by(Outbox.id)).scalars())


def test_a_reply_goes_out_through_starttls_with_a_login_and_no_password_is_logged(
    tmp_path, certificates, caplog
):
    caplog.set_level(logging.INFO)
    with TlsRelay(certificates["ca-server"]) as relay:
        outbound = f"smtp+starttls://judge:{IN_URL}@127.0.0.1:{relay.port}"
        env = {"JUDGE_OUTBOUND": outbound, "JUDGE_RELAY_CA_FILE": str(certificates["ca"])}
        with InProcessJudge(tmp_path / "j", **env) as judge:
            sent = judge.client.send(mail("anna@example.org", "VERSION", subject="tls"))
            judge.mailbox.wait(lambda: bool(relay.received))
            assert "ok" in [f.level for f in examine(judge.settings) if "relay" in f.what]
    login, data = relay.received[0]
    assert login == "judge" and f"In-Reply-To: {sent}".encode() in data
    assert f"outbound smtp+starttls://judge@127.0.0.1:{relay.port}" in caplog.text
    assert PASSWORD not in caplog.text and IN_URL not in caplog.text
    assert IN_URL not in repr(judge.settings)


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_implicit_tls_with_the_password_in_a_file(tmp_path, certificates):
    secret = tmp_path / "relay-password"
    secret.write_text(PASSWORD + "\n")
    with TlsRelay(certificates["ca-server"], implicit=True) as relay:
        store, settings = _queued(
            tmp_path,
            JUDGE_OUTBOUND=f"smtps://judge@127.0.0.1:{relay.port}",
            JUDGE_RELAY_PASSWORD_FILE=str(secret),
            JUDGE_RELAY_CA_FILE=str(certificates["ca"]),
        )
        assert send_pending(store, settings, NOW, transport(settings)) == 1
    assert [login for login, _ in relay.received] == ["judge"]
    assert _outbox(store)[0].status == "sent"


@pytest.mark.parametrize("wrong", ["certificate", "password"])
def test_a_relay_refusing_the_judge_gets_nothing_is_retried_and_the_keeper_told_once(
    tmp_path, certificates, wrong
):
    served = certificates["stranger-server" if wrong == "certificate" else "ca-server"]
    with TlsRelay(served) as relay:
        password = "wrong" if wrong == "password" else IN_URL
        env = {
            "JUDGE_OUTBOUND": f"smtp+starttls://judge:{password}@127.0.0.1:{relay.port}",
            "JUDGE_RELAY_CA_FILE": str(certificates["ca"]),
        }
        store, settings = _queued(tmp_path, **env)
        sink = transport(settings)
        # Tried at once, then after 30 s, 1 min, 2 min: each time a refusal, and nothing
        # tried in between (the relay rests), however many mails wait.
        for at in (0, 10, 30, 60, 90, 210):
            assert send_pending(store, settings, NOW + timedelta(seconds=at), sink) == 0
        rows = _outbox(store)
        reply, notices = rows[0], rows[1:]
        assert reply.status == "pending" and reply.next_attempt_at == NOW + timedelta(seconds=450)
        assert [n.to_address for n in notices] == [settings.keeper]  # told once
        assert notices[0].subject == "USTS: mail held: the relay cannot be used"
        assert relay.received == []
        assert sum(r.attempts for r in rows) == 4  # a try at 0, 30, 90 and 210 s
        if wrong == "certificate":
            assert relay.logins == {} and "certificate is not trusted" in reply.last_error
            assert "relay_ca_file" in notices[0].body
        else:
            assert list(relay.logins.values()) == ["judge"] * 4  # a connection a try
            assert "refused the judge's login: 535" in reply.last_error
            assert "relay_password_file" in notices[0].body
        doctor = [f for f in examine(settings) if f.what.startswith("relay")]
        said = reply.last_error.removeprefix("RelayUnusable: ")
        assert doctor[0].level == "FAIL" and doctor[0].what.endswith(said)
        if wrong == "password":  # put right: the reply, then the notice, go
            env["JUDGE_OUTBOUND"] = env["JUDGE_OUTBOUND"].replace(":wrong@", f":{IN_URL}@")
            settings = load(environment(tmp_path / "j", **env))
            later = NOW + timedelta(hours=2)
            assert send_pending(store, settings, later, transport(settings)) == 2
            assert [n.status for n in _outbox(store)] == ["sent", "sent"]
            assert b"the relay cannot be used" in relay.received[1][1]


@pytest.mark.parametrize(
    ("outbound", "extra", "complaint"),
    [
        ("smtp://judge:pw@127.0.0.1:25", {}, "over plain SMTP, where the password could be read"),
        ("smtps://judge@relay.example.org", {}, "no password is given"),
        ("smtps://judge:pw@relay.example.org", {"JUDGE_RELAY_PASSWORD": "pw"}, "give it once"),
        ("smtps://judge:pw@relay.example.org:99999", {}, "port as a number"),
        (
            "smtps://relay.example.org",
            {"JUDGE_RELAY_CA_FILE": "/no/ca.pem"},
            "not a file the judge can read",
        ),
    ],
)
def test_relay_settings_that_cannot_work_are_refused_at_load(outbound, extra, complaint):
    with pytest.raises(SettingsError, match=complaint) as refused:
        load({"JUDGE_OUTBOUND": outbound, **extra})
    assert ":pw@" not in str(refused.value)
