"""The press family's commands (parser/press.lark), as the users' manual writes them:
PRESS and BROADCAST with their options (section 7.4), and DIARY. (POSTAL PRESS, like
them, takes the lines after it: the mail reader's tests read it with its body.)"""

from __future__ import annotations

import pytest

from parser import commands as c
from parser import parse_mail
from parser.commands import Delivery
from tests.grammarkit import NOW, error


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("PRESS TO F TO G", "only one set of addressees"),
        ("PRESS GREY WHITE TO F", "only one color option"),
        ("DIARY READ x", "cannot read"),
    ],
)
def test_manual_errors_and_nonsense_are_refused_with_a_reason(text, reason):
    assert reason in error(text)


def test_press_options():
    def press(line: str) -> c.Press:
        mail = parse_mail(f"signon Fg pw\n{line}\ntext\nendpress\n", NOW)
        assert not mail.errors, mail.errors
        return mail.commands[1]  # type: ignore[return-value]

    assert press("PRESS TO FRG").to == Delivery("only", "FRG")
    assert press("press +eg").to == Delivery("only", "EG")
    assert press("PRESS TO ALL BUT RO").to == Delivery("all_but", "RO")
    assert press("press -ro").to == Delivery("all_but", "RO")
    assert press("PRESS TO ALL").to == Delivery("all")
    # "PRESS FAKE TO FRG": a broadcast faked as to FRG; "PRESS TO FRG FAKE": the other way.
    p = press("PRESS FAKE TO FRG")
    assert (p.to, p.fake) == (None, Delivery("only", "FRG"))
    p = press("PRESS TO FRG FAKE")
    assert (p.to, p.fake) == (Delivery("only", "FRG"), Delivery("all"))
    p = press("PRESS FAKE BROADCAST TO FRG")
    assert (p.to, p.fake) == (Delivery("only", "FRG"), Delivery("all"))
    p = press("PRESS TO ALL BUT G FAKE BROADCAST")
    assert (p.to, p.fake) == (Delivery("all_but", "G"), Delivery("all"))
    p = press("PRESS GREY TO G")
    assert (p.color, p.to) == ("grey", Delivery("only", "G"))
    assert press("press anonymously to g").color == "grey"
    assert press("press white to g").color == "white"
    assert press("PRESS TO F FAKE PARTIAL TO G").fake == Delivery("only", "G")
    assert press("PRESS NO FAKE TO F").no_fake
    b = press("BROADCAST")
    assert b.broadcast and b.to is None
    assert press("BROADCAST TO G").to == Delivery("only", "G")


def test_press_to_turkey_reads_letters_the_engine_will_refuse():
    # The manual's warning: "PRESS TO Turkey" asks for the powers T, U, R, K, E and Y.
    mail = parse_mail("signon Fg pw\nPRESS TO Turkey\nhi\nendpress\n", NOW)
    assert mail.commands[1].to == Delivery("only", "TURKEY")  # type: ignore[attr-defined]
