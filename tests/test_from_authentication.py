"""What the sender's domain says (issue 31, 5): where the judgekeeper's mail server adds
Authentication-Results headers and `authserv_id` names it, a mail whose From domain failed
DMARC there may not change a registration or link addresses by its From alone (REGISTER,
I AM ALSO, I AM ALSO CONFIRM), and its answer says why; commands with a game password
still work. Only the topmost header with our authserv-id counts; others are ignored; with
`authserv_id` empty, nothing changes. Over SMTP, the headers as the mail server would add
them."""

from __future__ import annotations

from email.utils import make_msgid

import pytest

from tests.judgekit import InProcessJudge, last_inbound

SERVER = "mx.judge.example"
OWNER = "anna@example.org"
NEW = "anna@work.example"


def form(who: str, name: str) -> str:
    return (
        f"REGISTER\nName: {name}\nEmail: {who}\nAddress: 1 Canal Street, Amsterdam\n"
        "Country: Netherlands\nLevel: Novice\nPackage: no\nEND\n"
    )


def verdict(result: str, domain: str = "example.org", server: str = SERVER) -> str:
    return f"{server}; spf=pass smtp.mailfrom={domain}; dmarc={result} header.from={domain}"


def ask(judge: InProcessJudge, sender: str, body: str, *results: str, **headers: str) -> str:
    """The answer to a mail bearing `results` as Authentication-Results, top first."""
    message_id = make_msgid(domain="client.example")
    raw = "".join(f"Authentication-Results: {r}\r\n" for r in results)
    raw += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    raw += f"From: {sender}\r\nTo: judge@test.example\r\nSubject: x\r\n"
    raw += f"Message-ID: {message_id}\r\n\r\n{body}"
    judge.client.send_raw(raw.encode(), sender)
    reply = judge.mailbox.reply(message_id, to=headers.get("Reply-To", sender)).get_content()
    return " ".join(reply.split())  # the lines as one, wherever the text is wrapped


def name_of(judge: InProcessJudge, address: str) -> str:
    who = judge.ask("someone@else.example", f"WHO IS {address}").get_content()
    return next(line for line in who.splitlines() if line.startswith("Name:")).split(":")[1]


@pytest.fixture
def checking(tmp_path):
    """A judge reading the DMARC results of its mail server, `mx.judge.example`."""
    with InProcessJudge(tmp_path / "judge", JUDGE_AUTHSERV_ID=SERVER) as judge:
        assert "Registration processed." in ask(judge, OWNER, form(OWNER, "Anna Example"))
        yield judge


def test_a_from_that_failed_dmarc_cannot_change_a_registration_or_link_addresses(checking):
    judge = checking
    failed = verdict("fail")
    reply = ask(judge, OWNER, form(OWNER, "Mallory"), failed)
    assert (
        "REGISTER: your mail's From domain example.org failed DMARC at this judge's mail "
        "server (dmarc=fail), so it cannot change your registration." in reply
    )
    assert "Commands with a game password are carried out as usual." in reply
    assert "Registration updated." not in reply
    outcome = last_inbound(judge).outcome  # the verdict is recorded with the mail
    assert f"dmarc=fail header.from=example.org ({SERVER})" in outcome
    assert name_of(judge, OWNER).strip() == "Anna Example"
    # Nor may a new address be linked to a registration on a failed From's word.
    linking = ask(judge, NEW, f"I AM ALSO {OWNER}", verdict("fail", "work.example"))
    assert "I AM ALSO: your mail's From domain work.example failed DMARC" in linking
    assert "so it cannot link addresses" in linking
    assert "A confirmation has been mailed" not in linking
    assert not [m for m in judge.mailbox.all() if "I AM ALSO CONFIRM" in m.get_content()]
    confirm = ask(judge, NEW, "I AM ALSO CONFIRM abcdefghijklmnop", verdict("fail", "work.example"))
    assert "I AM ALSO CONFIRM: your mail's From domain work.example failed DMARC" in confirm
    # A command that gives a game password is carried out all the same, and so is a look.
    created = ask(judge, OWNER, "CREATE ?wine passW\nWHO IS anna", failed)
    assert "cannot change" not in created and "Name: Anna Example" in created
    assert "Game 'wine' now has 1 player." in created


def test_a_from_that_passed_dmarc_changes_its_registration_and_asks_for_a_link(checking):
    judge = checking
    reply = ask(judge, OWNER, form(OWNER, "Anna Changed"), verdict("pass"))
    assert "Registration updated." in reply
    assert name_of(judge, OWNER).strip() == "Anna Changed"
    linking = ask(judge, NEW, f"I AM ALSO {OWNER}", verdict("pass", "work.example"))
    assert "A confirmation has been mailed to the address of record" in linking
    # A domain with no DMARC record cannot be told from a forgery: taken at its word.
    none = ask(judge, OWNER, form(OWNER, "Anna Again"), verdict("none"))
    assert "Registration updated." in none


def test_only_the_topmost_header_bearing_our_authserv_id_counts(checking):
    judge = checking
    # Another server's verdict (a forwarder's, or the sender's own invention) is not read.
    other = ask(judge, OWNER, form(OWNER, "Anna Two"), verdict("fail", server="mx.evil.example"))
    assert "Registration updated." in other
    # Ours is above whatever the sender wrote, our authserv-id or not: a forged pass
    # below a fail changes nothing, and a forged fail below a pass refuses nothing.
    forged = ask(judge, OWNER, form(OWNER, "Mallory"), verdict("fail"), verdict("pass"))
    assert "failed DMARC at this judge's mail" in forged
    fine = ask(judge, OWNER, form(OWNER, "Anna Three"), verdict("pass"), verdict("fail"))
    assert "Registration updated." in fine
    assert name_of(judge, OWNER).strip() == "Anna Three"


def test_the_checked_from_must_be_the_address_that_changes(checking):
    """A Reply-To names the registration a mail changes, and no server checks it; a
    verdict for another domain than the From read (two From headers) proves nothing."""
    judge = checking
    reply = ask(
        judge, "mallory@evil.example", form(OWNER, "Mallory"), verdict("pass", "evil.example"),
        **{"Reply-To": OWNER},
    )  # fmt: skip
    assert f"your mail's Reply-To address {OWNER} is not its From address mallory@" in reply
    other = ask(judge, OWNER, form(OWNER, "Mallory"), verdict("pass", "evil.example"))
    assert "checked DMARC for evil.example, not for your mail's From domain example.org" in other
    assert name_of(judge, OWNER).strip() == "Anna Example"


def test_with_no_authserv_id_the_headers_are_not_read(judge):
    assert "Registration processed." in ask(judge, OWNER, form(OWNER, "Anna"), verdict("fail"))
    assert "dmarc" not in last_inbound(judge).outcome
