"""What the judge tells about the variants it plays: `judge variants --json` for the keeper
and other tools, and by mail GET variants, GET info.<variant> and GET map.<variant>, each
made from the variant files; and CREATE / SIGN ON work for every one of them."""

from __future__ import annotations

import json

import pytest

import variants
from judge import helpfiles
from tests.gametable import form
from tests.judgekit import InProcessJudge, environment, mail, run_judge

NAMES = variants.available()
# Variants whose info file is written by hand (judge/helpfiles/INDEX) rather than made.
KEPT = {name for name in NAMES if f"info.{name}" in dict(helpfiles.index())}


def test_judge_variants_json_lists_every_variant_sorted_with_its_powers(tmp_path):
    done = run_judge(environment(tmp_path / "j"), "variants", "--json")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert [v["name"] for v in listed] == sorted(NAMES)
    for entry in listed:
        variant = variants.load(entry["name"])
        assert entry["title"] == variant.title
        assert entry["start_phase"] == variant.start
        assert entry["centers_to_win"] == variant.victory
        assert entry["supply_centers"] == len(variant.centers)
        assert [p["name"] for p in entry["powers"]] == [p.name for p in variant.powers]
        assert [p["letter"] for p in entry["powers"]] == [p.letter for p in variant.powers]
        units = sum(len(p["units"]) for p in entry["powers"])
        assert units + len(entry.get("autonomous_units", [])) == len(variant.units)
        assert [p.get("played", True) for p in entry["powers"]] == [
            p.played for p in variant.powers
        ]
        assert ("rules" in entry) == variant.is_machiavelli
    standard = next(v for v in listed if v["name"] == "standard")
    russia = next(p for p in standard["powers"] if p["name"] == "Russia")
    assert russia == {
        "name": "Russia",
        "letter": "R",
        "units": ["A mos", "A war", "F stp/sc", "F sev"],
        "centers": ["mos", "sev", "stp", "war"],
    }
    assert (standard["supply_centers"], standard["centers_to_win"]) == (34, 18)


def test_judge_variants_without_json_is_a_line_a_variant(tmp_path):
    done = run_judge(environment(tmp_path / "j"), "variants")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert len(lines) == len(NAMES)
    assert lines[NAMES.index("standard")].split()[:3] == ["standard", "7", "powers"]


@pytest.fixture(scope="module")
def judge(tmp_path_factory):
    with InProcessJudge(tmp_path_factory.mktemp("variants"), JUDGE_RATE_LIMIT="1000") as running:
        yield running


def test_get_variants_names_each_variant_with_its_powers_and_centres(judge):
    sent = judge.client.send(mail("reader@example.org", "GET variants"))
    judge.mailbox.wait(lambda: len(judge.mailbox.thread(sent)) == 2)
    files = {m["Subject"]: m.get_content() for m in judge.mailbox.thread(sent)}
    assert "File variants sent." in files["Re: USTS"]
    listing = files["Diplomacy file variants"]
    for name in NAMES:
        v = variants.load(name)
        assert f"   {name:<15} {v.title}: {len(v.powers)} powers" in listing


@pytest.mark.parametrize("name", NAMES)
def test_info_and_map_of_every_variant_are_made_from_its_data(name):
    v = variants.load(name)
    info = helpfiles.read(f"info.{name}", "judge@test.example", "USTS")
    assert info is not None, f"GET info.{name} finds no file"
    flist = helpfiles.read("flist", "judge@test.example", "USTS")
    assert f"map.{name} " in flist and f"info.{name} " in flist
    if name not in KEPT:
        for power in v.powers:
            assert f"  {power.name}" in info and f" {power.letter} " in info
        if v.is_machiavelli:
            assert f"A power that controls {v.victory} cities wins" in info
        else:
            assert f"A power that owns {v.victory} supply centres wins" in info
        for unit in v.units:
            assert f"{unit.type}{'/W' if unit.wing else ''} {unit.location}" in info
        assert f"GET map.{name}" in info
    board = helpfiles.read(f"map.{name}", "judge@test.example", "USTS")
    assert board is not None
    for province in v.provinces.values():
        assert province.abbr in board


def test_info_of_a_variant_arrives_by_mail(judge):
    name = next((n for n in NAMES if n not in KEPT), "standard")
    sent = judge.client.send(mail("reader@example.org", f"GET info.{name}"))
    judge.mailbox.wait(lambda: len(judge.mailbox.thread(sent)) == 2)
    files = {m["Subject"]: m.get_content() for m in judge.mailbox.thread(sent)}
    assert files[f"Diplomacy file info.{name}"].strip() == (
        helpfiles.read(f"info.{name}", "judge@test.example", "USTS").strip()
    )


def test_create_and_sign_on_work_for_every_variant(judge):
    creator, joiner, third = "creator@example.org", "joiner@example.org", "third@example.org"
    for who in (creator, joiner, third):
        judge.ask(who, form(who))
    # (Machiavelli's games: tests/test_mach_games.py.)
    for i, name in enumerate(n for n in NAMES if not variants.load(n).is_machiavelli):
        game, v = f"v{i}x", variants.load(name)
        made = judge.ask(creator, f"CREATE ?{game} secret {name}").get_content()
        assert f"Variant: {v.title}" in made, made
        assert f"You'll be notified when {len(v.powers) - 1} more players sign on." in made
        joined = judge.ask(joiner, f"SIGN ON ?{game} other {name}").get_content()
        assert f"Game '{game}' now has 2 players." in joined, joined
        listing = judge.ask(joiner, f"LIST {game}").get_content()
        assert v.title in listing, listing
        # SIGN ON ? with the variant's name: the forming game of that variant.
        anyone = judge.ask(third, f"SIGN ON ? anyone {name}").get_content()
        assert f"You've been selected to play a power in game '{game}'." in anyone, anyone
