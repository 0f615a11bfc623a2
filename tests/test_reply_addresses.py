"""Where answers go, over SMTP (issue 15, defects 11 and 13): a REPLY-TO: line is screened
like any address and never changes who wrote; every address of the last Reply-To header
is answered; every address a person can have is answered, none a machine or a pipe has."""

from __future__ import annotations

import uuid

import pytest

from tests.gametable import address as player_address
from tests.gametable import start_moderated
from tests.judgekit import answered_at_once, mail

OWNER = "anna@example.org"


def form(who: str) -> str:
    return (
        f"REGISTER\nName: Anna Example\nEmail: {who}\nAddress: 1 Canal Street, Amsterdam\n"
        "Country: Netherlands\nLevel: Novice\nPackage: no\nEND\n"
    )


def text(message) -> str:
    return message.get_content()


@pytest.mark.parametrize(
    "bad, why",
    [
        ("mailer-daemon@example.org", "a machine's address"),
        ("|/bin/sh", "not an address one can answer"),
        ('"|/bin/sh"@example.org', "not an address one can answer"),
        ("judge@test.example", "from our own address"),
        ("x" * 250 + "@example.org", "longer than 254 characters"),
    ],
    ids=["mailer-daemon", "pipe", "quoted pipe", "the judge itself", "too long"],
)
def test_a_reply_to_line_is_screened(judge, bad, why):
    message_id = judge.client.send(mail("bob@example.org", f"REPLY-TO: {bad}\nVERSION\n"))
    reply = judge.mailbox.reply(message_id)
    assert reply["To"] == "bob@example.org"
    assert "not used: " in text(reply) and why in text(reply)
    assert "This is judge USTS" in text(reply)
    assert "This answer goes to bob@example.org instead." in text(reply)
    assert all(m["To"] == "bob@example.org" for m in judge.mailbox.replies_to(message_id))
    answered_at_once(judge)


def test_a_reply_to_line_moves_the_answer_but_not_who_wrote(judge):
    judge.ask(OWNER, form(OWNER))
    message_id = judge.client.send(
        mail("bob@example.org", f"REPLY-TO: {OWNER}\nGET DEDICATION\nI AM ALSO {OWNER}\n")
    )
    reply = judge.mailbox.reply(message_id)
    judge.delivered(message_id)
    assert reply["To"] == OWNER
    body = text(reply)
    assert "Your address bob@example.org is not registered with the judge." in body
    assert "Dedication record" not in body
    # I AM ALSO asked for bob@, the mail's own address, not for the REPLY-TO address.
    asked = [m for m in judge.mailbox.all() if "I AM ALSO CONFIRM" in text(m)]
    assert len(asked) == 1 and "bob@example.org asks to be linked" in text(asked[0])
    answered_at_once(judge)


def test_every_address_of_the_reply_to_header_is_answered_each_screened(judge):
    sent = mail(
        "x@y.org",
        "VERSION",
        headers={"Reply-To": "a@example.org, mailer-daemon@example.org, b@example.org"},
    )
    message_id = judge.client.send(sent)
    for address in ("a@example.org", "b@example.org"):
        reply = judge.mailbox.reply(message_id, to=address)
        assert "This is judge USTS" in text(reply)
    body = text(judge.mailbox.reply(message_id, to="b@example.org"))
    assert "No copy of this answer sent to mailer-daemon@example.org" in body
    tos = {m["To"] for m in judge.mailbox.replies_to(message_id)}
    assert tos == {"a@example.org", "b@example.org"}
    answered_at_once(judge)


@pytest.mark.parametrize(
    "sender, shown",
    [
        ("o'brien@example.org", "o'brien@example.org"),
        ('"john doe"@example.org', '"john doe"@example.org'),
        ("jos\u00e9@example.org", "jos\u00e9@example.org"),
        ("user@b\u00fccher.example", "user@xn--bcher-kva.example"),  # punycode where sent
    ],
    ids=["apostrophe", "quoted", "utf-8 local part", "idn"],
)
def test_every_address_a_person_can_have_is_answered(judge, sender, shown):
    message_id = f"<{uuid.uuid4().hex}@client.example>"
    raw = (
        f"From: Someone <{sender}>\r\nTo: judge@test.example\r\nSubject: hi\r\n"
        f"Message-ID: {message_id}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nVERSION\r\n"
    ).encode()
    judge.client.send_raw(raw, "someone@example.org")
    reply = judge.mailbox.reply(message_id)
    assert "This is judge USTS" in text(reply)
    assert shown in str(reply["To"])
    answered_at_once(judge)


@pytest.mark.parametrize(
    "sender",
    ["mailer-daemon@example.org", "x" * 250 + "@example.org", "a\x01b@example.org"],
    ids=["machine", "too long", "control character"],
)
def test_an_address_no_person_has_is_not_answered(judge, sender):
    message_id = f"<{uuid.uuid4().hex}@client.example>"
    raw = (
        f"From: {sender}\r\nTo: judge@test.example\r\nSubject: hi\r\n"
        f"Message-ID: {message_id}\r\n\r\nVERSION\r\n"
    ).encode()
    judge.client.send_raw(raw, "someone@example.org")
    answered_at_once(judge)  # the mail before it has been dealt with by now
    assert judge.mailbox.replies_to(message_id) == []


def test_set_address_is_screened_like_any_answer_address(table):
    """SET ADDRESS points a game's reports somewhere unasked: a machine's address, a pipe
    or the judge itself is refused and the old address kept."""
    start_moderated(table)
    france = player_address("France")
    for bad in ("mailer-daemon@example.org", "|/bin/sh", "judge@test.example"):
        reply = table.send(france, f"SIGN ON Fwar pwFrance\nSET ADDRESS {bad}\n").get_content()
        assert "SET ADDRESS:" in reply and "The address is not changed." in reply
    good = table.send(france, "SIGN ON Fwar pwFrance\nSET ADDRESS fr@example.org\n")
    assert "Address for game 'war' set to fr@example.org." in good.get_content()
