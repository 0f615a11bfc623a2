"""DPP press over SMTP (judge/helpfiles/dpp): good DPP is delivered with its English reading
beneath it, bad DPP comes back to the sender with HUH and goes to nobody, ordinary press is
sent as it was written, and a robot power answers DPP sent to it."""

from __future__ import annotations

from sqlalchemy import select

from judge.store.models import PressRecord
from tests.gametable import (
    HOLDS,
    MASTER,
    POWERS,
    address,
    form,
    master,
    play,
    start,
    start_moderated,
)
from tests.test_press import press


def test_dpp_press_is_read_checked_and_answered(table):
    start(table)
    table.wait_for(address("Germany"), "Game Starting")

    reply = press(table, "PRESS TO G\nPRP (PCE (FRA GER))", "England")
    assert "Message sent to Germany:" in reply
    got = table.wait_for(address("Germany"), "Press from E to G")[0].get_content()
    assert got.startswith(
        "Message from england@players.example as England to Germany in 'war':\n\n"
        "PRP (PCE (FRA GER))\n\n"
        "[In plain English: England proposes peace between France and Germany.]"
    )

    # Provinces are read by their names on the map; a coast follows its province.
    dpp = "PRP (AND (DMZ (FRA GER) (BUR RUH))\n (XDO ((RUS FLT (STP SCS)) MTO BOT)))"
    press(table, f"BROADCAST\n{dpp}", "Italy")
    got = table.wait_for(address("Turkey"), "Broadcast from I")[0].get_content()
    assert (
        "Italy proposes all of: a demilitarised zone in Burgundy and Ruhr, kept by France and "
        "Germany; the order: Russia's fleet in St Petersburg (south coast) moves to Gulf of "
        "Bothnia."
    ) in " ".join(got.split())

    # Bad DPP, or DPP naming what the game has not: HUH to the sender, nothing sent.
    bad = press(table, "PRESS TO G\nPRP (PCE (FRA XYZ))", "Austria")
    assert "HUH (PRP (PCE (FRA ERR XYZ)))" in bad
    assert "XYZ is not a power of this game." in bad
    assert "not sent" in bad and "Message sent" not in bad
    bad = press(table, "PRESS TO G\nPRP (PCE FRA GER)", "Austria")
    assert "HUH (PRP (PCE ERR FRA GER))" in bad and "'(' was expected" not in bad
    assert "expected '('" in bad
    assert not table.inbox(address("Germany"), "Press from A")

    # Ordinary press, even in capitals, is sent as written, with no reading.
    press(table, "PRESS TO G\nAND ANOTHER THING: PRP means propose.", "Austria")
    plain = table.wait_for(address("Germany"), "Press from A to G")[0].get_content()
    assert "AND ANOTHER THING: PRP means propose." in plain and "plain English" not in plain

    with table.judge.store.transaction(readonly=True) as session:
        kept = session.scalars(select(PressRecord.text)).all()
    assert "PRP (PCE (FRA GER))" in kept  # what was written, for the observation module


def test_a_blabbot_makes_peace_and_a_dumbbot_does_not_understand(table):
    """The master seats two robots before the start (SET ROBOT); a person's DPP proposal of
    peace is answered at once by each, as press from its power: the blabbot's YES, the
    dumbbot's HUH and TRY () (DAIDE's answer of a program without press). Press beyond the
    blabbot's level gets HUH, ERR where it stops understanding, and its TRY."""
    table.send(MASTER, form(MASTER))
    table.send(
        MASTER,
        "CREATE ?war pwMaster\nBECOME MASTER\nSET ROBOT Germany blabbot\nSET ROBOT Italy dumbbot\n",
    )
    for power, letter in POWERS.items():
        if power not in ("Germany", "Italy"):
            table.send(address(power), f"SIGN ON ?war pw{power}\nSET PREFERENCE {letter}\n")
    table.wait_for(address("France"), "Game Starting")
    press(table, "PRESS TO GI\nPRP (PCE (FRA GER))", "France")
    # The blabbot opened the phase by proposing peace itself; then it answers France.
    mails = [m.get_content() for m in table.wait_for(address("France"), "Press from G to F", 2)]
    [opening] = [m for m in mails if "\n\nPRP (PCE (GER FRA))" in m]
    [yes] = [m for m in mails if m is not opening]
    assert yes.startswith(
        "Message from Germany (robot) to France in 'war':\n\nYES (PRP (PCE (FRA GER)))\n\n"
        "[In plain English: Germany accepts the proposal of peace between France and Germany.]"
    )
    # Its two answers come in one mail, each under its own header.
    [huh] = [m.get_content() for m in table.wait_for(address("France"), "Press from I to F")]
    assert (
        "\n\nHUH (ERR PRP (PCE (FRA GER)))\n\n[In plain English: Italy does not understand "
        "the proposal of peace between France and Germany at all.]" in huh
    )
    assert "\n\nTRY ()\n\n[In plain English: Italy understands no DPP press at all.]" in huh
    assert huh.count("Message from Italy (robot) to France in 'war':") == 2
    press(table, "PRESS TO GI\nPRP (XDO ((FRA AMY PAR) MTO BUR))", "France")
    mails = [m.get_content() for m in table.wait_for(address("France"), "Press from G to F", 3)]
    assert "\n\nHUH (PRP (ERR XDO ((FRA AMY PAR) MTO BUR)))\n\n" in mails[2]
    assert "\n\nTRY (PRP INS PCE ALY VSS DRW SLO NOT YES REJ BWX)\n\n" in mails[2]
    # The dumbbot has told France what it reads already: HUH alone this time.
    again = table.wait_for(address("France"), "Press from I to F", 2)[1].get_content()
    assert "\n\nHUH (ERR PRP (XDO ((FRA AMY PAR) MTO BUR)))\n\n" in again
    assert "TRY" not in again
    assert len(table.inbox(address("France"), "Press from I to F")) == 2
    # The robot's YES made an agreement: France breaks the peace and RELATIONS says so.
    table.orders("France", "A par - bur; A mar H; F bre H")
    master(table, "PROCESS")
    table.orders("France", "A bur - mun; A mar H; F bre H")
    master(table, "PROCESS")
    text = master(table, "RELATIONS war")
    assert "PCE (France Germany) broken by France: A bur - mun." in text, text


def test_an_agreement_accepted_in_dpp_and_broken_shows_in_relations(table):
    start_moderated(table)
    press(table, "PRESS TO G\nPRP (AND (DMZ (FRA GER) (BUR)) (PCE (ENG GER)))", "France")
    press(table, "PRESS TO F\nYES (PRP (AND (DMZ (FRA GER) (BUR)) (PCE (ENG GER))))", "Germany")
    press(table, "PRESS TO F\nPRP (DMZ (FRA ITA) (PIE))", "Italy")  # proposed, never accepted
    play(table, {**HOLDS, "France": "A par - bur; A mar - pie; F bre H"}, "S1901M")
    text = master(table, "RELATIONS war")
    assert "  S1901M  DMZ (France Germany) broken by France: A par - bur." in text
    assert "pie" not in text  # the DMZ nobody accepted binds nobody
    assert "PCE" not in text  # England and Germany kept the peace
