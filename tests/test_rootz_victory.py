"""Root Z's victory (info.rootz 6.0): "The victory condition is 28 centres, owned by a
combination of a player's two powers". Seven players, a power on each board each, dealt as
the lists allow; the master lowers the count (SET CENTERS 8) and gives Russia1 Rumania.
Whoever holds Russia1 then has 8 with his other power (5 + 3, or 4 + 4 in the spring if he
holds both Russias) and more than anyone else: he has won, though no power alone has more
than 5."""

from __future__ import annotations

import json

from tests.gametable import MASTER, form
from tests.judgekit import InProcessJudge, run_judge

LETTERS = "A1E2F3G4I5R6T7"  # rootz: board one A-T, board two 1-7


def test_a_player_of_two_powers_wins_with_their_centres_together(tmp_path):
    with InProcessJudge(tmp_path / "j", JUDGE_RATE_LIMIT="1000") as judge:
        judge.ask(MASTER, form(MASTER))
        made = judge.ask(
            MASTER,
            "CREATE ?zz passM rootz\nBECOME MASTER\nSET PLAYERS 7\nSET CENTERS 8\n"
            "SET MOVE MIN 0 DELAY 0\n",
        ).get_content()
        assert "Number of Players for game 'zz' set to 7." in made, made
        for i in range(7):
            address = f"p{i}@players.example"
            judge.ask(address, form(address))
            joined = judge.ask(address, f"SIGN ON ?zz pwp{i} rootz\n").get_content()
            assert "selected to play a power in game 'zz'" in joined, joined
        master = "SIGN ON Mzz passM\n"
        judge.ask(MASTER, master + "F sev1-rum1\nPROCESS\n")
        finished = any(m["Subject"].endswith(" Victory: R") for m in judge.mailbox.all())
        if not finished:  # the Russias are two players': the fall gives Russia1 Rumania
            judge.ask(MASTER, master + "PROCESS\n")
        subjects = [m["Subject"] for m in judge.mailbox.all()]
        assert any(s.endswith(" Victory: R") for s in subjects), subjects[-12:]
        shown = run_judge(judge.env, "show", "zz", "--json")
        held: dict[str, list[str]] = {}
        for seat in json.loads(shown.stdout)["players"]:
            held.setdefault(seat["address"], []).append(seat["power"])
        [pair] = [powers for powers in held.values() if "Russia1" in powers]
        assert len(pair) == 2, held  # a player of two powers
