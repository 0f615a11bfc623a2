"""Bounces acted on (issue 31): every mail leaves with an envelope sender of its own
(`judge+b-TOKEN@test.example`), bounces to it are read (RFC 3464 reports and the vendors'
formats, with flufl.bounce) and never answered; three permanent failures of one address mark
it undeliverable: nothing more is sent to it, its master and the judgekeeper are told, and
LIST and WHOGAME show it to the master until mail from the address clears the mark."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import select

from judge.clock import SystemClock
from judge.config import load
from judge.mailin.queue import answer_pending, store_inbound
from judge.mailout.sender import send_pending, transport
from judge.store.models import Outbox
from tests.gametable import HOLDS, MASTER, POWERS, address, master, start_moderated
from tests.judgekit import (
    InProcessJudge,
    Mailbox,
    environment,
    last_inbound,
    mail,
    migrated,
    run_judge,
    settle,
)

FRANCE = address("France")
KEEPER = "keeper@test.example"


def dsn(returned: EmailMessage, action: str = "failed", status: str = "5.1.1") -> bytes:
    """A delivery status notification as RFC 3464 builds one (multipart/report;
    report-type=delivery-status), for `returned`, sent back to its Return-Path."""
    to, failed = returned["Return-Path"].strip("<>"), returned["To"]
    return (
        "From: Mail Delivery System <MAILER-DAEMON@mx.players.example>\n"
        f"To: {to}\nSubject: Undelivered Mail Returned to Sender\n"
        f"Message-ID: {make_msgid(domain='mx.players.example')}\n"
        "Auto-Submitted: auto-replied\nMIME-Version: 1.0\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"\n\n'
        "--B0UND\nContent-Type: text/plain; charset=us-ascii\n\n"
        "This is the mail system at host mx.players.example.\n\n"
        "I'm sorry to have to inform you that your message could not\n"
        "be delivered to one or more recipients.\n\n"
        "--B0UND\nContent-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns; mx.players.example\n"
        "Arrival-Date: Mon, 6 Jan 2025 10:00:00 +0000\n\n"
        f"Final-Recipient: rfc822; {failed}\nOriginal-Recipient: rfc822;{failed}\n"
        f"Action: {action}\nStatus: {status}\nRemote-MTA: dns; mx.players.example\n"
        f"Diagnostic-Code: smtp; 550 {status} <{failed}>: Recipient address rejected: "
        "User unknown in virtual mailbox table\n\n"
        "--B0UND\nContent-Type: text/rfc822-headers\n\n"
        f"From: {returned['From']}\nTo: {failed}\nSubject: {returned['Subject']}\n"
        f"Message-ID: {returned['Message-ID']}\n\n--B0UND--\n"
    ).encode()


def qmail_bounce(returned: EmailMessage) -> bytes:
    """qmail's own format (QSBMF), no DSN in it: one of the vendors' flufl.bounce reads."""
    return (
        "From: MAILER-DAEMON@mail.players.example\n"
        f"To: {returned['Return-Path'].strip('<>')}\nSubject: failure notice\n\n"
        "Hi. This is the qmail-send program at mail.players.example.\n"
        "I'm afraid I wasn't able to deliver your message to the following addresses.\n"
        "This is a permanent error; I've given up. Sorry it didn't work out.\n\n"
        f"<{returned['To']}>:\nSorry, no mailbox here by that name. (#5.1.1)\n\n"
        "--- Below this line is a copy of the message.\n\n"
        f"Subject: {returned['Subject']}\n"
    ).encode()


def bounce(judge: InProcessJudge, raw: bytes, to: str) -> None:
    """A bounce comes back from a mail system: an empty envelope sender, to `to`."""
    judge.client.send_raw(raw, "", to=to)


def test_three_bounces_stop_a_players_results_tell_his_master_and_his_mail_clears_them(
    table,
) -> None:
    start_moderated(table)
    table.orders("France", HOLDS["France"])  # in before his mailbox goes
    mails = table.judge.mailbox.addressed(FRANCE)
    envelopes = {m["Return-Path"] for m in mails}
    assert len(envelopes) == len(mails) >= 3  # a bounce address of each mail's own
    for returned in mails[-3:]:
        assert returned["Return-Path"].startswith("<judge+b-")
        bounce(table.judge, dsn(returned), returned["Return-Path"].strip("<>"))

    told = table.wait_for(MASTER, "Undeliverable")[0]
    assert told["Subject"] == "USTS:war - S1901M Undeliverable"
    text = told.get_content()
    assert "Mail from the judge to france@players.example (France in game 'war') has" in text
    assert "returned undeliverable 3 times." in text
    assert "550 5.1.1 <france@players.example>: Recipient address rejected" in text
    keeper = table.wait_for(KEEPER, "france@players.example marked undeliverable")[0]
    assert "  France in game 'war'" in keeper.get_content()
    settle(table.judge.store)
    assert last_inbound(table.judge).outcome.endswith("(3 of 3); marked undeliverable")
    assert not table.judge.mailbox.replies_to(mails[-1]["Message-ID"])  # nor answered

    listing = master(table, "LIST war")
    assert "france@players.example (undeliverable)" in listing
    assert "england@players.example (undeliverable)" not in listing
    assert "France:    france@players.example (undeliverable)" in master(table, "WHOGAME war")
    others = table.send(address("England"), "LIST war").get_content()
    assert "(undeliverable)" not in others  # the master's to see, nobody else's

    for power in POWERS:  # the phase is processed without him, and nothing waits on him
        if power != "France":
            table.orders(power, HOLDS[power])
    table.wait_for(address("England"), "S1901M Results")
    settle(table.judge.store)
    assert not table.inbox(FRANCE, "S1901M Results")
    with table.judge.store.transaction(readonly=True) as session:
        held = session.execute(
            select(Outbox.subject).where(Outbox.to_address == FRANCE, Outbox.status == "withheld")
        ).scalars()
        assert "USTS:war - S1901M Results" in list(held)

    # He writes again: his mark goes, and he is written to as before.
    assert "Game 'war'" in table.send(FRANCE, "LIST war").get_content()
    assert "(undeliverable)" not in master(table, "LIST war")
    assert table.orders("France", HOLDS["France"])  # answered, as any player is


@pytest.fixture
def strict(tmp_path: Path):
    """A judge that marks an address at its first permanent failure."""
    with InProcessJudge(tmp_path / "judge", JUDGE_BOUNCE_LIMIT="1") as running:
        yield running


def test_a_vendors_bounce_is_read_a_forged_or_temporary_one_marks_nobody(strict) -> None:
    who = "ann@players.example"
    reply = strict.ask(who, "VERSION")
    back = reply["Return-Path"].strip("<>")
    row = back.split("+b-")[1].split("-")[0]

    forged = back.replace(back.split("-")[-1].split("@")[0], "0123456789abcdef")
    bounce(strict, dsn(reply), forged)  # anyone may mail a bounce address: made-up tokens
    settle(strict.store)
    assert "an address the judge never made (ignored)" in last_inbound(strict).outcome
    bounce(strict, dsn(reply, action="delayed", status="4.2.2"), back)
    settle(strict.store)
    assert last_inbound(strict).outcome.endswith("a temporary failure (1 so far)")
    assert not strict.mailbox.addressed(KEEPER)

    bounce(strict, qmail_bounce(reply), back)
    strict.mailbox.wait(lambda: bool(strict.mailbox.addressed(KEEPER)))
    text = strict.mailbox.addressed(KEEPER)[0].get_content()
    assert (
        "Mail from the judge to ann@players.example has been returned undeliverable\nonce" in text
    )
    settle(strict.store)
    assert last_inbound(strict).outcome == (
        f"not answered: a bounce of outbox {row} to {who}: a permanent failure (1 of 1); "
        "marked undeliverable"
    )
    bounce(strict, qmail_bounce(reply), back)  # the same mail reported again: counted once
    settle(strict.store)
    assert last_inbound(strict).outcome.endswith("a permanent failure counted already")


def test_the_listener_takes_bounce_addresses_of_its_own_form_only(judge) -> None:
    with smtplib.SMTP(judge.client.host, judge.client.port, timeout=30) as smtp:
        smtp.ehlo()
        smtp.mail("")
        assert smtp.rcpt("judge+b-12-0123456789abcdef@test.example")[0] == 250
        assert smtp.rcpt("JUDGE+B-12-0123456789ABCDEF@TEST.EXAMPLE")[0] == 250
        assert smtp.rcpt("judge+b-12-0123456789abcdef@other.example")[0] == 550
        assert smtp.rcpt("judge+x-12-0123456789abcdef@test.example")[0] == 550
        assert smtp.rcpt("judge+b-12-0123@test.example")[0] == 550


def test_a_bounce_piped_in_with_its_recipient_is_read(tmp_path: Path) -> None:
    """As Postfix's pipe hands it over (docs/operations.md 3b): `judge process --queue-only
    --recipient ${original_recipient}`, answered by the daemon's worker."""
    env = environment(tmp_path / "pipe", JUDGE_BOUNCE_LIMIT="1")
    settings = load(env)
    store = migrated(settings)
    clock = SystemClock()

    def serve() -> None:  # what `judge serve` does with what the pipe stored
        answer_pending(store, settings, clock.now)
        send_pending(store, settings, clock.now(), transport(settings))

    store_inbound(store, mail("bo@players.example", "VERSION").as_bytes(), clock.now(), "pipe")
    serve()
    box = Mailbox(settings.home / "mail")
    reply = box.addressed("bo@players.example")[0]
    back = reply["Return-Path"].strip("<>")
    done = run_judge(env, "process", "--queue-only", "--recipient", back, stdin=dsn(reply))
    assert done.returncode == 0, done.stderr.decode()
    serve()
    notice = box.addressed(KEEPER, "bo@players.example marked undeliverable")
    assert notice and "returned undeliverable\nonce" in notice[0].get_content()
    store.dispose()
