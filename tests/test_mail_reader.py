"""Reading a whole mail: bodies that run over several lines, orders, PHASE and IF blocks,
and a bad line that never stops the good ones around it."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime

import pytest

import variants
from parser import Vocabulary, parse_mail
from parser import commands as c
from parser import orders as o

NOW = datetime(2026, 11, 22, 10, 0)
STANDARD = variants.load("standard")
POWERS = {k: p.name for p in STANDARD.powers for k in (p.name.lower(), p.adjective.lower())}


def vocabulary(phase="movement") -> Vocabulary:
    return Vocabulary(STANDARD.names, POWERS, phase)


def kinds(mail) -> list[str]:
    return [type(cmd).__name__ for cmd in mail.commands]


def test_orders_after_sign_on_several_per_line():
    mail = parse_mail("signon Fgame pw\nA Par-Bur, A Mar - Spa; F Bre - MAO\n", NOW, vocabulary())
    line = mail.commands[1]
    assert isinstance(line, c.OrderLine)
    assert [e.order for e in line.orders] == [
        o.Move(o.UnitSpec("A", o.Location("par")), o.Location("bur")),
        o.Move(o.UnitSpec("A", o.Location("mar")), o.Location("spa")),
        o.Move(o.UnitSpec("F", o.Location("bre")), o.Location("mao")),
    ]


def test_leftover_words_are_read_as_another_order_as_on_the_njudge():
    mail = parse_mail("signon Fgame pw\nA Par-Bur please\n", NOW, vocabulary())
    first, second = mail.commands[1].orders  # type: ignore[attr-defined]
    assert first.order is not None and first.text == "A Par-Bur"
    assert second.text == "please"
    assert second.error == "Unrecognized source province -> please"


def test_orders_are_read_for_the_current_phase_kind():
    mail = parse_mail("signon Fgame pw\nF Kiel m Den\nF StP/sc\n", NOW, vocabulary("retreat"))
    assert isinstance(mail.commands[1].orders[0].order, o.Retreat)  # type: ignore[attr-defined]
    mail = parse_mail("signon Fgame pw\nF StP/sc\n", NOW, vocabulary("adjustment"))
    assert isinstance(mail.commands[1].orders[0].order, o.Adjust)  # type: ignore[attr-defined]


def test_without_the_games_names_orders_are_kept_as_text():
    mail = parse_mail("signon Fgame pw\nA Par-Bur\n", NOW)
    assert mail.commands[1].orders == (c.OrderEntry("A Par-Bur"),)  # type: ignore[attr-defined]


def test_the_vocabulary_can_come_from_the_sign_on_line():
    seen = []

    def lookup(command):
        seen.append(command)
        return vocabulary()

    mail = parse_mail("signon Fgame pw\nA Par-Bur\n", NOW, lookup)
    assert seen == [c.SignOn(line=1, power="F", game="game", password="pw")]
    assert mail.commands[1].orders[0].order is not None  # type: ignore[attr-defined]


def test_a_bad_line_never_stops_the_lines_around_it():
    body = "signon Fgame pw\nA Par-Bur\nSET WAITT\nA Mar-Xyz\nset wait\nA Bre H\n"
    mail = parse_mail(body, NOW, vocabulary())
    assert kinds(mail) == ["SignOn", "OrderLine", "OrderLine", "SetWait", "OrderLine"]
    assert [e.line for e in mail.errors] == [3]
    assert mail.commands[2].orders[0].error == "Movement to unrecognized province -> xyz"  # type: ignore[attr-defined]


def test_press_takes_the_lines_up_to_endpress_verbatim():
    body = (
        "signon Fgame pw\npress to EG\nDear all,\n  set wait\nA Par-Bur\n\nLove, F\nendpress\n"
        "set wait\n"
    )
    mail = parse_mail(body, NOW, vocabulary())
    press = mail.commands[1]
    assert isinstance(press, c.Press)
    assert press.text == "Dear all,\n  set wait\nA Par-Bur\n\nLove, F"
    assert press.terminated
    assert kinds(mail) == ["SignOn", "Press", "SetWait"]


@pytest.mark.parametrize("terminator", ["ENDPRESS", "endbroadcast", "  EndPress  "])
def test_any_terminator_ends_any_press(terminator):
    mail = parse_mail(f"signon Fg pw\nbroadcast\nhello\n{terminator}\nset wait\n", NOW)
    assert kinds(mail) == ["SignOn", "Press", "SetWait"]


def test_end_press_with_a_space_is_part_of_the_text():
    mail = parse_mail("signon Fg pw\npress to E\nEND PRESS\nendpress\n", NOW)
    assert mail.commands[1].text == "END PRESS"  # type: ignore[attr-defined]


def test_sign_off_ends_a_press_and_the_mail():
    mail = parse_mail("signon Fg pw\npress to E\nhi\nsign off\nmy signature\n", NOW)
    assert mail.commands[1].text == "hi" and mail.ended == "sign off"  # type: ignore[attr-defined]


def test_a_press_without_end_runs_to_the_end_of_the_mail():
    mail = parse_mail("signon Fg pw\npress to E\nhi\nthere\n", NOW)
    press = mail.commands[1]
    assert press.text == "hi\nthere" and not press.terminated  # type: ignore[attr-defined]


def test_diary_and_postal_press_take_bodies():
    body = "signon Fg pw\ndiary\nthoughts\nendpress\npostal press\nnews\nendpress\ndiary list\n"
    mail = parse_mail(body, NOW)
    assert mail.commands[1] == c.Diary(line=2, action="record", text="thoughts")
    assert mail.commands[2] == c.PostalPress(line=5, text="news")
    assert mail.commands[3] == c.Diary(line=8, action="list")


def test_register_reads_field_lines_up_to_end():
    body = (
        "REGISTER\nName:      Player 1\nEmail:     player1@localhost\nnonsense\n"
        "Level:     Novice\nPackage:   No\nEND\nlist\n"
    )
    mail = parse_mail(body, NOW)
    register = mail.commands[0]
    assert register == c.Register(
        line=1,
        fields=(
            ("name", "Player 1"),
            ("email", "player1@localhost"),
            ("level", "Novice"),
            ("package", "No"),
        ),
    )
    assert [(e.line, e.reason) for e in mail.errors] == [(4, "a REGISTER line is 'field: value'")]
    assert kinds(mail) == ["Register", "ListGames"]


def test_free_text_of_forms_and_bodies_is_never_commands():
    """Issue 29's probe: a form's values and the lines of a broadcast or a diary are text,
    whatever words they hold."""
    body = (
        "REGISTER\nName: Set Nmr\nSite: Grey press, NMR\nEND\nsignon Mg pw\n"
        "broadcast\nSET COMMENT Grey press, NMR\nRobots test\nendpress\n"
        "diary\nSET NO PRESS\nsignon Fg pw\nendpress\n"
    )
    mail = parse_mail(body, NOW)
    assert not mail.errors
    assert mail.commands[0] == c.Register(
        line=1, fields=(("name", "Set Nmr"), ("site", "Grey press, NMR"))
    )
    assert mail.commands[2].text == "SET COMMENT Grey press, NMR\nRobots test"  # type: ignore[attr-defined]
    assert mail.commands[3] == c.Diary(line=10, action="record", text="SET NO PRESS\nsignon Fg pw")
    assert kinds(mail) == ["Register", "SignOn", "Press", "Diary"]


def test_set_comment_begin_takes_the_rest_of_the_mail():
    body = "signon Mg pw\nset comment begin\nA long comment\n\nover lines\nsign off\nsig\n"
    mail = parse_mail(body, NOW)
    assert mail.commands[1] == c.SetComment(line=2, text="A long comment\n\nover lines", full=True)


def test_help_before_sign_on_is_the_whole_mail():
    mail = parse_mail("help\nlist\nsignon Fg pw\n", NOW)
    assert kinds(mail) == ["Help"] and mail.ended == "help"
    mail = parse_mail("signon Fg pw\nhelp\nlist\n", NOW)
    assert kinds(mail) == ["SignOn", "Help", "ListGames"]


def test_sign_off_and_signature_end_the_mail():
    assert parse_mail("list\nsignoff\nlist\n", NOW).ended == "sign off"
    mail = parse_mail("list\n-- \nJohn\nlist\n", NOW)
    assert kinds(mail) == ["ListGames"] and mail.ended == "signature"


def test_quoted_lines_and_lines_before_sign_on():
    mail = parse_mail("> A Par-Bur\nHi judge!\nlist\n", NOW)
    assert kinds(mail) == ["ListGames"]
    assert [(e.line, e.reason) for e in mail.errors] == [
        (2, "not a command; orders must follow a SIGN ON")
    ]


def test_phase_collects_orders_ifs_and_wait():
    body = """signon Fexample password
A Par-Bur
PHASE Fall 1905 Movement
IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia
Kiel -> Berlin
Munich support Kiel -> Berlin
ELSE
Kiel -> Ruhr
ENDIF
set wait
phase W1905A
IF english north sea
build a kie
ELSE IF German fleet kie
waive
ELSE
build f kie
"""
    mail = parse_mail(body, NOW, vocabulary())
    assert kinds(mail) == ["SignOn", "OrderLine", "PhasedOrders", "PhasedOrders"]
    fall, winter = mail.commands[2], mail.commands[3]
    assert isinstance(fall, c.PhasedOrders) and isinstance(winter, c.PhasedOrders)
    assert fall.phase == c.PhaseSpec("F", 1905, "M")
    conditional, wait = fall.items
    assert wait == c.SetWait(line=10, on=True)
    assert isinstance(conditional, c.Conditional)
    first, otherwise = conditional.branches
    ruhr = c.Occupied(("French", "Army", "Ruhr"), "France", "A", "ruh")
    prussia = c.Occupied(("Russian", "Prussia"), "Russia", None, "pru")
    silesia = c.Occupied(("Russian", "Silesia"), "Russia", None, "sil")
    assert first.condition == c.Both(c.Negation(ruhr), c.Either(prussia, silesia))
    assert [line.text for line in first.items] == [
        "Kiel -> Berlin",
        "Munich support Kiel -> Berlin",
    ]
    assert otherwise.condition is None
    assert otherwise.items[0].orders[0].order == o.Move(  # type: ignore[union-attr]
        o.UnitSpec(None, o.Location("kie")), o.Location("ruh")
    )
    # The second PHASE is an adjustment phase; its IF was never closed: the end of the mail
    # closes it without complaint.
    assert winter.phase == c.PhaseSpec("W", 1905, "B")
    (conditional,) = winter.items
    assert len(conditional.branches) == 3  # type: ignore[union-attr]
    assert conditional.branches[1].condition == c.Occupied(
        ("German", "fleet", "kie"), "Germany", "F", "kie"
    )  # type: ignore[union-attr]
    assert isinstance(conditional.branches[0].items[0].orders[0].order, o.Build)  # type: ignore[union-attr]
    assert not mail.errors


def test_conditions_may_name_things_in_any_order_and_abbreviate_powers():
    body = "signon Fg pw\nphase s1902m\nif army fr bur\nendif\nif bur fleet\nendif\nif ru nth\n"
    mail = parse_mail(body, NOW, vocabulary())
    items = mail.commands[1].items  # type: ignore[attr-defined]
    conditions = [item.branches[0].condition for item in items]
    assert conditions[0] == c.Occupied(("army", "fr", "bur"), "France", "A", "bur")
    assert conditions[1] == c.Occupied(("bur", "fleet"), None, "F", "bur")
    assert conditions[2] == c.Occupied(("ru", "nth"), "Russia", None, "nth")


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        ("if kie\n", "may only follow a PHASE"),
        ("phase s1902m\nelse\n", "ELSE without IF"),
        ("phase s1902m\nendif\n", "ENDIF without IF"),
        ("phase s1902m\nif kie\nelse\nelse\n", "ELSE after ELSE"),
        ("phase s1902m\nif g kie\n", "'g' is not a power"),  # powers need two letters
        ("phase s1902m\nif frog kie\n", "'frog' is not a power"),
        ("phase s1902m\nif army\n", "must name a province"),
        ("phase s1902m\nif kie ber\n", "one province"),
        ("phase x1902m\n", "cannot read"),
    ],
)
def test_structure_errors(lines, reason):
    mail = parse_mail("signon Fg pw\n" + lines, NOW, vocabulary())
    assert any(reason in e.reason for e in mail.errors), mail.errors


def test_the_command_line_tool_prints_one_object_per_line(tmp_path):
    names = tmp_path / "names.json"
    names.write_text(json.dumps(dict(STANDARD.names)))
    body = "signon Fg pw\nA Par-Bur\nSET WAITT\nsignoff\n"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "parser",
            "--names",
            str(names),
            "--phase",
            "movement",
            "--now",
            "2026-11-22T10:00",
        ],
        input=body.encode(),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert rows[0] == {"line": 1, "command": "SignOn", "power": "F", "game": "g", "password": "pw"}
    assert rows[1]["command"] == "OrderLine"
    assert rows[1]["orders"][0]["order"]["type"] == "Move"
    assert rows[2] == {"line": 3, "error": "cannot read 'WAITT' here", "text": "SET WAITT"}
    assert rows[3] == {"ended": "sign off"}
