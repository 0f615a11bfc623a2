"""The variant files: the standard board is complete and right, and the loader refuses a
broken file with the line and the reason."""

from __future__ import annotations

import re

import pytest

import variants
from variants import VariantError, load_text

STANDARD_TEXT = (variants.DATA_DIR / "standard.variant").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def standard():
    return variants.load("standard")


def test_standard_board_counts(standard):
    passable = [p for p in standard.provinces.values() if not p.impassable]
    assert len(passable) == 75
    assert len([p for p in passable if p.is_sea]) == 19
    assert len(standard.centers) == 34
    assert [p.name for p in standard.powers] == [
        "Austria",
        "England",
        "France",
        "Germany",
        "Italy",
        "Russia",
        "Turkey",
    ]
    assert len(standard.units) == 22
    assert standard.victory == 18
    assert standard.start == "S1901M"
    assert standard.phases == ("SM", "SR", "FM", "FR", "FB")


def test_standard_homes_units_and_ownership(standard):
    assert standard.power("Russia").homes == ("mos", "sev", "stp", "war")
    assert {str(u.location) for u in standard.units if u.power == "Russia"} == {
        "mos",
        "war",
        "sev",
        "stp/sc",
    }
    assert standard.ownership["stp"] == "Russia"
    assert len(standard.ownership) == 22  # the 12 neutral centres belong to nobody
    assert set(standard.center_order) == set(standard.centers)


def test_standard_coasts_and_adjacencies(standard):
    assert standard.provinces["spa"].coasts == ("nc", "sc")
    assert standard.provinces["bul"].coasts == ("ec", "sc")
    assert standard.fleet_moves["stp/nc"] == {"bar", "nwy"}
    assert standard.fleet_moves["bul/ec"] == {"bla", "con", "rum"}
    assert standard.army_moves["mun"] == {"bur", "ruh", "kie", "ber", "sil", "boh", "tyr"}
    assert "swi" not in standard.army_moves  # impassable
    # Every adjacency runs both ways.
    for table in (standard.army_moves, standard.fleet_moves):
        for frm, tos in table.items():
            for to in tos:
                assert frm in table[to], (frm, to)


def test_names_players_type(standard):
    assert standard.province("English Channel").abbr == "eng"
    assert standard.province("st. petersburg").abbr == "stp"
    assert standard.province("NWY").abbr == "nwy"
    assert standard.province("nor").abbr == "nwy"
    assert standard.location("Spain (north coast)") == "spa/nc"
    assert standard.location("stp/s") == "stp/sc"
    with pytest.raises(KeyError):
        standard.location("par/nc")
    with pytest.raises(KeyError):
        standard.province("Burg")  # no prefix matching, as on the njudge


def test_unknown_variant():
    with pytest.raises(KeyError):
        variants.load("no-such-map")
    assert "standard" in variants.available()


def broken(old: str, new: str, count: int = 1) -> tuple[str, int]:
    """The standard file with one line changed, and the number of the changed line."""
    lines = STANDARD_TEXT.splitlines()
    matches = [i for i, line in enumerate(lines) if re.fullmatch(old, line)]
    assert len(matches) == count, f"{old!r} matched {len(matches)} lines"
    lines[matches[0]] = new
    return "\n".join(lines) + "\n", matches[0] + 1


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        (
            r"lon +fleet .*",
            "lon      fleet  yor nth eng wal bel",
            "asymmetric adjacency: lon lists bel for fleet moves, but bel does not list lon",
        ),
        (
            r"mun +army .*",
            "mun      army   bur ruh kie ber sil boh tyr xyz",
            "unknown province 'xyz'",
        ),
        (
            r"mun +army .*",
            "mun      army   bur ruh kie ber sil boh tyr nth",
            "an army cannot move to the sea nth",
        ),
        (
            r"mun +army .*",
            "mun      fleet  bur ruh kie ber sil boh tyr",
            "a fleet cannot move from the inland province mun",
        ),
        (
            r"gas +fleet .*",
            "gas      fleet  spa mao bre",
            "spa has coasts: fleet moves must name one (spa/nc, spa/sc)",
        ),
        (
            r"Austria +Austrian .*",
            "Austria   Austrian  A   bud tri gal",
            "home center 'gal' of Austria is not a supply center",
        ),
        (
            r"England +English .*",
            "England   English   A   edi lon lvp",
            "letter A is already Austria's",
        ),
        (r"Austria +A .*", "Austria   A bud, A vie, A adr", "an army cannot stand in adr"),
        (r"Austria +A .*", "Austria   A bud, A vie, A tri, A tri", "two units start in tri"),
        (
            r"Austria +A .*",
            "Austria   A bud, A vie, F tri, F mun",
            "a fleet cannot stand in the inland mun",
        ),
        (r"Austria +A .*", "Austria   A bud, A vie, F/A tri", "only a wing may stand in"),
        (r"start +S1901M", "start     W1901M", "start 'W1901M' is not one of the phases"),
        (r"victory +18", "victory   35", "victory needs 35 centers, the map has 34"),
        (
            r"nth +sea .*",
            'nth     sea    "North Sea"               aliases=norsea,nts,eng',
            "name 'eng' already means eng",
        ),
        (r"bre +coast .*", 'bre     coastal "Brest"', "province kind must be land, coast or sea"),
        (
            r"bre +coast .*",
            'bre     coast  "Brest"                   center shiny',
            "unknown province attribute 'shiny'",
        ),
        (r"units +A F", "units     A F X", "unknown unit type 'X'"),
        (r"phases .*", "phases    SM FR FM FB", "retreat phase FR must follow a movement phase"),
    ],
)
def test_broken_variant_refused_with_line_and_reason(old, new, reason):
    text, line = broken(old, new)
    with pytest.raises(VariantError) as info:
        load_text(text, source="broken.variant")
    error = info.value
    assert reason in error.reason
    assert error.line == line
    assert str(error).startswith(f"broken.variant:{line}: ")


def test_a_coast_no_fleet_can_reach_is_refused():
    text, _ = broken(r"spa/nc +fleet .*", "")
    text = text.replace("gas      fleet  spa/nc mao bre", "gas      fleet  mao bre")
    text = text.replace(
        "mao      fleet  nao iri eng bre gas spa/nc por spa/sc naf wes",
        "mao      fleet  nao iri eng bre gas por spa/sc naf wes",
    )
    text = text.replace("por      fleet  mao spa/nc spa/sc", "por      fleet  mao spa/sc")
    with pytest.raises(VariantError, match="no fleet can reach the coast spa/nc"):
        load_text(text)


def test_sections_and_keys_are_checked():
    with pytest.raises(VariantError, match=r":1: text before the first \[section\]"):
        load_text("name standard\n")
    with pytest.raises(VariantError, match=r":2: unknown section \[maps\]"):
        load_text("# a comment\n[maps]\n")
    with pytest.raises(VariantError, match="missing section"):
        load_text("[variant]\nname x\n")
    with pytest.raises(VariantError, match="unknown key 'author'"):
        load_text("[variant]\nauthor me\n")
    text = STANDARD_TEXT.replace("units     A F\n", "units     A F\nrules     frogs\n")
    with pytest.raises(VariantError, match="unknown rule 'frogs'"):
        load_text(text)


def test_a_small_variant_with_summer_wings_and_rules():
    # A made-up board exercising what the standard map does not: a summer season,
    # wings, a dual coast, a rule flag, starting ownership and a neutral unit-less power.
    text = """
[variant]
name      islands
title     Islands
start     S2001M
phases    SM SR UM UR FM FR FB
victory   3
units     A F W
rules     any_center

[provinces]
north  coast  "North Isle"   center dual
south  coast  "South Isle"   center aliases="the south"
mid    sea    "Middle Water" arctic
hill   land   "Hill"         center

[adjacencies]
north  army   hill
hill   army   north south
south  army   hill
north  fleet  mid
south  fleet  mid
mid    fleet  north south

[powers]
Red    Redish   R  north
Blue   Blueish  B  south

[units]
Red    W north
Blue   F south

[ownership]
Red    north hill
Blue   south
"""
    islands = load_text(text, source="islands.variant")
    assert islands.phases[2:4] == ("UM", "UR")
    assert islands.wing_moves["north"] == {"hill", "mid"}
    assert islands.ownership == {"north": "Red", "hill": "Red", "south": "Blue"}
    assert islands.provinces["north"].dual and islands.provinces["mid"].arctic
    assert islands.rules == {"any_center"}
    assert islands.province("the south").abbr == "south"
