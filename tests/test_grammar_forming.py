"""The forming family's commands (parser/forming.lark), as the users' manual writes them:
creating, joining and watching a game (section 4), resigning, starting and unstarting it,
and the settings made before a game starts (address, password, preference, variant)."""

from __future__ import annotations

import pytest

from parser import commands as c
from parser import parse_mail
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
    ("RESIGN", c.Resign()),
    ("WITHDRAW", c.Resign()),
    ("SET ADDRESS", c.SetAddress()),
    ("SET ADDRESS email1,email2", c.SetAddress(addresses=("email1", "email2"))),
    ("SET PASSWORD iforgot", c.SetPassword(password="iforgot")),
    (
        "SET PREFERENCE E[FGR] [TAI]",
        c.SetPreference(choices=(("E",), ("F", "G", "R"), ("T", "A", "I"))),
    ),
    ("SET PREFERENCE *", c.SetPreference(random=True)),
    ("FORCE BEGIN", c.ForceBegin()),
    ("UNSTART", c.Unstart()),
    ("SET VARIANT Chaos Gunboat", c.SetVariant(variant="Chaos", options=("Gunboat",))),
    ("SET VARIANT STANDARD", c.SetVariant(variant="STANDARD")),
    # Commas part the words as spaces do: no variant or option has one in its name.
    (
        "SET VARIANT standard, gunboat,blind",
        c.SetVariant(variant="standard", options=("gunboat", "blind")),
    ),
    ("SET NOT VARIANT gunboat", c.SetNotVariant(option="gunboat")),
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
        ("SET PREFERENCE E[FG", "'[' without ']'"),
        ("SET PREFERENCE E.F", "cannot read '.' in a preference list"),
        ("SET VARIANT ,", "SET VARIANT takes a variant's name"),
    ],
)
def test_manual_errors_and_nonsense_are_refused_with_a_reason(text, reason):
    assert reason in error(text)


# -- section 4: joining ------------------------------------------------------------------


def joined(line: str) -> c.Command:
    mail = parse_mail(line + "\n", NOW)
    assert not mail.errors, mail.errors
    (command,) = mail.commands
    return command


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("CREATE ?dt pass", c.Create(line=1, game="dt", password="pass")),
        (
            "create ?mix guess chaos gunboat",
            c.Create(line=1, game="mix", password="guess", variant="chaos", options=("gunboat",)),
        ),
        ("SIGN ON ? secret", c.SignOnNext(line=1, password="secret")),
        (
            "Sign on ?mixup guessme Chaos Gunboat",
            c.SignOnForming(
                line=1, game="mixup", password="guessme", variant="Chaos", options=("Gunboat",)
            ),
        ),
        ("SignOn Rstab secret", c.SignOn(line=1, power="R", game="stab", password="secret")),
        ("signon mdt pass", c.SignOn(line=1, power="M", game="dt", password="pass")),
        ("signon odt pass3", c.Observe(line=1, game="dt", password="pass3")),
        ("OBSERVE dt pass", c.Observe(line=1, game="dt", password="pass")),
        ("WATCH dt pass", c.Observe(line=1, game="dt", password="pass")),
        ("hello Fdt pw", c.SignOn(line=1, power="F", game="dt", password="pw")),
    ],
)
def test_joining_commands(text, expected):
    assert joined(text) == expected


def test_passwords_keep_their_case():
    assert joined("signon Fdt PaSs").password == "PaSs"  # type: ignore[attr-defined]


def test_only_one_sign_on_per_mail():
    mail = parse_mail("signon Fdt pw\nsignon Gdt pw\n", NOW)
    assert [type(x) for x in mail.commands] == [c.SignOn]
    assert "only one SIGN ON" in mail.errors[0].reason
