"""Press over SMTP (users' manual 7.4, 8.5): who receives what, with which header and
subject, what HISTORY keeps afterwards, and that grey and fake press never betray the
sender in any header of the mail, nor in its timing."""

from __future__ import annotations

from email.message import EmailMessage

from sqlalchemy import select

from judge.store.models import Outbox
from tests.gametable import MASTER, POWERS, address, master, start, start_moderated

OTHERS = [p for p in POWERS if p != "France"]


def press(table, body: str, power: str = "France") -> str:
    return table.orders(power, f"{body}\nENDPRESS")


def raw(message: EmailMessage) -> str:
    return message.as_string().lower()


def arrived(table, who: str, subject: str, text: str) -> str:
    """The mail to `who` with `subject` in its subject and `text` in its body."""

    def found() -> list[str]:
        bodies = [m.get_content() for m in table.inbox(who, subject)]
        return [b for b in bodies if text in b]

    table.judge.mailbox.wait(lambda: bool(found()))
    return found()[0]


def history(table) -> str:
    return table.send("watcher@example.org", "HISTORY war\n").get_content()


def test_white_partial_press_and_broadcasts(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    table.send("watcher@example.org", "OBSERVE war xxxx\n")

    reply = press(table, "PRESS TO G\nShall we share Holland?")
    assert "Message sent to Germany:" in reply
    assert "End of message." in reply
    got = table.wait_for(address("Germany"), "Press from F to G")[0]
    assert got["Subject"] == "USTS:war - S1901M Press from F to G"
    assert got.get_content().startswith(
        "Message from france@players.example as France to Germany in 'war':\n\n"
        "Shall we share Holland?"
    )

    broadcast = table.orders("France", "BROADCAST\nPeace in our time.\nENDBROADCAST")
    assert "Broadcast message sent:" in broadcast
    for who in [*(address(p) for p in OTHERS), "watcher@example.org"]:
        text = table.wait_for(who, "Broadcast from F")[0].get_content()
        assert "Broadcast message from france@players.example as France in 'war':" in text
    assert not table.inbox(address("Italy"), "Press from F")  # the partial press was not his
    archived = history(table)
    assert "Peace in our time." in archived  # observers read it: in the history
    assert "Shall we share Holland?" not in archived  # to Germany alone: not

    nothing = press(table, "PRESS\nTo whom?")
    assert "PRESS needs a delivery option" in nothing and "no message was sent" in nothing
    assert "'X' is not a power of game 'war'" in press(table, "PRESS TO X\nHello")


def test_grey_and_fake_press_hide_the_sender(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")
    table.send("watcher@example.org", "OBSERVE war xxxx\n")
    assert "game 'war' allows no grey press." in press(table, "PRESS GREY TO G\nBoo")
    assert "game 'war' allows no fake press." in press(table, "PRESS TO G FAKE\nBoo")
    table.orders("France", "SET WHITE/GREY\nSET PARTIAL MAY BE FAKED")

    press(table, "PRESS GREY TO G\nRussia plans to stab you.")
    grey = table.wait_for(address("Germany"), "Press to G")[0]
    assert grey.get_content().startswith(
        "Message to Germany in 'war':\n\nRussia plans to stab you."
    )
    assert "france" not in raw(grey)  # From, Reply-To, Message-ID, References, body
    assert grey["From"] == "Diplomacy Judge USTS <judge@test.example>"
    assert grey["Reply-To"] in (None, "")

    # PRESS TO G FAKE: to Germany alone, shown as a broadcast.
    press(table, "PRESS TO G FAKE\nOnly you read this.")
    fake = next(
        m
        for m in table.wait_for(address("Germany"), "Broadcast from F", count=1)
        if "Only you read this." in m.get_content()
    )
    assert "Broadcast message from france@players.example as France in 'war':" in (
        fake.get_content()
    )
    # PRESS FAKE TO E: to everyone, shown as to England alone.
    press(table, "PRESS FAKE TO E\nEngland, beware.")
    for who in (address("Italy"), address("England"), "watcher@example.org"):
        text = table.wait_for(who, "Press from F to E")[0].get_content()
        assert "Message from france@players.example as France to England in 'war':" in text

    # Grey, to all but Germany and the observers, faked as a broadcast: not archived.
    press(table, "PRESS GREY TO ALL BUT GO FAKE BROADCAST\nGermany is a wimp. -Kaiser")
    seen = table.wait_for(address("Italy"), "USTS:war - S1901M Broadcast")
    grey_broadcast = next(m for m in seen if "Kaiser" in m.get_content())
    assert grey_broadcast.get_content().startswith("Broadcast message in 'war':")
    assert "france" not in raw(grey_broadcast)
    assert not any("Kaiser" in m.get_content() for m in table.inbox(address("Germany"), "war"))
    # The same to all but Germany alone: observers read it, so HISTORY has it, grey.
    press(table, "PRESS GREY TO ALL BUT G FAKE BROADCAST\nSecond wimp notice.")
    table.wait_for("watcher@example.org", "USTS:war - S1901M Broadcast")
    archived = history(table)
    assert "Second wimp notice." in archived and "Kaiser" not in archived
    block = archived.split("Second wimp notice.")[0].rsplit("Date:", 1)[1]
    assert "france" not in block.lower() and "Broadcast message in 'war':" in block

    # Grey and fake press leave at a scattered moment, apart from the sender's own mail.
    with table.judge.store.transaction() as session:
        rows = session.execute(select(Outbox).order_by(Outbox.id)).scalars().all()
        greys = [r for r in rows if r.subject.endswith("Press to G")]
        whites = [r for r in rows if r.subject.endswith("Press from F to E")]
        assert greys and all(r.next_attempt_at > r.created_at for r in greys)
        assert all(r.inbound_id is None for r in greys)
        assert whites and all(r.next_attempt_at > r.created_at for r in whites)  # faked


def test_press_to_and_from_the_master_is_always_allowed(table):
    start_moderated(table)
    table.send("watcher@example.org", "OBSERVE war xxxx\n")
    master(table, "SET PRESS NONE\nSET OBSERVER NO")
    assert "game 'war' allows no press, except to and from the Master." in press(
        table, "PRESS TO G\nHello"
    )
    sent = press(table, "PRESS GREY TO M\nMay I have an extension?")
    assert "Message sent to Master:" in sent
    got = table.wait_for(MASTER, "Press from F to M")[0].get_content()
    assert "Message from france@players.example as France to Master in 'war':" in got
    assert "press to the Master is never faked" in press(table, "PRESS TO M FAKE\nx")
    announced = master(table, "BROADCAST\nThe deadline stands.\nENDPRESS")
    assert "Broadcast message sent:" in announced
    text = table.wait_for(address("Italy"), "Broadcast from M")[0].get_content()
    assert "Broadcast message from master@example.org as Master in 'war':" in text

    # ALL PRESS: the master silently reads partial press; grey press names its sender
    # to him alone.
    master(table, "SET GREY/WHITE\nSET ALL PRESS")
    observer = table.send("watcher@example.org", "OBSERVE war xxxx\nPRESS TO F\nHi\nENDPRESS\n")
    assert "observers of game 'war' may send press only to the Master." in (observer.get_content())
    press(table, "PRESS TO G\nOur secret.")
    germany = table.wait_for(address("Germany"), "Press to G")[0].get_content()
    assert "[from" not in germany
    copy = table.wait_for(MASTER, "Press to G")[0].get_content()
    assert "Message to Germany in 'war':\n[from france@players.example as France]" in copy


def test_postal_press_comes_with_the_results_and_diaries_at_the_end(table):
    start_moderated(table)
    refused = table.orders("France", "POSTAL PRESS\nA letter.\nENDPRESS")
    assert "POSTAL PRESS: game 'war' does not allow postal press." in refused
    master(table, "SET POSTAL PRESS")
    accepted = table.orders("France", "POSTAL PRESS\nDear all, a letter by sea.\nENDPRESS")
    assert "Postal press accepted: it will be published with the results of S1901M." in accepted

    assert "Diary entry 1 recorded" in table.orders("France", "DIARY RECORD\nPlan A.\nENDPRESS")
    assert "Diary entry 2 recorded" in table.orders("France", "DIARY\nPlan B.\nENDPRESS")
    listed = table.orders("France", "DIARY LIST")
    assert "Your diary entries in game 'war':" in listed and "    2  " in listed
    assert "Plan A." in table.orders("France", "DIARY READ 1")
    assert "Diary entry 1 deleted." in table.orders("France", "DIARY DELETE 1")
    assert "you have no entry 1 in game 'war'" in table.orders("France", "DIARY READ 1")

    holds = {
        "Austria": "A vie H; A bud H; F tri H", "England": "F lon H; F edi H; A lvp H",
        "France": "A par H; A mar H; F bre H", "Germany": "A ber H; A mun H; F kie H",
        "Italy": "A ven H; A rom H; F nap H", "Russia": "A mos H; A war H; F sev H; F stp/sc H",
        "Turkey": "A con H; A smy H; F ank H",
    }  # fmt: skip
    assert not table.inbox(address("Italy"), "Postal")
    for power, orders in holds.items():
        table.orders(power, orders)
    results = table.wait_for(address("Italy"), "S1901M Results")[0].get_content()
    assert "Postal press from france@players.example as France in 'war':" in results
    assert "Dear all, a letter by sea." in results

    master(table, "TERMINATE")
    diaries = table.wait_for(address("Italy"), "Diaries")[0].get_content()
    assert "Diary of France, entry 2" in diaries and "Plan B." in diaries
    assert "Plan A." not in diaries


def test_each_press_setting_over_mail(table):
    """One game, the master changing its press settings in turn; after each, who may send
    what, and how it is shown."""
    from datetime import timedelta

    from tests.test_lateness import tick, utc

    start_moderated(table)
    table.send("watcher@example.org", "OBSERVE war xxxx\n")

    master(table, "SET NO PARTIAL")
    assert "allows no partial press" in press(table, "PRESS TO G\nx")
    assert "Broadcast message sent:" in table.orders("France", "BROADCAST\nAll of you.\nENDPRESS")
    assert "Message sent to Master:" in press(table, "PRESS TO M\nJust you.")
    master(table, "SET PARTIAL")

    # GREY/WHITE: grey unless WHITE is asked for.
    master(table, "SET GREY/WHITE")
    press(table, "PRESS TO E\nGuess who.")
    guess = arrived(table, address("England"), "Press to E", "Guess who.")
    assert guess.startswith("Message to England in 'war':")
    press(table, "PRESS WHITE TO E\nIt was me.")
    assert arrived(table, address("England"), "Press from F to E", "It was me.")
    master(table, "SET GREY")
    assert "allows only grey press" in press(table, "PRESS WHITE TO E\nx")
    master(table, "SET WHITE")

    # PARTIAL FAKES BROADCAST BY DEFAULT: partial press is shown as a broadcast unless
    # the sender says NO FAKE; without BY DEFAULT, NO FAKE is refused.
    master(table, "SET PARTIAL FAKES BROADCAST BY DEFAULT")
    press(table, "PRESS TO I\nSeems public.")
    assert arrived(table, address("Italy"), "Broadcast from F", "Seems public.")
    press(table, "PRESS NO FAKE TO I\nPlainly to you.")
    assert arrived(table, address("Italy"), "Press from F to I", "Plainly to you.")
    master(table, "SET PARTIAL FAKES BROADCAST")
    assert "all press is shown as a broadcast" in press(table, "PRESS NO FAKE TO I\nx")
    master(table, "SET NO FAKE")

    # OBSERVER WHITE: an observer's press is white even in a grey game.
    master(table, "SET GREY\nSET OBSERVER WHITE")
    watcher = table.send("watcher@example.org", "OBSERVE war xxxx\nPRESS TO F\nHello\nENDPRESS\n")
    assert "Message sent to France:" in watcher.get_content()
    seen = table.wait_for(address("France"), "Press from O to F")[0].get_content()
    assert "Message from watcher@example.org as Observer to France in 'war':" in seen
    refused = table.send("watcher@example.org", "OBSERVE war xxxx\nPRESS GREY TO F\nx\nENDPRESS\n")
    assert "observers of game 'war' may not send grey press" in refused.get_content()
    master(table, "SET WHITE\nSET OBSERVER ANY")

    # WATCH ALL PRESS: an observer may ask to read partial press; SET NO BROADCAST: a
    # participant may stop receiving broadcasts.
    master(table, "SET WATCH ALL PRESS")
    asked = table.send("watcher@example.org", "OBSERVE war xxxx\nSET ALL PRESS\nSET NO BROADCAST\n")
    assert "You will receive all partial press in game 'war'." in asked.get_content()
    assert "You will not receive broadcasts in game 'war'." in asked.get_content()
    table.orders("France", "BROADCAST\nQuiet broadcast.\nENDPRESS")
    press(table, "PRESS TO G\nWatched words.")
    assert arrived(table, "watcher@example.org", "Press from F to G", "Watched words.")
    assert arrived(table, address("Italy"), "Broadcast from F", "Quiet broadcast.")
    assert not any(
        "Quiet broadcast." in m.get_content() for m in table.inbox("watcher@example.org", "war")
    )

    # HISTORY keeps what observers were sent: the broadcasts, not the partial press
    # (however it was shown), and the observer's own partial press to France not either.
    archived = history(table)
    for text in ("All of you.", "Quiet broadcast."):
        assert text in archived
    for text in ("Just you.", "Guess who.", "Seems public.", "Plainly to you.", "Watched"):
        assert text not in archived

    # BLANK PRESS, MUST ORDER, MINOR PRESS (fixed once the game is under way).
    assert "allows no blank press" in press(table, "PRESS TO G\n")
    master(table, "SET BLANK PRESS")
    assert "Message sent to Germany:" in press(table, "PRESS TO G\n")
    master(table, "SET MUST ORDER")
    assert "you must give your orders before you send press" in press(table, "PRESS TO G\nx")
    table.orders("France", "A par H; A mar H; F bre H")
    assert "Message sent to Germany:" in press(table, "PRESS TO G\nNow I may.")
    assert "this is set before the start" in master(table, "SET NO MINOR PRESS")

    # NO LATE PRESS: a power marked late may write to the master only.
    master(table, "SET NO LATE PRESS\nSET NO MUST ORDER")
    tick(table, utc(table.show()["deadline"]) + timedelta(minutes=1))
    table.wait_for(address("Germany"), "Late Notice")
    assert "allows no press from a late power" in press(table, "PRESS TO F\nx", "Germany")
    assert "Message sent to Master:" in press(table, "PRESS TO M\nSorry!", "Germany")


def test_gunboat_press_names_the_power_not_the_player(table):
    first = table.send(address("Austria"), "CREATE ?dark pwAustria standard gunboat\n")
    assert "You've been selected to play a power in game 'dark'." in first.get_content()
    for power in POWERS:
        if power != "Austria":
            table.send(address(power), f"SIGN ON ?dark pw{power} standard gunboat\n")
    table.wait_for(address("France"), "Game Starting")
    state = table.show("dark")
    sender = next(p for p in state["players"] if p.get("power"))
    who, power = sender["address"], sender["power"]
    reply = table.send(
        who, f"SIGN ON {power[0]}dark pw{_power_of(who)}\nBROADCAST\nHello all.\nENDPRESS\n"
    )
    assert "Broadcast message sent:" in reply.get_content()
    other = next(a for a in (address(p) for p in POWERS) if a != who)
    text = arrived(table, other, f"Broadcast from {power[0]}", "Hello all.")
    assert text.startswith(f"Broadcast message from {power} in 'dark':")
    assert who.split("@")[0] not in text


def _power_of(who: str) -> str:
    return who.split("@")[0].capitalize()
