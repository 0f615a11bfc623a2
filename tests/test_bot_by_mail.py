"""`judge bot` plays Italy in a game of our judge by mail: each run reads the judge's mails
from the judge's own Maildir, rebuilds the board, orders the phase once and mails the
orders to the judge's listener; the other six powers are people's mails. Two game years,
every robot order accepted."""

from __future__ import annotations

import re
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

import robots
import variants
from judge.botmail.board import Board
from judge.botmail.box import body_of, maildir_mails
from judge.botmail.reading import read_mail
from judge.botmail.runner import Robot, once
from judge.cli import main
from judge.reports.show import game_state
from judge.store.models import Game
from robots.loeb import trust_list
from robots.memory import Memory
from tests.gametable import POWERS, Table, address, start

ROBOT = "Italy"
# Austria walks on Venice, so that the robot has a retreat or an adjustment to order too.
AUSTRIA = {
    "S1901M": "A vie-tyr\nA bud-ser\nF tri H",
    "F1901M": "A tyr-ven\nF tri S A tyr-ven\nA ser H",
}
STANDARD = variants.load("standard")
LOEB_SEED = 30  # a seed whose list puts Austria among the allies


def run_bot(
    table: Table,
    capsys: pytest.CaptureFixture[str],
    power: str = ROBOT,
    maildir: Path | None = None,
    *extra: str,
) -> str:
    """One `judge bot --once`, in this process, as cron would run it; by default reading
    the judge's own Maildir, where every mail it sends lands."""
    judge = table.judge
    status = main(
        [
            "bot", "--strategy", "random", "--seed", "2",
            "--address", address(power), "--password", f"pw{power}", "--game", "war",
            "--maildir", str(maildir or judge.mailbox.path), "--judge", "judge@test.example",
            "--smtp", judge.env["JUDGE_LISTEN"], "--once", *extra,
        ]
    )  # fmt: skip
    out = capsys.readouterr().out.strip()
    assert status == 0, out
    return out


def board_of(table: Table, power: str) -> Board:
    """What a player's mails say of the board, read as the robot reads its own."""
    board = Board(STANDARD, "war")
    for message in table.judge.mailbox.all():
        if message["To"] == address(power) and (report := read_mail(STANDARD, body_of(message))):
            board.apply(report)
    return board


def boards(table: Table) -> dict[str, Board]:
    """Every player's board, once all have the same phase (the results reach the seven
    Maildir copies one by one)."""
    found: dict[str, Board] = {}

    def agreed() -> bool:
        found.update({power: board_of(table, power) for power in POWERS})
        return len({str(b.phase) for b in found.values()}) == 1

    table.judge.mailbox.wait(agreed)
    return found


def people_orders(power: str, board: Board, phase: str) -> str:
    """A person's orders: Austria's walk on Venice when its units are there for it; holds,
    disbands, waived builds and removals otherwise."""
    script = AUSTRIA.get(phase, "") if power == "Austria" else ""
    mine = {str(u) for u in board.units if u.power == power}
    if script and all(line[:5] in mine for line in script.split("\n")):
        return script
    return "\n".join(robots.play("hold", board.position(), power, robots.rng_for(0, phase, power)))


def accepted(reply: str) -> bool:
    return "error" not in reply.lower().replace("error flag is not set", "")


def test_a_robot_plays_two_years_by_mail(
    table: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
):
    assert run_bot(table, capsys) == f"no word yet of game 'war' in the mails to {address(ROBOT)}"
    start(table)
    table.wait_for(address(ROBOT), "Game Starting")
    ordered = []
    while (phase := str((now := boards(table))[ROBOT].phase)) != "S1903M":
        people = [p for p, b in now.items() if p != ROBOT and b.has_orders_to_give()]
        said = run_bot(table, capsys)
        if sent := re.search(r"orders sent as (<[^>]+>)", said):
            assert said.startswith(f"Italy {phase}: ")
            reply = table.judge.mailbox.reply(sent[1]).get_content()
            assert accepted(reply), reply
            ordered.append(phase)
            if people:  # the phase waits for them: a second look sends nothing more
                assert run_bot(table, capsys) == f"Italy {phase}: already ordered"
        else:
            assert said == f"Italy {phase}: nothing to order"
        for power in people:
            reply = table.orders(power, people_orders(power, now[power], phase))
            assert accepted(reply), reply
        table.wait_for(address(ROBOT), f"{phase} Results")
    assert {"S1901M", "F1901M", "S1902M", "F1902M"} <= set(ordered)
    # With seed 2 the walk on Venice costs the robot a retreat, a winter or both.
    assert any(p.endswith(("R", "B")) for p in ordered), ordered
    assert (Path(table.judge.mailbox.path).parent / ".judge-bot-war.json").exists()

    # The board the robot folded from the results is the one the judge keeps.
    with table.judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == "war")).scalar_one()
        state = game_state(game, table.judge.settings.zone)
    assert state["phase"] == "S1903M"
    board = board_of(table, ROBOT)
    assert sorted(str(u) for u in board.units if u.power == ROBOT) == sorted(state["units"][ROBOT])
    assert sorted(c for c, o in board.centers.items() if o == ROBOT) == sorted(
        state["centers"][ROBOT]
    )

    # A robot joining the running game as Germany, with an empty box, asks for a LIST; the
    # reply shows it the same board in one mail, and it orders from that.
    box = tmp_path / "germany"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True)
    joining = ("--power", "Germany", "--state", str(tmp_path / "germany.json"))
    assert run_bot(table, capsys, "Germany", box, *joining) == "asked the judge for LIST war"
    assert run_bot(table, capsys, "Germany", box, *joining) == (
        "no word yet of game 'war' in the mails to germany@players.example"
    )  # asked once, not at every look
    table.wait_for(address("Germany"), "war listing")
    reply = table.inbox(address("Germany"), "war listing")[0]
    listing = read_mail(STANDARD, reply.get_content())
    assert listing is not None and listing.kind == "status" and str(listing.phase) == "S1903M"
    assert set(listing.units or []) == set(board.units)
    assert listing.centers == board.centers
    (box / "new" / "1.listing").write_bytes(bytes(reply))
    said = run_bot(table, capsys, "Germany", box, *joining)
    sent = re.search(r"^Germany S1903M: \d+ orders sent as (<[^>]+>)$", said)
    assert sent, said
    assert accepted(table.judge.mailbox.reply(sent[1]).get_content())

    # Italy's robot, given a wrong password, hears of it at its next look.
    said = run_bot(table, capsys, ROBOT, None, "--password", "wrong")
    sent = re.search(r"^Italy S1903M: \d+ orders sent as (<[^>]+>)$", said)
    assert sent, said
    table.judge.mailbox.reply(sent[1])
    assert run_bot(table, capsys) == (
        "the judge's reply to the S1903M orders: Invalid password or power ID specified.\n"
        "Italy S1903M: already ordered"
    )
    assert run_bot(table, capsys) == "Italy S1903M: already ordered"  # told once

    # Issue 32: a LOEB robot by mail forgot who had moved against its centres (its list of
    # allies never changed). It remembers from the results it has read: Austria's walk on
    # Venice sends Austria to the bottom of its list, and it orders as a LOEB that knows.
    assert trust_list(STANDARD, ROBOT, board.memory(LOEB_SEED))[-1] == "Austria"
    sent: list[EmailMessage] = []
    loeb = Robot(
        "loeb", address(ROBOT), f"pw{ROBOT}", "war", "judge@test.example", ("localhost", 25),
        seed=LOEB_SEED, state=tmp_path / "loeb.json",
    )  # fmt: skip
    said = once(loeb, maildir_mails(Path(table.judge.mailbox.path), address(ROBOT)), sent.append)
    assert said.startswith("Italy S1903M: ") and len(sent) == 1, said
    given = sorted(sent[0].get_content().strip().splitlines()[1:])

    def loeb_orders(memory: Memory) -> list[str]:
        rng = robots.rng_for(LOEB_SEED, "S1903M", ROBOT)
        return sorted(robots.play("loeb", board.position(), ROBOT, rng, memory=memory))

    attacked = Memory(LOEB_SEED, frozenset(), {ROBOT: {"Austria": 1}})
    assert given == loeb_orders(attacked)
    # What it ordered before: on a list that forgot (its seed's, or 0's), other orders.
    assert given != loeb_orders(Memory(LOEB_SEED)) and given != loeb_orders(Memory())


def test_a_cut_or_strange_mail_is_read_without_failing():
    """Whatever the box holds, reading a mail gives a report or None, never a traceback."""
    results = (
        "Movement results for Fall of 1901. (war.002)\n\nItaly: Army Venice HOLD. (*dislodged*)\n"
        "Italy: Fleet Atlantis -> Rome.\nNarnia: Army Rome HOLD.\n\n\n"
        "The following units were dislodged:\n\nThe Italian Army in Venice can retreat to "
        "Piedmont or Rome or\nAtlantis.\n\nOwnership of supply centers:\n\nItaly:     Naples,\n"
        "           Rome, (Venice), Atlantis.\n\nThe next phase of 'war' will be Retreats for "
        "Fall of 1901.\n" + "Italy: Army " + "x" * 100000 + "\n"
    )
    report = read_mail(STANDARD, results)
    assert report is not None and report.kind == "movement" and report.units == []
    assert [(str(d.unit), d.retreats) for d in report.dislodged] == [("A ven", ("pie", "rom"))]
    assert report.centers == {"nap": "Italy", "rom": "Italy", "ven": "Italy"}
    assert str(report.next_phase) == "F1901R"
    for cut in range(0, len(results[:900]), 7):
        read_mail(STANDARD, results[:cut])
    assert read_mail(STANDARD, "Movement results for Fall of 99999. (war.1)\n") is not None


def test_a_robot_with_a_strategy_nobody_wrote(capsys: pytest.CaptureFixture[str]):
    status = main(
        [
            "bot", "--strategy", "genius", "--address", "r@x.example", "--password", "p",
            "--game", "war", "--maildir", "/nonexistent", "--judge", "j@x.example", "--once",
        ]
    )  # fmt: skip
    assert status == 2
    assert "no strategy 'genius'; there are hold, random" in capsys.readouterr().err
