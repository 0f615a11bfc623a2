"""I AM ALSO over SMTP (issue 15, defect 5): an address is linked to a registration only
with a token mailed to the registration's address and sent back from the new address, and
the owner hears of every change."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from judge.clock import FixedClock
from tests.judgekit import InProcessJudge, answered_at_once

OWNER = "anna@example.org"
NEW = "anna@work.example"
INTRUDER = "mallory@evil.example"


def form(who: str, name: str = "Anna Example") -> str:
    return (
        f"REGISTER\nName: {name}\nEmail: {who}\nAddress: 1 Canal Street, Amsterdam\n"
        "Country: Netherlands\nLevel: Novice\nPackage: no\nEND\n"
    )


def text(message) -> str:
    return message.get_content()


def token_mail(judge: InProcessJudge, count: int = 1) -> str:
    """The line the owner was mailed to send back (the newest one)."""

    def asked() -> list[str]:
        found = []
        for m in judge.mailbox.all():
            if m["To"] == OWNER and "I AM ALSO CONFIRM" in text(m):
                found.append(re.search(r"I AM ALSO CONFIRM \S+", text(m)).group(0))
        return found

    judge.mailbox.wait(lambda: len(asked()) >= count)
    return asked()[-1]


def test_i_am_also_alone_links_nothing_and_register_cannot_rewrite_the_victim(judge):
    judge.ask(OWNER, form(OWNER))
    body = text(judge.ask(INTRUDER, f"I AM ALSO {OWNER}"))
    assert "A confirmation has been mailed to the address of record" in body
    assert "now also an address" not in body
    asked = token_mail(judge)  # the owner is told a link was asked for, by whom
    owners_mail = next(m for m in judge.mailbox.all() if m["To"] == OWNER and asked in text(m))
    assert f"{INTRUDER} asks to be linked to your registration" in text(owners_mail)
    assert "If it was not you, do nothing" in text(owners_mail)
    # The intruder is still nobody: his REGISTER makes a registration of his own.
    assert "is not registered" in text(judge.ask(INTRUDER, "GET DEDICATION"))
    reply = text(judge.ask(INTRUDER, form(INTRUDER, "Mallory Evil")))
    assert "Registration processed." in reply
    who = text(judge.ask("x@y.org", f"WHO IS {OWNER}"))
    assert "Name:      Anna Example" in who and "Mallory" not in who
    assert INTRUDER not in who
    answered_at_once(judge)


def test_the_token_links_the_new_address_only_when_sent_from_it(judge):
    judge.ask(OWNER, form(OWNER))
    judge.ask(NEW, f"I AM ALSO {OWNER}")
    line = token_mail(judge)
    unknown = text(judge.ask(NEW, "I AM ALSO CONFIRM abcdefghijklmnop"))
    assert "I AM ALSO CONFIRM: no request has that token." in unknown
    wrong = text(judge.ask(INTRUDER, line))
    assert f"that token links {NEW}, not {INTRUDER}" in wrong
    wrong = text(judge.ask(OWNER, line))  # the owner himself must send it from the new one
    assert f"Send it from {NEW}." in wrong
    done = text(judge.ask(NEW, line))
    assert f"{NEW} is now also an address of {OWNER} (Anna Example)." in done
    assert "Dedication record for anna@example.org" in text(judge.ask(NEW, "GET DEDICATION"))
    again = text(judge.ask(NEW, line))
    assert "that token has been used already" in again
    judge.mailbox.wait(
        lambda: any(
            m["To"] == OWNER and "is now also an address of your registration" in text(m)
            for m in judge.mailbox.all()
        )
    )
    # A REGISTER from the linked address changes the form, and the owner hears of it.
    judge.ask(NEW, form(NEW).replace("Novice", "Expert"))
    judge.mailbox.wait(
        lambda: any(
            m["To"] == OWNER and f"sent again from\n{NEW}" in text(m) and "Level" in text(m)
            for m in judge.mailbox.all()
        )
    )
    answered_at_once(judge)


def test_a_request_waits_at_most_three_days_and_is_not_repeated(tmp_path):
    clock = FixedClock(datetime(2026, 3, 2, 12, 0))
    with InProcessJudge(tmp_path / "j", clock=clock) as judge:
        judge.ask(OWNER, form(OWNER))
        judge.ask(NEW, f"I AM ALSO {OWNER}")
        line = token_mail(judge)
        again = text(judge.ask(NEW, f"I AM ALSO {OWNER}"))
        assert "has been mailed to the address of record" in again and "already" in again
        for n in range(3):  # a stranger cannot fill the owner's mailbox
            judge.ask(f"x{n}@evil.example", f"I AM ALSO {OWNER}")
        too_many = text(judge.ask("x9@evil.example", f"I AM ALSO {OWNER}"))
        assert "Too many addresses wait to be linked" in too_many
        clock.advance(timedelta(days=3, minutes=1))
        late = text(judge.ask(NEW, line))
        assert "I AM ALSO CONFIRM: that token expired on" in late
        assert "is not registered" in text(judge.ask(NEW, "GET DEDICATION"))
        answered_at_once(judge)
