"""`python -m adjudicator`: JSON in, JSON out; bad input is one clear line and status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(stdin: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_phase_in_a_result_out():
    doc = {
        "variant": "standard",
        "phase": "F1901M",
        "units": {"England": ["F nth", "A lvp"], "France": ["F eng"]},
        "centers": {"England": ["lon", "edi", "lvp"], "France": ["bre", "par", "mar"]},
        "orders": {"England": ["F NTH - BEL", "A LVP - YOR"], "France": ["F ENG H"]},
        "options": {},
    }
    done = run(json.dumps(doc))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["phase"] == "F1901M"
    assert out["units"] == {"England": ["A yor", "F bel"], "France": ["F eng"]}
    assert out["centers"]["England"] == ["bel", "edi", "lon", "lvp"]
    assert out["adjustments"] == {"England": 2, "France": 2}
    assert out["next_phase"] == "F1901B"
    assert out["orders"][0] == {
        "power": "England",
        "text": "F NTH - BEL",
        "order": "F nth - bel",
        "result": "succeeds",
        "reason": None,
    }


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ('{"variant": "standard",', "malformed JSON at line 1"),
        ("[1, 2]", "the document must be a JSON object"),
        (
            '{"phase": "S1901M", "units": {"England": ["A xyz"]}}',
            "units: England: unknown province or coast 'xyz' in 'A xyz'",
        ),
        (
            '{"phase": "S1901M", "units": {"England": ["A nth"]}}',
            "units: England: an army cannot be in the sea nth",
        ),
        (
            '{"phase": "S1901M", "units": {"England": ["F mun"]}}',
            "a fleet cannot be in the inland mun",
        ),
        (
            '{"phase": "S1901M", "units": {"England": ["F stp"]}}',
            "a fleet in stp must name its coast",
        ),
        ('{"phase": "S1901M", "options": {"speed": "fast"}}', "unknown option 'speed'"),
        ('{"variant": "atlantis", "phase": "S1901M"}', "unknown variant 'atlantis'"),
        ('{"phase": "S1901X"}', "'S1901X' is not a phase code"),
        ('{"phase": "S1901M", "units": {"Spain": ["A mad"]}}', "unknown power 'Spain'"),
        (
            '{"phase": "S1901M", "orders": {"England": "A lon H"}}',
            "orders: England: expected a list",
        ),
        ('{"phase": "S1901M", "centers": {"England": ["yor"]}}', "'yor' is not a supply center"),
    ],
)
def test_bad_input_is_one_line_and_status_2(stdin, message):
    done = run(stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert message in lines[0]


def test_a_wrong_order_is_not_bad_input():
    doc = {"phase": "S1901M", "units": {"England": ["A lvp"]}, "orders": {"England": ["A Lvp-Iri"]}}
    done = run(json.dumps(doc))
    assert done.returncode == 0
    line = json.loads(done.stdout)["orders"][0]
    assert (line["result"], line["reason"]) == ("illegal", "not adjacent")


def test_unknown_argument_and_help():
    assert run("", "--frobnicate").returncode == 2
    done = run("", "--help")
    assert done.returncode == 0 and "usage" in done.stdout
