"""The Machiavelli maps of Italy, the Ancient Mediterranean and Classical are drawn on real
ground (Natural Earth divided among the provinces by variants/mapmaking/facts/) and tell the
truth: two provinces' regions share a border, or a drawn link joins them, exactly when the
variant makes them adjacent for some unit (variants/adjacency_check.py: precision and
recall both 1.0)."""

from __future__ import annotations

import pytest

import variants
from variants.adjacency_check import check
from variants.geometry import geometry_file, geometry_of

ITALY = [
    "machiavelli", "machiavelli2", "mach_aoc", "mach_aoc2", "mach_eos", "mach_este",
    "mach_sfd1", "mach_sfd2", "mach_span", "mach2_eai", "mach2_fotl", "mach2_pa",
    "mach2_pamt", "mach2_sfd1", "mach2_sfd2", "mach2_span", "mach2_ttr",
]  # fmt: skip
REAL = [*ITALY, "ancient_med", "classical"]


@pytest.mark.parametrize("name", REAL)
def test_the_picture_shows_exactly_the_boards_neighbours(name):
    result = check(variants.load(name))
    assert result.false_borders == [] and result.missing == [], (name, result)
    assert result.precision == 1.0 and result.recall == 1.0


@pytest.mark.parametrize("name", REAL)
def test_the_board_is_drawn_from_natural_earth_not_laid_out(name):
    text = geometry_file(name).read_text(encoding="utf-8")
    assert "Natural Earth" in text or "\nlike " in text
    assert not geometry_of(variants.load(name)).computed


def test_straits_the_outlines_leave_open_are_drawn_as_links():
    links = {frozenset((k.a, k.b)) for k in geometry_of(variants.load("machiavelli2")).links}
    assert frozenset(("cor", "sar")) in links  # Bonifacio
    assert frozenset(("ist", "dal")) in links  # the Kvarner islands
    # Papal Ambitions makes Bosnia and Slavonia neighbours: a crossing of the Sava.
    pa = {frozenset((k.a, k.b)) for k in geometry_of(variants.load("mach2_pa")).links}
    assert frozenset(("bos", "sla")) in pa
    # The Ancient Mediterranean's crossings: the Balearics, Gibraltar, Messina.
    med = {frozenset((k.a, k.b)) for k in geometry_of(variants.load("ancient_med")).links}
    assert {frozenset(("bal", "tar")), frozenset(("mau", "sag")), frozenset(("nea", "sic"))} <= med


def test_a_scenario_leaving_provinces_off_draws_their_land_as_no_provinces():
    aoc = geometry_of(variants.load("mach_aoc"))
    first = geometry_of(variants.load("mach_sfd1"))
    assert "bos" in first.places and "bos" not in aoc.places
    assert len(aoc.unnamed) > len(first.unnamed)
