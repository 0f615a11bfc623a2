"""The rate limit: mail beyond it is dropped, never answered later, whether the flood
comes from one From, from rotating Froms behind one envelope sender, or from rotating
senders on one host; a notice goes only to an address the mail can be shown to come from."""

from __future__ import annotations

import smtplib
from datetime import timedelta

from sqlalchemy import select

from judge.store.models import Inbound
from tests.judgekit import InProcessJudge, mail, run_judge, settle

LIMITS = {"JUDGE_RATE_LIMIT": "3", "JUDGE_HOST_RATE_LIMIT": "5", "JUDGE_RATE_WINDOW": "600"}
FLOOD_HOST = "127.0.0.2"  # not a relay of ours (settings.local_relays): counted as a host


def send_from(judge: InProcessJudge, host: str, sender: str, envelope: str) -> str:
    message = mail(sender, "VERSION")
    with smtplib.SMTP(judge.client.host, judge.client.port, source_address=(host, 0)) as smtp:
        smtp.send_message(message, from_addr=envelope)
    return str(message["Message-ID"])


def answered(judge: InProcessJudge, message_id: str) -> bool:
    return any("This is judge" in r.get_content() for r in judge.mailbox.replies_to(message_id))


def outcomes(judge: InProcessJudge) -> list[str]:
    with judge.store.transaction(readonly=True) as session:
        return list(session.execute(select(Inbound.outcome).order_by(Inbound.id)).scalars())


def after_a_day_nothing_more(judge: InProcessJudge, flood: list[str]) -> None:
    """`judge tick` a day later: nothing of the flood is answered after all, and an
    ordinary mail from another sender on another host is answered at once."""
    before = {m: len(judge.mailbox.replies_to(m)) for m in flood}
    later = (judge.judge.clock.now() + timedelta(days=1)).isoformat(timespec="seconds")
    ticked = run_judge(judge.env, "tick", "--now", later)
    assert ticked.returncode == 0, ticked.stderr
    settle(judge.store)
    assert {m: len(judge.mailbox.replies_to(m)) for m in flood} == before
    calm = send_from(judge, "127.0.0.3", "calm@example.org", "calm@example.org")
    assert "This is judge" in judge.mailbox.reply(calm).get_content()


def test_one_from_over_the_limit_is_told_once_then_dropped(tmp_path):
    with InProcessJudge(tmp_path / "j", **LIMITS) as judge:
        flood = [send_from(judge, "127.0.0.1", "busy@example.org", "busy@example.org")
                 for _ in range(8)]  # fmt: skip
        settle(judge.store)
        assert all(answered(judge, m) for m in flood[:3])
        (notice,) = judge.mailbox.replies_to(flood[3])
        assert notice["To"] == "busy@example.org"
        assert "More than 3 mails have come to this judge from you" in notice.get_content()
        assert "not read" in notice.get_content()
        assert not any(judge.mailbox.replies_to(m) for m in flood[4:])
        assert (
            outcomes(judge)[3:]
            == ["dropped: over the rate limit (told)"] + ["dropped: over the rate limit"] * 4
        )
        after_a_day_nothing_more(judge, flood)


def test_rotating_froms_on_one_envelope_sender_are_dropped_untold(tmp_path):
    """The From disagrees with the envelope: likely forged, so nobody is told."""
    with InProcessJudge(tmp_path / "j", **LIMITS) as judge:
        flood = [send_from(judge, "127.0.0.1", f"victim{i}@example.org", "flood@example.net")
                 for i in range(8)]  # fmt: skip
        settle(judge.store)
        assert all(answered(judge, m) for m in flood[:3])
        assert not any(judge.mailbox.replies_to(m) for m in flood[3:])
        assert outcomes(judge)[3:] == ["dropped: over the rate limit"] * 5
        after_a_day_nothing_more(judge, flood)


def test_rotating_senders_on_one_host_are_dropped(tmp_path):
    with InProcessJudge(tmp_path / "j", **LIMITS) as judge:
        flood = [send_from(judge, FLOOD_HOST, f"r{i}@example.org", f"r{i}@example.org")
                 for i in range(10)]  # fmt: skip
        settle(judge.store)
        assert all(answered(judge, m) for m in flood[:5])
        assert not any(answered(judge, m) for m in flood[5:])
        # The first over the limit may be told (its envelope bears out its From), once.
        assert sum(len(judge.mailbox.replies_to(m)) for m in flood[5:]) <= 1
        assert all(o.startswith("dropped") for o in outcomes(judge)[5:])
        after_a_day_nothing_more(judge, flood)


def test_mail_held_before_the_upgrade_is_still_released(tmp_path):
    """A judge upgraded with mail held by the old rate limit answers it when its time
    comes, as its senders were told."""
    with InProcessJudge(tmp_path / "j", **LIMITS) as judge:
        sent = judge.client.send(mail("old@example.org", "VERSION"))
        settle(judge.store)
        with judge.store.transaction() as session:
            row = session.execute(select(Inbound)).scalar_one()
            row.status, row.hold_until = "held", judge.judge.clock.now()
        judge.mailbox.wait(lambda: len(judge.mailbox.replies_to(sent)) == 2)
