"""The sender: a row is marked sent only once delivered; a relay that fails is tried again
with backoff; a Maildir gets each mail exactly once, even when a crash came between the
delivery and the commit."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from judge.config import load
from judge.mailin.queue import answer_next, store_inbound
from judge.mailout.compose import compose
from judge.mailout.sender import MAX_ATTEMPTS, Maildir, Relay, send_pending
from judge.store.models import Outbox
from tests.judgekit import InProcessJudge, environment, free_port, mail, migrated

NOW = datetime(2026, 11, 22, 12, 0)


class Relay451:
    """A real SMTP server as our relay: refuses the first `refusals` mails with 451."""

    def __init__(self, refusals: int = 0) -> None:
        self.refusals = refusals
        self.received: list[bytes] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        if self.refusals > 0:
            self.refusals -= 1
            return "451 4.3.0 Try again later"
        self.received.append(envelope.original_content)
        return "250 OK"


@pytest.fixture
def relay():
    handler = Relay451()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield handler, controller.port
    controller.stop()


@pytest.fixture
def queued(tmp_path):
    """A judge's store with one answered mail: its reply waits in the outbox."""
    settings = load(environment(tmp_path / "j"))
    store = migrated(settings)
    message = mail("anna@example.org", "VERSION", subject="hi")
    store_inbound(store, message.as_bytes(), NOW, envelope_from="anna@example.org")
    answer_next(store, settings, lambda: NOW)
    yield store, settings, message
    store.dispose()


def outbox(store) -> Outbox:
    """The reply to the queued mail (the first outbox row)."""
    with store.transaction(readonly=True) as session:
        return session.execute(select(Outbox).order_by(Outbox.id).limit(1)).scalar_one()


def test_replies_go_through_a_relay_with_their_headers(tmp_path, relay):
    handler, port = relay
    with InProcessJudge(tmp_path / "j", JUDGE_OUTBOUND=f"smtp://127.0.0.1:{port}") as judge:
        message = mail("anna@example.org", "VERSION", subject="relayed")
        judge.client.send(message)
        judge.mailbox.wait(lambda: bool(handler.received))
    sent = handler.received[0].decode()
    assert "Subject: Re: USTS relayed" in sent
    assert f"In-Reply-To: {message['Message-ID']}" in sent
    assert "Auto-Submitted: auto-replied" in sent and "X-Judge: USTS" in sent


def test_a_refusing_relay_is_tried_again_with_backoff(queued, relay):
    store, settings, _ = queued
    handler, port = relay
    handler.refusals = 2
    sink = Relay("127.0.0.1", port)
    assert send_pending(store, settings, NOW, sink) == 0
    row = outbox(store)
    assert row.status == "pending" and row.attempts == 1 and "451" in row.last_error
    assert row.next_attempt_at == NOW + timedelta(seconds=30)
    assert send_pending(store, settings, NOW + timedelta(seconds=10), sink) == 0  # not yet due
    assert outbox(store).attempts == 1
    assert send_pending(store, settings, NOW + timedelta(seconds=30), sink) == 0
    assert outbox(store).next_attempt_at == NOW + timedelta(seconds=90)
    assert send_pending(store, settings, NOW + timedelta(seconds=90), sink) == 1
    row = outbox(store)
    assert row.status == "sent" and row.attempts == 3 and len(handler.received) == 1


def test_an_unreachable_relay_leaves_the_mail_pending_then_failed(queued):
    store, settings, _ = queued
    sink = Relay("127.0.0.1", free_port(), timeout=2)  # nobody listens there
    at = NOW
    for attempt in range(1, MAX_ATTEMPTS + 1):
        send_pending(store, settings, at, sink)
        row = outbox(store)
        assert row.attempts == attempt
        at = row.next_attempt_at
    assert row.status == "failed" and "Connection refused" in row.last_error
    with store.transaction(readonly=True) as session:
        notice = session.execute(select(Outbox).where(Outbox.id > row.id)).scalar_one()
    assert notice.to_address == settings.keeper and "given up" in notice.subject


def test_maildir_delivery_is_exactly_once_across_a_crash(queued, tmp_path):
    store, settings, _ = queued
    row = outbox(store)
    maildir = Maildir(tmp_path / "out")
    maildir.deliver(row, compose(row, settings))  # delivered, then the "crash": not marked
    assert outbox(store).status == "pending"
    assert send_pending(store, settings, NOW, maildir) == 1
    assert outbox(store).status == "sent"
    files = list((tmp_path / "out" / "new").iterdir())
    assert [f.name for f in files] == [maildir.stem(row)]


def test_a_permanent_refusal_is_given_up_at_once_and_the_keeper_told(queued, relay):
    store, settings, _ = queued
    handler, port = relay

    async def refuse(server, session, envelope) -> str:
        if envelope.rcpt_tos == ["anna@example.org"]:
            return "550 5.1.1 No such user"
        handler.received.append(envelope.original_content)
        return "250 OK"

    handler.handle_DATA = refuse
    sink = Relay("127.0.0.1", port)
    send_pending(store, settings, NOW, sink)
    with store.transaction(readonly=True) as session:
        rows = session.execute(select(Outbox).order_by(Outbox.id)).scalars().all()
    assert rows[0].status == "failed" and rows[0].attempts == 1 and "550" in rows[0].last_error
    assert rows[1].to_address == settings.keeper and rows[1].status == "sent"
    notice = handler.received[0].decode()
    assert "mail to anna@example.org given up" in notice and "No such user" in notice


def test_old_mail_is_pruned_but_its_record_kept(queued):
    from judge.engine.tick import tick
    from judge.store.models import Inbound

    store, settings, _ = queued
    send_pending(store, settings, NOW, Maildir(settings.home / "mail"))
    assert tick(store, NOW + timedelta(days=59), keep_days=60).pruned == 0
    assert tick(store, NOW + timedelta(days=61), keep_days=60).pruned == 2
    with store.transaction(readonly=True) as session:
        inbound = session.execute(select(Inbound)).scalar_one()
        assert inbound.raw == b"" and inbound.sender == "anna@example.org"
        assert inbound.message_key and inbound.status == "done"
        assert outbox(store).body == "" and outbox(store).status == "sent"
    assert tick(store, NOW + timedelta(days=62), keep_days=60).pruned == 0


def composed(settings, files=(), **fields) -> bytes:
    row = Outbox(
        id=1, created_at=NOW, to_address="anna@example.org", subject="Re: USTS hi",
        body="Hello.\n", message_id="<x@test.example>", in_reply_to="", refs="",
        headers={"Auto-Submitted": "auto-replied"},
    )  # fmt: skip
    for name, value in fields.items():
        setattr(row, name, value)
    return compose(row, settings, files)


def test_composed_mail_reads_back_as_written(tmp_path):
    from email import message_from_bytes, policy

    settings = load(environment(tmp_path / "j"))
    refs = " ".join(f"<{n:040d}@client.example>" for n in range(20))
    subject = "Re: USTS Sébastien's orders \u2014 spring"
    body = "Ordres: A Par-Bur\n" + "x" * 1500 + "\nCafé\n"
    data = composed(settings, subject=subject, body=body, refs=refs, in_reply_to="<a@b>")
    assert all(len(line) <= 78 for line in data.split(b"\n\n", 1)[0].split(b"\n"))
    assert data.isascii()
    message = message_from_bytes(data, policy=policy.default)
    assert message["Subject"] == subject
    assert message["References"] == refs
    assert message.get_content() == body
    assert message["From"] == "Diplomacy Judge USTS <judge@test.example>"
    assert message["Auto-Submitted"] == "auto-replied" and message["X-Judge"] == "USTS"


def test_a_subject_cannot_smuggle_headers(tmp_path):
    settings = load(environment(tmp_path / "j"))
    data = composed(settings, subject="hi\r\nBcc: victim@example.org\nX-Evil: 1")
    head = data.split(b"\n\n", 1)[0]
    assert b"\nBcc:" not in head and b"\nX-Evil:" not in head


def test_a_mail_with_pictures_keeps_its_text_first_and_is_the_same_on_a_resend(tmp_path):
    from email import message_from_bytes, policy

    from judge.mailout.outbox import Attachment

    settings = load(environment(tmp_path / "j"))
    files = [
        Attachment("war-S1901M.png", "image/png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)), True),
        Attachment("war-S1901M.svg", "image/svg+xml", b"<svg/>"),
    ]
    body = "Movement results for Spring of 1901.\nCafé\n"
    data = composed(settings, files, body=body)
    assert data == composed(settings, files, body=body)  # byte for byte
    message = message_from_bytes(data, policy=policy.default)
    assert message.get_content_type() == "multipart/mixed"
    assert message.get_body(preferencelist=("plain",)).get_content() == body
    parts = list(message.iter_attachments())
    assert [(p.get_filename(), p.get_content_disposition()) for p in parts] == [
        ("war-S1901M.png", "inline"), ("war-S1901M.svg", "attachment"),
    ]  # fmt: skip
    assert [p.get_payload(decode=True) for p in parts] == [f.data for f in files]


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_file_many_mails_carry_is_kept_once_and_let_go_with_the_last(database, tmp_path, request):
    from judge.engine.tick import tick
    from judge.mailout.outbox import Attachment, insert_outbox, outbox_row
    from judge.store.models import MailFile, OutboxFile

    url = request.getfixturevalue("postgres_url") if database == "postgresql" else ""
    settings = load(environment(tmp_path / "j", JUDGE_DATABASE_URL=url))
    store = migrated(settings)
    request.addfinalizer(store.dispose)
    picture = Attachment("war-S1901M.png", "image/png", b"\x89PNG\r\n\x1a\n" + bytes(300), True)
    drawing = Attachment("war-S1901M.svg", "image/svg+xml", b"<svg/>")
    later = Attachment("war-F1901M.svg", "image/svg+xml", b"<svg><g/></svg>")
    with store.transaction() as session:
        insert_outbox(session, [
            outbox_row(settings, NOW, f"p{n}@example.org", "Results", "Moves.\n",
                       attachments=(picture, drawing))
            for n in range(7)
        ])  # fmt: skip
        # A week later, a mail with the same SVG and one of its own.
        insert_outbox(session, [
            outbox_row(settings, NOW + timedelta(days=7), "p0@example.org", "Results",
                       "Moves.\n", attachments=(drawing, later))
        ])  # fmt: skip

    def kept() -> set[bytes]:
        with store.transaction(readonly=True) as session:
            return set(session.execute(select(MailFile.data)).scalars())

    assert kept() == {picture.data, drawing.data, later.data}
    send_pending(store, settings, NOW + timedelta(days=7), Maildir(tmp_path / "out"))
    mails = Maildir(tmp_path / "out").since(set())
    carried = [[p.get_payload(decode=True) for p in m.iter_attachments()] for _, m in mails]
    assert carried.count([picture.data, drawing.data]) == 7
    assert carried.count([drawing.data, later.data]) == 1
    # The first seven pruned: the PNG goes, the SVG stays for the mail that still keeps it.
    tick(store, NOW + timedelta(days=61), keep_days=60)
    assert kept() == {drawing.data, later.data}
    tick(store, NOW + timedelta(days=68), keep_days=60)
    assert kept() == set()
    with store.transaction(readonly=True) as session:
        assert session.execute(select(OutboxFile)).first() is None
