"""DAIDE bots at the judge's table (issue 34), against the real DumbBot, HoldBot and RandBot
built from their source, over TCP, with people by mail over SMTP: seven DumbBots play ten
years alone; a person plays France beside six; HoldBot and RandBot play two other variants
from their MDF; a bot that drops is late and comes back with IAM; an observer over DAIDE
sees what one by mail sees. One judge for the module: each test plays a game of its own."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import robots
from tests.daidekit import Watcher, bots, bots_dir, port_and_codes, wait_for_port
from tests.daidetable import (
    FRANCE,
    daide_table,
    results,
    stalled,
    until,
)
from tests.gametable import Table, create, form, master_says


@pytest.fixture(scope="module")
def folder():
    return bots_dir()


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    yield from daide_table(tmp_path_factory)


def test_seven_dumbbots_play_ten_years_with_nobody_by_mail(table, folder):
    create(table, "ten")
    reply = master_says(table, "ten", "SET DAIDE")
    assert "Game 'ten' set: Austria is played by a DAIDE bot." in " ".join(reply.split())
    port, codes = port_and_codes(reply)
    assert sorted(codes) == ["Austria", "England", "France", "Germany", "Italy", "Russia",
                             "Turkey"]  # fmt: skip
    assert all(1 <= c <= 8191 for c in codes.values())
    wait_for_port(port)
    with bots(["dumbbot"] * 7, port, folder):
        status, phase = until(table, "ten", 1911, timeout=150)
    assert status == "finished" or int(phase[1:5]) >= 1911, (status, phase)
    shown = table.show("ten")["settings"]["daide"]["bots"]
    assert {b["name"] for b in shown.values()} == {"DumbBot"} and len(shown) == 7
    every = results(table, "ten", "M")
    assert len(every) >= 18
    # No bot's order was refused: every unit of every phase had its order processed.
    refused = [text for text in every if "No Order Processed" in text]
    assert not refused, refused[0]
    who = table.send(FRANCE, "WHOGAME ten\n").get_content()
    assert "DAIDE bot" in who


def test_a_person_by_mail_and_six_dumbbots_play_three_years(table, folder):
    create(table, "mix")
    powers = ["Austria", "England", "Germany", "Italy", "Russia", "Turkey"]
    reply = master_says(table, "mix", "\n".join(f"SET DAIDE {p}" for p in powers))
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
        create(table, game, variant)
        reply = master_says(table, game, "SET DAIDE")
        port, codes = port_and_codes(reply)
        n = len(codes)
        wait_for_port(port)
        watcher = Watcher(port)
        with bots(["holdbot", "randbot"] * (n // 2) + ["randbot"] * (n % 2), port, folder):
            status, phase = until(table, game, 1902)
        mdf = watcher.wait("MAP")[0]
        assert mdf == f"MAP ('{variant.upper()}')"
        assert status == "active" and int(phase[1:5]) >= 1902, (game, status, phase)
        every = results(table, game, "M")
        assert every and not [t for t in every if "No Order Processed" in t]
        moved = [line for text in every for line in text.splitlines() if " -> " in line]
        assert moved  # the RandBots moved
        watcher.close()


def test_a_bot_that_drops_is_late_and_comes_back_with_iam(table, folder):
    create(table, "back")
    reply = master_says(table, "back", "SET DAIDE")
    port, codes = port_and_codes(reply)
    wait_for_port(port)
    watcher = Watcher(port)
    with bots(["dumbbot"] * 7, port, folder) as procs:
        until(table, "back", 1901)
        table.judge.mailbox.wait(lambda: table.board("back")[1] != "S1901M", 60)
        shown = table.show("back")["settings"]["daide"]["bots"]
        procs[0].kill()  # one bot drops: its power is in civil disorder for the others
        ccd = watcher.wait("CCD (")[0]
        lost = ccd.split("(")[1].split(")")[0]
        assert lost in {"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"}
        power = next(p for p in codes if p[:3].upper() == lost)
        # The bot may have ordered the phase it dropped in (its orders stand, and the phase
        # goes on), and a phase may owe it nothing; the first that owes it orders waits.
        phase = stalled(table, "back")
        assert phase is not None, "the game never waited for the late bot's orders"
        assert shown[power]["name"] == "DumbBot"
        # The same bot comes back, asking for its power with the passcode (IAM).
        with bots(["dumbbot"], port, folder, f"-r{lost}:{codes[power]}"):
            watcher.wait(f"NOT (CCD ({lost}))")
            table.judge.mailbox.wait(lambda: table.board("back")[1] != phase, 60)
    watcher.close()


def test_an_observer_of_a_blind_game_sees_no_unit(table, folder):
    create(table, "dark", "blind")
    watching = table.send("watcher@example.org", form("watcher@example.org"))
    watching = table.send("watcher@example.org", "OBSERVE dark passW\n").get_content()
    assert "You are now an Observer in game 'dark'." in watching
    reply = master_says(table, "dark", "SET DAIDE")
    port, _codes = port_and_codes(reply)
    wait_for_port(port)
    watcher = Watcher(port)
    with bots(["holdbot"] * 7, port, folder):
        until(table, "dark", 1902)
    now = watcher.wait("NOW (")
    assert all(n.count("(") == 1 for n in now) and len(now) >= 2, now  # no unit
    assert not [m for m in watcher.heard if m.startswith("ORD")]  # no order
    assert watcher.wait("SCO (UNO ")  # and no centre by name
    # The same as his copy by mail: blind results naming no unit.
    table.judge.mailbox.wait(lambda: table.inbox("watcher@example.org", "Blind Results"), 90)
    by_mail = table.inbox("watcher@example.org", "Blind Results")[0].get_content()
    assert "Army" not in by_mail and "Fleet" not in by_mail, by_mail
    watcher.close()


def ordered(table: Table, game: str, power: str) -> bool:
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

    create(table, "talk")
    reply = master_says(table, "talk", "SET DAIDE England\nSET DAIDE Germany")
    port, codes = port_and_codes(reply)
    robots_ = "\n".join(f"SET ROBOT {p} hold" for p in ("Austria", "Italy", "Russia", "Turkey"))
    master_says(table, "talk", robots_)
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
                lambda: ordered(table, "talk", "England") and ordered(table, "talk", "Germany"),
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
