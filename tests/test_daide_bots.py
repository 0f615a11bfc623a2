"""DAIDE bots at the judge's table (issue 34), against the real DumbBot, HoldBot and RandBot
built from their source, over TCP, with people by mail over SMTP: seven DumbBots play ten
years alone; a person plays France beside six; HoldBot and RandBot play two other variants
from their MDF; a bot that drops is late and comes back with IAM; an observer over DAIDE
sees what one by mail sees. One judge for the module: each test plays a game of its own."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

import robots
from tests.daidekit import Watcher, bots, bots_dir, free_ports, port_and_codes, wait_for_port
from tests.gametable import MASTER, Table, address, form
from tests.judgekit import InProcessJudge

TIMING = "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n"
FRANCE = address("France")


@pytest.fixture(scope="module")
def folder():
    return bots_dir()


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    home = tmp_path_factory.mktemp("daide") / "judge"
    listen = f"127.0.0.1:{free_ports(20)}"
    with InProcessJudge(home, JUDGE_DAIDE_LISTEN=listen, JUDGE_DAIDE_PORTS="20") as judge:
        table = Table(judge)
        for who in (MASTER, FRANCE):
            table.send(who, form(who))
        yield table


def _master(table: Table, game: str, body: str) -> str:
    return table.send(MASTER, f"SIGN ON M{game} pwMaster\n{body}").get_content()


def _create(table: Table, game: str, options: str = "") -> None:
    reply = table.send(
        MASTER, f"CREATE ?{game} pwMaster {options}\nBECOME MASTER\n{TIMING}"
    ).get_content()
    assert f"You've been selected to play Master in game '{game}'." in reply


def _until(table: Table, game: str, year: int, timeout: float = 90) -> tuple[str, str]:
    """Until the game reaches spring of `year` or ends; its status and phase."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status, phase, _ = table.board(game)
        if status != "active" or int(phase[1:-1]) >= year:
            return status, phase
        time.sleep(0.1)
    raise AssertionError(f"game {game} stuck at {table.board(game)[:2]}")


def _stalled(table: Table, game: str, still: float = 1.5, timeout: float = 60) -> str | None:
    """The phase the game stops at for `still` seconds (a phase waiting for orders that do
    not come), or None if it never stops in `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        phase = table.board(game)[1]
        time.sleep(still)
        if table.board(game)[1] == phase:
            return phase
    return None


def _results(table: Table, game: str, kind: str = "") -> list[str]:
    """The master's copies of the game's results (`kind`: "M" for movement only: a unit
    dislodged with nowhere to go is destroyed with no order of its own)."""
    return [
        m.get_content()
        for m in table.inbox(MASTER, f"{kind} Results")
        if f":{game} " in str(m["Subject"]) or f":{game}-" in str(m["Subject"])
    ]


def test_seven_dumbbots_play_ten_years_with_nobody_by_mail(table, folder):
    _create(table, "ten")
    reply = _master(table, "ten", "SET DAIDE")
    assert "Game 'ten' set: Austria is played by a DAIDE bot." in " ".join(reply.split())
    port, codes = port_and_codes(reply)
    assert sorted(codes) == ["Austria", "England", "France", "Germany", "Italy", "Russia",
                             "Turkey"]  # fmt: skip
    assert all(1 <= c <= 8191 for c in codes.values())
    wait_for_port(port)
    with bots(["dumbbot"] * 7, port, folder):
        status, phase = _until(table, "ten", 1911, timeout=150)
    assert status == "finished" or int(phase[1:5]) >= 1911, (status, phase)
    shown = table.show("ten")["settings"]["daide"]["bots"]
    assert {b["name"] for b in shown.values()} == {"DumbBot"} and len(shown) == 7
    every = _results(table, "ten", "M")
    assert len(every) >= 18
    # No bot's order was refused: every unit of every phase had its order processed.
    refused = [text for text in every if "No Order Processed" in text]
    assert not refused, refused[0]
    who = table.send(FRANCE, "WHOGAME ten\n").get_content()
    assert "DAIDE bot" in who


def test_a_person_by_mail_and_six_dumbbots_play_three_years(table, folder):
    _create(table, "mix")
    powers = ["Austria", "England", "Germany", "Italy", "Russia", "Turkey"]
    reply = _master(table, "mix", "\n".join(f"SET DAIDE {p}" for p in powers))
    port, codes = port_and_codes(reply)
    assert sorted(codes) == powers
    table.send(FRANCE, "SIGN ON ?mix pwFrance\n")
    starting = table.wait_for(FRANCE, "Game Starting")[0].get_content()
    assert "You have been selected as France in game 'mix'" in starting
    assert "Austria:                  DAIDE bot" in starting
    wait_for_port(port)
    watcher = Watcher(port)
    rng = random.Random(34)
    seen = set()
    with bots(["dumbbot"] * 6, port, folder):
        while True:
            status, phase, position = table.board("mix")
            if status != "active" or int(phase[1:-1]) >= 1904:
                break
            orders = robots.play("hold", position, "France", rng)
            if not orders or phase in seen:
                table.judge.mailbox.wait(lambda p=phase: table.board("mix")[1] != p, 90)
                continue
            seen.add(phase)
            table.send(FRANCE, "SIGN ON Fmix pwFrance\n" + "\n".join(orders))
            # Days before the deadline: the phase went on once the bots' orders were in.
            table.judge.mailbox.wait(lambda p=phase: table.inbox(FRANCE, f"{p} Results"), 90)
    assert table.board("mix")[1][1:5] == "1904"
    every = [m.get_content() for m in table.inbox(FRANCE, "M Results")]
    assert len(every) >= 6
    assert not [text for text in every if "No Order Processed" in text]
    moved = [line for text in every for line in text.splitlines() if " -> " in line]
    for power in powers:
        assert any(line.startswith(f"{power}:") for line in moved), power
    # The observer over DAIDE saw the phases go by: results, centres, positions.
    assert watcher.wait("ORD (SPR 1901) ((FRA AMY PAR) HLD) (SUC)")
    assert watcher.wait("SCO (AUS") and watcher.wait("NOW (FAL 1901)")
    watcher.close()


def test_holdbot_and_randbot_play_two_other_variants_from_their_mdf(table, folder):
    for game, variant in (("yng", "youngstown"), ("old", "1898")):
        _create(table, game, variant)
        reply = _master(table, game, "SET DAIDE")
        port, codes = port_and_codes(reply)
        n = len(codes)
        wait_for_port(port)
        watcher = Watcher(port)
        with bots(["holdbot", "randbot"] * (n // 2) + ["randbot"] * (n % 2), port, folder):
            status, phase = _until(table, game, 1902)
        mdf = watcher.wait("MAP")[0]
        assert mdf == f"MAP ('{variant.upper()}')"
        assert status == "active" and int(phase[1:5]) >= 1902, (game, status, phase)
        every = _results(table, game, "M")
        assert every and not [t for t in every if "No Order Processed" in t]
        moved = [line for text in every for line in text.splitlines() if " -> " in line]
        assert moved  # the RandBots moved
        watcher.close()


def test_a_bot_that_drops_is_late_and_comes_back_with_iam(table, folder):
    _create(table, "back")
    reply = _master(table, "back", "SET DAIDE")
    port, codes = port_and_codes(reply)
    wait_for_port(port)
    watcher = Watcher(port)
    with bots(["dumbbot"] * 7, port, folder) as procs:
        _until(table, "back", 1901)
        table.judge.mailbox.wait(lambda: table.board("back")[1] != "S1901M", 60)
        shown = table.show("back")["settings"]["daide"]["bots"]
        procs[0].kill()  # one bot drops: its power is in civil disorder for the others
        ccd = watcher.wait("CCD (")[0]
        lost = ccd.split("(")[1].split(")")[0]
        assert lost in {"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"}
        power = next(p for p in codes if p[:3].upper() == lost)
        # The bot may have ordered the phase it dropped in (its orders stand, and the phase
        # goes on), and a phase may owe it nothing; the first that owes it orders waits.
        phase = _stalled(table, "back")
        assert phase is not None, "the game never waited for the late bot's orders"
        assert shown[power]["name"] == "DumbBot"
        # The same bot comes back, asking for its power with the passcode (IAM).
        with bots(["dumbbot"], port, folder, f"-r{lost}:{codes[power]}"):
            watcher.wait(f"NOT (CCD ({lost}))")
            table.judge.mailbox.wait(lambda: table.board("back")[1] != phase, 60)
    watcher.close()


def test_an_observer_of_a_blind_game_sees_no_unit(table, folder):
    _create(table, "dark", "blind")
    watching = table.send("watcher@example.org", form("watcher@example.org"))
    watching = table.send("watcher@example.org", "OBSERVE dark passW\n").get_content()
    assert "You are now an Observer in game 'dark'." in watching
    reply = _master(table, "dark", "SET DAIDE")
    port, _codes = port_and_codes(reply)
    wait_for_port(port)
    watcher = Watcher(port)
    with bots(["holdbot"] * 7, port, folder):
        _until(table, "dark", 1902)
    now = watcher.wait("NOW (")
    assert all(n.count("(") == 1 for n in now) and len(now) >= 2, now  # no unit
    assert not [m for m in watcher.heard if m.startswith("ORD")]  # no order
    assert watcher.wait("SCO (UNO ")  # and no centre by name
    # The same as his copy by mail: blind results naming no unit.
    table.judge.mailbox.wait(lambda: table.inbox("watcher@example.org", "Blind Results"), 90)
    by_mail = table.inbox("watcher@example.org", "Blind Results")[0].get_content()
    assert "Army" not in by_mail and "Fleet" not in by_mail, by_mail
    watcher.close()


def _ordered(table: Table, game: str, power: str) -> bool:
    from sqlalchemy import select

    from judge.store.models import Game, OrderRecord

    with table.judge.store.transaction(readonly=True) as session:
        found = session.execute(select(Game).where(Game.name == game)).scalar_one()
        return (
            session.execute(
                select(OrderRecord.id).where(
                    OrderRecord.game_id == found.id, OrderRecord.power == power
                )
            ).first()
            is not None
        )


def test_a_person_makes_peace_with_a_bot_in_dpp_press(table, folder):
    import subprocess
    import sys

    _create(table, "talk")
    reply = _master(table, "talk", "SET DAIDE England\nSET DAIDE Germany")
    port, codes = port_and_codes(reply)
    robots_ = "\n".join(f"SET ROBOT {p} hold" for p in ("Austria", "Italy", "Russia", "Turkey"))
    _master(table, "talk", robots_)
    table.send(FRANCE, "SIGN ON ?talk pwFrance\n")
    table.wait_for(FRANCE, "Game Starting")
    wait_for_port(port)
    ours = subprocess.Popen(
        [sys.executable, "-m", "judge", "bot", "--daide", f"127.0.0.1:{port}", "--strategy",
         "blabbot", "--power", "Germany", "--passcode", str(codes["Germany"])],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        with bots(["dumbbot"], port, folder):
            table.judge.mailbox.wait(
                lambda: _ordered(table, "talk", "England") and _ordered(table, "talk", "Germany"),
                60,
            )
            # Plain language to a bot: HUH, at once, in the reply.
            plain = table.send(FRANCE, "SIGN ON Ftalk pwFrance\nPRESS TO E\nShall we?\nENDPRESS")
            assert "HUH: England is played by a DAIDE bot, which reads DPP press only" in " ".join(
                plain.get_content().split()
            )
            # DPP to the DumbBot: it reads no press, and answers HUH and TRY () (DAIDE's way).
            table.send(FRANCE, "SIGN ON Ftalk pwFrance\nPRESS TO E\nPRP (PCE (FRA ENG))\nENDPRESS")
            huh = table.wait_for(FRANCE, "Press from E to F")[0].get_content()
            assert "HUH (" in huh and "PRP (PCE (FRA ENG))" in huh, huh
            assert "Message from England (robot) to France in 'talk':" in huh
            # DPP to our BlabBot over DAIDE: it makes peace.
            table.send(FRANCE, "SIGN ON Ftalk pwFrance\nPRESS TO G\nPRP (PCE (FRA GER))\nENDPRESS")
            yes = table.wait_for(FRANCE, "Press from G to F")[0].get_content()
            assert "YES (PRP (PCE (FRA GER)))" in yes, yes
            assert "[In plain English:" in yes
    finally:
        ours.terminate()
        said = ours.communicate(timeout=10)[0]
    assert "Traceback" not in said, said


def test_a_bot_is_told_the_note_of_each_order_and_what_is_missing(table):
    """Our own client as France, beside the judge's robots: THX's notes from the adjudicator's
    reasons, MIS, NOT (SUB), HST and the refusals of what is not yet or not its own."""
    _create(table, "notes")
    reply = _master(table, "notes", "SET DAIDE France")
    port, codes = port_and_codes(reply)
    others = [p for p in ("Austria", "England", "Germany", "Italy", "Russia", "Turkey")]
    _master(table, "notes", "\n".join(f"SET ROBOT {p} hold" for p in others[1:]))
    _master(table, "notes", "SET ROBOT Austria dumbbot")
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
    _create(table, "nope")
    reply = " ".join(_master(table, "nope", "SET DAIDE Atlantis").split())
    assert "SET DAIDE: game 'nope' has no power 'Atlantis'" in reply
    reply = " ".join(_master(table, "nope", "SET NO DAIDE France").split())
    assert "SET NO DAIDE: France of game 'nope' is not open to DAIDE bots." in reply
    reply = " ".join(
        table.send(FRANCE, "SIGN ON ?nope pwFrance\nSET DAIDE France\n").get_content().split()
    )
    assert "SET DAIDE: only a master of game 'nope' may do that." in reply
    reply = " ".join(_master(table, "nope", "SET DAIDE England\nSET NO DAIDE England").split())
    assert "England is played by a DAIDE bot" in reply and "England is no longer open" in reply
    mach = table.send(MASTER, "CREATE ?prince pwMaster machiavelli\nBECOME MASTER\n").get_content()
    assert "selected to play Master" in mach
    reply = " ".join(_master(table, "prince", "SET DAIDE").split())
    assert "cannot be played over DAIDE: Machiavelli is no DAIDE game" in reply


def test_passcodes_are_not_to_be_guessed(table):
    _create(table, "guess")
    port, codes = port_and_codes(_master(table, "guess", "SET DAIDE France"))
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
    _create(table, "truce")
    port, codes = port_and_codes(_master(table, "truce", "SET DAIDE"))
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

    _create(table, "nodias")
    reply = _master(table, "nodias", "SET NO DIAS\nSET DAIDE")
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

    _create(table, "doctor")
    port, _codes = port_and_codes(_master(table, "doctor", "SET DAIDE Italy"))
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


def _one_bot_game(table: Table, game: str) -> tuple[int, dict[str, int]]:
    """A game of England (open to DAIDE bots) and five of the judge's robots, forming until
    France signs on by mail."""
    _create(table, game)
    port, codes = port_and_codes(_master(table, game, "SET DAIDE England"))
    robots_ = "\n".join(f"SET ROBOT {p} hold" for p in ("Austria", "Germany", "Italy", "Russia"))
    _master(table, game, f"{robots_}\nSET ROBOT Turkey hold")
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
