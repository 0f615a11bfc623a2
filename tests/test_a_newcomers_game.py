"""A newcomer's first game by mail, as he really plays it, over SMTP against a running
judge: orders with a typo and the correction, a change of mind about orders given for the
fall (CLEAR), builds for the winter given in advance, a player who is late, an observer
reading along; no master anywhere, and every phase goes on as soon as it can."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import robots
from tests.gametable import GERMANY_FALL, GERMANY_SPRING, HOLDS, POWERS, address, start
from tests.judgekit import run_judge


def player(table, power: str) -> dict:
    return next(
        p for p in table.show()["players"] if p["power"] == power and p["status"] != "resigned"
    )


def test_a_newcomers_first_game(table):
    start(table)
    watcher = "watcher@example.org"
    joined = table.send(watcher, "OBSERVE war secret\n").get_content()
    assert "You are now an Observer in game 'war'." in joined
    france = table.wait_for(address("France"), "Game Starting")[0].get_content()
    assert "You have been selected as France in game 'war' of Diplomacy." in france

    # Spring 1901. A typo: the judge says what it could not read, and the rest stands.
    first = table.orders("France", "A par-bur\nA mar-spa\nF bre-mid atlantc")
    assert "Error flag set." in first
    assert "France: Army Paris -> Burgundy." in first
    assert player(table, "France")["orders"] == "errors"
    # He sends the fleet's order again, and only that: the error is gone.
    fixed = table.orders("France", "F bre-mao")
    assert "Error flag set." not in fixed and "atlantc" not in fixed
    assert "France: Fleet Brest -> Mid-Atlantic Ocean." in fixed
    assert "France: Army Paris -> Burgundy." in fixed
    assert "Your orders are complete." in fixed
    # An idea for the fall, then second thoughts.
    planned = table.orders("France", "PHASE Fall 1901 Movement\nA bur-mun\n")
    assert "Pending orders for F1901M" in planned and "A bur-mun" in planned
    cleared = table.orders("France", "CLEAR")
    assert "Pending orders for F1901M" not in cleared
    assert "France: Army Paris -> Burgundy." in cleared  # this phase's orders stay

    # Everyone but Turkey orders; the deadline passes and Turkey is late.
    spring = dict(HOLDS, Germany=GERMANY_SPRING)
    for power, text in spring.items():
        if power not in ("France", "Turkey"):
            table.orders(power, text)
    assert table.show()["phase"] == "S1901M"
    deadline = datetime.fromisoformat(table.show()["deadline"]).replace(tzinfo=None)
    ticked = run_judge(
        table.judge.env, "tick", "--now", (deadline + timedelta(minutes=1)).isoformat()
    )
    assert ticked.returncode == 0, ticked.stderr
    own = table.wait_for(address("Turkey"), "Late Notice")[0]
    assert own["Subject"] == "[You are late!] USTS:war - S1901M Late Notice: T"
    told = table.wait_for(watcher, "Late Notice: T")[0].get_content()
    assert "is waiting for Turkey's orders." in told
    assert player(table, "Turkey")["status"] == "late"
    # His orders are the last: the phase is played at once, and the reply names the phase
    # they were for (as the njudge's), not the one the game has gone on to.
    mail = table.send(
        address("Turkey"), f"SIGN ON {POWERS['Turkey']}war pwTurkey\n{HOLDS['Turkey']}"
    )
    late = mail.get_content()
    assert "Your orders are complete." in late
    assert mail["Subject"].startswith("Re: USTS:war - S1901M")
    assert ":: Deadline: S1901M " in late
    results = table.wait_for(watcher, "S1901M Results")[0].get_content()
    assert "France: Army Marseilles -> Spain." in results
    assert "France: Fleet Brest -> Mid-Atlantic Ocean." in results
    state = table.show()
    assert state["phase"] == "F1901M"
    assert player(table, "Turkey")["status"] == "active"  # late no more

    # Fall 1901, with the winter's builds given in advance, best last.
    fall = table.orders(
        "France",
        "F mao-por\nA spa H\nA bur H\n"
        "PHASE Winter 1901 Adjustments\nbuild a mar\nbuild f bre\nbuild a par\n",
    )
    assert "Pending orders for F1901B" in fall
    for power, text in dict(HOLDS, Germany=GERMANY_FALL).items():
        if power != "France":
            table.orders(power, text)
    results = table.wait_for(watcher, "F1901M Results")[0].get_content()
    assert "France:    5 Supply centers,  3 Units:  Builds   2 units." in results
    # The winter: France's builds count as received; Germany builds when it comes.
    note = table.wait_for(address("France"), "F1901B Orders")[0].get_content()
    assert "Your orders given in advance for this phase now count" in note
    assert player(table, "France")["orders"] == "complete"
    table.orders("Germany", "build a mun\nbuild f kie")
    winter = table.wait_for(watcher, "F1901B Results")[0].get_content()
    assert "Adjustment results for Winter of 1901." in winter
    state = table.show()
    assert state["phase"] == "S1902M"
    # Two builds of three: the last ones given count (manual 6.3).
    assert sorted(state["units"]["France"]) == ["A bur", "A par", "A spa", "F bre", "F por"]
    # No master was needed at any point (the game has none), and the observer read it all.
    assert state["masters"] == []
    for phase in ("S1901M", "F1901M", "F1901B"):
        assert table.inbox(watcher, f"{phase} Results")


def test_a_duplex_game_goes_on_when_a_player_of_two_powers_resigns(table):
    """Four players for seven powers; an observer who never registered; a player of two
    powers resigns in the middle of a phase and a newcomer takes both over. The phases go
    on as soon as the orders are in: nobody ever sends PROCESS."""
    from tests.gametable import MASTER, form

    table.send(MASTER, form(MASTER))
    table.send(
        MASTER,
        "CREATE ?duo passM\nBECOME MASTER\nSET PLAYERS 4\n"
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    )
    four = ["Austria", "England", "France", "Germany"]
    for power in four:
        table.send(address(power), f"SIGN ON ?duo pw{power}\n")
    table.wait_for(MASTER, "Game Starting")
    guest = "guest@elsewhere.example"  # never registered
    watching = table.send(guest, "OBSERVE duo look\n").get_content()
    assert "You are now an Observer in game 'duo'." in watching
    seats: dict[str, list[str]] = {}
    for p in table.show("duo")["players"]:
        seats.setdefault(p["address"], []).append(p["power"])
    for powers in seats.values():
        powers.sort(key=list(HOLDS).index)  # the notices name them in the variant's order
    duplex = next(who for who, powers in seats.items() if len(powers) == 2)
    password = "pw" + duplex.split("@")[0].capitalize()

    def orders(who: str, power: str) -> str:
        pw = "pw" + who.split("@")[0].capitalize() if who in seats else "newpw"
        text = f"SIGN ON {power[0]}duo {pw}\n{HOLDS[power]}\n"
        return table.send(who, text).get_content()

    for who, powers in seats.items():
        for power in powers:
            if who != duplex:
                orders(who, power)
    # Orders for one of his powers: the reply lists that power's orders only, as the
    # njudge's does (a mail that orders both lists both: tests/test_variant_games.py).
    first, second = seats[duplex]
    one = orders(duplex, first)
    assert f"{first}: " in one and f"{second}: " not in one, one
    # The player of two powers resigns both at once; everyone hears it.
    gone = table.send(
        duplex, f"SIGN ON {seats[duplex][0][0]}duo {password}\nRESIGN\n"
    ).get_content()
    assert all(f"{power} has resigned from game 'duo'." in gone for power in seats[duplex])
    names = ", ".join(seats[duplex])
    told = table.wait_for(guest, f"Resignation: {names}")[0].get_content()
    assert all(f"as {power} in game 'duo'" in told for power in seats[duplex])
    # A newcomer (registered) takes both over with one sign-on, and orders for both.
    newcomer = "newcomer@example.org"
    table.send(newcomer, form(newcomer))
    took = table.send(newcomer, f"SIGN ON {seats[duplex][0][0]}duo newpw\n").get_content()
    assert all(f"Take over of abandoned {power} allowed." in took for power in seats[duplex])
    for power in seats[duplex]:
        reply = table.send(newcomer, f"SIGN ON {power[0]}duo newpw\n{HOLDS[power]}\nSET NOWAIT\n")
        assert "Your orders are complete." in reply.get_content()
    for who, powers in seats.items():  # the takeover set a wait for everyone: lift it
        if who != duplex:
            pw = "pw" + who.split("@")[0].capitalize()
            table.send(who, f"SIGN ON {powers[0][0]}duo {pw}\nSET NOWAIT\n")
            for power in powers[1:]:
                table.send(who, f"SIGN ON {power[0]}duo {pw}\nSET NOWAIT\n")
    results = table.wait_for(guest, "S1901M Results")[0].get_content()
    assert "Movement results for Spring of 1901." in results
    assert table.show("duo")["phase"] == "F1901M"


def test_a_newcomers_machiavelli_game_plays_what_the_help_file_shows(judge):
    """Issue 29: a newcomer mails GET machiavelli first, joins a Machiavelli game with money
    whose other powers are robots, and plays the file's worked example by mail: a loan, a
    bribe that buys Ferrara's garrison (ordered at once) and a siege of Mantua over two
    campaigns. Every reply and result line the file promises is in the judge's mail."""
    from tests.gametable import MASTER, TIMING, Table, form

    table, newcomer = Table(judge), "doge@newcomers.example"
    for who in (MASTER, newcomer):
        table.send(who, form(who))
    assert "File machiavelli sent." in table.send(newcomer, "GET machiavelli").get_content()
    shown = table.wait_for(newcomer, "Diplomacy file machiavelli")[0].get_content()
    said = " ".join(shown.split())

    def promised(text: str, *lines: str) -> None:
        for line in lines:
            assert " ".join(line.split()) in said, f"the help file does not say {line!r}"
            assert line in text, f"{line!r} not in:\n{text}"

    table.send(
        MASTER, f"CREATE ?lido pwMaster machiavelli\nBECOME MASTER\n{TIMING}SET ROBOTS hold\n"
    )
    table.send(newcomer, "SIGN ON ?lido pwDoge machiavelli\nSET PREFERENCE V\n")
    table.seed("lido", 22)
    table.send(MASTER, "SIGN ON Mlido pwMaster\nFORCE BEGIN\n")
    notice = table.wait_for(newcomer, "Game Starting")[0].get_content()
    assert "You have been selected as Venice in game 'lido'" in notice
    assert "GET machiavelli tells how to write its orders" in notice

    def orders(body: str, phase: str) -> tuple[str, str]:
        reply = table.send(newcomer, f"SIGN ON Vlido pwDoge\n{body}").get_content()
        assert "Your orders are complete." in reply, reply
        return reply, table.wait_for(newcomer, f"{phase} Results")[0].get_content()

    # Spring: the mail of the worked example, as the file shows it.
    example = shown.split("and moves to Mantua:\n\n")[1].split("\n\n")[0]
    reply, spring = orders("\n".join(line.strip() for line in example.splitlines()), "S1454M")
    promised(
        reply, "Venice: borrow 10 ducats for 1 year.", "Venice: expense 1: 9 ducats buy G fer."
    )
    promised(
        spring,
        "Expenditure results for Spring of 1454.",
        "Venice: Borrows 10 ducats for 1 year, 12d due in Spring of 1455.",
        "Venice: E1: 9d, Buy Autonomous Garrison Ferrara.",
        "Movement results for Spring of 1454.",
        "Venice: Army Verona -> Mantua.",
        "Venice: Garrison Ferrara HOLD.",
        "Treasury after the phase:",
    )
    # Summer and Fall: the siege of Mantua's autonomous garrison, twice.
    besiege = "A man B\nG fer H\nA pad H\nG ven H\nF dal H\n"
    _, summer = orders(besiege, "U1454M")
    promised(
        summer,
        "Venice: Army Mantua BESIEGE Autonomous Garrison.",
        "Autonomous: Garrison Mantua.  (*siege in progress*)",
    )
    taking, fall = orders(besiege, "F1454M")
    # The reply names the garrison the second siege takes, though its trial destroyed it.
    assert "Venice: Army Mantua BESIEGE Autonomous Garrison." in taking, taking
    promised(fall, "The Autonomous Garrison in Mantua with no valid retreats was destroyed.")
    assert "man" in table.show("lido")["centers"]["Venice"]


def test_six_blabbots_write_to_a_person_once_a_phase_and_answer_him(table):
    """Issue 29: a person among six BlabBots got 36 robot press mails in four phases. Now
    each robot proposes peace once, again only after he refuses and at most once a game
    year, says nothing in retreats and adjustments unless answering him, and puts what it
    says to him at once in one mail. His answers, in DPP as GET dpp shows them, go out
    like any press."""
    from tests.gametable import MASTER, form

    table.send(MASTER, form(MASTER))
    robots_set = "".join(f"SET ROBOT {p} blabbot\n" for p in POWERS if p != "France")
    table.send(
        MASTER,
        "CREATE ?war pwMaster\nBECOME MASTER\n"
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n" + robots_set,
    )
    # The robots' seed is the judge's to draw; this one gives France a build in 1901, so he
    # has an adjustment to make (and press to send in it) every run.
    table.seed("war", 29, of="robot_seed")
    france = address("France")
    table.send(france, "SIGN ON ?war pwFrance\n")
    table.wait_for(france, "Game Starting")

    def press(phase: str = "") -> dict[str, list[str]]:
        """The robots' press mails to him (of one phase): sender's letter -> bodies."""
        out: dict[str, list[str]] = {}
        for mail in table.inbox(france, f"{phase} Press from "):
            out.setdefault(mail["Subject"].split()[-3], []).append(mail.get_content())
        return out

    def answer(text: str) -> str:
        return table.orders("France", text)

    # Spring 1901: each of the six proposes peace, in one mail each.
    opening = press("S1901M")
    assert sorted(opening) == ["A", "E", "G", "I", "R", "T"]
    assert "PRP (PCE (GER FRA))" in opening["G"][0]
    reading = "[In plain English: Germany proposes peace between Germany and France.]"
    assert reading in opening["G"][0]
    # He accepts England's, refuses Germany's and leaves the rest unanswered.
    said = answer(
        "PRESS TO E\nYES (PRP (PCE (ENG FRA)))\nENDPRESS\n"
        "PRESS TO G\nREJ (PRP (PCE (GER FRA)))\nENDPRESS\n"
    )
    assert "Message sent to England" in said and "Message sent to Germany" in said
    assert "France rejects the proposal of peace between Germany and France." in said
    # Germany's proposal comes again a year later: he refuses it again, then accepts it.
    answers = {"S1902M": "REJ", "S1903M": "YES"}
    talked = ""  # the phase he proposed in, outside a movement phase
    rng = random.Random(29)
    while True:
        status, phase, position = table.board()
        if status != "active" or int(phase[1:-1]) > 1903:
            break
        orders = robots.play("dumbbot", position, "France", rng)
        if not orders:  # France owes nothing: the robots' phases go on by themselves
            table.judge.mailbox.wait(lambda p=phase: table.board()[1] != p)
            continue
        if phase in answers:
            proposed = press(phase).get("G", [])
            assert len(proposed) == 1 and "PRP (PCE (GER FRA))" in proposed[0], phase
            said = answer(f"PRESS TO G\n{answers[phase]} (PRP (PCE (GER FRA)))\nENDPRESS\n")
            assert "Message sent to Germany" in said
        if phase[-1] != "M" and not talked:
            # Outside a movement phase the robots speak only to answer him: Italy accepts
            # his proposal, and Austria's three answers to two messages come in one mail.
            talked = phase
            answer(
                "PRESS TO I\nPRP (PCE (FRA ITA))\nENDPRESS\n"
                "PRESS TO A\nQRY (PCE (AUS FRA))\nENDPRESS\n"
                "PRESS TO A\nPRP (PCE (FRA AUS))\nENDPRESS\n"
            )
            told = press(phase)
            assert sorted(told) == ["A", "I"], told
            assert "YES (PRP (PCE (FRA ITA)))" in told["I"][0]
            austria = told["A"][0]
            assert austria.count("Message from Austria (robot) to France in 'war':") == 3
            assert "HUH (ERR QRY (PCE (AUS FRA)))" in austria
            assert "TRY (PRP INS PCE ALY VSS DRW SLO NOT YES REJ BWX)" in austria
            assert "YES (PRP (PCE (FRA AUS)))" in austria
        table.orders("France", "\n".join(orders))
        table.judge.mailbox.wait(lambda p=phase: table.board()[1] != p)
    assert talked, "he never had a retreat or an adjustment to make"
    # At most one mail a phase from each robot; nothing but answers outside movement
    # phases; Germany again only after each refusal, a year later; the unanswered never.
    sent = {}
    for mail in table.inbox(france, " Press from "):
        words = mail["Subject"].split()
        sent.setdefault((words[2], words[-3]), []).append(mail)
    assert all(len(mails) == 1 for mails in sent.values()), sorted(sent)
    expected = {("S1901M", x) for x in "AEGIRT"}
    expected |= {(talked, "A"), (talked, "I"), ("S1902M", "G"), ("S1903M", "G")}
    # The robots made peace with each other in press at the start; so a robot whose peace
    # with him makes everyone its friend proposes a draw at the next movement phase, once
    # (England after his YES in the spring, Austria and Italy after his proposals, Germany
    # after his last YES); Russia and Turkey, whom he never answered, never.
    drawn = {("F1901M", "E"), ("S1902M", "A"), ("S1902M", "I"), ("F1903M", "G")}
    assert set(sent) == expected | drawn
    for key in drawn:
        assert "PRP (DRW)" in sent[key][0].get_content(), key
