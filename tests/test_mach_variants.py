"""The njudge's Machiavelli variants as our data files: each loads with the njudge's
powers, letters, start and units, its cities and their walls and ports, its tables, its
variable income and its straits; the loader refuses a Machiavelli file that breaks the
format's rules (docs/variant-format.md, "Machiavelli") with the line and the reason."""

from __future__ import annotations

import pytest

import variants
from variants import AUTONOMOUS, VariantError, load_text

# name: (start, cities, starting units, "Power=letter ...", powers no player plays), as the
# njudge's map, seed, info files and its variant table (njudge-formats 4.5) give them.
MACH_EXPECTED = {
    "machiavelli": (
        "F1453A", 44, 39,
        "Austria=A Florence=L France=F Milan=I Naples=N Papacy=P Turkey=T Venice=V", "",
    ),
    "machiavelli2": (
        "F1453A", 44, 40,
        "Austria=A Florence=L France=F Milan=I Naples=N Papacy=P Turkey=T Venice=V", "",
    ),
    "mach_eos": ("F1384A", 38, 48, "Florence=L Milan=I Naples=N Venice=V", ""),
    "mach_este": ("F1384A", 38, 44, "Florence=L Milan=I Naples=N Venice=V Este=E", ""),
    "mach_sfd1": (
        "F1498A", 44, 39, "Austria=A Florence=L France=F Papacy=P Turkey=T Venice=V", "",
    ),
    "mach_sfd2": (
        "F1512A", 44, 42, "Austria=A France=F Milan=I Naples=N Papacy=P Turkey=T Venice=V", "",
    ),
    "mach_span": (
        "F1520A", 44, 40, "Austria=A Florence=L France=F Naples=N Papacy=P Turkey=T Venice=V",
        "",
    ),
    "mach_aoc": (
        "F1334A", 41, 38,
        "Florence=L Milan=I Naples=N Venice=V Scaligeri=A Pisa=P Genoa=G Savoy=S Trinacria=T "
        "Provence=R",
        "Provence",
    ),
    "mach_aoc2": (
        "F1334A", 41, 40,
        "Florence=L Milan=I Naples=N Papacy=P Venice=V Scaligeri=A Pisa=S Genoa=G Trinacria=T "
        "Provence=R",
        "Provence",
    ),
    "dipmach": (
        "F1900A", 34, 28, "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T", "",
    ),
    "machfive": ("F3000A", 26, 26, "First=1 Second=2 Third=3 Fourth=4 Fifth=5", ""),
    "mach2_sfd1": (
        "F1498A", 44, 40, "Austria=A Florence=L France=F Papacy=P Turkey=T Venice=V", "",
    ),
    "mach2_sfd2": (
        "F1512A", 44, 40, "Austria=A France=F Milan=I Naples=N Papacy=P Turkey=T Venice=V", "",
    ),
    "mach2_span": (
        "F1520A", 44, 42, "Austria=A Florence=L France=F Naples=N Papacy=P Turkey=T Venice=V",
        "",
    ),
    "mach2_fotl": ("F724A", 44, 36, "Byzantium=B France=F Papacy=P Lombardy=L", ""),
    "mach2_eai": (
        "F1050A", 44, 33,
        "Byzantium=B Papacy=P Turkey=T Venice=V Pisa=S Lombardy=L Empire=E Norman=N", "Lombardy",
    ),
    "mach2_pamt": ("F1176A", 44, 36, "Milan=I Papacy=P Venice=V Empire=E Mongols=G", ""),
    "mach2_pa": ("F1176A", 44, 31, "Milan=I Papacy=P Venice=V Empire=E", ""),
    "mach2_ttr": (
        "F1252A", 44, 33, "Florence=L Milan=I Naples=N Papacy=P Venice=V Genoa=G Aragon=A", "",
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(MACH_EXPECTED))
def test_each_scenario_has_the_njudges_powers_cities_and_start(name):
    start, cities, units, powers, unplayed = MACH_EXPECTED[name]
    variant = variants.load(name)
    assert variant.is_machiavelli and "machiavelli" in variant.rules
    assert ("mach2" in variant.rules) == (name.startswith("mach2") or name == "machiavelli2")
    assert [f"{p.name}={p.letter}" for p in variant.powers] == powers.split()
    assert [p.name for p in variant.powers if not p.played] == unplayed.split()
    assert (variant.start, variant.victory) == (start, 15)
    assert (len(variant.centers), len(variant.units)) == (cities, units)
    assert variant.phases == ("SM", "SR", "UM", "UR", "FM", "FR", "FB")
    assert all(p.income > 0 for abbr, p in variant.provinces.items() if abbr in variant.centers)
    data = variant.machiavelli
    assert data is not None and data.province_order and variant.center_order
    assert set(data.control.values()) <= {p.name for p in variant.powers} | {AUTONOMOUS}


def test_the_balance_of_power_map_has_its_cities_walls_and_tables():
    v = variants.load("machiavelli")
    venice, genoa, aquila, corsica = (v.provinces[a] for a in ("ven", "gen", "aqu", "cor"))
    assert (venice.income, venice.fortified, venice.port, venice.venice) == (3, True, True, True)
    assert (genoa.income, genoa.walled, aquila.fortress, aquila.center) == (3, True, True, False)
    assert (corsica.port, corsica.fortified) == (True, False)  # an open port
    assert [u.location for u in v.units if u.power == AUTONOMOUS][:3] == ["fer", "gen", "luc"]
    assert [f"{u.type} {u.location}" for u in v.units if u.power == "Venice"] == [
        "F dal", "A pad", "G ven", "A ver",
    ]  # fmt: skip
    assert v.power("Venice").homes[:3] == ("ber", "bre", "dal")  # a home country: cities or not
    data = v.machiavelli
    assert data is not None
    florence = next(i for i in data.variable_income if i.province == "flo")
    assert (florence.dice, florence.ducats) == (2, (1, 2, 3, 3, 4, 5))
    assert data.famine is not None and data.famine[0][2] == "pro"  # row 2, column 4: Provence
    assert data.plague is not None and data.plague[9][0] == "pia"
    assert data.storms is not None and data.storms[0][10] == "uas"
    assert {(s.keeper, s.ends) for s in data.straits} == {
        ("mes", ("gon", "ion")), ("pio", ("ets", "psa")),
    }  # fmt: skip
    assert len(data.province_order) == 70 and len(v.center_order) == 44
    assert dict(data.control)["ven"] == "Venice" and v.ownership["ven"] == "Venice"


def test_a_seed_with_ownership_records_gives_control_cities_and_a_conquered_home():
    sfd2 = variants.load("mach_sfd2")
    data = sfd2.machiavelli
    assert data is not None
    assert sfd2.power("Naples").homes == ("aqu", "bar", "cap", "mes", "nap", "otr", "pal", "slr")
    assert all(data.control[h] == "Austria" for h in sfd2.power("Naples").homes)
    assert (data.control["mil"], sfd2.ownership["mil"]) == ("Austria", "France")  # G mil
    assert "gen" not in sfd2.ownership  # its garrison takes the city at the first control
    assert next(u for u in sfd2.units if u.location == "gen").power == AUTONOMOUS


def test_the_second_editions_limits_and_the_scenarios_own_facts():
    sfd1 = variants.load("mach2_sfd1").machiavelli
    assert sfd1 is not None and sfd1.limits["Turkey"].garrison == "x..x"
    assert sfd1.limits["Turkey"].allows("G", "professional", "built")
    assert not sfd1.limits["Turkey"].allows("A", "militia", "bribed")
    eai = variants.load("mach2_eai")
    assert eai.provinces["avi"].impassable and eai.power("Lombardy").played is False
    assert next(i.initial for i in eai.machiavelli.variable_income if i.province == "nap") == 14  # type: ignore[union-attr]
    five = variants.load("machfive")
    assert five.province("cap1").abbr == "ca1" and five.power("3").name == "Third"
    assert "F" not in variants.load("mach2_fotl").machiavelli.limits  # type: ignore[union-attr]
    assert {"fortresses"} < variants.load("mach_eos").rules


TINY = """\
[variant]
name      tinymach
title     Tiny Machiavelli
start     F1453A
phases    SM SR UM UR FM FR FB
victory   2
units     A F G
rules     machiavelli

[provinces]
aaa     coast  "Alpha"   city=2 fortified port
bbb     land   "Beta"    city=1
ccc     land   "Gamma"   fortress
one     sea    "Sea One"

[adjacencies]
aaa     army   bbb ccc
bbb     army   aaa ccc
ccc     army   aaa bbb
aaa     fleet  one
one     fleet  aaa

[powers]
Alpha   Alphan  A   aaa ccc
Beta    Betan   B   bbb

[units]
Alpha       A aaa, G aaa
Autonomous  G ccc
"""


def test_a_small_machiavelli_file_loads_with_its_defaults():
    tiny = load_text(TINY, source="tiny.variant")
    assert tiny.start == "F1453A" and tiny.centers == ("aaa", "bbb")
    assert dict(tiny.ownership) == {"aaa": "Alpha", "bbb": "Beta"}  # home cities
    assert dict(tiny.machiavelli.control) == {"aaa": "Alpha", "ccc": "Alpha", "bbb": "Beta"}  # type: ignore[union-attr]
    assert tiny.machiavelli.province_order == ("aaa", "bbb", "ccc")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (('"Sea One"', '"Sea One" city=1'), "a sea has no city ('one')"),
        (('"Beta"    city=1', '"Beta" fortified'), "only a city is fortified ('bbb' needs city=N)"),
        (('"Gamma"   fortress', '"Gamma" fortress city=1'),
         "a fortress gives no income ('ccc': city= or fortress)"),
        (('"Beta"    city=1', '"Beta" city=1 port'), "a port is on the coast, 'bbb' is land"),
        (('"Beta"    city=1', '"Beta" city=0'), "a city gives 1 to 9 ducats, not '0'"),
        (("Alpha       A aaa, G aaa", "Alpha  A aaa, G aaa, G aaa"), "two units start in aaa"),
        (("Alpha       A aaa, G aaa", "Alpha  A aaa, G one"), "a garrison stands in a city"),
        (("Autonomous  G ccc", "Gamma  G ccc"), "unknown power 'Gamma'"),
        (("rules     machiavelli", "rules"), "cities belong to Machiavelli maps"),
    ],
)  # fmt: skip
def test_a_broken_machiavelli_file_is_refused_with_line_and_reason(change, reason):
    old, new = change
    assert old in TINY
    with pytest.raises(VariantError) as refused:
        load_text(TINY.replace(old, new), source="tiny.variant")
    assert reason in str(refused.value)


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ("[control]\nGamma aaa", "unknown power 'Gamma'"),
        ("[control]\nAlpha one", "'one' is not a land province anyone can control"),
        ("[province order]\naaa bbb", "[province order] lacks ccc"),
        ("[famine]\n2 aaa - - - - - - - - - -", "[famine] lacks row 3, 4"),
        ("[storms]\n" + "".join(f"{r} aaa - - - - - - - - - -\n" for r in range(2, 13)),
         "[storms] strikes seas, not 'aaa'"),
        ("[unit limits]\nAlpha xxxx x.x. xxq.", "'xxq.' is not four of x . b r"),
        ("[straits]\nbbb one aaa\nccc one bbb", "no fleet moves between one and bbb"),
        ("[variable income]\naaa 1 1 2 3 4 5 6 later=2", "unknown variable income attribute"),
    ],
)  # fmt: skip
def test_a_broken_machiavelli_section_is_refused(extra, reason):
    with pytest.raises(VariantError) as refused:
        load_text(TINY + "\n" + extra + "\n", source="tiny.variant")
    assert reason in str(refused.value)


def test_machiavelli_sections_and_garrisons_are_refused_elsewhere():
    plain = TINY.replace("rules     machiavelli", "rules")
    plain = plain.replace("city=2 fortified port", "center")
    plain = plain.replace("city=1", "center").replace(" fortress", "").replace(", G aaa", "")
    plain = plain.replace("Alpha   Alphan  A   aaa ccc", "Alpha   Alphan  A   aaa")
    plain = plain.replace("Autonomous  G ccc\n", "").replace("units     A F G", "units     A F")
    plain = plain.replace("start     F1453A", "start     S1454M")
    assert not load_text(plain, source="plain.variant").is_machiavelli
    for extra, reason in (
        ("[famine]\n2 aaa - - - - - - - - - -", "[famine] belongs to Machiavelli maps"),
        ("[straits]\naaa one aaa", "[straits] belongs to Machiavelli maps"),
    ):
        with pytest.raises(VariantError) as refused:
            load_text(plain + "\n" + extra + "\n", source="plain.variant")
        assert reason in str(refused.value)
    with pytest.raises(VariantError) as refused:
        load_text(plain.replace("units     A F", "units     A F G"), source="plain.variant")
    assert "garrisons (G) belong to Machiavelli maps" in str(refused.value)
