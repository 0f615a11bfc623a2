"""What every text's layout shares: the lines results close with, and where the njudge
breaks a long line (sentences, comma lists, status lines)."""

from __future__ import annotations

from judge.reports import play as r
from judge.reports.play.layout import wrap_commas, wrap_status, wrap_words
from tests.reportkit import V, lines_of

# -- after the results ---------------------------------------------------------------------


def test_next_phase_lines():
    text = r.next_phase_lines(V, "mygame", "F1901B", "Mon Jan 12 2004 23:30:00 +0000")
    assert lines_of(text) == [
        "The next phase of 'mygame' will be Adjustments for Winter of 1901.",
        "The deadline for orders will be Mon Jan 12 2004 23:30:00 +0000.",
    ]
    text = r.next_phase_lines(V, "mygame", "S1902R", "x")
    assert lines_of(text)[0] == "The next phase of 'mygame' will be Retreats for Spring of 1902."


# -- where the njudge breaks long lines ----------------------------------------------------


def test_sentences_break_before_column_79():
    # The njudge's loop counts the line's newline too: 78 characters stay on one line.
    fits = "x" * 70 + " " + "y" * 7
    assert wrap_words(fits) == [fits]
    assert wrap_words(fits + "z") == ["x" * 70, "y" * 7 + "z"]
    # A space in column 79 still ends the first line there.
    assert wrap_words("x" * 78 + " yy") == ["x" * 78, "yy"]


def test_lists_break_after_a_comma_and_go_on_under_the_first_name():
    head = "Unowned:   "
    names = ", ".join(["Abcdefg"] * 7) + ", Abcdef."  # 11 + 72 = 83 columns
    assert wrap_commas(head + names, 11) == [
        head + ", ".join(["Abcdefg"] * 7) + ",",
        " " * 11 + "Abcdef.",
    ]
    fits = head + "A" * 62 + ", Bc."  # 78 columns
    assert wrap_commas(fits, 11) == [fits]
    assert wrap_commas(fits[:-1] + "d.", 11) == [head + "A" * 62 + ",", " " * 11 + "Bcd."]
    # A comma in column 79 is the njudge's last chance to break: that line has 79 columns.
    assert wrap_commas(head + "A" * 67 + ", Bc.", 11) == [
        head + "A" * 67 + ",",
        " " * 11 + "Bc.",
    ]


def test_status_lines_break_at_80_columns_then_indent_nine():
    line = "Russia:  Fleet " + "w" * 60 + " can retreat to " + " or ".join(["Zzzzzzzzzz"] * 6)
    out = wrap_status(line)
    assert len(out[0]) <= 80 and all(len(x) <= 78 for x in out[1:])
    assert all(x.startswith("         ") and not x.startswith("          ") for x in out[1:])
    assert " ".join(x.strip() for x in out) == line
    assert wrap_status("x" * 80) == ["x" * 80]
    assert wrap_status("x" * 79 + " y") == ["x" * 79, "         y"]
    # A space in column 81 is too late: the break is at the space before it.
    assert wrap_status("x" * 70 + " " + "y" * 9 + " z") == ["x" * 70, "         yyyyyyyyy z"]
    assert wrap_status("x" * 79 + " " + "b" * 70) == ["x" * 79, "         " + "b" * 70]
    assert wrap_status("x" * 79 + " " + "b" * 64 + " cccccc") == [
        "x" * 79,
        "         " + "b" * 64,
        "         cccccc",
    ]
