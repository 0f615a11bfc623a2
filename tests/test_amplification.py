"""One mail may not make the judge send many times its size: files asked for, the reply, all
else it sends, and the echo of lines the judge could not read are capped, and the reply says
what was not done."""

from __future__ import annotations

import pytest

from tests.judgekit import InProcessJudge, mail, settle


@pytest.fixture
def judge(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_RATE_LIMIT="1000") as running:
        yield running


def _answered_at_once(judge: InProcessJudge) -> None:
    assert "This is judge USTS" in judge.ask("anna@example.org", "VERSION").get_content()


def _sent_for(judge: InProcessJudge, message_id: str) -> list:
    """Every mail the judge sent to the victim: the reply and what came with it."""
    judge.mailbox.reply(message_id, timeout=120)
    settle(judge.store)
    return [m for m in judge.mailbox.all() if m["To"] == "victim@example.org"]


def test_ten_thousand_get_lines_send_twenty_files(judge):
    body = "GET info\n" * 10_001
    sent = judge.client.send(mail("victim@example.org", body))
    mails = _sent_for(judge, sent)
    reply = judge.mailbox.reply(sent).get_content()
    assert len(mails) == 1 + 20
    assert "Only the first 20 files asked for were sent; the other 9,981 were not." in reply
    assert sum(len(m.as_bytes()) for m in mails) < 400_000
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


def test_all_else_one_mail_sends_is_capped_and_the_reply_says_so(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_MAIL_OUTPUT_BYTES="30000") as judge:
        sent = judge.client.send(mail("victim@example.org", "GET index\nGET info\nGET rules"))
        mails = _sent_for(judge, sent)
        reply = judge.mailbox.reply(sent).get_content()
        assert sorted(m["Subject"] for m in mails if m["In-Reply-To"] is None) == [
            "Diplomacy file index"
        ]
        assert "2 of the other mails this mail asked the judge to send" in reply
        assert "at most 30 kB besides its reply" in reply
        _answered_at_once(judge)
