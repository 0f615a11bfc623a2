"""Whatever arrives, the parser answers: no exception, and time in proportion to the input."""

from __future__ import annotations

import time
from datetime import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import variants
from parser import Vocabulary, parse_mail

NOW = datetime(2026, 11, 22, 10, 0)
STANDARD = variants.load("standard")
VOCABULARY = Vocabulary(
    STANDARD.names,
    {k: p.name for p in STANDARD.powers for k in (p.name.lower(), p.adjective.lower())},
    "movement",
)

FRAGMENTS = [
    "signon Fgame pw", "sign on ? pw", "create ?x y", "set", "set no", "set wait", "press to",
    "press fake to", "broadcast", "endpress", "register", "end", "name: x", "phase s1901m",
    "phase", "if", "if not", "else", "else if", "endif", "(", ")", "((((", "))", "and", "or",
    "A Par-Bur", "F Nth C A Lon-Nwy", "A", "-", "->", "/nc", "(nc)", "Spa", "help", "sign off",
    "set absence", "Jan", "31", "Feb 30", "12:61", "2026", "Mon", "set move days", "-MTWTF-",
    "\x00", "\x1b[31m", "\t", "\u00e9\u00e8", "\ufffd", ",", ";", ">", "-- ", "set comment begin",
    "history foo from", "exclstart", "S1901M", "rollback", "process", "French Army Ruhr",
]  # fmt: skip


@st.composite
def adversarial_mails(draw):
    lines = []
    for _ in range(draw(st.integers(0, 40))):
        pieces = draw(st.lists(st.sampled_from(FRAGMENTS), max_size=8))
        glue = draw(st.sampled_from([" ", "", ",", "  "]))
        lines.append(glue.join(pieces))
    return "\n".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=2000))
def test_random_text_never_raises(body):
    mail = parse_mail(body, NOW, VOCABULARY)
    assert mail.ended in ("end", "sign off", "help", "signature")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise(body):
    parse_mail(body, NOW, VOCABULARY)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(adversarial_mails())
def test_half_commands_and_unbalanced_structure_never_raise(body):
    mail = parse_mail(body, NOW, VOCABULARY)
    for error in mail.errors:
        assert error.reason and error.line >= 0
    mail = parse_mail(body, NOW)  # and without the game's names
    assert mail.ended in ("end", "sign off", "help", "signature")


def elapsed(body) -> float:
    start = time.perf_counter()
    parse_mail(body, NOW, VOCABULARY)
    return time.perf_counter() - start


def test_huge_inputs_take_bounded_time():
    # The mail size limit is 1 MB; each of these is about that. A generous bound: a quadratic
    # or exponential reading would take minutes.
    huge_line = "A Par-Bur " * 100_000
    many_orders = "signon Fg pw\n" + "A Par-Bur, F Nth C A Lon-Nwy\n" * 30_000
    deep = "signon Fg pw\nphase s1901m\n" + "if " + "(" * 500_000 + "\n"
    press = "signon Fg pw\npress to E\n" + "blah " * 200_000 + "\n"
    junk = "\x00\x01" * 500_000
    ifs = "signon Fg pw\nphase s1901m\n" + "if kie\n" * 40_000
    for body in (huge_line, many_orders, deep, press, junk, ifs):
        assert elapsed(body) < 30
