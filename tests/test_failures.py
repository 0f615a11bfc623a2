"""When answering a mail fails inside the judge (here: the database refuses a write), the
mail is tried again, then kept as failed; its sender gets an apology, the judgekeeper a
notice, and nothing of the failed attempts is left half done."""

from __future__ import annotations

from sqlalchemy import func, select, text

from judge.store.models import Inbound, User
from tests.judgekit import mail, settle
from tests.test_registration import FORM


def test_a_mail_the_judge_cannot_answer_is_kept_and_reported(judge, caplog):
    with judge.store.engine.begin() as connection:
        connection.execute(text(
            "CREATE TRIGGER no_new_users BEFORE INSERT ON users "
            "BEGIN SELECT RAISE(ABORT, 'the disk is unwell'); END"
        ))  # fmt: skip
    message_id = judge.client.send(mail("anna@example.org", FORM + "VERSION\n"))
    reply = judge.mailbox.reply(message_id)
    settle(judge.store)
    body = reply.get_content()
    assert "an error of its own" in body and "your mail is kept" in body
    assert "This is judge" not in body  # nothing of the failed attempts was sent
    keeper = [m for m in judge.mailbox.all() if m["To"] == "keeper@test.example"]
    assert len(keeper) == 1 and "failed 3 times" in keeper[0].get_content()
    with judge.store.transaction(readonly=True) as session:
        row = session.execute(select(Inbound)).scalar_one()
        assert (row.status, row.attempts) == ("failed", 3)
        assert session.execute(select(func.count()).select_from(User)).scalar_one() == 0
    assert "the disk is unwell" in caplog.text
    # The judge goes on: other mail is answered.
    assert "This is judge" in judge.ask("bob@example.org", "VERSION").get_content()
