"""How a raw mail is read: who is answered, the subject, the text the judge obeys. A
modern mail client (multipart, HTML, charsets, transfer encodings) must just work."""

from __future__ import annotations

from email.message import EmailMessage

from judge.mailin.message import read_mail


def raw(*headers: str, body: str = "VERSION\n") -> bytes:
    return ("\r\n".join(headers) + "\r\n\r\n" + body).encode("utf-8")


def test_the_answer_goes_to_the_last_reply_to_else_from():
    plain = read_mail(raw("From: Anna <anna@example.org>", "Subject: hi"))
    assert plain.reply_to == "anna@example.org" and plain.from_address == "anna@example.org"
    replied = read_mail(
        raw(
            "From: Anna <anna@example.org>",
            "Reply-To: first@example.org",
            "Reply-To: Second <second@example.org>",
        )
    )
    assert replied.reply_to == "second@example.org"
    assert replied.from_address == "anna@example.org"


def test_encoded_words_in_the_subject_and_from_are_decoded():
    mail = read_mail(
        raw(
            "From: =?iso-8859-1?q?J=FCrgen?= <juergen@example.de>",
            "Subject: =?utf-8?b?w4RuZGVydW5n?= der =?utf-8?q?Befehle?=",
        )
    )
    assert mail.subject == "Änderung der Befehle"
    assert mail.reply_to == "juergen@example.de"


def test_an_unknown_encoding_in_a_header_is_kept_as_written():
    mail = read_mail(raw("From: a@example.org", "Subject: =?x-klingon?q?qapla?="))
    assert mail.subject == "=?x-klingon?q?qapla?="
    assert any("unknown encoding" in note for note in mail.notes)


def test_multipart_alternative_gives_the_plain_part():
    message = EmailMessage()
    message["From"] = "anna@example.org"
    message.set_content("SIGN ON Fgame secret\nA Par-Bur\n")
    message.add_alternative("<p>SIGN ON <b>Fgame</b> secret</p><p>A Par-Bur</p>", subtype="html")
    mail = read_mail(message.as_bytes())
    assert mail.body == "SIGN ON Fgame secret\nA Par-Bur\n"
    assert not mail.notes


def test_html_only_mail_is_read_as_the_text_a_person_sees():
    message = EmailMessage()
    message["From"] = "anna@example.org"
    message.set_content(
        "<html><head><title>x</title><style>p {}</style></head><body>"
        "<p>WHO IS&nbsp;bert@example.org</p><div>VERSION</div></body></html>",
        subtype="html",
    )
    mail = read_mail(message.as_bytes())
    assert mail.body.splitlines() == ["WHO IS bert@example.org", "", "VERSION"]
    assert "HTML only: read as text" in mail.notes


def test_quoted_printable_and_base64_bodies_in_their_charsets():
    qp = raw(
        "From: a@example.org",
        "Content-Type: text/plain; charset=iso-8859-1",
        "Content-Transfer-Encoding: quoted-printable",
        body="REGISTER\r\nName: J=FCrgen M=FCller\r\nEND\r\n",
    )
    assert "Name: Jürgen Müller" in read_mail(qp).body
    b64 = raw(
        "From: a@example.org",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        body="V0hPIElTIGrDvHJnZW4K\r\n",
    )
    assert read_mail(b64).body == "WHO IS jürgen\n"


def test_an_unknown_charset_is_read_as_utf8_and_noted():
    mail = read_mail(
        raw("From: a@example.org", "Content-Type: text/plain; charset=x-martian", body="HELP\n")
    )
    assert mail.body == "HELP\n"
    assert any("x-martian" in note for note in mail.notes)


def test_attachments_are_not_read_as_commands():
    message = EmailMessage()
    message["From"] = "anna@example.org"
    message.set_content("VERSION\n")
    message.add_attachment(b"RESIGN\n", maintype="text", subtype="plain", filename="x.txt")
    assert read_mail(message.as_bytes()).body == "VERSION\n"


def test_the_return_path_tells_a_bounce_from_a_person():
    assert read_mail(raw("Return-Path: <>", "From: MAILER-DAEMON@example.org")).return_path == ""
    person = read_mail(raw("Return-Path: <anna@example.org>", "From: anna@example.org"))
    assert person.return_path == "anna@example.org"
    assert read_mail(raw("From: anna@example.org")).return_path is None


def test_loop_markers_are_read_in_lower_case():
    mail = read_mail(raw("From: a@example.org", "Auto-Submitted: Auto-Replied", "Precedence: BULK"))
    assert (mail.auto_submitted, mail.precedence) == ("auto-replied", "bulk")


def test_a_mail_with_no_headers_at_all_is_still_read():
    mail = read_mail(b"\xff\xfe garbage without any header\n")
    assert mail.reply_to == "" and "garbage" in mail.body


def test_the_topmost_authentication_results_are_kept_unfolded_top_first():
    """What the mail server said of the mail (mailin/authresults.py reads it): its own
    headers are the topmost; five are kept, the rest were written by the sender."""
    results = [f"Authentication-Results: mx{n}.example;\r\n\tdmarc=pass" for n in range(7)]
    mail = read_mail(raw(*results, "From: anna@example.org"))
    assert mail.auth_results == tuple(f"mx{n}.example; dmarc=pass" for n in range(5))
    assert read_mail(raw("From: anna@example.org")).auth_results == ()
