"""List-Unsubscribe (RFC 2369) over SMTP: the mail a person gets without having to (an
observer's copies, watched press, a master's copies under ALL PRESS, players' broadcasts)
names an address of the judge's that stops it; mail to it stops that stream and is
confirmed to the address that received it; a player's own results carry no such header;
a forged token changes nothing and is not answered."""

from __future__ import annotations

import re
import time
from email.message import EmailMessage

from sqlalchemy import select

from judge.store.models import Inbound
from tests.gametable import HOLDS, MASTER, address, master, play, start, start_moderated
from tests.judgekit import mail

WATCHER = "watcher@example.org"
HEADER = re.compile(
    r"<mailto:(judge\+u-([a-z])[0-9a-z]+-[a-z2-7]{16}@test\.example)\?subject=unsubscribe>"
)


def unsubscribe_address(message: EmailMessage, kind: str) -> str:
    """The address in the mail's List-Unsubscribe, which must be of stream `kind`."""
    found = HEADER.fullmatch(message["List-Unsubscribe"] or "")
    assert found is not None, message["List-Unsubscribe"]
    assert found.group(2) == kind
    return found.group(1)


def unsubscribe(table, sender: str, to: str, body: str = "") -> str:
    """A mail to an unsubscribe address as a mail program sends it; its Message-ID."""
    sent = mail(sender, body, subject="unsubscribe", to=to)
    table.judge.client.send_raw(sent.as_bytes(), sender, to=to)
    return str(sent["Message-ID"])


def outcome(table, message_id: str) -> str:
    """What the judge did with the mail of `message_id`, once it did something."""
    recent = select(Inbound).order_by(Inbound.id.desc()).limit(5)

    def found() -> Inbound | None:
        with table.judge.store.transaction(readonly=True) as session:
            rows = session.execute(recent).scalars()
            row = next((r for r in rows if message_id.encode() in r.raw), None)
            return row if row is not None and row.status != "pending" else None

    table.judge.mailbox.wait(lambda: found() is not None)
    row = found()
    return row.outcome


def test_an_observer_stops_his_copies_by_the_address_in_their_header(table):
    start(table)
    table.send(WATCHER, "OBSERVE war xxxx\n")
    play(table, HOLDS, "S1901M")
    theirs = table.wait_for(WATCHER, "S1901M Results")[0]
    to = unsubscribe_address(theirs, "o")
    assert "List-Unsubscribe-Post" not in theirs  # no HTTPS URI: no one-click (RFC 8058)
    assert table.inbox(address("Germany"), "S1901M Results")[0]["List-Unsubscribe"] is None

    # A forged token (another MAC) stops nothing, and nobody is answered.
    forged = re.sub(r"-[a-z2-7]{16}@", "-" + "a" * 16 + "@", to)
    assert forged != to
    first = unsubscribe(table, WATCHER, forged)
    assert outcome(table, first) == "not answered: no stream of the judge's named"

    # The token the judge made: the watcher observes no more, and is told so.
    asked = unsubscribe(table, WATCHER, to, "SIGN ON Fwar pwFrance\nRESIGN\n")
    told = table.judge.mailbox.reply(asked).get_content()
    assert "You are no longer observing game 'war'" in told
    assert "OBSERVE war password" in told
    assert outcome(table, asked) == "unsubscribed o:war"
    assert not table.judge.mailbox.replies_to(first)  # the forged one: never answered

    play(table, HOLDS, "F1901M")  # France never resigned: the body was not read as commands
    time.sleep(0.3)  # the results to everyone are written in one transaction
    assert table.inbox(address("Germany"), "F1901M Results")
    assert not table.inbox(WATCHER, "F1901M Results")


def test_press_copies_name_their_streams_and_each_stops_alone(table):
    start_moderated(table, "SET WATCH ALL PRESS\n")
    master(table, "SET ALL PRESS")
    table.send(WATCHER, "OBSERVE war xxxx\nSET ALL PRESS\n")
    table.orders("France", "PRESS TO G\nHolland is yours.\nENDPRESS")
    germany = table.wait_for(address("Germany"), "Press from F to G")[0]
    assert germany["List-Unsubscribe"] is None  # press to him: he must get it
    watched = table.wait_for(WATCHER, "Press from F to G")[0]
    unsubscribe_address(watched, "w")
    copied = unsubscribe_address(table.wait_for(MASTER, "Press from F to G")[0], "a")

    table.orders("France", "BROADCAST\nPeace in our time.\nENDBROADCAST")
    heard = unsubscribe_address(table.wait_for(address("Germany"), "Broadcast from F")[0], "b")
    unsubscribe_address(table.wait_for(WATCHER, "Broadcast from F")[0], "o")

    # The master stops his copies under ALL PRESS; the game stays set ALL PRESS.
    told = table.judge.mailbox.reply(unsubscribe(table, MASTER, copied)).get_content()
    assert "You will not receive copies of the partial press in game 'war'." in told
    # Germany stops the broadcasts, as SET NO BROADCAST would.
    told = table.judge.mailbox.reply(unsubscribe(table, address("Germany"), heard)).get_content()
    assert "You will not receive broadcasts in game 'war'." in told
    assert "SIGN ON Gwar password\n  SET BROADCAST" in told

    table.orders("France", "PRESS TO G\nSecond thoughts.\nENDPRESS")
    table.orders("France", "BROADCAST\nWar after all.\nENDBROADCAST")
    table.wait_for(WATCHER, "Press from F to G", count=2)  # the watcher still watches
    table.wait_for(address("Italy"), "Broadcast from F", count=2)
    time.sleep(0.3)
    assert len(table.inbox(MASTER, "Press from F to G")) == 1
    assert len(table.inbox(address("Germany"), "Broadcast from F")) == 1
    assert len(table.inbox(address("Germany"), "Press from F to G")) == 2

    # SET ALL PRESS again: the master's copies come back.
    master(table, "SET ALL PRESS")
    table.orders("France", "PRESS TO G\nThird thoughts.\nENDPRESS")
    table.wait_for(MASTER, "Press from F to G", count=2)
