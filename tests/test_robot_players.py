"""Robots inside the judge and program players by mail (issue #18), over SMTP: a game of
six robots and one person that goes on as soon as the person orders, for five years, no
robot order ever refused; HUMANS ONLY refusing a program, and the Diplomacy Programming
Project's rules on programs; SET ROBOTS playing an abandoned power until a person takes it
over. One judge for the module: each test plays a game of its own."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

import parser as p
import robots
import variants
from judge import helpfiles
from judge.engine.play.standing import phase_document
from judge.engine.robots.knowing import Knowing, known_board
from judge.engine.tick import tick
from judge.reports.blind import sight
from judge.store.models import Game, OrderRecord
from tests.gametable import MASTER, TIMING, Table, address, create, form, master_says
from tests.judgekit import InProcessJudge, run_judge

ROBOT_POWERS = {
    "Austria": "dumbbot",
    "England": "loeb",
    "Germany": "hold",
    "Italy": "blabbot",
    "Russia": "random",
    "Turkey": "random",
}
FRANCE = address("France")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    with InProcessJudge(tmp_path_factory.mktemp("robots") / "judge") as judge:
        table = Table(judge)
        for who in (MASTER, FRANCE, address("England"), "watcher@example.org"):
            table.send(who, form(who))
        yield table


def test_six_robots_and_a_person_play_five_years_at_the_persons_pace(table):
    create(table, "war")
    refused = {
        "SET ROBOT Atlantis random": "SET ROBOT: game 'war' has no power 'Atlantis'",
        "SET ROBOT Austria cleverbot": "there is no robot strategy 'cleverbot'; choose one of",
        "SET ROBOT Austria": "SET ROBOT: name a strategy, one of HOLD, RANDOM",
    }
    reply = master_says(table, "war", "\n".join(refused))
    for why in refused.values():
        assert why in reply
    reply = table.send(FRANCE, "SIGN ON ?war pwFrance\nSET ROBOT Austria random\n")
    assert "SET ROBOT: only a master of game 'war' may do that." in reply.get_content()
    lines = "\n".join(f"SET ROBOT {p} {s}" for p, s in ROBOT_POWERS.items())
    reply = master_says(table, "war", lines)
    assert "Game 'war' set: Austria is played by Robot (dumbbot)." in reply
    assert "Game 'war' set: Germany is played by Robot (hold)." in reply
    # The person's preference asked for nothing: the robots keep their powers, he gets France.
    table.send(FRANCE, "SIGN ON ?war pwFrance\n")
    starting = table.wait_for(FRANCE, "Game Starting")[0].get_content()
    assert "You have been selected as France in game 'war'" in starting
    assert "Austria:                  Robot (dumbbot)" in starting
    assert "Italy:                    Robot (blabbot)" in starting
    assert "Germany:                  Robot (hold)" in starting
    who = table.send("watcher@example.org", "WHOGAME war\n").get_content()
    assert "Turkey:    Robot (random)" in who
    listed = table.send("watcher@example.org", "LIST war\n").get_content()
    assert "Robot (hold)" in listed and "Robot (loeb)" in listed
    assert listed.count("Robot (random)") == 2 and "Robot (blabbot)" in listed
    # The blabbot proposes peace to the person, in DPP press read out in English.
    peace = table.wait_for(FRANCE, "Press from I to F")[0].get_content()
    assert "Message from Italy (robot) to France in 'war':" in peace
    assert "PRP (PCE (" in peace
    results = []
    rng = random.Random(18)
    while True:
        status, phase, position = table.board("war")
        if status != "active" or int(phase[1:-1]) > 1905:
            break
        orders = robots.play("hold", position, "France", rng)
        if not orders:  # France owes nothing: the robots' phases go on by themselves
            table.judge.mailbox.wait(lambda p=phase: table.board("war")[1] != p)
            continue
        table.send(FRANCE, "SIGN ON Fwar pwFrance\n" + "\n".join(orders))
        # No deadline has passed (days away): the phase went on because every robot's
        # orders were in, and complete, when the person's came.
        results.append(table.wait_for(FRANCE, f"{phase} Results")[0].get_content())
    assert table.board("war")[1][1:5] == "1906"
    every = [m.get_content() for m in table.inbox(FRANCE, "Results")]
    assert len(every) >= 10 and len(results) >= 5
    # A robot's order is never refused: every unit of every phase had its order processed.
    assert not [text for text in every if "No Order Processed" in text]
    moved = [line for text in every for line in text.splitlines() if " -> " in line]
    for power in ("Austria", "England", "Italy", "Russia", "Turkey"):
        assert any(line.startswith(f"{power}:") for line in moved), power


def test_humans_only_refuses_a_program_and_programs_keep_the_projects_rules(table):
    bots = {
        "snikkel@cs.example.edu": "Snikkel 2 at cs.example.edu",
        "ozark@cs.example.edu": "Ozark at cs.example.edu",
        "snikkel@home.example.net": "Snikkel 2",
    }
    for who, program in bots.items():
        table.send(who, form(who).replace("END\n", f"Program: {program}\nEND\n"))
    create(table, "lab", settings="SET HUMANS ONLY\n")
    first, second, again = bots
    reply = table.send(first, "SIGN ON ?lab pwBot\n").get_content()
    assert "Game 'lab' is for humans only (SET HUMANS ONLY)" in reply
    assert "Game 'lab' set: OPEN TO ALL: programs may sign on." in master_says(
        table, "lab", "SET OPEN TO ALL"
    )
    reply = table.send(first, "SIGN ON ?lab pwBot\n").get_content()
    assert "You've been selected to play a power in game 'lab'." in reply
    reply = table.send(second, "SIGN ON ?lab pwBot\n").get_content()
    assert "A program from the site 'cs.example.edu' already plays in game 'lab'" in reply
    reply = table.send(again, "SIGN ON ?lab pwBot\n").get_content()
    assert "The program 'Snikkel 2' already plays a power of game 'lab'" in reply
    # Nor may the master deal several powers to each player once a program has signed on.
    reply = master_says(table, "lab", "SET PLAYERS 3")
    assert (
        "SET PLAYERS: the program snikkel@cs.example.edu has signed on, and a program plays "
        "one power only: 3 players for 7 powers would deal it several."
    ) in " ".join(reply.split()), reply
    assert "Game 'lab' set" not in reply
    assert "Duplex 3/7" not in table.send("watcher@example.org", "LIST lab\n").get_content()
    # A game that deals several powers to each player takes no program.
    create(table, "duo", settings="SET PLAYERS 3\n")
    reply = table.send(first, "SIGN ON ?duo pwBot\n").get_content()
    assert "Game 'duo' deals its powers among 3 players, several each" in reply, reply
    # A game a program plays in is not made for humans only; a person is no program.
    reply = " ".join(master_says(table, "lab", "SET HUMANS ONLY").split())
    assert (
        "SET HUMANS ONLY: programs play in game 'lab' (no power yet: snikkel@cs.example.edu), "
        "so it cannot be for humans only. SET NO ROBOT each robot's power, or EJECT the "
        "program, first."
    ) in reply, reply
    create(table, "folk", settings="SET HUMANS ONLY\n")
    reply = table.send(FRANCE, "SIGN ON ?folk pwFrance\n").get_content()
    assert "You've been selected to play a power in game 'folk'." in reply


def test_a_game_for_humans_only_seats_no_robot_nor_is_one_with_robots_made_so(table):
    """Issue 32: SET HUMANS ONLY kept programs from signing on, but a master could still
    seat the judge's own robots in the game, and make a game with robots in it HUMANS
    ONLY. Each is refused now, saying why, and changes nothing."""
    create(table, "kin", settings="SET HUMANS ONLY\n")
    reply = " ".join(master_says(table, "kin", "SET ROBOT Austria random\nSET ROBOTS hold").split())
    for what in ("SET ROBOT", "SET ROBOTS"):
        assert (
            f"{what}: game 'kin' is for humans only (SET HUMANS ONLY): no robot may play in "
            "it. SET OPEN TO ALL first."
        ) in reply, reply
    assert "played by Robot" not in reply
    assert "robots_default" not in table.show("kin")["settings"]
    assert "Robot" not in table.send("watcher@example.org", "WHOGAME kin\n").get_content()
    master_says(table, "kin", "SET OPEN TO ALL\nSET ROBOT Austria dumbbot\nSET ROBOT Turkey random")
    reply = " ".join(master_says(table, "kin", "SET HUMANS ONLY").split())
    assert (
        "SET HUMANS ONLY: programs play in game 'kin' (Austria: Robot (dumbbot); Turkey: "
        "Robot (random)), so it cannot be for humans only."
    ) in reply, reply
    assert table.show("kin")["settings"]["humans_only"] is False
    master_says(table, "kin", "SET NO ROBOT Austria\nSET NO ROBOT Turkey\nSET ROBOTS random")
    reply = " ".join(master_says(table, "kin", "SET HUMANS ONLY").split())
    assert (
        "SET HUMANS ONLY: game 'kin' gives every power abandoned to Robot (random) (SET "
        "ROBOTS), so it cannot be for humans only. SET NO ROBOTS first."
    ) in reply, reply
    reply = master_says(table, "kin", "SET NO ROBOTS\nSET HUMANS ONLY")
    assert "Game 'kin' set: HUMANS ONLY: no program may sign on." in reply


def test_set_robots_plays_an_abandoned_power_until_a_person_takes_it_over(table):
    create(table, "cd", settings="SET ROBOTS random\n")
    england = address("England")
    table.send(FRANCE, "SIGN ON ?cd pwFrance\nSET PREFERENCE F\n")
    table.send(england, "SIGN ON ?cd pwEngland\nSET PREFERENCE E\n")
    assert "begins with 5 dummy players" in master_says(table, "cd", "FORCE BEGIN")
    starting = table.wait_for(england, "Game Starting")[0].get_content()
    assert "You have been selected as England in game 'cd'" in starting
    # The start notice names the robots that took the empty powers, no dummy.
    assert starting.count("Robot (random)") == 5, starting
    assert "dummy" not in starting.lower()
    listing = table.send("watcher@example.org", "WHOGAME cd\n").get_content()
    seats = [line for line in listing.splitlines() if line.endswith("Robot (random)")]
    assert len([line for line in seats if not line.startswith("Name:")]) == 5
    hold = "F lon H\nF edi H\nA lvp H"
    # France resigns: a robot plays France, so England's orders alone end the phase.
    table.send(FRANCE, "SIGN ON Fcd pwFrance\nRESIGN\n")
    table.send(england, f"SIGN ON Ecd pwEngland\n{hold}")
    spring = table.wait_for(england, "S1901M Results")[0].get_content()
    assert "France: Army Paris, No Order Processed" not in spring
    assert [line for line in spring.splitlines() if line.startswith("France: ")]
    listing = table.send("watcher@example.org", "WHOGAME cd\n").get_content()
    assert "France:    Robot (random)" in listing, listing  # his place, the robot's play
    # A person takes France over: from now on France is his to order, not the robot's.
    watcher = "watcher@example.org"
    took = table.send(watcher, "SIGN ON Fcd pwNew\n").get_content()
    assert "France" in took
    _status, phase, position = table.board("cd")
    assert phase == "F1901M"
    table.send(england, f"SIGN ON Ecd pwEngland\nSET NOWAIT\n{hold}")
    assert not table.inbox(england, "F1901M Results")
    orders = robots.play("hold", position, "France", random.Random(1))
    table.send(watcher, "SIGN ON Fcd pwNew\nSET NOWAIT\n" + "\n".join(orders))
    fall = table.wait_for(england, "F1901M Results")[0].get_content()
    france = [line for line in fall.splitlines() if line.startswith("France: ")]
    assert france and not [line for line in france if "->" in line or "No Order" in line]
    # A person may take a robot's power too: the robot leaves it to him.
    newcomer = "newcomer@example.org"
    table.send(newcomer, form(newcomer))
    took = table.send(newcomer, "SIGN ON Tcd pwTurk\n").get_content()
    assert "Turkey" in took and "Wait has been set automatically" in took
    listing = table.send(watcher, "WHOGAME cd\n").get_content()
    assert "Turkey:    newcomer@example.org" in listing
    assert "Turkey:    Robot" not in listing


def test_a_gunboat_game_reveals_no_robot(table):
    table.send(MASTER, "CREATE ?ghost pwMaster standard gunboat\nBECOME MASTER\n")
    table.send(FRANCE, "SIGN ON ?ghost pwFrance gunboat\n")
    before = len(table.inbox(FRANCE, ""))
    reply = master_says(table, "ghost", "SET ROBOT Austria random")
    assert "Game 'ghost' set: Austria is played by Robot (random)." in reply
    table.send(FRANCE, "SIGN ON ?ghost pwFrance gunboat\nSET ROBOTS hold\n")
    told = [m.get_content() for m in table.inbox(FRANCE, "")[before:]]
    assert "SET ROBOTS: only a master of game 'ghost' may do that." in told[-1]
    assert not [text for text in told if "Robot" in text]
    reply = master_says(table, "ghost", "SET NO ROBOT Austria\nSET NO ROBOT Austria")
    assert "Game 'ghost' set: Austria is no longer played by a robot." in reply
    assert "SET NO ROBOT: Austria is not played by a robot in game 'ghost'." in reply


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("SET ROBOT France dumbbot", p.SetRobot(power="France", strategy="dumbbot")),
        ("setrobot f Random", p.SetRobot(power="f", strategy="random")),
        (
            "SET ROBOT Italy blabbot Mac",
            p.SetRobot(power="Italy", strategy="blabbot", options=("mac",)),
        ),
        (
            "SET ROBOT i blabbot joe observe",
            p.SetRobot(power="i", strategy="blabbot", options=("joe", "observe")),
        ),
        ("SET NO ROBOT Austria", p.SetNoRobot(power="Austria")),
        ("SET ROBOTS blabbot", p.SetRobots(strategy="blabbot")),
        ("SET NO ROBOTS", p.SetRobots(on=False)),
        ("SET HUMANS ONLY", p.SetHumansOnly(on=True)),
        ("SET OPEN TO ALL", p.SetHumansOnly(on=False)),
    ],
)
def test_the_robot_settings_read(line, value):
    read = p.parse_mail(f"SIGN ON Fwar pw\n{line}\n", datetime(2026, 1, 1, tzinfo=UTC), None)
    assert not read.errors
    assert replace(read.commands[1], line=0) == replace(value, line=0)


def test_a_rolled_back_phase_is_played_again_by_the_robots_exactly(table):
    """A robot's randomness is the game's seed with the phase and the power (robots.rng_for):
    the master rolls the first phase back and the robots give the very orders they gave, so
    the same person's orders bring the same results."""
    create(table, "again")
    lines = "\n".join(f"SET ROBOT {p} {s}" for p, s in ROBOT_POWERS.items())
    master_says(table, "again", lines)
    table.send(FRANCE, "SIGN ON ?again pwFrance\n")
    table.wait_for(FRANCE, "Game Starting")
    table.send(FRANCE, "SIGN ON Fagain pwFrance\nA par-bur\nA mar H\nF bre-mao\n")
    first = table.wait_for(FRANCE, "again - S1901M Results")[0].get_content()
    assert "rolled back to S1901M" in master_says(table, "again", "ROLLBACK 1")
    table.send(FRANCE, "SIGN ON Fagain pwFrance\nA par-bur\nA mar H\nF bre-mao\n")
    second = table.wait_for(FRANCE, "again - S1901M Results", count=2)[1].get_content()
    body = first.split("\n\n", 2)[2]  # the results, after the header lines
    assert second.split("\n\n", 2)[2] == body
    assert "Austria: " in body and "Turkey: " in body


def test_at_the_end_of_grace_a_robot_plays_the_abandoned_power(table):
    """SET ROBOTS: a power whose player lets the grace period run out is abandoned and its
    robot orders at once, so the phase is processed then, not left waiting."""
    create(table, "grace", settings="SET ROBOTS random\n")
    england = address("England")
    table.send(FRANCE, "SIGN ON ?grace pwFrance\nSET PREFERENCE F\n")
    table.send(england, "SIGN ON ?grace pwEngland\nSET PREFERENCE E\n")
    master_says(table, "grace", "FORCE BEGIN")
    table.wait_for(england, "Game Starting")
    table.send(england, "SIGN ON Egrace pwEngland\nF lon H\nF edi H\nA lvp H\n")
    state = table.show("grace")
    assert state["phase"] == "S1901M"  # France has not ordered: the phase waits
    grace = datetime.fromisoformat(state["grace"]).replace(tzinfo=None)
    later = (grace + timedelta(minutes=1)).isoformat()
    assert run_judge(table.judge.env, "tick", "--now", later).returncode == 0
    spring = table.wait_for(england, "grace - S1901M Results")[0].get_content()
    france = [line for line in spring.splitlines() if line.startswith("France: ")]
    assert france and not [line for line in france if "No Order Processed" in line], spring
    assert table.show("grace")["phase"] != "S1901M"
    listing = table.send("watcher@example.org", "WHOGAME grace\n").get_content()
    assert "France:    Robot (random)" in listing


def test_the_robots_help_says_when_a_phase_goes_on_and_its_fast_game_lines_work(table):
    """Issue 29: judge/helpfiles/robots promised that a robots' game goes on as soon as the people
    have ordered, though the timetable's DELAY and MIN hold it. With the usual timetable the
    person's orders leave the Spring waiting for its MIN, 12 hours after the start; the
    master's lines for a fast practice game, as the help file gives them, make each phase
    go on the moment the person has ordered."""
    help_text = helpfiles.read("robots", "judge@test.example", "USTS") or ""
    said = " ".join(help_text.split())
    assert "DELAY (half an hour unless the master changed it)" in said
    assert "never sooner than MIN hours (12 unless changed)" in said
    fast = re.findall(r"^  (SET (?:MOVE|RETREAT|ADJUST) .+)$", help_text, re.MULTILINE)
    assert fast == ["SET MOVE MIN 0 DELAY 0", "SET RETREAT DELAY 0", "SET ADJUST DELAY 0"]
    holds = "SIGN ON F{game} pwFrance\nA par H\nA mar H\nF bre H\n"

    def begin(game: str, lines: str) -> datetime:
        table.send(MASTER, f"CREATE ?{game} pwMaster\nBECOME MASTER\n{lines}SET ROBOTS hold\n")
        table.send(FRANCE, f"SIGN ON ?{game} pwFrance\nSET PREFERENCE F\n")
        started = datetime.now(UTC).replace(tzinfo=None)
        master_says(table, game, "FORCE BEGIN")
        table.wait_for(FRANCE, f"{game} - S1901M Game Starting")
        return started

    started = begin("slow", "")
    reply = table.send(FRANCE, holds.format(game="slow")).get_content()
    assert "Your orders are complete." in reply
    judge = table.judge
    for hours, phase in ((11.5, "S1901M"), (12.1, "F1901M")):  # the DELAY is long past
        tick(judge.store, started + timedelta(hours=hours), settings=judge.settings)
        assert table.show("slow")["phase"] == phase, hours
    begin("quick", "\n".join(fast) + "\n")
    for phase in ("S1901M", "F1901M"):
        table.send(FRANCE, holds.format(game="quick"))
        assert table.wait_for(FRANCE, f"quick - {phase} Results")


FOG_ROBOTS = {
    "Austria": "dumbbot",
    "England": "loeb",
    "Germany": "dumbbot",
    "Italy": "blabbot",
    "Russia": "random",
    "Turkey": "dumbbot",
}


def _robot_orders(
    table: Table, game: str, power: str
) -> tuple[str, list[str], list[str], list[str]]:
    """The phase, the orders the judge holds for a DumbBot's power, and the orders DumbBot
    gives on its player's blind copy of the board and on the whole board."""
    with table.judge.store.transaction(readonly=True) as session:
        found = session.execute(select(Game).where(Game.name == game)).scalar_one()
        phase, seed, doc = (
            found.phase or "",
            found.settings["robot_seed"],
            phase_document(found, {}),
        )
        held = session.scalars(
            select(OrderRecord.text).where(
                OrderRecord.game_id == found.id, OrderRecord.power == power,
                OrderRecord.phase == phase,
            )
        ).all()  # fmt: skip

    def play(seen: frozenset[str] | None) -> list[str]:
        position, rules = known_board(variants.load("standard"), doc, seen)
        rng = robots.rng_for(seed, phase, power)
        return sorted(robots.play("dumbbot", position, power, rng, frozenset(), rules))

    return phase, sorted(held), play(sight("player", power)), play(None)


def test_a_blind_games_robots_order_from_what_their_players_see(table):
    """Issue 32: a robot in a blind game was given the whole board, every power's units,
    though its power's player sees only his own. Now it orders from his copy (DumbBot's
    orders are those it gives on that copy, which differ from its orders on the whole
    board), and the game goes on through a year, every robot order legal."""
    table.send(MASTER, f"CREATE ?fog pwMaster standard blind\nBECOME MASTER\n{TIMING}")
    table.seed("fog", 5, of="robot_seed")
    master_says(table, "fog", "\n".join(f"SET ROBOT {p} {s}" for p, s in FOG_ROBOTS.items()))
    table.send(FRANCE, "SIGN ON ?fog pwFrance blind\n")
    table.wait_for(FRANCE, "Game Starting")
    blind = 0
    while (phase := table.show("fog")["phase"]) != "S1902M":
        for power in ("Austria", "Germany", "Turkey"):
            at, held, seen, whole = _robot_orders(table, "fog", power)
            assert at == phase and held == seen, (power, phase)
            blind += seen != whole
        _status, _phase, position = table.board("fog")
        orders = robots.play("hold", position, "France", random.Random(1))
        if orders:
            table.send(FRANCE, "SIGN ON Ffog pwFrance\n" + "\n".join(orders))
        table.judge.mailbox.wait(lambda p=phase: table.show("fog")["phase"] != p)
    assert blind, "on this board DumbBot would have ordered the same seeing everything"
    masters = [m.get_content() for m in table.inbox(MASTER, "fog - ") if "Results" in m["Subject"]]
    assert len(masters) >= 3 and not [t for t in masters if "No Order Processed" in t]
    mine = table.inbox(FRANCE, "S1901M Blind Results")[0].get_content()
    assert "France: " in mine and "Germany: Army" not in mine


def test_a_robot_knows_only_the_agreements_its_power_saw_made(table):
    """Issue 32: the robots read friendship from every agreement accepted in the game's
    press, those two people made in private too. A robot knows those its own power saw
    made (sent or received the YES), as its player would: England and France agree in
    private that France and Germany keep the peace, and Germany's robot knows nothing of
    it; France knows, and so does England."""
    create(table, "pact")
    master_says(
        table, "pact", "\n".join(f"SET ROBOT {p} blabbot" for p in FOG_ROBOTS if p != "England")
    )
    england = address("England")
    table.send(england, "SIGN ON ?pact pwEngland\nSET PREFERENCE E\n")
    table.send(FRANCE, "SIGN ON ?pact pwFrance\nSET PREFERENCE F\n")
    table.wait_for(FRANCE, "pact - S1901M Game Starting")
    said = (
        (england, "SIGN ON Epact pwEngland\nPRESS TO F\nPRP (PCE (FRA GER))"),
        (FRANCE, "SIGN ON Fpact pwFrance\nPRESS TO E\nYES (PRP (PCE (FRA GER)))"),
    )
    for who, text in said:
        reply = table.send(who, f"{text}\nENDPRESS\n").get_content()
        assert "Message sent" in reply, reply
    with table.judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == "pact")).scalar_one()
        knowing = Knowing(session, game)
        seen = {power: knowing.agreements(power) for power in ("France", "England", "Germany")}
    assert [x.kind for x in seen["France"]] == ["PCE"] and seen["England"] == seen["France"]
    # Germany's robot knows the peace it made itself with the other robots, in press at the
    # start (robots make peace with robots only by saying so), and nothing of the pact.
    assert seen["Germany"] and all(x.kind == "PCE" for x in seen["Germany"])
    assert not [x for x in seen["Germany"] if x.parties == {"France", "Germany"}]
