"""The web window of a Machiavelli game with money: each reader's page of a phase is his
copy of the results mail, his own money around the report and no one else's (the public
page, an observer's copy, has none), as docs/machiavelli.md says the mail is cut."""

from __future__ import annotations

import re
from pathlib import Path

from tests.gametable import MASTER, TIMING
from tests.judgekit import free_port
from tests.mach_money_table import POPE, POPE_HOLDS, VENICE, WATCHER, registered
from tests.test_web import get, pre

VENICE_HOLDS = "A pad H\nA ver H\nG ven H\nF dal H\n"


def link(table, who: str, sign_on: str) -> str:
    reply = table.send(who, f"SIGN ON {sign_on}\nGET LINK\n").get_content()
    return re.search(r"(http://\S+/me/\S+)", reply)[1]


def test_each_reader_sees_his_own_money_and_no_one_elses(tmp_path: Path) -> None:
    for table in registered(tmp_path / "judge", JUDGE_WEB_LISTEN=f"127.0.0.1:{free_port()}"):
        table.send(MASTER, f"CREATE ?mw pwMaster machiavelli\nBECOME MASTER\nSET LIST\n{TIMING}"
                           "SET ROBOTS hold\n")  # fmt: skip
        table.send(VENICE, "SIGN ON ?mw pwDoge machiavelli\nSET PREFERENCE V\n")
        table.send(POPE, "SIGN ON ?mw pwPope machiavelli\nSET PREFERENCE P\n")
        table.send(WATCHER, "OBSERVE mw pwWatch\n")
        table.send(MASTER, "SIGN ON Mmw pwMaster\nFORCE BEGIN\n")
        table.wait_for(VENICE, "S1454M Game Starting")
        table.send(VENICE, f"SIGN ON Vmw pwDoge\nborrow 10 ducats for 1 year\n{VENICE_HOLDS}")
        table.send(POPE, f"SIGN ON Pmw pwPope\n{POPE_HOLDS}")
        mailed = {
            who: table.wait_for(who, "S1454M Results")[-1].get_content()
            for who in (VENICE, POPE, WATCHER, MASTER)
        }
        base = f"http://{table.judge.settings.web_listen}"
        pages = {
            WATCHER: get(base + "/game/mw?phase=S1454M")[2],
            VENICE: get(link(table, VENICE, "Vmw pwDoge") + "?phase=S1454M")[2],
            POPE: get(link(table, POPE, "Pmw pwPope") + "?phase=S1454M")[2],
            MASTER: get(link(table, MASTER, "Mmw pwMaster") + "?phase=S1454M")[2],
        }
        for who, page in pages.items():
            shown = pre(page, "w-results")
            assert shown.strip() in mailed[who], who  # the mail, after its header lines
        assert "Venice: Borrows 10 ducats" in pre(pages[VENICE], "w-results")
        assert "Venice:     Treasury" in pre(pages[VENICE], "w-results")
        assert "Papacy:     Treasury" not in pre(pages[VENICE], "w-results")
        assert "Papacy:     Treasury" in pre(pages[POPE], "w-results")
        assert "Borrows" not in pre(pages[POPE], "w-results")
        assert "Treasury" not in pages[WATCHER] and "ducats" not in pre(pages[WATCHER], "w-results")
        both = pre(pages[MASTER], "w-results")
        assert "Venice:     Treasury" in both and "Papacy:     Treasury" in both
