"""One mail may not make the judge send many times its size: the files asked for go in one
mail (within the reply's size), the reply, all else it sends and the echo of lines the
judge could not read are capped, and the reply says what was not done."""

from __future__ import annotations

import pytest

from judge import helpfiles
from tests.judgekit import InProcessJudge, files_in, mail, settle


@pytest.fixture
def judge(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_RATE_LIMIT="1000", JUDGE_WHOIS="1") as running:
        yield running


def _answered_at_once(judge: InProcessJudge) -> None:
    assert "This is judge USTS" in judge.ask("anna@example.org", "VERSION").get_content()


def _sent_for(judge: InProcessJudge, message_id: str) -> list:
    """Every mail the judge sent to the victim for one mail: the reply and what came
    with it."""
    judge.mailbox.reply(message_id, timeout=120)
    settle(judge.store)
    return [m for m in judge.mailbox.thread(message_id) if m["To"] == "victim@example.org"]


def _flist() -> list[str]:
    """Every file GET may send, as the judge's list of files names them (but `package`:
    GET PACKAGE sends the files it names)."""
    text = helpfiles.read("flist", "judge@test.example", "USTS") or ""
    names = [line.split()[0] for line in text.splitlines() if line.startswith("  ")]
    return [name for name in names if name != "package"]


def test_a_thousand_get_lines_make_two_mails_that_name_every_file(judge):
    names = _flist()
    asked = [names[i % len(names)] for i in range(1000)]
    sent = judge.client.send(mail("victim@example.org", "\n".join(f"GET {n}" for n in asked)))
    mails = _sent_for(judge, sent)
    reply = judge.mailbox.reply(sent).get_content()
    assert len(mails) == 2
    (digest,) = [m for m in mails if m["In-Reply-To"] is None]
    assert len(digest.get_content().encode()) <= 300_000
    files = files_in(digest)
    assert 10 < len(files) < len(names)
    assert list(files) == [n for n in names if n in files]  # in the order asked, each once
    for name in names:
        if name in files:
            assert files[name] == helpfiles.read(name, "judge@test.example", "USTS").rstrip()
            assert reply.count(f"File {name} sent.") == 1
        else:
            assert reply.count(f"File {name} not sent: the files one mail asks for go") == 1
    assert "Ask for it again in another mail; a mail with one GET gets its file" in reply
    left = len(names) - len(files)
    assert f"{left} more files you asked for were not sent" in digest.get_content()
    _answered_at_once(judge)


def test_a_file_asked_for_again_and_again_goes_once_and_by_itself(judge):
    sent = judge.client.send(mail("victim@example.org", "GET info\n" * 1000))
    mails = _sent_for(judge, sent)
    reply = judge.mailbox.reply(sent).get_content()
    assert len(mails) == 2 and reply.count("File info sent.") == 1
    (alone,) = [m for m in mails if m["In-Reply-To"] is None]
    assert alone["Subject"] == "Diplomacy file info"  # a single GET reads as it always did
    assert alone.get_content() == helpfiles.read("info", "judge@test.example", "USTS")

    sent = judge.client.send(mail("victim@example.org", "GET WHOIS\nSEND ME info\n" * 500))
    mails = _sent_for(judge, sent)
    assert len(mails) == 2
    (digest,) = [m for m in mails if m["In-Reply-To"] is None]
    assert digest["Subject"] == "Diplomacy files whois, info"
    assert list(files_in(digest)) == ["whois", "info"]
    _answered_at_once(judge)


def test_sixty_thousand_version_lines_make_one_reply_cut_short(judge):
    sent = judge.client.send(mail("victim@example.org", "VERSION\n" * 60_000))
    mails = _sent_for(judge, sent)
    assert len(mails) == 1
    reply = mails[0].get_content()
    assert len(reply.encode()) < 310_000
    assert "This reply was cut at 300 kB; the other" in reply
    assert reply.count("This is judge USTS") > 1000
    _answered_at_once(judge)


def test_bad_lines_are_echoed_fifty_times_each_cut_short(judge):
    line = "xyzzy " * 50
    sent = judge.client.send(mail("victim@example.org", (line + "\n") * 2000))
    reply = judge.mailbox.reply(sent, timeout=120).get_content()
    assert reply.count("Line ") == 50
    assert line.strip() not in reply and line[:200] + "..." in reply
    assert "the other 1,950 were not carried out either" in reply
    assert len(reply.encode()) < 30_000
    _answered_at_once(judge)


def test_files_go_within_what_one_mail_may_send_and_all_else_is_capped(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_MAIL_OUTPUT_BYTES="20000") as judge:
        sent = judge.client.send(mail("victim@example.org", "GET form\nGET index\nGET rules"))
        mails = _sent_for(judge, sent)
        reply = judge.mailbox.reply(sent).get_content()
        (digest,) = [m for m in mails if m["In-Reply-To"] is None]
        assert list(files_in(digest)) == ["form", "rules"]
        assert (
            "File index not sent: the files one mail asks for go together in one mail of"
            " at most 20 kB, and it does not fit." in reply
        )

        sent = judge.client.send(mail("victim@example.org", "GET index"))
        mails = _sent_for(judge, sent)
        reply = judge.mailbox.reply(sent).get_content()
        assert len(mails) == 1 and "File index sent." in reply
        assert "1 of the other mails this mail asked the judge to send" in reply
        assert "at most 20 kB besides its reply" in reply
        _answered_at_once(judge)
