"""Registration, identity and help through a real SMTP conversation with a running judge;
every answer is read from the Maildir the judge delivers to."""

from __future__ import annotations

import pytest

from tests.judgekit import InProcessJudge, files_in, mail

FORM = """\
REGISTER
Name:      Anna Example
Email:     anna@example.org
Address:   1 Canal Street, Amsterdam
Phone:     +31 20 555 5555
Country:   Netherlands
Level:     Novice
Site:      Example University
Timezone:  Europe/Amsterdam
Birthdate: Jan 1, 1990
Package:   No
END
"""


def text(message) -> str:
    return message.get_content()


def register(judge: InProcessJudge, address: str = "anna@example.org", form: str = FORM):
    return judge.ask(address, form.replace("anna@example.org", address))


def test_register_is_processed_and_answered_in_the_njudge_layout(judge):
    reply = judge.ask("Anna <anna@example.org>", FORM, subject="my registration")
    assert reply["To"] == "anna@example.org"
    assert reply["Subject"] == "Re: USTS my registration"
    assert reply["Auto-Submitted"] == "auto-replied"
    body = text(reply)
    assert body.startswith("\n:: Judge: USTS\n\n")
    assert "Newuser package is not being sent.  To get it, send 'get package' to the Judge." in body
    assert "Registration processed." in body
    assert "could not be completed" not in body


def test_reply_threads_under_the_mail_it_answers(judge):
    sent = mail("anna@example.org", "VERSION", headers={"References": "<earlier@client.example>"})
    message_id = judge.client.send(sent)
    reply = judge.mailbox.reply(message_id)
    assert reply["In-Reply-To"] == message_id
    assert reply["References"].split() == ["<earlier@client.example>", message_id]
    assert reply["Message-ID"].endswith("@test.example>")
    assert reply["X-Judge"] == "USTS"


def test_registering_again_updates_the_form(judge):
    register(judge)
    reply = judge.ask("anna@example.org", FORM.replace("Novice", "Expert"))
    assert "Registration updated." in text(reply)
    who = text(judge.ask("bob@example.org", "WHO IS anna@"))
    assert "Level:     Expert" in who


@pytest.mark.parametrize(
    "missing", ["Name", "Address", "Country", "Level"], ids=lambda f: f"without {f}"
)
def test_the_house_rules_required_fields(judge, missing):
    form = "\n".join(line for line in FORM.splitlines() if not line.startswith(missing + ":"))
    body = text(judge.ask("anna@example.org", form))
    assert f"the house rules require {missing}" in body
    # A mistake of the writer's is his to put right, not the judgekeeper's.
    assert "could not be completed" not in body and "judge keeper" not in body
    # Nothing was registered.
    assert "No matching Email addresses found." in text(judge.ask("x@y.org", "WHO IS anna@"))


def test_a_level_outside_the_form_is_refused(judge):
    body = text(judge.ask("anna@example.org", FORM.replace("Novice", "Godlike")))
    assert "Level 'Godlike' must be one of Novice, Amateur, Intermediate, Advanced, Expert" in body


PACKAGE = (
    "info",
    "index",
    "guide",
    "syntax",
    "deadlines",
    "rules",
    "house.rules",
    "press",
    "flist",
)


def _files_of(judge: InProcessJudge, message_id: str, mails: int = 2) -> dict[str, str]:
    """The files that came for one mail, in one mail beside its reply."""
    judge.mailbox.wait(lambda: len(judge.mailbox.thread(message_id)) == mails)
    (files,) = [m for m in judge.mailbox.thread(message_id) if m["In-Reply-To"] is None]
    return files_in(files)


def test_package_yes_mails_the_package(judge):
    form = FORM.replace("Package:   No", "Package:   yes")
    message_id = judge.client.send(mail("anna@example.org", form))
    reply = judge.mailbox.reply(message_id)
    assert "Package send completed." in text(reply)
    assert list(_files_of(judge, message_id)) == list(PACKAGE)


def test_get_package_and_files(judge):
    message_id = judge.client.send(mail("bob@example.org", "GET PACKAGE"))
    body = text(judge.mailbox.reply(message_id))
    assert body.count(" sent.") == 9 and body.rstrip().endswith("Package send completed.")
    assert list(_files_of(judge, message_id)) == list(PACKAGE)
    message_id = judge.client.send(mail("bob@example.org", "get form\nSEND ME rules\nget nosuch"))
    reply = judge.mailbox.reply(message_id)
    body = text(reply)
    assert "File form sent." in body and "File rules sent." in body
    assert "Sorry, there is no file nosuch available." in body
    files = _files_of(judge, message_id)
    assert list(files) == ["form", "rules"]
    assert "REGISTER" in files["form"] and "judge@test.example" in files["form"]
    assert "{address}" not in files["form"]


def test_get_cannot_leave_the_help_directory(judge):
    body = text(judge.ask("bob@example.org", "GET ../pyproject.toml\nGET README.md"))
    assert body.count("Sorry, there is no file") == 2


def test_map_and_flist_are_made_from_the_data(judge):
    message_id = judge.client.send(mail("bob@example.org", "GET map\nGET flist"))
    judge.mailbox.reply(message_id)
    files = _files_of(judge, message_id)
    the_map = files["map"]
    assert "St Petersburg" in the_map and "stp/nc (fleet): bar nwy" in the_map
    assert "Eastern Mediterranean" in the_map
    assert "England (E): edi lon lvp" in the_map
    flist = files["flist"]
    for name in ("info", "guide", "form", "house.rules", "rules", "map.standard"):
        assert f"  {name} " in flist


def test_help_answers_with_the_info_file(judge):
    reply = judge.ask("bob@example.org", "HELP\nGET form")
    body = text(reply)
    assert "GENERAL HELP" in body and "judge@test.example" in body
    assert "File form sent." not in body  # HELP ends the mail, as on the njudge


def test_version(judge):
    assert "This is judge USTS, version" in text(judge.ask("bob@example.org", "VERSION"))


def test_i_am_also_adds_an_address(judge):
    register(judge)
    body = text(judge.ask("anna@work.example", "I AM ALSO anna@example.org"))
    assert "A confirmation has been mailed to the address of record" in body
    asked = next(m for m in judge.mailbox.all() if m["To"] == "anna@example.org" and
                 "I AM ALSO CONFIRM" in text(m))  # fmt: skip
    line = next(x for x in text(asked).splitlines() if "I AM ALSO CONFIRM" in x)
    body = text(judge.ask("anna@work.example", line.strip()))
    assert "anna@work.example is now also an address of anna@example.org" in body
    ded = text(judge.ask("anna@work.example", "GET DEDICATION"))
    assert "Dedication record for anna@example.org (Anna Example)" in ded
    who = text(judge.ask("x@y.org", "WHO IS anna@work"))
    assert "Addresses: anna@example.org, anna@work.example" in who


def test_i_am_also_errors(judge):
    body = text(judge.ask("anna@work.example", "I AM ALSO nobody@example.org"))
    assert "nobody@example.org is not registered with this judge" in body
    register(judge)
    register(judge, "bob@example.org")
    body = text(judge.ask("bob@example.org", "I AM ALSO anna@example.org"))
    assert "registered to someone else already" in body


def test_who_is_shows_public_fields_only(judge):
    register(judge)
    body = text(judge.ask("x@y.org", "WHO IS anna@"))
    assert "Name:      Anna Example" in body and "Country:   Netherlands" in body
    assert "Canal Street" not in body and "555" not in body and "1990" not in body


def test_dedication_and_info_player(judge):
    body = text(judge.ask("anna@example.org", "GET DEDICATION"))
    assert "Your address anna@example.org is not registered with the judge." in body
    register(judge)
    body = text(judge.ask("x@y.org", "INFO PLAYER anna@example.org nobody@example.org"))
    assert "Dedication points:     0" in body
    assert "On-time ratio:" in body and "CD ratio:" in body
    assert "nobody@example.org is not registered with this judge." in body


def test_get_whois_is_off_unless_enabled(judge):
    body = text(judge.ask("x@y.org", "GET WHOIS"))
    assert "GET WHOIS is not enabled on this judge." in body


def test_get_whois_when_enabled(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_WHOIS="yes") as judge:
        register(judge)
        message_id = judge.client.send(mail("x@y.org", "GET WHOIS"))
        assert "The registration list has been sent." in text(judge.mailbox.reply(message_id))
        judge.mailbox.wait(lambda: len(judge.mailbox.thread(message_id)) == 2)
        listing = next(m for m in judge.mailbox.thread(message_id) if "whois" in m["Subject"])
        assert "anna@example.org" in text(listing) and "Anna Example" in text(listing)


def test_sign_off_ends_the_mail(judge):
    body = text(judge.ask("x@y.org", "VERSION\nSIGN OFF\nGET form\n-- \nsig"))
    assert "This is judge" in body and "form" not in body


def test_game_commands_before_a_sign_on_are_named(judge):
    # Every setting is carried out now (SET MONEY last, with Machiavelli's money by mail).
    body = text(judge.ask("x@y.org", "SET MONEY\nPREDICT"))
    assert "SET MONEY: sign on to a game first." in body
    assert "PREDICT: sign on to a game first." in body


def test_a_mail_without_commands(judge):
    body = text(judge.ask("x@y.org", "\n\n"))
    assert "Signon command not encountered.  Use 'help' for info." in body


def test_bad_lines_are_named_and_good_ones_still_done(judge):
    body = text(judge.ask("x@y.org", "VERSION\nfrobnicate the judge\nGET form"))
    assert "This is judge" in body and "File form sent." in body
    assert "Line 2: frobnicate the judge" in body


def test_reply_to_line_in_the_body_wins(judge):
    sent = mail("x@y.org", "REPLY-TO: other@example.org\nVERSION",
                headers={"Reply-To": "header@example.org"})  # fmt: skip
    message_id = judge.client.send(sent)
    assert judge.mailbox.reply(message_id)["To"] == "other@example.org"


def test_reply_to_header_wins_over_from(judge):
    sent = mail("x@y.org", "VERSION", headers={"Reply-To": "a@example.org, b@example.org"})
    message_id = judge.client.send(sent)
    for address in ("a@example.org", "b@example.org"):
        assert judge.mailbox.reply(message_id, to=address)["To"] == address
    assert not [m for m in judge.mailbox.replies_to(message_id) if m["To"] == "x@y.org"]
