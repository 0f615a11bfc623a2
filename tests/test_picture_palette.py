"""The powers' colours on the board's pictures can be told apart by every reader: each pair
at least 20 CIEDE2000 apart as seen with normal vision, with protanopia and with
deuteranopia (Machado et al. 2009), and at least 13 L* apart printed in grey; a variant
with more powers than colours tells the rounds of colours apart by the markers' outline."""

from __future__ import annotations

from itertools import combinations

import variants
from judge.reports.pictures.colours import ciede2000, distance, grey_lightness, hex_rgb
from judge.reports.pictures.palette import LAND, POWER_COLOURS, SEA, styles

VISIONS = ("normal", "protanopia", "deuteranopia")


def test_ciede2000_agrees_with_sharmas_published_pairs():
    # Sharma, Wu and Dalal (2005), test data pairs 1, 7 and 17.
    assert round(ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4) == 2.0425
    assert round(ciede2000((50, 0, 0), (50, -1, 2)), 4) == 2.3669
    assert round(ciede2000((50, 2.5, 0), (73, 25, -18)), 4) == 27.1492


def test_every_pair_of_colours_stays_apart_for_every_reader():
    for a, b in combinations(POWER_COLOURS, 2):
        for vision in ("normal", "protanopia", "deuteranopia"):
            assert distance(a, b, vision) >= 20, (a, b, vision)
        grey = abs(grey_lightness(hex_rgb(a)) - grey_lightness(hex_rgb(b)))
        assert grey >= 13, (a, b, grey)


def test_every_colour_stands_off_the_land_and_the_sea_for_every_reader():
    # A unit, a centre's dot and an order's line in a power's colour lie on the land or the
    # sea: each colour at least 14 CIEDE2000 from both (France's sky blue on the sea came
    # to 9 before the sea was made greyer), and the land and sea 18 apart, for each reader.
    for colour in POWER_COLOURS:
        for ground in (LAND, SEA):
            for vision in VISIONS:
                assert distance(colour, ground, vision) >= 14, (colour, ground, vision)
    for vision in VISIONS:
        assert distance(LAND, SEA, vision) >= 18, vision


def test_each_power_of_each_variant_has_a_style_of_its_own():
    for name in variants.available():
        variant = variants.load(name)
        given = styles(variant)
        powers = {(given[p.name].colour, given[p.name].ring) for p in variant.powers}
        assert len(powers) == len(variant.powers), name
        # Machiavelli's autonomous units: grey, no power's colour.
        assert (variants.AUTONOMOUS in given) == variant.is_machiavelli, name
    standard = styles(variants.load("standard"))
    assert standard["Germany"].colour == "#111111" and standard["Turkey"].colour == "#eeee55"


def test_a_power_named_for_a_colour_is_drawn_in_it():
    given = styles(variants.load("chromatic"))
    assert given["Red"].colour == "#992211" and given["Yellow"].colour == "#eeee55"
    assert given["Blue"].colour == "#002288" and given["Dark"].colour == "#111111"
    assert given["Light"].colour == "#55ccff"
