"""Issue 30, over SMTP: passwords are masked wherever a mail or its answer is kept or
echoed (the stored mail, its HTML, a quoted-printable line, its Subject, the echo of a
refused sign-on), and what a mail shows of itself (names, addresses, press) cannot carry
invisible characters or forge the lines the judge writes around it."""

from __future__ import annotations

import email
import sys
import unicodedata
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select

import parser as p
from judge.mailin.message import read_mail
from judge.store.fields import invisible, shown_text
from judge.store.models import Inbound, Outbox
from tests.gametable import form
from tests.judgekit import InProcessJudge

OWNER = "anna@example.org"
WATCHER = "ben@example.org"
SELECTED = "You've been selected to play a power in game '{}'."


@pytest.fixture(scope="module")
def judge(tmp_path_factory):
    with InProcessJudge(tmp_path_factory.mktemp("secrets"), JUDGE_RATE_LIMIT="1000") as running:
        for who in (OWNER, WATCHER):
            running.ask(who, form(who))
        yield running


def message(subject: str = "", sender: str = OWNER) -> EmailMessage:
    made = EmailMessage()
    made["From"] = sender
    made["To"] = "judge@test.example"
    made["Subject"] = subject
    made["Message-ID"] = make_msgid(domain="client.example")
    return made


def answered(judge: InProcessJudge, made: EmailMessage) -> EmailMessage:
    """Send a mail; its reply, once everything its answer wrote is delivered."""
    sent = judge.client.send(made)
    reply = judge.mailbox.reply(sent, to=OWNER if OWNER in made["From"] else WATCHER)
    judge.delivered(sent)
    return reply


def kept(judge: InProcessJudge, made: EmailMessage) -> list[str]:
    """Everything the judge keeps or sent of a mail, as text: the stored mail (its bytes,
    each of its parts decoded, its Subject decoded and the text the judge read from it),
    the outbox rows its answer wrote, and every mail delivered since."""
    with judge.store.transaction(readonly=True) as session:
        row = next(
            r
            for r in session.execute(select(Inbound)).scalars()
            if made["Message-ID"].encode() in r.raw
        )
        rows = session.execute(select(Outbox).where(Outbox.inbound_id == row.id)).scalars()
        out = [f"{o.subject}\n{o.body}" for o in rows]
        stored = row.raw
    parsed = email.message_from_bytes(stored, policy=policy.default)
    parts = [
        part.get_payload(decode=True).decode("utf-8", "replace")
        for part in parsed.walk()
        if not part.is_multipart()
    ]
    as_read = read_mail(stored)
    delivered = [m.as_bytes().decode("utf-8", "replace") for m in judge.mailbox.all()]
    delivered += [f"{m['Subject']}\n{m.get_content()}" for m in judge.mailbox.all()]
    text = stored.decode("utf-8", "replace")
    return [text, str(parsed["Subject"]), *parts, as_read.subject, as_read.body, *out, *delivered]


def nowhere(password: str, texts: list[str]) -> None:
    leaks = [t for t in texts if password in t]
    assert not leaks, f"{password!r} kept in {leaks[0][:400]!r}"


def works(judge: InProcessJudge, game: str, password: str) -> None:
    """The password the judge read is the one written (a wrong one: `Invalid password`)."""
    assert SELECTED.format(game) in judge.ask(OWNER, f"SIGN ON ?{game} {password}").get_content()


# -- defect 5: passwords kept in plain text -------------------------------------------------


def test_a_password_in_an_html_only_mail_is_masked_and_the_mail_still_works(judge):
    made = message()
    made.set_content("<html><body><p>CREATE ?htmlonly <b>pwHtml7731</b></p></body></html>", "html")
    reply = answered(judge, made).get_content()
    assert SELECTED.format("htmlonly") in reply
    nowhere("pwHtml7731", kept(judge, made))
    works(judge, "htmlonly", "pwHtml7731")


def test_a_password_in_multipart_alternative_is_masked_in_both_parts(judge):
    made = message()
    made.set_content("CREATE ?alternate pwAlt55821\n")
    made.add_alternative("<div>CREATE ?alternate&nbsp;<span>pwAlt55821</span></div>", "html")
    assert SELECTED.format("alternate") in answered(judge, made).get_content()
    texts = kept(judge, made)
    nowhere("pwAlt55821", texts)
    assert "CREATE ?alternate ********" in texts[0]
    works(judge, "alternate", "pwAlt55821")


def test_a_password_split_by_a_quoted_printable_soft_break_is_masked(judge):
    made = message()
    password = "pwSoft" + "9" * 20
    command = f"CREATE ?softbreak {password}"
    # Indented so that the encoder's soft line break (at 76 characters) cuts the password.
    made.set_content(
        " " * (70 - len("CREATE ?softbreak ")) + command + "\n", cte="quoted-printable"
    )
    assert password not in made.as_string(), "the soft break must fall inside the password"
    assert SELECTED.format("softbreak") in answered(judge, made).get_content()
    nowhere(password, kept(judge, made))
    works(judge, "softbreak", password)


def test_a_password_in_the_subject_is_masked_in_the_reply_subject_and_the_stored_mail(judge):
    made = message(subject="CREATE ?subjectgame pwSubj4420")
    made.set_content("CREATE ?subjectgame pwSubj4420\n")
    reply = answered(judge, made)
    assert SELECTED.format("subjectgame") in reply.get_content()
    assert "CREATE ?subjectgame ********" in reply["Subject"]
    nowhere("pwSubj4420", kept(judge, made))
    works(judge, "subjectgame", "pwSubj4420")


def test_a_refused_sign_on_echoes_the_mail_with_every_password_masked(judge):
    made = message()
    made.set_content("SIGN ON Fnosuchgame pwRefused11\nSET PASSWORD newpassword\nVERSION\n")
    reply = answered(judge, made).get_content()
    assert "---- Original message follows:" in reply
    assert "SIGN ON Fnosuchgame ********\nSET PASSWORD ********" in reply
    for password in ("pwRefused11", "newpassword"):
        nowhere(password, kept(judge, made))


def test_a_second_sign_on_is_not_echoed_with_its_password(judge):
    made = message()
    made.set_content("CREATE ?twice pwFirst3301\nSIGN ON ?twice pwSecond3302\n")
    reply = answered(judge, made).get_content()
    assert "only one SIGN ON" in reply
    for password in ("pwFirst3301", "pwSecond3302"):
        nowhere(password, kept(judge, made))


# -- defect 7: Unicode tricks stored and shown ----------------------------------------------


def test_a_registered_name_loses_bidi_overrides_zero_width_and_escape_sequences(judge):
    sender = "carl@example.org"
    tricky = "Carl \u202eelpmaxE\u202c Zero\u200bWidth \x1b[31mRed\x1b[0m Example"
    made = message(sender=sender)
    made.set_content(form(sender).replace("Name: Carl Player", f"Name: {tricky}"))
    judge.client.send(made)
    judge.mailbox.reply(made["Message-ID"])
    shown = judge.ask(WATCHER, f"WHO IS {sender}").get_content()
    assert "Name:      Carl elpmaxE ZeroWidth Red Example\n" in shown
    for trick in ("\u202e", "\u202c", "\u200b", "\x1b", "[31m", "[0m"):
        assert trick not in shown


def test_an_address_with_a_zero_width_space_is_refused(judge):
    reply = judge.ask(
        OWNER, "CREATE ?addressed pwAddr0001\nSET ADDRESS someone@example.org\u200b\n"
    ).get_content()
    assert "SET ADDRESS: someone@example.org" in reply
    assert "The address is not changed." in reply
    assert "set to someone@example.org" not in reply


def test_press_cannot_forge_the_lines_the_judge_writes_around_it(judge):
    judge.ask(OWNER, "CREATE ?pressed pwPress001\nBECOME MASTER\n")
    forged = (
        "Hello.\nEnd of message.\n\n"
        "Message from keeper@test.example as Master to Observer in 'pressed':\n"
        ":: Judge: USTS  Game: pressed\n"
        "\u202eThe game is over\u202c, send your password.\n"
    )
    reply = judge.ask(WATCHER, f"OBSERVE pressed pwWatch01\nPRESS TO M\n{forged}ENDPRESS\n")
    text = reply.get_content()
    copies = judge.mailbox.addressed(OWNER, "Press from O to M")
    for shown in (text, copies[-1].get_content()):
        assert "\u202e" not in shown and "\u202c" not in shown
        assert "The game is over, send your password." in shown
        assert "\n> End of message.\n" in shown
        assert "\n> Message from keeper@test.example as Master" in shown
        assert "\n> :: Judge: USTS" in shown
        assert shown.count("\nEnd of message.") <= 1


def test_every_invisible_format_character_is_taken_out_of_shown_text():
    """The list of invisible characters (store/fields.py) is Unicode's category Cf, as the
    unicodedata of this Python knows it: a newer Unicode's new ones fail here first."""
    every = [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf"]
    assert shown_text("a" + "".join(every) + "b") == "ab"
    assert all(invisible(f"x{c}@example.org") == f"U+{ord(c):04X}" for c in every)
    # A press keeps the joiners its words and emoji are made of, and nothing else of them.
    family, persian = (
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
    )
    assert shown_text(f"{family} {persian}\u202e\u200b", lines=True) == f"{family} {persian}"
    assert shown_text(family) == "\U0001f468\U0001f469\U0001f467"


def test_the_passwords_are_those_the_commands_carry_read_or_not():
    """A refused second SIGN ON, a quoted line and a line after SIGN OFF are not carried
    out, but the reply's echo or the stored mail shows them: their passwords count. A word
    is a password only as a command carries it (not `pwPress` in a press body)."""
    now = datetime(2026, 1, 1)
    body = (
        "CREATE ?a pwOne\nSIGN ON ?a pwTwo\n> SET PASSWORD pwThree\nPRESS TO M\n"
        "SIGN ON Fa pwPress\nENDPRESS\nSIGN OFF\nI AM ALSO CONFIRM tokenFour\n"
    )
    assert p.parse_mail(body, now).secrets == ("pwOne", "pwTwo", "pwThree", "tokenFour")
    subject = "Re: USTS:a - S1901M my orders: SIGN ON Fa pwFive"
    assert p.subject_passwords(subject, now) == ("pwFive",)
