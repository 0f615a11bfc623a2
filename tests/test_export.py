"""The export (docs/export.md): GET name.json by mail and `judge export GAME`, each phase's
documents, the orders and results, the press the reader read (checked against the press
mails he got), a blind game cut as his results are; and MILA's saved game, loaded by the
`diplomacy` package 1.1.2 and replayed phase by phase to the same positions, for random
games and for a game played by mail."""

from __future__ import annotations

import argparse
import json
from itertools import pairwise

import pytest
from sqlalchemy import select

import variants
from judge.cli import _arguments
from judge.export_command import run as export
from judge.reports.blind import seen_output
from judge.reports.mila import mila_order, mila_phase, saved_game
from judge.store.models import Game as GameRow
from tests.gametable import MASTER, POWERS, address, form, germany_to_winter, master, start
from tests.judgekit import files_in
from tests.randomgames import played_documents

diplomacy = pytest.importorskip("diplomacy", reason="pip install diplomacy==1.1.2 (dev extra)")
from diplomacy import Game  # noqa: E402
from diplomacy.utils.export import from_saved_game_format  # noqa: E402
from diplomacy.utils.game_phase_data import GamePhaseData  # noqa: E402

WATCHER = "watcher@example.org"


def replayed(saved: dict) -> int:
    """Load the saved game as MILA does, then play each phase's orders in MILA's engine
    from its board: every phase must end on the next one's board. The phases replayed."""
    loaded = from_saved_game_format(saved)
    assert loaded.map_name == "standard"
    phases = saved["phases"]
    for now, after in pairwise(phases):
        game = Game(map_name="standard", rules=["NO_DEADLINE"])
        game.set_phase_data(GamePhaseData.from_dict(now))
        for power, orders in now["orders"].items():
            game.set_orders(power, orders)
        game.process()
        if after["name"] != "COMPLETED":
            assert game.get_current_phase() == after["name"], now["name"]
        units = {p: sorted(u) for p, u in game.get_units().items()}
        assert units == {p: sorted(u) for p, u in after["state"]["units"].items()}, now["name"]
        centres = {p: sorted(c) for p, c in game.get_centers().items()}
        assert centres == {p: sorted(c) for p, c in after["state"]["centers"].items()}
    return len(phases) - 1


def test_mila_saved_games_of_random_games_replay_in_diplomacy():
    variant = variants.load("standard")
    total = 0
    for seed in (1, 7):
        played, now, finished = played_documents(seed, phases=30)
        saved = saved_game(f"random{seed}", variant, played, now, finished)
        json.dumps(saved)  # it is JSON
        total += replayed(saved)
    assert total == 60


def test_orders_in_milas_words():
    assert mila_phase("F1901B") == "W1901A" and mila_phase("S1902R") == "S1902R"
    assert mila_order("F stp/sc - bot", "M") == "F STP/SC - BOT"
    assert mila_order("A lon - nth - nwy", "M") == "A LON - NWY VIA"
    assert mila_order("A lon - bel via convoy", "M") == "A LON - BEL VIA"
    assert mila_order("A mun - boh", "R") == "A MUN R BOH"
    assert mila_order("A par B", "A") == "A PAR B"


def _file(table, who: str, name: str) -> str:
    subject = f"Diplomacy file {name}"
    table.judge.mailbox.wait(lambda: bool(table.inbox(who, subject)))
    return files_in(table.inbox(who, subject)[-1])[name]


def _args(game: str, format: str = "json", reader: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(game=game, format=format, reader=reader)


def test_get_game_json_by_mail_and_judge_export(table, capsys):
    start(table)
    table.send(WATCHER, "OBSERVE war passW\n")
    table.orders("France", "PRESS TO E\nThe Channel stays empty.\nENDPRESS")
    table.orders("Italy", "BROADCAST\nItaly wants peace.\nENDBROADCAST")
    germany_to_winter(table)

    reply = table.send(address("England"), "SIGN ON Ewar pwEngland\nGET war.json\n")
    assert "File war.json sent." in reply.get_content()
    english = json.loads(_file(table, address("England"), "war.json"))
    assert english["reader"] == {"role": "player", "power": "England"}
    assert [p["phase"] for p in english["phases"]] == ["S1901M", "F1901M"]
    spring = english["phases"][0]
    assert spring["input"]["orders"]["Germany"] == ["A mun-ruh", "A ber H", "F kie-den"]
    assert {"power": "Germany", "text": "F kie-den", "order": "F kie - den",
            "result": "succeeds", "reason": None} in spring["output"]["orders"]  # fmt: skip
    assert english["position"]["phase"] == "F1901B"
    assert english["players"]["Germany"] == address("Germany")
    # The press as England read it: the private message, as mailed to him, and the broadcast.
    bodies = [m["body"] for m in english["press"]]
    assert len(bodies) == 2
    private = table.wait_for(address("England"), "Press from F to E")[0].get_content()
    assert bodies[0] in private and "The Channel stays empty." in bodies[0]
    broadcast = table.wait_for(address("England"), "Broadcast from I")[0].get_content()
    assert bodies[1] in broadcast

    table.send(address("Germany"), "SIGN ON Gwar pwGermany\nGET war.json\n")
    german = json.loads(_file(table, address("Germany"), "war.json"))
    assert [m["body"] for m in german["press"]] == bodies[1:]  # not France's to England
    assert german["phases"] == english["phases"]
    table.send(WATCHER, "GET war.json\n")
    watched = json.loads(_file(table, WATCHER, "war.json"))
    assert watched["reader"]["role"] == "outsider"
    assert [m["body"] for m in watched["press"]] == bodies[1:]

    # MILA's saved game, by mail and from the command line, replays in MILA's engine.
    table.send(address("Germany"), "SIGN ON Gwar pwGermany\nGET war.json MILA\n")
    saved = json.loads(_file(table, address("Germany"), "war.mila.json"))
    assert [p["name"] for p in saved["phases"]] == ["S1901M", "F1901M", "W1901A"]
    assert saved["phases"][0]["orders"]["GERMANY"] == ["A MUN - RUH", "A BER H", "F KIE - DEN"]
    assert replayed(saved) == 2
    # `judge export`, read by the judge command's own arguments, run in this process (a
    # second judge started would cost seconds).
    command = _arguments().parse_args(["export", "war", "--format", "mila"])
    assert command.run(table.judge.settings, command) == 0
    assert json.loads(capsys.readouterr().out)["phases"] == saved["phases"]
    assert export(table.judge.settings, _args("war", reader=address("Germany"))) == 0
    assert json.loads(capsys.readouterr().out)["press"] == german["press"]
    assert export(table.judge.settings, _args("peace")) == 2
    assert "no game called 'peace'" in capsys.readouterr().err

    nothing = table.send(WATCHER, "GET peace.json\n").get_content()
    assert "Game 'peace' does not exist." in nothing


def test_a_blind_game_exports_what_each_reader_sees(table):
    table.send(MASTER, form(MASTER))
    table.send(MASTER, "CREATE ?war pwMaster blind\nBECOME MASTER\n")
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} blind\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    table.orders("France", "A par-bur")
    table.orders("Germany", "A mun-ruh\nF kie-hol")
    master(table, "PROCESS")
    table.wait_for(address("France"), "S1901M Blind Results")

    master(table, "GET war.json")
    whole = json.loads(_file(table, MASTER, "war.json"))
    assert {line["power"] for line in whole["phases"][0]["output"]["orders"]} == set(POWERS)
    table.send(address("France"), "SIGN ON Fwar pwFrance\nGET war.json\n")
    french = json.loads(_file(table, address("France"), "war.json"))
    spring = french["phases"][0]
    # The cut of his results: his orders, his units, nobody else's.
    assert spring["output"] == json.loads(
        json.dumps(seen_output(whole["phases"][0]["output"], {"France"}))
    )
    assert set(spring["input"]["orders"]) == {"France"}
    assert set(french["position"]["units"]) <= {"France"}
    refused = table.send(address("France"), "SIGN ON Fwar pwFrance\nGET war.json MILA\n")
    assert "a MILA saved game holds the whole board, which you do not see." in (
        refused.get_content()
    )
    table.send(WATCHER, "GET war.json\n")
    outsider = json.loads(_file(table, WATCHER, "war.json"))
    assert not any(outsider["phases"][0]["output"]["units"].values())


def test_a_gunboat_games_export_names_nobody_but_to_its_master(table):
    table.send(MASTER, form(MASTER))
    table.send(MASTER, "CREATE ?dark pwMaster standard gunboat\nBECOME MASTER\n")
    early = table.send(WATCHER, "GET dark.json\n").get_content()
    assert "GET dark.json: game 'dark' has not started: there is nothing to export yet." in early
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?dark pw{power} gunboat\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    table.send(address("France"), "SIGN ON Fdark pwFrance\nPRESS TO E\nA quiet sea?\nENDPRESS\n")
    mailed = table.wait_for(address("England"), "Press from F to E")[0].get_content()

    table.send(address("England"), "SIGN ON Edark pwEngland\nGET dark.json\n")
    english = json.loads(_file(table, address("England"), "dark.json"))
    assert english["players"] is None
    (copy,) = english["press"]
    assert copy["body"] in mailed
    assert copy["body"].startswith("Message from France to England in 'dark':")
    assert address("France") not in json.dumps(english)
    table.send(MASTER, "SIGN ON Mdark pwMaster\nGET dark.json\n")
    whole = json.loads(_file(table, MASTER, "dark.json"))
    assert whole["players"]["France"] == address("France")


def test_a_machiavelli_games_seed_stays_the_keepers(table, capsys):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?ducal pwMaster machiavelli\nBECOME MASTER\nSET NO MONEY\n"
        "SET ROBOTS hold\nFORCE BEGIN\n",
    ).get_content()
    assert "Game 'ducal' begins" in made, made
    with table.judge.store.transaction(readonly=True) as session:
        found = session.execute(select(GameRow).where(GameRow.name == "ducal")).scalar_one()
        seed = str(found.settings["mach_seed"])
    table.send(MASTER, "SIGN ON Mducal pwMaster\nGET ducal.json\n")
    text = _file(table, MASTER, "ducal.json")
    first = json.loads(text)["phases"][0]
    assert "machiavelli" in first["input"] and "seed" not in first["input"]["machiavelli"]
    assert seed not in text
    assert export(table.judge.settings, _args("ducal")) == 0  # the judgekeeper's: all of it
    kept = json.loads(capsys.readouterr().out)
    assert str(kept["phases"][0]["input"]["machiavelli"]["seed"]) == seed
