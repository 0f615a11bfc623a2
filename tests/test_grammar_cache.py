"""The grammars' parsers kept on disk (parser/lalr.py): the tables of a grammar built once
are loaded by the next process and parse the same; a changed grammar gets its own; a cache
that cannot be read or written costs the time of a build, never a parse."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark, Tree

from parser.lalr import lalr

GRAMMAR = r"""
start: greeting NAME
greeting: "hello" | "hi"
NAME: /[a-z]+/
%ignore " "
"""
TEXT = "hello world"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "judge" / "lalr"


def kept(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pickle"))


def test_tables_built_once_are_loaded_and_parse_the_same(cache: Path) -> None:
    expected = Lark(GRAMMAR, parser="lalr").parse(TEXT)
    assert lalr(GRAMMAR).parse(TEXT) == expected
    [file] = kept(cache)
    written = file.stat().st_mtime_ns
    assert lalr(GRAMMAR).parse(TEXT) == expected
    assert kept(cache) == [file] and file.stat().st_mtime_ns == written  # read, not rebuilt
    assert not list(cache.glob("*.tmp"))


def test_another_grammar_or_other_options_have_tables_of_their_own(cache: Path) -> None:
    lalr(GRAMMAR)
    other = GRAMMAR.replace('"hi"', '"hey"')
    assert lalr(other).parse("hey you") == Tree("start", [Tree("greeting", []), "you"])
    lalr(GRAMMAR, lexer="contextual")
    assert len(kept(cache)) == 3
    with pytest.raises(Exception, match="hi"):
        lalr(other).parse("hi you")  # not the first grammar's tables


def test_a_damaged_file_is_built_again_and_replaced(cache: Path) -> None:
    lalr(GRAMMAR)
    [file] = kept(cache)
    file.write_bytes(b"not the tables")
    assert lalr(GRAMMAR).parse(TEXT).children[1] == "world"
    assert file.read_bytes() != b"not the tables"
    assert lalr(GRAMMAR).parse(TEXT).children[1] == "world"


def test_a_cache_that_cannot_be_written_only_costs_a_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert lalr(GRAMMAR).parse(TEXT).children[1] == "world"
    assert lalr(GRAMMAR).parse(TEXT).children[1] == "world"


def test_the_judges_grammars_are_kept(cache: Path) -> None:
    """The command grammar, as the mail reader builds it, from the cache in a new reader."""
    from datetime import datetime

    from parser.lines import CommandReader

    now = datetime(2026, 11, 29, 12, 0)
    first = CommandReader().read("SET NOWAIT", now)
    assert kept(cache)
    assert CommandReader().read("SET NOWAIT", now) == first
