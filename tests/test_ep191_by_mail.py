"""EP 191's press over SMTP (judge/helpfiles/dpp): a person writes to robots in the words of
Loeb's protocol and gets each robot's answer, in the same words, with its English reading;
the gamemaster's words are the judge's alone; between people the paper's press goes out
read into English like DAIDE's."""

from __future__ import annotations

from sqlalchemy import select

from judge.engine.press.agreements import agreements_seen
from judge.store.models import Game, OrderRecord, PressRecord
from tests.gametable import MASTER, POWERS, address, form
from tests.test_press import press

ROBOT_SEED = 4


def _seat_robots(table) -> None:
    """The master seats Loeb's program as Germany and a blabbot as Italy; people the rest."""
    table.send(MASTER, form(MASTER))
    table.send(
        MASTER,
        "CREATE ?war pwMaster\nBECOME MASTER\nSET ROBOT Germany loeb\nSET ROBOT Italy blabbot\n",
    )
    # The robots' choices fixed (a seed the judge would draw at random): Loeb's program's
    # trust list, which says whether France is an enemy it answers BWX, is the same each run.
    table.seed("war", ROBOT_SEED, of="robot_seed")
    for power, letter in POWERS.items():
        if power not in ("Germany", "Italy"):
            table.send(address(power), f"SIGN ON ?war pw{power}\nSET PREFERENCE {letter}\n")
    table.wait_for(address("France"), "Game Starting")


def _robot_orders(table, power: str) -> list[str]:
    with table.judge.store.transaction(readonly=True) as session:
        return list(
            session.scalars(
                select(OrderRecord.text).where(
                    OrderRecord.power == power, OrderRecord.phase == "S1901M"
                )
            )
        )


def test_a_person_asks_loebs_program_in_its_own_protocol_and_is_answered(table):
    _seat_robots(table)
    # WHT: what should my army in Paris do? Loeb's program suggests the move its own
    # strategy would give it, as UDO, read into English beneath.
    reply = press(table, "PRESS TO G\n(WHT (AMY PAR))", "France")
    assert "Message sent to Germany:" in reply
    assert "[In plain English: France asks you to suggest a move for the army in Paris.]" in reply
    [got] = [m.get_content() for m in table.wait_for(address("France"), "Press from G to F")]
    assert got.startswith("Message from Germany (robot) to France in 'war':\n\n(UDO ((AMY PAR) ")
    assert (
        "[In plain English: Germany asks you to give these orders: the army in Paris "
        in " ".join(got.split())
    )

    # UDO: an order it gives anyway it agrees to; one it does not give, it refuses.
    given = next(x for x in _robot_orders(table, "Germany") if x.startswith("A mun"))
    mun = {"A mun H": "((AMY MUN) HLD)"}.get(given) or (
        f"((AMY MUN) MTO {given.split(' - ')[1].upper()})"
    )
    other = "((AMY MUN) MTO BOH)" if "BOH" not in mun else "((AMY MUN) MTO TYR)"
    press(table, f"PRESS TO G\n(UDO {mun})", "France")
    press(table, f"PRESS TO G\n(UDO {other})", "France")
    mails = [m.get_content() for m in table.wait_for(address("France"), "Press from G to F", 3)]
    assert (
        f"\n\n(YES (UDO {mun}))\n\n[In plain English: Germany agrees to your message: "
        in (mails[1])
    )
    assert "you ask Germany to give these orders: the army in Munich " in " ".join(mails[1].split())
    assert f"\n\n(NOP (UDO {other}))\n\n[In plain English: Germany does not agree" in mails[2]

    # A plan of attack on a place of its own: no.
    press(table, "PRESS TO G\n(HOW MUN)", "France")
    last = table.wait_for(address("France"), "Press from G to F", 4)[3].get_content()
    assert "\n\n(NOP (HOW MUN))\n\n" in last
    refused = "Germany does not agree to your message: you ask Germany to suggest a plan of "
    assert refused + "attack on Munich." in " ".join(last.split())
    # RPT: it says again what it said last.
    press(table, "PRESS TO G\n(RPT)", "France")
    again = table.wait_for(address("France"), "Press from G to F", 5)[4].get_content()
    assert "\n\n(NOP (HOW MUN))\n\n" in again
    # The robot's answers are the game's press, kept as a person's is; its YES to the UDO
    # is an agreement, as DAIDE's YES (PRP (XDO ...)) is (RELATIONS, the robots' friends).
    with table.judge.store.transaction(readonly=True) as session:
        kept = set(session.scalars(select(PressRecord.text)))
        game = session.scalars(select(Game).where(Game.name == "war")).one()
        made = [x for _, x in agreements_seen(session, game)]
    assert f"(YES (UDO {mun}))" in kept and "(WHT (AMY PAR))" in kept
    assert [(x.kind, x.parties, x.orders, x.partners) for x in made] == [
        ("XDO", frozenset({"Germany"}), (given,), frozenset({"France"}))
    ]


def test_a_blabbot_makes_peace_in_the_papers_words_and_people_talk_in_them(table):
    _seat_robots(table)
    press(table, "PRESS TO I\n(PCE)", "France")
    mails = [m.get_content() for m in table.wait_for(address("France"), "Press from I to F", 2)]
    [yes] = [m for m in mails if "\n\n(YES (PCE))\n\n" in m]
    assert (
        "[In plain English: Italy agrees to your message: you propose a general cease-fire "
        "with Italy.]" in " ".join(yes.split())
    )
    # Above its level it tells France the paper's words it reads, once.
    press(table, "PRESS TO I\n(DMZ PIE)", "France")
    mails = [m.get_content() for m in table.wait_for(address("France"), "Press from I to F", 3)]
    assert "\n\n(TRY YES NOP BWX PCE DWR ALY)\n\n" in mails[2]
    with table.judge.store.transaction(readonly=True) as session:
        game = session.scalars(select(Game).where(Game.name == "war")).one()
        assert game.settings["robot_friends"] == {"Italy": ["France"]}
        made = [x for _, x in agreements_seen(session, game)]
    assert [(x.kind, x.parties) for x in made] == [("PCE", frozenset({"France", "Italy"}))]

    # The gamemaster's words are the judge's; people talk in the paper's words too.
    bad = press(table, "PRESS TO G\n(CDD)", "France")
    assert "HUH (ERR CDD)" in bad
    assert "CDD is the gamemaster's word in EP 191's protocol: only the judge says it." in bad
    assert "not sent" in bad and "Message sent" not in bad
    bad = press(table, "PRESS TO E\n(DMZ ECH XYZ)", "France")
    assert "HUH (DMZ ECH ERR XYZ)" in bad and "XYZ is not a province of this game." in bad
    press(table, "PRESS TO E\n(DMZ ECH)", "France")
    [got] = [m.get_content() for m in table.wait_for(address("England"), "Press from F to E")]
    assert got.startswith(
        "Message from france@players.example as France to England in 'war':\n\n(DMZ ECH)\n\n"
        "[In plain English: France proposes a demilitarised zone with you in English Channel.]"
    )
    assert not table.inbox(address("Germany"), "Press from F")
