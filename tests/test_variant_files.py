"""The variants converted from the njudge's map files: each loads, has the njudge's powers,
letters, centres to win, start and starting units, carries its own special data (colonial's
railway, gateway and Hong Kong, loeb9's crossings and arctic ocean), and equals what the
converter writes today; the loader refuses broken railways, gateways, crossings and
uncounted centres with the line and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

import variants
from tests.test_mach_variants import MACH_EXPECTED
from variants import VariantError, load_text
from variants.njudge import main as convert_all

MAPS = Path(__file__).resolve().parent.parent.parent / "shared" / "njudge-maps"

# name: (start, centres to win, supply centres, starting units, "Power=letter ...") as the
# njudge's variant table (njudge-formats 4.5), its map, seed, report and info files give them.
EXPECTED = {
    "standard": (
        "S1901M",
        18,
        34,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "youngstown": (
        "S1901M",
        37,
        72,
        39,
        "Austria=A China=C England=E France=F Germany=G India=N Italy=I Japan=J Russia=R Turkey=T",
    ),
    "loeb9": (
        "S1901M",
        20,
        38,
        28,
        "Austria=A England=E France=F Germany=G Italy=I Norway=N Russia=R Spain=S Turkey=T",
    ),
    "pure": ("S1901M", 4, 7, 7, "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T"),
    "chaos": (
        "F1900B",
        18,
        34,
        0,
        (
            "Ankara=A Belgium=B Berlin=C Brest=D Budapest=E Bulgaria=F Constantinople=G Denmark=H "
            "Edinburgh=I Greece=J Holland=K Kiel=L Liverpool=N London=P Marseilles=Q Moscow=R "
            "Munich=S Naples=T Norway=U Paris=V Portugal=W Rome=X Rumania=Y Serbia=Z Sevastopol=0 "
            "Smyrna=1 Spain=2 StPetersburg=3 Sweden=4 Trieste=5 Tunis=6 Venice=7 Vienna=8 Warsaw=9"
        ),
    ),
    "britain": (
        "S1901M",
        19,
        37,
        25,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "1898": (
        "S1899M",
        18,
        34,
        7,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "crowded": (
        "S1901M",
        18,
        35,
        35,
        (
            "Austria=A Balkan=B England=E France=F Germany=G Italy=I Lowland=L Norway=N Russia=R "
            "Spain=S Turkey=T"
        ),
    ),
    "fleet_rome": (
        "S1901M",
        18,
        34,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "shift_right": (
        "S1901M",
        18,
        34,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "shift_left": (
        "S1901M",
        18,
        34,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "rootz": (
        "S1901M",
        28,
        68,
        44,
        (
            "Austria1=A Austria2=1 England1=E England2=2 France1=F France2=3 Germany1=G Germany2=4 "
            "Italy1=I Italy2=5 Russia1=R Russia2=6 Turkey1=T Turkey2=7"
        ),
    ),
    "aberration": (
        "S1901M",
        27,
        52,
        27,
        "Burgundy=B Byzantium=Z Eire=E Hungary=H Israel=I Poland=P Sicily=C Spain=S Ukraine=U",
    ),
    "wraparound": (
        "S1901M",
        19,
        36,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "chromatic": ("S1901M", 11, 21, 15, "Yellow=Y Dark=D Light=L Red=R Blue=B"),
    "milan": (
        "S1901M",
        18,
        34,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "asia": (
        "S1901M",
        21,
        40,
        22,
        "China=C India=N Indonesia=I Japan=J Persia=P Russia=R Siberia=S",
    ),
    "modern": (
        "S1995M",
        33,
        64,
        38,
        "Britain=B Egypt=E France=F Germany=G Italy=I Poland=P Russia=R Spain=S Turkey=T Ukraine=U",
    ),
    "colonial": (
        "S1870M",
        30,
        58,
        29,
        "Britain=B China=C France=F Japan=J Russia=R Turkey=T Holland=H",
    ),
    "h31": ("S1425M", 9, 17, 14, "Burgundy=B England=E France=F"),
    "h32": ("S1425M", 9, 17, 14, "Burgundy=B England=E France=F"),
    "classical": ("S1050M", 18, 35, 15, "Egypt=E Syria=S Carthage=C Macedon=A Rome=R"),
    "empire": (
        "S1999M",
        29,
        58,
        30,
        "BC=B California=C Mexico=X Florida=F Heartland=H NewYork=N Peru=P Quebec=Q Texas=T Cuba=U",
    ),
    "african2": (
        "S1901M",
        19,
        36,
        18,
        "Ethiopia=E Ivory-Coast=I Libya=L Saudi-Arabia=S South-Africa=A Zaire=Z",
    ),
    "wraparound2": (
        "S1901M",
        19,
        36,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "shift_around": (
        "S1901M",
        18,
        34,
        22,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "layered": (
        "S1901M",
        35,
        68,
        44,
        "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T",
    ),
    "sailho_crowded": ("S1901M", 10, 18, 18, "North=N South=S East=E West=W Cyprus=C Dissentos=D"),
    "sailho": ("S1901M", 9, 16, 8, "North=N South=S East=E West=W"),
    "ancient_med": ("S0001M", 18, 34, 15, "Egypt=E Persia=P Carthage=C Rome=R Greece=G"),
    "crowded_1898": (
        "S1899M",
        18,
        35,
        11,
        (
            "Austria=A Balkan=B England=E France=F Germany=G Italy=I Lowland=L Norway=N Russia=R "
            "Spain=S Turkey=T"
        ),
    ),
    "colonial96": (
        "S1870M",
        30,
        58,
        29,
        "Britain=B China=C France=F Japan=J Russia=R Turkey=T Holland=H",
    ),
    "minorpower": (
        "F1900B",
        18,
        34,
        0,
        (
            "Austria=A England=E France=F Germany=G Italy=I Russia=R Turkey=T Belgium=B Bulgaria=L "
            "Denmark=D Greece=C Holland=H Norway=Y Portugal=P Rumania=U Serbia=S Spain=N Sweden=W "
            "Tunis=X"
        ),
    ),
}


def test_the_judge_ships_every_njudge_variant():
    assert set(variants.available()) == set(EXPECTED) | set(MACH_EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_variant_has_the_njudges_powers_centres_and_start(name):
    start, victory, centers, units, powers = EXPECTED[name]
    variant = variants.load(name)
    assert variant.name == name
    assert [f"{p.name}={p.letter}" for p in variant.powers] == powers.split()
    assert (variant.start, variant.victory) == (start, victory)
    assert (len(variant.centers), len(variant.units)) == (centers, units)
    for power in variant.powers:  # the njudge's letter and the name both find the power
        assert variant.power(power.letter) is variant.power(power.name.lower()) is power


def test_youngstown_and_asia_letters_are_the_njudges():
    youngstown, asia = variants.load("youngstown"), variants.load("asia")
    assert youngstown.power("N").name == asia.power("N").name == "India"
    assert youngstown.power("India").homes == ("cal", "del", "mad")
    assert [str(u.location) for u in youngstown.units if u.power == "India"] == [
        "del", "mad", "cal",
    ]  # fmt: skip


def test_chaos_and_minorpower_start_building_on_an_empty_board():
    chaos, minor = variants.load("chaos"), variants.load("minorpower")
    assert chaos.units == () and minor.units == ()
    assert chaos.start == minor.start == "F1900B"
    assert chaos.ownership["ser"] == chaos.power("Z").name == "Serbia"
    assert len(set(chaos.ownership.values())) == 34 and "any_center" in chaos.rules
    assert minor.ownership["nwy"] == "Norway" and minor.power("Y").name == "Norway"
    assert minor.ownership["spa"] == minor.power("N").name == "Spain"
    assert [c for c, p in minor.ownership.items() if p == "Russia"] == ["mos", "sev", "stp", "war"]


def test_the_shift_variants_start_in_each_others_homes():
    left = variants.load("shift_left")
    assert {c for c, p in left.ownership.items() if p == "Austria"} == {"par", "mar", "bre"}
    assert left.power("Austria").homes == ("bud", "tri", "vie")
    right = variants.load("shift_right")
    assert {c for c, p in right.ownership.items() if p == "Austria"} == {"edi", "lon", "lvp"}


def test_colonial_has_its_railway_gateway_and_hong_kong():
    for name in ("colonial", "colonial96"):
        colonial = variants.load(name)
        (tsr,) = colonial.railways
        assert (tsr.abbr, tsr.name, tsr.power) == ("tsr", "Trans Siberian Railway", "Russia")
        assert tsr.stations == ("mos", "prm", "oms", "kra", "irk", "vla")
        (suez,) = colonial.gateways
        assert (suez.abbr, suez.name, suez.at, suez.joins) == ("sc", "Suez Canal", "egy",
                                                                ("meds", "reds"))  # fmt: skip
        assert dict(colonial.uncounted) == {"China": frozenset({"hk"})}
        assert "tsr" not in colonial.provinces and "sc" not in colonial.provinces
        assert colonial.provinces["ceb"].dual and "duality" in colonial.rules
    # colonial96's land bridges: Sakhalin joins Otaru and Vladivostok
    assert "ota" not in variants.load("colonial").army_moves.get("sak", ())
    assert {"ota", "vla"} <= variants.load("colonial96").army_moves["sak"]


def test_loeb9_has_its_crossings_and_arctic_ocean():
    loeb9 = variants.load("loeb9")
    assert dict(loeb9.crossings) == {
        "cor": {"naf"}, "naf": {"cor"}, "nap": {"sic"}, "sic": {"nap"},
    }  # fmt: skip
    assert loeb9.adjacent("A", "cor", "naf") and not loeb9.adjacent("F", "cor", "naf")
    assert loeb9.provinces["arc"].arctic and loeb9.provinces["arc"].is_sea
    assert [p.abbr for p in loeb9.provinces.values() if p.arctic] == ["arc"]
    assert loeb9.power("N").name == "Norway" and loeb9.province("nor").abbr == "nwy"


def test_what_the_njudges_files_got_wrong_is_mended():
    milan = variants.load("milan")
    assert "nwy" not in milan.fleet_moves["nwy"] and "nth" in milan.fleet_moves["nwy"]
    youngstown = variants.load("youngstown")  # `imo` in its adjacencies is Inner Mongolia
    assert youngstown.province("imo").abbr == "inn" and "pek" in youngstown.army_moves["inn"]
    assert youngstown.center_order[18:21] == ("nwy", "swe", "den")
    modern = variants.load("modern")  # `str`: the Straits of Gibraltar; Iceland an island
    assert modern.province("str").abbr == "sog" and "sog" in modern.fleet_moves["gib"]
    iceland = modern.provinces["ice"]
    assert not iceland.impassable and "ice" not in modern.army_moves
    assert "ice" in modern.fleet_moves["nao"]
    assert "sig" in variants.load("colonial").fleet_moves["javs"]  # `sig-xc mal javs`


@pytest.mark.skipif(
    not MAPS.is_dir(), reason=f"the njudge's map files are not at {MAPS}: cannot regenerate"
)
def test_the_committed_files_are_what_the_converter_writes(tmp_path):
    assert convert_all(["--all", str(MAPS), str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    shipped = [*EXPECTED, *MACH_EXPECTED]
    assert written == sorted(f"{n}.variant" for n in shipped if n != "standard")
    for name in written:
        ours = (variants.DATA_DIR / name).read_text(encoding="utf-8")
        assert (tmp_path / name).read_text(encoding="utf-8") == ours, name


TINY = """\
[variant]
name      tiny
title     Tiny
start     S1901M
phases    SM SR FM FR FB
victory   2
units     A F

[provinces]
aaa     coast  "Alpha Land"  center
bbb     coast  "Beta Land"   center
ccc     land   "Gamma Land"
isl     coast  "Isle"
one     sea    "Sea One"
two     sea    "Sea Two"

[adjacencies]
aaa     army   bbb ccc
bbb     army   aaa ccc
ccc     army   aaa bbb
aaa     fleet  one two
bbb     fleet  one
isl     fleet  two
one     fleet  aaa bbb two
two     fleet  aaa one isl

[powers]
Alpha   Alphan  A   aaa
Beta    Betan   B   bbb

[units]
Alpha   A aaa
Beta    F bbb
"""


def tiny(extra: str) -> variants.Variant:
    return load_text(TINY + extra, source="tiny.variant")


def test_an_island_only_fleets_reach_loads_and_crossings_are_army_moves():
    plain = tiny("")
    assert "isl" not in plain.army_moves and plain.provinces["isl"].is_land
    crossed = load_text(
        TINY.replace(
            "isl     fleet  two", "isl  fleet  two\nisl  crossing  bbb\nbbb  crossing  isl"
        ),
        source="tiny.variant",
    )
    assert crossed.crossings["isl"] == {"bbb"} and "isl" in crossed.army_moves["bbb"]
    colonial_like = tiny(
        '\n[railways]\nrw "Rail Way" Alpha aaa ccc bbb\nall "Open Line" any ccc aaa\n'
        '\n[gateways]\ngw "The Gate" aaa one two\n\n[uncounted]\nBeta aaa\n'
    )
    assert [r.power for r in colonial_like.railways] == ["Alpha", None]
    assert colonial_like.gateways[0].joins == ("one", "two")
    assert colonial_like.uncounted == {"Beta": {"aaa"}}


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ('[railways]\nrw "Rail Way" Gamma aaa bbb', "unknown power 'Gamma'"),
        ('[railways]\nrw "Rail Way" Alpha aaa one', "railway rw cannot run through one"),
        (
            '[railways]\nrw "Rail Way" Alpha aaa isl',
            "railway rw joins aaa and isl, which are not neighbours",
        ),
        ('[railways]\nrw "Rail Way" Alpha aaa xyz', "unknown province 'xyz'"),
        ('[railways]\nrw "Rail Way" Alpha aaa aaa', "railway rw passes aaa twice"),
        ('[railways]\nccc "Rail Way" Alpha aaa bbb', "name 'ccc' already means the province ccc"),
        (
            '[railways]\nrw "Beta Land" Alpha aaa bbb',
            "name 'beta land' already means the province bbb",
        ),
        (
            '[railways]\nrw "Rail Way" Alpha aaa',
            'a railway needs: abbreviation, "Full Name", power or any, two stations or more',
        ),
        ('[gateways]\ngw "Gate" bbb one two', "two is not beside bbb, the gateway's province"),
        ('[gateways]\ngw "Gate" aaa one ccc', "gateway gw joins waters; ccc is not one"),
        ('[gateways]\ngw "Gate" one aaa two', "gateway gw must stand on land, not one"),
        ('[gateways]\ngw "Gate" aaa one one', "gateway gw needs two waters or more"),
        ("[uncounted]\nGamma aaa", "unknown power 'Gamma'"),
        ("[uncounted]\nBeta ccc", "'ccc' is not a supply center"),
        ("[uncounted]\nBeta aaa\nbeta bbb", "beta is listed twice in [uncounted]"),
    ],
)
def test_a_broken_special_section_is_refused_with_line_and_reason(extra, reason):
    text = TINY + "\n" + extra + "\n"
    line = len(text.splitlines())
    with pytest.raises(VariantError) as refused:
        load_text(text, source="tiny.variant")
    assert str(refused.value) == f"tiny.variant:{line}: {reason}"


@pytest.mark.parametrize(
    ("crossing", "reason"),
    [
        (
            "isl crossing bbb",
            "asymmetric adjacency: isl lists bbb for crossing moves, but bbb does not list isl",
        ),
        ("isl crossing two", "an army cannot move to the sea two"),
        ("isl crossing isl", "'isl' cannot be its own neighbour"),
        ("isl crossing aaa/nc", "unknown province 'aaa/nc'"),
    ],
)
def test_a_broken_crossing_is_refused_with_line_and_reason(crossing, reason):
    text = TINY.replace("isl     fleet  two", f"isl     fleet  two\n{crossing}")
    line = text.splitlines().index(crossing) + 1
    with pytest.raises(VariantError) as refused:
        load_text(text, source="tiny.variant")
    assert str(refused.value) == f"tiny.variant:{line}: {reason}"


def test_inland_ground_no_army_reaches_is_still_refused():
    text = TINY.replace('isl     coast  "Isle"', 'isl     coast  "Isle"\nzzz     land   "Nowhere"')
    line = text.splitlines().index('zzz     land   "Nowhere"') + 1
    with pytest.raises(VariantError) as refused:
        load_text(text, source="tiny.variant")
    assert str(refused.value) == f"tiny.variant:{line}: no army can reach zzz"
