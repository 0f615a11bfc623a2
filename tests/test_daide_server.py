"""The DAIDE server's own answers (issue 34), over TCP with our client (judge/daide/client.py)
and the real bots where needed: THX notes and MIS, SET DAIDE's refusals, passcodes, draws
(DRW as the judge's robots vote), judge doctor's look at each game's port, the greeting's
order, an order without SUB, a SUB the database refuses for a while."""

from __future__ import annotations

import gc
import socket
import time
from collections.abc import Iterator

import pytest

from tests.daidekit import Watcher, bots_dir, free_ports, port_and_codes, wait_for_port
from tests.daidetable import (
    FRANCE,
    daide_table,
)
from tests.gametable import MASTER, Table, create, form, master_says
from tests.judgekit import InProcessJudge


@pytest.fixture(scope="module")
def folder():
    return bots_dir()


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    yield from daide_table(tmp_path_factory)


def test_a_bot_is_told_the_note_of_each_order_and_what_is_missing(table):
    """Our own client as France, beside the judge's robots: THX's notes from the adjudicator's
    reasons, MIS, NOT (SUB), HST and the refusals of what is not yet or not its own."""
    create(table, "notes")
    reply = master_says(table, "notes", "SET DAIDE France")
    port, codes = port_and_codes(reply)
    others = [p for p in ("Austria", "England", "Germany", "Italy", "Russia", "Turkey")]
    master_says(table, "notes", "\n".join(f"SET ROBOT {p} hold" for p in others[1:]))
    master_says(table, "notes", "SET ROBOT Austria dumbbot")
    wait_for_port(port)
    bot = Watcher(port, f"IAM (FRA) ({codes['France']})")
    assert bot.wait("YES (IAM (FRA)")
    bot.send("HLO")
    assert bot.wait("HLO (FRA) (")[0].endswith("((LVL 30))")
    bot.send("SMR")
    assert bot.wait("REJ (SMR)")
    bot.send(
        "SUB ((FRA AMY PAR) MTO MUN) ((FRA FLT BRE) MTO MAO) ((ENG FLT LON) HLD) "
        "((FRA AMY GAS) HLD) ((FRA AMY MAR) RTO SPA)"
    )
    assert bot.wait("THX ((FRA AMY PAR) MTO MUN) (FAR)")
    assert bot.wait("THX ((FRA FLT BRE) MTO MAO) (MBV)")
    assert bot.wait("THX ((ENG FLT LON) HLD) (NYU)")
    assert bot.wait("THX ((FRA AMY GAS) HLD) (NSU)")
    assert bot.wait("THX ((FRA AMY MAR) RTO SPA) (NRS)")
    bot.send("MIS")
    missing = bot.wait("MIS (")[0]
    assert "(FRA AMY PAR)" in missing and "(FRA AMY MAR)" in missing
    assert "BRE" not in missing
    bot.send("NOT (SUB ((FRA FLT BRE) MTO MAO))")
    assert bot.wait("YES (NOT (SUB")
    bot.send("MIS")
    time.sleep(0.5)
    assert "(FRA FLT BRE)" in [m for m in bot.heard if m.startswith("MIS (")][-1]
    bot.send("HST (SPR 1901)")
    assert bot.wait("REJ (HST (SPR 1901))")
    for said in ("DRW", "NOT (DRW)", "NOT (GOF)", "GOF", "TME (60)"):
        bot.send(said)
        assert bot.wait(f"YES ({said})")
    bot.send("TME")  # the deadline is days away: more seconds than DAIDE can say
    assert bot.wait("REJ (TME)")
    bot.send("SUB ((FRA AMY PAR) MTO BUR) ((FRA FLT BRE) MTO MAO) ((FRA AMY MAR) MTO SPA)")
    assert bot.wait("ORD (SPR 1901) ((FRA AMY PAR) MTO BUR) (SUC)")
    assert bot.wait("NOW (FAL 1901)")
    bot.send("HST (SPR 1901)")
    time.sleep(0.5)
    assert len([m for m in bot.heard if m.startswith("ORD (SPR 1901) ((FRA AMY PAR)")]) == 2
    # Press to the judge's own robots: their answer comes back as FRM.
    bot.send("SND (AUS) (PRP (PCE (FRA AUS)))")
    assert bot.wait("YES (SND (AUS) (PRP (PCE (FRA AUS))))")
    assert bot.wait("FRM (AUS) (FRA) (HUH (")
    bot.send("SND (AUS) (INS (PCE (FRA AUS)))")  # beyond LVL 30
    assert bot.wait("HUH (SND (AUS) (ERR INS")
    bot.send("PCE (FRA ENG)")
    assert bot.wait("HUH (ERR PCE (FRA ENG))")
    bot.send("SUB ((FRA AMY")
    assert bot.wait("PRN (SUB ((FRA AMY)")
    bot.close()


def test_set_daide_says_what_it_cannot_do(table):
    create(table, "nope")
    reply = " ".join(master_says(table, "nope", "SET DAIDE Atlantis").split())
    assert "SET DAIDE: game 'nope' has no power 'Atlantis'" in reply
    reply = " ".join(master_says(table, "nope", "SET NO DAIDE France").split())
    assert "SET NO DAIDE: France of game 'nope' is not open to DAIDE bots." in reply
    reply = " ".join(
        table.send(FRANCE, "SIGN ON ?nope pwFrance\nSET DAIDE France\n").get_content().split()
    )
    assert "SET DAIDE: only a master of game 'nope' may do that." in reply
    reply = " ".join(master_says(table, "nope", "SET DAIDE England\nSET NO DAIDE England").split())
    assert "England is played by a DAIDE bot" in reply and "England is no longer open" in reply
    mach = table.send(MASTER, "CREATE ?prince pwMaster machiavelli\nBECOME MASTER\n").get_content()
    assert "selected to play Master" in mach
    reply = " ".join(master_says(table, "prince", "SET DAIDE").split())
    assert "cannot be played over DAIDE: Machiavelli is no DAIDE game" in reply


def test_passcodes_are_not_to_be_guessed(table):
    create(table, "guess")
    port, codes = port_and_codes(master_says(table, "guess", "SET DAIDE France"))
    wait_for_port(port)
    for n in range(5):
        wrong = Watcher(port, f"IAM (FRA) ({(codes['France'] + n) % 8191 + 1})")
        assert wrong.wait("REJ (IAM (FRA)")
        wrong.close()
    # Five wrong ones from this host: even the right one is refused now, for a while.
    right = Watcher(port, f"IAM (FRA) ({codes['France']})")
    assert right.wait("REJ (IAM (FRA)")
    right.close()


def test_seven_bots_agree_a_draw_and_are_told_the_end(table):
    create(table, "truce")
    port, codes = port_and_codes(master_says(table, "truce", "SET DAIDE"))
    wait_for_port(port)
    seated = [Watcher(port, f"IAM ({p[:3].upper()}) ({code})") for p, code in codes.items()]
    for bot in seated:
        assert bot.wait("YES (IAM")
        bot.send("DRW")
    for bot in seated:
        assert bot.wait("DRW")
        smr = bot.wait("SMR (SPR 1901)")[0]
        assert "(AUS ('DAIDE bot') ('?') 3)" in smr, smr  # (it gave no name: IAM)
        assert bot.wait("OFF")
        bot.close()
    table.judge.mailbox.wait(lambda: table.board("truce")[0] == "finished", 60)
    table.judge.mailbox.wait(lambda: table.inbox(MASTER, "Draw Declared"), 90)
    declared = table.inbox(MASTER, "Draw Declared")[0].get_content()
    assert "truce" in declared


def test_a_bots_draw_vote_is_the_judge_robots_vote_for_every_survivor(table):
    """DRW in a NoDIAS game: recorded as the judge's own robots vote (every survivor's
    letter: votes.robot_vote), and the draw it passes declared to the players by mail."""
    from sqlalchemy import select

    from judge.engine.endings.votes import robot_vote
    from judge.store.models import Game

    create(table, "nodias")
    reply = master_says(table, "nodias", "SET NO DIAS\nSET DAIDE")
    port, codes = port_and_codes(reply)
    wait_for_port(port)
    seated = [Watcher(port, f"IAM ({p[:3].upper()}) ({code})") for p, code in codes.items()]
    for bot in seated[:-1]:
        assert bot.wait("YES (IAM")
        bot.send("DRW")
        assert bot.wait("YES (DRW)")
    with table.judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == "nodias")).scalar_one()
        assert game.settings.get("dias") is False and game.status == "active"
        voted = {x.power: x.draw for x in game.participants if x.power}
        last = list(codes)[-1]
        assert voted == {p: robot_vote(game, p) if p != last else None for p in codes}
    assert set(voted.values()) == {"AEFGIRT", None}, voted
    seated[-1].send("DRW")
    for bot in seated:
        assert bot.wait("DRW")
        bot.close()

    def declared() -> list[str]:
        mails = [m.get_content() for m in table.inbox(MASTER, "Draw Declared: AEFGIRT")]
        return [text for text in mails if "Game 'nodias' has been declared a draw" in text]

    table.judge.mailbox.wait(declared, 90)


def test_doctor_finds_each_games_daide_port_answering(table):
    """`judge doctor` with daide_listen set: each game open to bots answers a bot's initial
    message on its port; where nothing serves the ports (here: another host than the
    server's), it fails and says what to do."""
    from judge.config import load
    from judge.doctor import examine

    create(table, "doctor")
    port, _codes = port_and_codes(master_says(table, "doctor", "SET DAIDE Italy"))
    wait_for_port(port)
    daide = [f for f in examine(table.judge.settings) if f.what.startswith("DAIDE")]
    assert f"ok DAIDE port 127.0.0.1:{port} of game 'doctor' answers" in [
        f"{f.level} {f.what}" for f in daide
    ], daide
    assert all(f.level == "ok" for f in daide), daide
    _, base = table.judge.settings.daide_listen.split(":")
    elsewhere = load({**table.judge.env, "JUDGE_DAIDE_LISTEN": f"127.0.0.2:{base}"})
    failed = [f for f in examine(elsewhere) if f.what.startswith(f"DAIDE port 127.0.0.2:{port}")]
    assert [f.level for f in failed] == ["FAIL"], failed
    assert "of game 'doctor'" in failed[0].what and "daide_listen" in failed[0].fix


def test_a_connection_that_hangs_up_before_its_initial_message_is_closed_at_once(table):
    """A port probe (judge doctor, a monitor, a bot that gave up) connects and hangs up
    without the initial message: the server closes its side at once. It used to leave that
    to the garbage collector, which closed it from another thread and took the descriptor's
    number out of the server's loop after a newer bot's connection had it: that bot was
    never read again and its game stood at S1901M."""
    create(table, "probe")
    port, _codes = port_and_codes(master_says(table, "probe", "SET DAIDE Italy"))
    wait_for_port(port)
    gc.disable()  # here nothing is closed by the collector: only by the server itself
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as probe:
            probe.shutdown(socket.SHUT_WR)  # its side hung up; it still hears the server's
            assert probe.recv(16) == b"", "the server kept the connection open"
    finally:
        gc.enable()


def _one_bot_game(table: Table, game: str) -> tuple[int, dict[str, int]]:
    """A game of England (open to DAIDE bots) and five of the judge's robots, forming until
    France signs on by mail."""
    create(table, game)
    port, codes = port_and_codes(master_says(table, game, "SET DAIDE England"))
    robots_ = "\n".join(f"SET ROBOT {p} hold" for p in ("Austria", "Germany", "Italy", "Russia"))
    master_says(table, game, f"{robots_}\nSET ROBOT Turkey hold")
    wait_for_port(port)
    return port, codes


def _heard(watcher: Watcher, start: str, times: int, timeout: float = 60) -> None:
    """Until the watcher has heard `times` messages that begin with `start`."""
    end = time.monotonic() + timeout
    while len([m for m in watcher.heard if m.startswith(start)]) < times:
        assert time.monotonic() < end, watcher.heard
        time.sleep(0.05)


def test_a_bot_seated_before_the_start_hears_hlo_then_sco_then_now_once(table):
    """NME and YES (MAP) before the game starts: nothing until the start, then HLO, SCO and
    NOW, once each and in that order (a NOW before HLO, or none after it, is a bot that
    never orders); a bot seated after the start hears the same."""
    port, _codes = _one_bot_game(table, "greet")
    early = Watcher(port, "NME ('Early') ('1')")
    assert early.wait("MAP (")  # which the Watcher answers with YES (MAP)
    early.send("NOT (GOF)")  # a round trip: YES (MAP) has been handled
    assert early.wait("REJ (NOT (GOF))")
    assert not [m for m in early.heard if m[:3] in ("HLO", "SCO", "NOW")], early.heard
    table.send(FRANCE, "SIGN ON ?greet pwFrance\n")
    table.wait_for(FRANCE, "Game Starting")
    early.wait("NOW (SPR 1901)")
    early.send("HLO")  # a round trip: the start has been told
    _heard(early, "HLO (ENG)", 2)
    told = [m[:3] for m in early.heard if m[:3] in ("HLO", "SCO", "NOW")]
    assert told == ["HLO", "SCO", "NOW", "HLO"], early.heard
    early.close()
    late = Watcher(port, "NME ('Late') ('1')")
    assert late.wait("REJ (NME")  # England is taken: a late one is told no
    late.close()
    watcher = Watcher(port)  # an observer after the start: SCO and NOW, once
    watcher.wait("NOW (SPR 1901)")
    watcher.send("SCO")
    _heard(watcher, "SCO (", 2)
    assert [m[:3] for m in watcher.heard if m[:3] in ("HLO", "SCO", "NOW")] == [
        "SCO", "NOW", "SCO"
    ], watcher.heard  # fmt: skip
    watcher.close()


def test_an_order_sent_without_sub_is_taken_as_one(table):
    """The AiClient bots answer a refused order with their replacement alone, `(unit) HLD`,
    without SUB (base_bot.cpp, process_thx_message): it is taken, and the phase goes on."""
    port, codes = _one_bot_game(table, "bare")
    table.send(FRANCE, "SIGN ON ?bare pwFrance\n")
    table.wait_for(FRANCE, "Game Starting")
    bot = Watcher(port, f"IAM (ENG) ({codes['England']})")
    assert bot.wait("YES (IAM")
    bot.send("HLO")
    assert bot.wait("HLO (ENG)")
    bot.send("SUB ((ENG FLT LON) MTO NTH) ((ENG FLT EDI) MTO NWG) ((ENG AMY LVP) MTO MUN)")
    assert bot.wait("THX ((ENG AMY LVP) MTO MUN) (FAR)")
    bot.send("(ENG AMY LVP) HLD")
    assert bot.wait("THX ((ENG AMY LVP) HLD) (MBV)")
    table.send(FRANCE, "SIGN ON Fbare pwFrance\nA par H\nA mar H\nF bre H\n")
    assert bot.wait("ORD (SPR 1901) ((ENG AMY LVP) HLD) (SUC)")
    assert bot.wait("NOW (FAL 1901)")
    assert not [m for m in bot.heard if m.startswith("HUH")], bot.heard
    bot.close()


def test_a_sub_the_database_refuses_for_a_while_is_taken_once_it_is_free(tmp_path, folder):
    """Another writer holds the database past write_lock_timeout while a bot's SUB comes:
    the SUB is tried again, its THX come once it is free, and the bot keeps its seat (no
    CCD): a bot dropped there never orders that phase again."""
    import threading

    listen = f"127.0.0.1:{free_ports(2)}"
    with InProcessJudge(
        tmp_path / "judge", JUDGE_DAIDE_LISTEN=listen, JUDGE_DAIDE_PORTS="2",
        JUDGE_WRITE_LOCK_TIMEOUT="1",
    ) as judge:  # fmt: skip
        busy = Table(judge)
        for who in (MASTER, FRANCE):
            busy.send(who, form(who))
        port, codes = _one_bot_game(busy, "busy")
        busy.send(FRANCE, "SIGN ON ?busy pwFrance\n")
        busy.wait_for(FRANCE, "Game Starting")
        bot = Watcher(port, f"IAM (ENG) ({codes['England']})")
        watcher = Watcher(port)
        assert bot.wait("YES (IAM") and watcher.wait("NOW (SPR 1901)")
        held = threading.Event()

        def hold() -> None:
            with judge.store.transaction():
                held.set()
                time.sleep(2.5)

        holder = threading.Thread(target=hold)
        holder.start()
        held.wait(10)
        bot.send("SUB ((ENG FLT LON) HLD) ((ENG FLT EDI) HLD) ((ENG AMY LVP) HLD)")
        holder.join()
        assert bot.wait("THX ((ENG AMY LVP) HLD) (MBV)", timeout=30)
        bot.send("MIS")
        assert bot.wait("MIS") == ["MIS"]  # all three taken, and the bot still heard
        assert not [m for m in watcher.heard if m.startswith("CCD")], watcher.heard
        bot.close()
        watcher.close()
