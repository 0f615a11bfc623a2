"""LIST, WHOGAME, SUMMARY and HISTORY on a real database: games, players, played phases and
history are stored, a command is read from a mail by the parser, and what the player would
read is checked line by line against the njudge's layouts."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

import parser as p
import variants
from judge.config import Settings, load
from judge.engine.listings import games as listing
from judge.engine.listings import history, summary, whogame
from judge.engine.reply.conversation import Conversation
from judge.mailin.message import read_mail
from judge.store import migrate
from judge.store.db import Store
from judge.store.models import Game, HistoryEvent, Participant, PhaseRecord, User

NOW = datetime(2004, 1, 1, 12, 0)
STANDARD = variants.load("standard")
HANDLERS = {
    p.ListGames: listing.list_games,
    p.WhoGame: whogame.who_game,
    p.Summary: summary.summary,
    p.History: history.history,
    p.HistoryTurns: history.history_turns,
}
_ids = itertools.count(1)


@dataclass
class Judge:
    settings: Settings
    store: Store


@dataclass
class Answer:
    text: str
    failed: bool

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[Judge]:
    settings = load(
        {
            "JUDGE_HOME": str(tmp_path / "judge"),
            "JUDGE_CODE": "USTS",
            "JUDGE_ADDRESS": "judge@test.example",
            "JUDGE_KEEPER": "keeper@test.example",
        }
    )
    settings.home.mkdir(parents=True)
    store = Store(settings.database)
    migrate.upgrade(store)
    yield Judge(settings, store)
    store.dispose()


def ask(judge: Judge, line: str, sender: str = "zed@example.org", signed: str = "") -> Answer:
    """Read `line` from a mail as the parser does and carry it out; `signed` is the address
    of a participant this mail has signed on as (game and participant found by it)."""
    raw = f"From: {sender}\r\nTo: judge@test.example\r\nSubject: q\r\n\r\n{line}\r\n"
    mail = read_mail(raw.encode())
    commands = p.parse_mail(mail.body, NOW, lambda command: None).commands
    assert len(commands) == 1, commands
    with judge.store.transaction() as session:
        ctx = Conversation(session, judge.settings, NOW, mail, None)
        if signed:
            me = next(
                x
                for x in session.query(Participant).all()
                if x.user.email == signed and x.status != "resigned"
            )
            ctx.game, ctx.me = me.game, me
        HANDLERS[type(commands[0])](ctx, commands[0])
        return Answer("\n\n".join(ctx.parts), ctx.failed)


# -- building the state ----------------------------------------------------------------------


def user(session: Session, email: str, name: str, dedication: int = 0, **form: str) -> User:
    person = User(
        email=email,
        name=name,
        level=form.get("level", "Novice"),
        country=form.get("country", ""),
        registration={"name": name, "email": email, **form},
        registered_at=NOW - timedelta(days=30),
        updated_at=NOW - timedelta(days=30),
        dedication=dedication,
    )
    session.add(person)
    session.flush()
    return person


def game(session: Session, name: str, **fields: Any) -> Game:
    settings = {
        "players": 7, "assignment": "prflist", "dias": True, "concessions": True,
        "nmr": False, "moderated": False, "auto_start": True, "centers": 18, "press": "white",
        "list": True,
    }  # fmt: skip
    settings.update(fields.pop("settings", {}))
    row = Game(
        name=name,
        variant="standard",
        options=fields.pop("options", []),
        status=fields.pop("status", "active"),
        settings=settings,
        created_at=fields.pop("created_at", NOW - timedelta(days=20)),
        **fields,
    )
    session.add(row)
    session.flush()
    return row


def join(
    session: Session, where: Game, person: User, role: str = "player", power: str | None = None,
    joined_at: datetime | None = None, **fields: Any,
) -> Participant:  # fmt: skip
    x = Participant(
        game_id=where.id,
        user_id=person.id,
        role=role,
        power=power,
        password_hash="x",
        joined_at=joined_at or NOW - timedelta(days=20),
        report_to=[],
        absences=[],
        **fields,
    )
    session.add(x)
    session.flush()
    return x


def start_board() -> dict[str, Any]:
    units: dict[str, list[str]] = {x.name: [] for x in STANDARD.powers}
    for unit in STANDARD.units:
        units[unit.power].append(f"{unit.type} {unit.location}")
    centers: dict[str, list[str]] = {x.name: [] for x in STANDARD.powers}
    for province, power in STANDARD.ownership.items():
        centers[power].append(province)
    return {"units": units, "centers": centers, "dislodged": []}


def board(gains: dict[str, list[str]], built: bool = False, **short: int) -> dict[str, Any]:
    """The starting board with centres moved to new owners; `built`: after the builds, an
    army on each centre but for the builds a power left unused (`short`)."""
    position = start_board()
    for power, places in gains.items():
        for where in places:
            for owned in position["centers"].values():
                if where in owned:
                    owned.remove(where)
            position["centers"][power].append(where)
    if built:
        for power, owned in position["centers"].items():
            count = len(owned) - short.get(power, 0)
            position["units"][power] = [f"A {c}" for c in owned[:count]]
    return position


def all_seven(session: Session, where: Game) -> dict[str, Participant]:
    people = {}
    for i, power in enumerate(STANDARD.powers):
        person = user(session, f"p{i}@example.org", f"Player {power.name}", dedication=i)
        people[power.name] = join(session, where, person, power=power.name)
    return people


# -- LIST -------------------------------------------------------------------------------------


def test_brief_list_shows_active_and_forming_games_and_the_legend(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="F1903M", turn=6, position=start_board(), settings={"rated": True}
        )
        all_seven(s, alpha)
        beta = game(
            s, "beta", status="forming", options=["gunboat"], settings={"nmr": True},
            created_at=NOW - timedelta(days=1),
        )  # fmt: skip
        join(s, beta, user(s, "anna@example.org", "Anna"))
        join(s, beta, user(s, "bob@example.org", "Bob"))
        hidden = game(s, "hidden", status="forming", settings={"list": False})
        join(s, hidden, user(s, "carl@example.org", "Carl"))
    answer = ask(judge, "LIST")
    assert not answer.failed
    assert answer.lines[:5] == [
        "Name              Phase    Variant/Options",
        "---------------   ------   ---------------",
        "alpha             F1903M   Standard, Press:W-P-.",
        # Unmoderated games are unrated unless set RATED (manual 8.3).
        "beta              S1901M   Standard, Gunboat, NMR, Press:W-P-, Unrated.",
        "                     Forming: 5 more players needed.",
    ]
    assert "hidden" not in answer.text  # SET NO LIST
    assert answer.lines[6] == "Use 'list name' or 'list full' for more information on these games."
    assert answer.lines[-1] == "           - = Option not allowed"


def test_brief_list_marks_open_powers_and_ended_games(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1902M", turn=4, position=start_board())
        people = all_seven(s, alpha)
        people["France"].status = "abandoned"
        game(s, "omega", status="terminated", phase="F1905M", turn=12, position=start_board())
    answer = ask(judge, "LIST")
    assert "                     Openings: France (3/3)" in answer.lines
    assert "omega             F1905M   Standard, Press:W-P-, Unrated, Terminated." in answer.lines


def test_list_name_gives_the_full_listing(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="S1901M", turn=1, position=start_board(),
            deadline=datetime(2004, 1, 6, 23, 30), grace=datetime(2004, 1, 13, 22, 30),
            earliest=datetime(2004, 1, 2, 0, 0),
        )  # fmt: skip
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        people = all_seven(s, alpha)
        people["England"].orders_status = "complete"
        join(s, alpha, user(s, "watcher@example.org", "Walt"), role="observer")
    answer = ask(judge, "LIST alpha")
    assert not answer.failed
    lines = answer.lines
    assert lines[:5] == [
        "Game 'alpha' order #001 (S1901M) has a deadline of Tue Jan 06 2004 23:30:00 +0000.",
        "The earliest orders will be processed is Fri Jan 02 2004 00:00:00 +0000.",
        "One or more players have not gotten their orders in.",
        "Those who haven't gotten their orders in will be abandoned if nothing",
        "is received by Tue Jan 13 2004 22:30:00 +0000.",
    ]
    params = lines.index("The parameters for 'alpha' are as follows:")
    # The njudge's defaults shown (minimum dedication, MAX ABSENCE); Index and the counts
    # wait for the first count of centres, after the first Fall.
    assert lines[params + 1 : params + 9] == [
        "   Access:  Any-site, Level: Any, Dedication: -10000.",
        "  Variant:  Standard.",
        "    Flags:  NoNMR, NoProxy, DIAS.",
        "   xFlags:  HomeCentres, Concessions, Max Absence: 15.",
        "    Press:  White, Partial Allowed, No Fake.",
        "  Power Assignments: By Preference List Only.",
        "  Winning Centers: 18.",
        "    Index:  0  ",
    ]
    people_at = lines.index("The following players are signed up for game 'alpha':")
    assert lines[people_at + 1 : people_at + 4] == [
        "   Master                        0 master@example.org",
        "   Austria    move               0 p0@example.org",
        "   England    move               1 p1@example.org",
    ]
    assert "   Russia     move               5 p5@example.org" in lines
    assert "   Observer                        watcher@example.org" in lines
    assert "Status of the Movement phase for Spring of 1901.  (alpha.001)" in lines
    assert "Austria: Army Budapest." in lines
    assert "France:  Fleet Brest." in lines
    assert "Russia:  Fleet St Petersburg (south coast)." in lines
    assert "Ownership of supply centers:" in lines
    assert "Austria:   Budapest, Trieste, Vienna." in lines
    unowned = lines.index(
        "Unowned:   Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal,"
    )
    assert lines[unowned + 1] == "           Rumania, Serbia, Spain, Sweden, Tunis."
    assert "Austria:   3 Supply centers,  3 Units:  Builds   0 units." in lines
    assert "Russia:    4 Supply centers,  4 Units:  Builds   0 units." in lines


def test_list_after_sign_on_lists_that_game_and_late_players_show(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="F1901M", turn=2, position=start_board(),
            deadline=NOW - timedelta(hours=1), grace=NOW + timedelta(days=6),
            options=["gunboat"], settings={"nmr": True},
        )  # fmt: skip
        people = all_seven(s, alpha)
        people["Austria"].orders_status = "partial"
        people["England"].orders_status = "complete"
    answer = ask(judge, "LIST", sender="p0@example.org", signed="p0@example.org")
    lines = answer.lines
    assert lines[0].startswith("Game 'alpha' order #002 (F1901M) has a deadline of ")
    assert "Those who haven't gotten their orders in will be CD if nothing" in lines
    # Gunboat: no dedication, nobody's address but one's own.
    assert "   Austria    part                 p0@example.org" in lines
    assert "   England    move                 someone@somewhere" in lines
    assert "   France     late                 someone@somewhere" in lines
    assert "  Variant:  Standard, Gunboat." in lines


def test_counts_and_index_show_from_the_first_count_of_centres(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1902M", turn=4, position=start_board())
        all_seven(s, alpha)
        hidden = {"list": False}
        game(s, "unlisted", phase="S1902M", turn=4, position=start_board(), settings=hidden)
    lines = ask(judge, "LIST alpha").lines
    assert "   Austria    move    3/3        0 p0@example.org" in lines
    assert "   Russia     move    4/4        5 p5@example.org" in lines
    assert "    Index:  10 " in lines
    assert "    Flags:  NoNMR, NoList, NoProxy, DIAS." in ask(judge, "LIST unlisted").lines


def test_list_of_a_blind_game_shows_a_player_only_his_own_units(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board(), options=["blind"])
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        people = all_seven(s, alpha)
        people["Turkey"].status = "cd"
    player = ask(judge, "LIST", sender="p2@example.org", signed="p2@example.org")
    assert "France:  Army Paris." in player.lines
    assert "Austria: Army Vienna." not in player.lines
    # His own centres, as the blind results show them, and of the others only how many.
    assert "France:    Brest, Marseilles, Paris." in player.lines
    assert "France:    3 Supply centers,  3 Units:  Builds   0 units." in player.lines
    assert "Austria:   3 Supply centers." in player.lines
    assert not any(line.startswith(("Austria:   Budapest", "Unowned:")) for line in player.lines)
    assert "Turkey:    3 Supply centers." in player.lines  # a CD tag only on his own line
    # Not the others' units, nor whether they have moved.
    assert "   Austria" + " " * 23 + "0 p0@example.org" in player.lines
    master = ask(judge, "LIST", sender="master@example.org", signed="master@example.org")
    assert "Austria: Army Vienna." in master.lines
    assert "Turkey:    3 Supply centers,  3 Units:  Builds   0 units.  (* CD *)" in master.lines


def test_brief_list_without_games_is_the_legend(judge: Judge) -> None:
    answer = ask(judge, "LIST")
    assert answer.lines[0] == "Use 'list name' or 'list full' for more information on these games."


def test_list_of_an_unknown_game_fails_clearly(judge: Judge) -> None:
    answer = ask(judge, "LIST nosuch")
    assert answer.failed
    assert answer.text == "Game 'nosuch' does not exist.  Use 'list' to see the games."


def test_list_full_lists_every_game_in_full(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board())
        all_seven(s, alpha)
        beta = game(s, "beta", status="forming", created_at=NOW - timedelta(days=1))
        join(s, beta, user(s, "anna@example.org", "Anna"))
    answer = ask(judge, "LIST FULL")
    assert "The parameters for 'alpha' are as follows:" in answer.lines
    assert "Game 'beta' is waiting for 6 more players to sign on." in answer.lines
    assert "   Player                        0 anna@example.org" in answer.lines


# -- WHOGAME ----------------------------------------------------------------------------------


def test_whogame_gives_the_players_registration_and_observers_only_when_full(
    judge: Judge,
) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board())
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        anna = user(s, "anna@example.org", "Anna Example", country="Netherlands", level="Expert")
        join(s, alpha, anna, power="France")
        join(s, alpha, user(s, "watcher@example.org", "Walt"), role="observer")
    answer = ask(judge, "WHOGAME alpha")
    assert not answer.failed
    assert "Master:    master@example.org" in answer.lines
    france = answer.lines.index("France:    anna@example.org")
    assert answer.lines[france + 1 : france + 4] == [
        "Name:      Anna Example",
        "Country:   Netherlands",
        "Level:     Expert",
    ]
    assert "watcher@example.org" not in answer.text
    assert "Observer:  watcher@example.org" in ask(judge, "WHOGAME alpha FULL").lines


def test_whogame_in_a_gunboat_game_hides_who_plays_which_power(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(
            s, "alpha", phase="S1901M", turn=1, position=start_board(), options=["gunboat"]
        )
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        all_seven(s, alpha)
    outsider = ask(judge, "WHOGAME alpha")
    assert outsider.failed
    assert "gunboat" in outsider.text
    assert "@example.org" not in outsider.text
    player = ask(judge, "WHOGAME", sender="p0@example.org", signed="p0@example.org")
    assert player.failed
    assert "p1@example.org" not in player.text
    master = ask(judge, "WHOGAME", sender="master@example.org", signed="master@example.org")
    assert not master.failed
    assert "Austria:   p0@example.org" in master.lines


# -- SUMMARY ----------------------------------------------------------------------------------

# Centres taken in 1901 (Belgium stays neutral), then in 1902 (Belgium, and Budapest from
# Austria).
YEAR_1901 = {
    "Austria": ["ser", "gre"], "England": ["nwy"], "France": ["spa", "por"],
    "Germany": ["den", "hol"], "Italy": ["tun"], "Russia": ["swe", "rum"], "Turkey": ["bul"],
}  # fmt: skip
YEAR_1902 = {**YEAR_1901, "France": ["spa", "por", "bel"], "Russia": ["swe", "rum", "bud"]}


def played_game(s: Session, **fields: Any) -> dict[str, Participant]:
    """alpha: 1901 and 1902 played, now in S1903M; England left a build unused in 1901,
    and Russia was taken over during the spring of 1902."""
    after_1901 = board(YEAR_1901)
    built_1901 = board(YEAR_1901, built=True, England=1)
    after_1902 = board(YEAR_1902, built=True)
    phases = [
        ("S1901M", start_board()), ("F1901M", start_board()), ("F1901B", after_1901),
        ("S1902M", built_1901), ("F1902M", built_1901), ("F1902B", after_1902),
    ]  # fmt: skip
    alpha = game(s, "alpha", phase="S1903M", turn=7, position=after_1902, **fields)
    people = all_seven(s, alpha)
    for turn, (phase, position) in enumerate(phases, 1):
        s.add(
            PhaseRecord(
                game_id=alpha.id, turn=turn, phase=phase, position=position, result={},
                processed_at=NOW - timedelta(days=14 - 2 * turn),
            )
        )  # fmt: skip
    people["Russia"].status = "resigned"
    taker = user(s, "rex@example.org", "Rex Taker")
    # After S1902M was processed (day -6), before F1902M (day -4).
    people["Rex"] = join(s, alpha, taker, power="Russia", joined_at=NOW - timedelta(days=5))
    return people


def test_summary_counts_centres_per_year_with_unused_builds_and_takeovers(judge: Judge) -> None:
    with judge.store.transaction() as s:
        played_game(s)
    answer = ask(judge, "SUMMARY alpha")
    assert not answer.failed
    lines = answer.lines
    assert lines[0] == "Summary of game 'alpha' through F1902B."
    assert "  Austria:       Player Austria  p0@example.org" in lines
    russia = lines.index("  Russia:        Player Russia   p5@example.org")
    assert lines[russia + 1] == "   from F1902M:  Rex Taker       rex@example.org"
    assert "Game parameters are/were as follows:" in lines
    assert "  Judge: USTS." in lines

    grid = lines.index("Historical Supply Center Summary")
    assert lines[grid + 2].startswith("    Ven Nap Edi Lvp Par")
    assert lines[grid + 3].startswith("Year  Rom Tun Lon Bre Mar")
    assert lines[grid + 4].startswith("1900 I I I . E E E F F F")
    assert lines[grid + 5].startswith("1901 I I I I E E E F F F")

    counts = lines.index("History of Supply Center Counts")
    assert lines[counts + 1] == "-------------------------------"
    # The player's name starts at column 52 (ten years to a line).
    assert lines[counts + 2] == "Power    1900 '01 '02" + " " * 31 + "Player"
    assert lines[counts + 3] == "Austria     3   5   4" + " " * 31 + "Player Austria"
    assert lines[counts + 4] == "England     3   4*  4" + " " * 31 + "Player England"
    assert lines[counts + 5] == "France      3   5   6" + " " * 31 + "Player France"
    # Russia's new player held it at the end of 1902: the row goes on under his name.
    assert lines[counts + 8] == "Russia      4   6 \\" + " " * 33 + "Player Russia"
    assert lines[counts + 9] == " " * 18 + "  7" + " " * 31 + "Rex Taker"
    assert lines[counts + 10] == "Turkey      3   4   4" + " " * 31 + "Player Turkey"
    # (9 + 6 * 9 + 16) / 7, (25 + 16 + 25 + 25 + 16 + 36 + 16) / 7, ...
    assert lines[counts + 11] == "Index:     10  22  24"
    assert "* = 1 unused build." in lines
    assert lines[-1] == "number of players.  It is a measure of how far the game has progressed."


def test_summary_of_a_gunboat_game_names_nobody(judge: Judge) -> None:
    with judge.store.transaction() as s:
        played_game(s, options=["gunboat"])
    answer = ask(judge, "SUMMARY alpha")
    assert "  Austria:       Somebody #1  someone@somewhere" in answer.lines
    assert "   from F1902M:  Somebody #7  someone@somewhere" in answer.lines
    assert "@example.org" not in answer.text


def test_summary_before_any_phase_was_played_fails(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = game(s, "alpha", phase="S1901M", turn=1, position=start_board())
        all_seven(s, alpha)
    answer = ask(judge, "SUMMARY alpha")
    assert answer.failed
    assert "no phase has been played" in answer.text


# -- HISTORY ----------------------------------------------------------------------------------


def event(s: Session, where: Game, at: datetime, kind: str, phase: str, body: str) -> None:
    subject = f"{phase} Results" if kind == "results" else kind.capitalize()
    s.add(
        HistoryEvent(
            game_id=where.id, at=at, kind=kind, phase=phase, subject=subject, body=body + "\n"
        )
    )


def dated_history(s: Session) -> None:
    alpha = game(s, "alpha", phase="S1902M", turn=4, position=start_board())
    event(s, alpha, NOW - timedelta(days=10), "results", "S1901M", "Old news.\nLine two.")
    event(s, alpha, NOW - timedelta(days=3), "results", "F1901M", "Fall results.\nMore.")
    event(s, alpha, NOW - timedelta(days=1), "broadcast", "F1901B", "Hello all.")


def test_history_defaults_to_the_last_week(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
    answer = ask(judge, "HISTORY alpha")
    assert not answer.failed
    assert answer.lines[:2] == [
        "History information for game 'alpha' from Thu Dec 25 2003 12:00:00 +0000",
        "through Thu Jan 01 2004 12:00:00 +0000:",
    ]
    assert "Old news." not in answer.text
    assert "Date: Mon Dec 29 2003 12:00:00 +0000" in answer.lines
    assert "Subject: USTS:alpha - F1901M Results" in answer.lines
    assert "Fall results." in answer.lines
    assert "Hello all." in answer.lines
    assert answer.lines[-1] == "---- History terminated due to end of information."


def test_history_window_from_and_to(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
    everything = ask(judge, "HISTORY alpha FROM Jan 1 1990")
    assert "Old news." in everything.text and "Hello all." in everything.text
    assert everything.lines[0].endswith("from Mon Jan 01 1990 00:00:00 +0000")
    early = ask(judge, "HISTORY alpha FROM Jan 1 1990 TO Dec 30 2003")
    assert "Old news." in early.text and "Fall results." in early.text
    assert "Hello all." not in early.text
    assert early.lines[-1] == "---- History terminated due to time range exhausted."
    # An end before the (default) start is ignored: the same as no dates at all.
    backwards = ask(judge, "HISTORY alpha TO Dec 20 2003")
    assert backwards.text == ask(judge, "HISTORY alpha").text
    quiet = ask(judge, "HISTORY alpha FROM Jan 1 1990 TO Jan 2 1990")
    assert quiet.lines[-1] == "No history for specified period."


def test_history_lines_limit_cuts_the_output(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
    answer = ask(judge, "HISTORY alpha FROM Jan 1 1990 LINES 5")
    body = answer.lines[3:-2]
    assert body == [
        "Date: Mon Dec 22 2003 12:00:00 +0000",
        "Subject: USTS:alpha - S1901M Results",
        "",
        "Old news.",
        "Line two.",
    ]
    assert answer.lines[-1] == "---- History terminated due to line limit exceeded."
    assert ask(judge, "HISTORY alpha LINES 0").failed


def test_history_after_sign_on_needs_no_name_and_unknown_games_fail(judge: Judge) -> None:
    with judge.store.transaction() as s:
        dated_history(s)
        alpha = s.query(Game).one()
        join(s, alpha, user(s, "anna@example.org", "Anna"), power="France")
    signed = ask(judge, "HISTORY", sender="anna@example.org", signed="anna@example.org")
    assert signed.text == ask(judge, "HISTORY alpha").text
    assert ask(judge, "HISTORY nosuch").failed
    assert ask(judge, "HISTORY").failed


def turn_history(s: Session, options: list[str] | None = None) -> Game:
    alpha = game(s, "alpha", phase="S1903M", turn=7, position=start_board(), options=options or [])
    at = NOW - timedelta(days=30)
    for i, phase in enumerate(["S1901M", "F1901M", "F1901B", "S1902M", "F1902M", "F1902B"]):
        event(s, alpha, at + timedelta(days=2 * i), "results", phase, f"Results of {phase}.")
    event(s, alpha, at + timedelta(days=3), "broadcast", "F1901B", "A broadcast in F1901B.")
    event(s, alpha, at + timedelta(days=11), "draw", "S1903M", "Game 'alpha' is drawn.")
    return alpha


def shown(answer: Answer) -> list[str]:
    return [line for line in answer.lines if line.startswith(("Results of", "A broad", "Game"))]


def test_history_exclstart_keeps_results_before_the_excluded_turn(judge: Judge) -> None:
    with judge.store.transaction() as s:
        turn_history(s)
    answer = ask(judge, "HISTORY alpha EXCLSTART S1902M")
    assert not answer.failed
    assert answer.lines[:2] == [
        "History information for game 'alpha' excluding turn 'S1902M'",
        "to turn 'end of game'.",
    ]
    # The results of 1901 only: no broadcast without BROAD, and the draw came in S1903M,
    # inside the excluded phases (from S1902M to the end).
    assert shown(answer) == ["Results of S1901M.", "Results of F1901M.", "Results of F1901B."]
    assert answer.lines[-1] == "---- History terminated due to end of information."


def test_history_exclend_resumes_at_that_turn_and_keeps_draws(judge: Judge) -> None:
    with judge.store.transaction() as s:
        turn_history(s)
    answer = ask(judge, "HISTORY alpha EXCLSTART S1899M EXCLEND F1902M")
    assert shown(answer) == ["Results of F1902M.", "Results of F1902B.", "Game 'alpha' is drawn."]
    broad = ask(judge, "HISTORY alpha EXCLSTART S1902M BROAD")
    assert "A broadcast in F1901B." in shown(broad)


def test_history_exclstart_past_the_game_or_invalid_gives_everything(judge: Judge) -> None:
    with judge.store.transaction() as s:
        turn_history(s)
    everything = [f"Results of {x}." for x in ("S1901M", "F1901M", "F1901B", "S1902M")]
    everything += ["Results of F1902M.", "Results of F1902B.", "Game 'alpha' is drawn."]
    assert shown(ask(judge, "HISTORY alpha EXCLSTART S9999M")) == everything
    # A turn the standard game cannot have (no spring adjustments): the whole history.
    assert shown(ask(judge, "HISTORY alpha EXCLSTART S1902B EXCLEND F1902B")) == everything


def test_history_of_an_unfinished_blind_game_is_for_its_master(judge: Judge) -> None:
    with judge.store.transaction() as s:
        alpha = turn_history(s, options=["blind"])
        join(s, alpha, user(s, "master@example.org", "Mona"), role="master")
        join(s, alpha, user(s, "anna@example.org", "Anna"), power="France")
    assert ask(judge, "HISTORY alpha EXCLSTART S9999M").failed
    assert ask(judge, "HISTORY EXCLSTART S9999M", "anna@example.org", "anna@example.org").failed
    master = ask(judge, "HISTORY EXCLSTART S9999M", "master@example.org", "master@example.org")
    assert not master.failed
    assert "Results of S1901M." in master.lines
