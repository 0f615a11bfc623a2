"""The master family's commands (parser/master.lark), as the users' manual writes them:
a master's commands (section 8), and the SET of every setting of a game that no other
family carries out (sections 8-9): flags, numbers, press, transform, player lists ..."""

from __future__ import annotations

import pytest

from parser import commands as c
from parser import parse_mail
from parser.commands import PhaseSpec
from tests.grammarkit import (
    NOW,
    Examples,
    commands_of,
    error,
    example_id,
    numbered,
    one,
    round_trips,
    settings_of,
)

EXAMPLES: Examples = [
    ("BECOME MASTER", c.BecomeMaster()),
    ("become X", c.Become(power="X")),
    ("become France", c.Become(power="France")),
    ("EJECT F", c.Eject(target="F")),
    ("EJECT someone@example.org", c.Eject(target="someone@example.org")),
    ("PAUSE", c.Pause()),
    ("RESUME", c.Resume()),
    ("PREDICT", c.Predict()),
    ("PROMOTE watcher@example.org", c.Promote(address="watcher@example.org")),
    ("PROCESS", c.Process()),
    ("PROCESS Fall 1905 Retreat", c.Process(phase=PhaseSpec("F", 1905, "R"))),
    ("process F1905R", c.Process(phase=PhaseSpec("F", 1905, "R"))),
    ("ROLLBACK", c.Rollback()),
    ("ROLLBACK 001", c.Rollback(turn=1)),
    ("ROLL BACK 002", c.Rollback(turn=2)),
    ("TERMINATE", c.Terminate()),
    ("SET ALL PRESS", c.SetFlag(name="all_press", on=True)),
    ("SET NORMAL PRESS", c.SetFlag(name="all_press", on=False)),
    ("SET QUIET", c.SetFlag(name="quiet", on=True)),
    ("SET NO QUIET", c.SetFlag(name="quiet", on=False)),
    ("SET MODERATE", c.SetFlag(name="moderated", on=True)),
    ("SET MODERATED", c.SetFlag(name="moderated", on=True)),
    ("SET UNMODERATED", c.SetFlag(name="moderated", on=False)),
    ("SET AUTO CREATE", c.SetFlag(name="auto_create", on=True)),
    ("SET NO AUTO PROCESS", c.SetFlag(name="auto_process", on=False)),
    ("SET MANUAL PROCESS", c.SetFlag(name="auto_process", on=False)),
    ("SET NO MANUAL PROCESS", c.SetFlag(name="auto_process", on=True)),
    ("SET AUTO START", c.SetFlag(name="auto_start", on=True)),
    ("SET MANUAL START", c.SetFlag(name="auto_start", on=False)),
    ("SET BN 1234", c.SetNumber(name="boardman", value=1234)),
    ("SET BNC NUMBER 1234", c.SetNumber(name="boardman", value=1234)),
    ("SET EP 77", c.SetNumber(name="ep", value=77)),
    ("SET MNC NUMBER 12", c.SetNumber(name="miller", value=12)),
    ("SET NMR", c.SetFlag(name="nmr", on=True)),
    ("SET NO CD", c.SetFlag(name="nmr", on=False)),
    ("SET COMMENT Friendly game for beginners", c.SetComment(text="Friendly game for beginners")),
    ("SET NO CONCESSIONS", c.SetFlag(name="concessions", on=False)),
    ("SET NO DIAS", c.SetFlag(name="dias", on=False)),
    ("SET LIST", c.SetFlag(name="list", on=True)),
    ("SET PUBLIC", c.SetFlag(name="list", on=True)),
    ("SET PRIVATE", c.SetFlag(name="list", on=False)),
    ("SET PRFLIST", c.SetChoice(name="preference", value="list")),
    ("SET PRFRAND", c.SetChoice(name="preference", value="random")),
    ("SET PRFBOTH", c.SetChoice(name="preference", value="both")),
    ("SET PROXY", c.SetFlag(name="proxy", on=True)),
    ("SET UNRATED", c.SetFlag(name="rated", on=False)),
    ("SET RATED", c.SetFlag(name="rated", on=True)),
    ("SET NO RESUME", c.SetFlag(name="resume", on=False)),
    ("SET STRICT CONVOY", c.SetFlag(name="strict_convoy", on=True)),
    ("SET NO STRICT WAIT", c.SetFlag(name="strict_wait", on=False)),
    ("SET ACCESS SAME-SITE", c.SetChoice(name="access", value="same")),
    ("SET ACCESS ANY", c.SetChoice(name="access", value="any")),
    (
        "SET ALLOW PLAYER friend@example.org",
        c.SetPlayerList(which="allow", address="friend@example.org"),
    ),
    (
        "SET ALLOW PLAYER -friend@example.org",
        c.SetPlayerList(which="allow", address="friend@example.org", remove=True),
    ),
    (
        "SET DENY PLAYER troll@example.org",
        c.SetPlayerList(which="deny", address="troll@example.org"),
    ),
    ("SET DEDICATION -5", c.SetNumber(name="dedication", value=-5)),
    ("SET LEVEL EXPERT", c.SetChoice(name="level", value="expert")),
    ("SET ONTIMERAT 0.9", c.SetNumber(name="ontime_ratio", value=0.9)),
    ("SET EXCUSES 2", c.SetNumber(name="excuses", value=2.0)),
    ("SET RELIABILITY 80", c.SetNumber(name="reliability", value=80.0)),
    ("SET RESRAT 0.1", c.SetNumber(name="resign_ratio", value=0.1)),
    ("SET BLANK PRESS", c.SetFlag(name="blank_press", on=True)),
    ("SET NO BROADCAST", c.SetFlag(name="broadcast", on=False)),
    ("SET NO BROADCAST PRESS", c.SetFlag(name="broadcast", on=False)),
    ("SET NORMAL BROADCAST", c.SetFlag(name="broadcast", on=True)),
    ("SET NO FAKE", c.SetChoice(name="fake", value="none")),
    ("SET NO FAKE BROADCAST", c.SetChoice(name="fake", value="none")),
    ("SET GREY", c.SetChoice(name="press", value="grey")),
    ("SET GRAY PRESS", c.SetChoice(name="press", value="grey")),
    ("SET NO WHITE PRESS", c.SetChoice(name="press", value="grey")),
    ("SET GREY/WHITE PRESS", c.SetChoice(name="press", value="grey/white")),
    ("SET WHITE", c.SetChoice(name="press", value="white")),
    ("SET NO GREY", c.SetChoice(name="press", value="white")),
    ("SET WHITE/GREY", c.SetChoice(name="press", value="white/grey")),
    ("SET LATE PRESS", c.SetFlag(name="late_press", on=True)),
    ("SET NO MINOR PRESS", c.SetFlag(name="minor_press", on=False)),
    ("SET MUST ORDER", c.SetFlag(name="must_order", on=True)),
    ("SET NO PRESS", c.SetChoice(name="press", value="none")),
    ("SET PRESS NONE", c.SetChoice(name="press", value="none")),
    ("SET NONE", c.SetChoice(name="press", value="none")),
    ("SET OBSERVER WHITE PRESS", c.SetChoice(name="observer", value="white")),
    ("SET OBSERVER NO", c.SetChoice(name="observer", value="no")),
    ("SET PARTIAL", c.SetFlag(name="partial", on=True)),
    ("SET NO PARTIAL PRESS", c.SetFlag(name="partial", on=False)),
    ("SET PARTIAL FAKES BROADCAST", c.SetChoice(name="fake", value="broadcast")),
    ("SET PARTIAL FAKES BROADCAST BY DEFAULT", c.SetChoice(name="fake", value="broadcast_default")),
    ("SET PARTIAL MAY BE FAKED", c.SetChoice(name="fake", value="may")),
    ("SET PARTIAL MAY", c.SetChoice(name="fake", value="may")),
    ("SET FAKE", c.SetChoice(name="fake", value="may")),
    ("SET POSTAL PRESS", c.SetFlag(name="postal_press", on=True)),
    ("SET LATE COUNT", c.SetFlag(name="late_count", on=True)),
    ("SET MAX ABSENCE 20", c.SetNumber(name="max_absence", value=20)),
    ("SET STRICT GRACE", c.SetFlag(name="strict_grace", on=True)),
    ("SET ANY CENTERS", c.SetChoice(name="build_centers", value="any")),
    ("SET ANY CENTRE", c.SetChoice(name="build_centers", value="any")),
    ("SET HOME CENTER", c.SetChoice(name="build_centers", value="home")),
    ("SET ONE CENTER", c.SetChoice(name="build_centers", value="one")),
    ("SET ANY DISBAND", c.SetChoice(name="disband", value="any")),
    ("SET NORMAL DISBAND", c.SetChoice(name="disband", value="normal")),
    ("SET ATTACK TRANSFORM", c.SetFlag(name="attack_transform", on=True)),
    ("SET AUTO DISBAND", c.SetFlag(name="auto_disband", on=True)),
    ("SET BCENTRES", c.SetFlag(name="blind_centers", on=True)),
    ("SET EMPTY BOARD", c.SetFlag(name="empty_board", on=True)),
    ("SET BLANK BOARD", c.SetFlag(name="empty_board", on=True)),
    ("SET CENTERS 20", c.SetNumber(name="centers", value=20)),
    ("SET COASTAL CONVOYS", c.SetFlag(name="coastal_convoys", on=True)),
    ("SET DISBAND", c.SetFlag(name="move_disband", on=True)),
    ("SET NO DUALITY", c.SetFlag(name="duality", on=False)),
    ("SET GATEWAYS", c.SetFlag(name="gateways", on=True)),
    ("SET HONG KONG", c.SetFlag(name="hong_kong", on=True)),
    ("SET PLAYERS 4", c.SetNumber(name="players", value=4)),
    ("SET RAILWAYS", c.SetFlag(name="railways", on=True)),
    ("SET NO REVEAL", c.SetFlag(name="reveal", on=False)),
    ("SET SECRET", c.SetFlag(name="secret", on=True)),
    ("SET NO SHOW", c.SetFlag(name="show", on=False)),
    ("SET SUMMER", c.SetFlag(name="summer", on=True)),
    ("SET TOUCH PRESS", c.SetFlag(name="touch_press", on=True)),
    ("SET WATCH ALL PRESS", c.SetFlag(name="watch_all_press", on=True)),
    ("SET TRANSFORM move:homecenter", c.SetTransform(options=("move:homecenter",))),
    ("SET TRANSFORM BUILD: ANYCENTER", c.SetTransform(options=("build:anycenter",))),
    ("SET TRANSFORM :ANYCENTER", c.SetTransform(options=(":anycenter",))),
    (
        "SET TRAFO move: anywhere build:none",
        c.SetTransform(options=("move:anywhere", "build:none")),
    ),
    ("SET TRANSFORM move: home centre", c.SetTransform(options=("move:homecentre",))),
    ("set transform move", c.SetTransform(options=("move",))),
    ("SET TRANSFORM NONE", c.SetTransform(options=("none",))),
    ("SET NO FAKE, BROADCAST", None),
    ("SET NO TRANSFORM", c.SetTransform()),
    ("SET ADJACENCY", c.SetFlag(name="adjacency", on=True)),
    ("SET NO ASSASSINATIONS", c.SetFlag(name="assassins", on=False)),
    ("SET BANKERS", c.SetFlag(name="loans", on=True)),
    ("SET LOANS", c.SetFlag(name="loans", on=True)),
    ("SET DICE", c.SetFlag(name="dice", on=True)),
    ("SET FAMINE", c.SetFlag(name="famine", on=True)),
    ("SET FORTRESS", c.SetFlag(name="fortresses", on=True)),
    ("SET GARRISONS", c.SetFlag(name="garrisons", on=True)),
    ("SET MACH2", c.SetFlag(name="mach2", on=True)),
    ("SET NO MONEY", c.SetFlag(name="money", on=False)),
    ("SET PLAGUE", c.SetFlag(name="plague", on=True)),
    ("SET SPECIAL", c.SetFlag(name="special", on=True)),
    ("SET STORMS", c.SetFlag(name="storms", on=True)),
]


@pytest.mark.parametrize(("text", "expected"), commands_of(EXAMPLES), ids=example_id)
def test_manual_examples(text, expected):
    assert one(text) == numbered(expected)


@pytest.mark.parametrize("text", settings_of(EXAMPLES))
def test_settings_round_trip(text):
    round_trips(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("SET TRANSFORM anycenter", "a transform option is when:where"),
        ("SET NO PRFLIST", "means nothing"),
        ("ROLLBACK 1.5", "whole number"),
    ],
)
def test_manual_errors_and_nonsense_are_refused_with_a_reason(text, reason):
    assert reason in error(text)


def test_the_manuals_become_example():
    body = """signon mexample password

press to X

Your new password will be "iforgot" (without the quotation marks.)

-- Master
endpress
become X
set password iforgot
signoff
"""
    mail = parse_mail(body, NOW)
    assert not mail.errors
    signon, press, become, password = mail.commands
    assert signon == c.SignOn(line=1, power="M", game="example", password="password")
    assert press.text == (  # type: ignore[attr-defined]
        'Your new password will be "iforgot" (without the quotation marks.)\n\n-- Master'
    )
    assert become == c.Become(line=9, power="X")
    assert password == c.SetPassword(line=10, password="iforgot")
