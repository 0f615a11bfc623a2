"""The converter of the njudge's map files (variants/njudge.py): the njudge's own standard
map and seed, converted, is our standard board, and what our format cannot hold is refused
by name."""

from __future__ import annotations

from pathlib import Path

import pytest

import variants
from variants.njudge import NotConvertible, convert
from variants.njudge_powers import STANDARD

MAPS = Path(__file__).resolve().parent.parent.parent / "shared" / "njudge-maps"
STANDARD_POWERS = list(STANDARD)


@pytest.mark.skipif(not MAPS.is_dir(), reason=f"the njudge's map files are not at {MAPS}")
def test_the_njudges_standard_map_converts_to_our_standard_board() -> None:
    text = convert(
        (MAPS / "map").read_text(encoding="latin-1"),
        (MAPS / "seed.standard").read_text(encoding="latin-1"),
        name="standard", title="Standard", victory=18, powers=STANDARD_POWERS,
        renames={"nor": "nwy"},
    )  # fmt: skip
    ours, theirs = variants.load("standard"), variants.load_text(text)

    def shape(v: variants.Variant) -> dict[str, object]:
        return {
            "provinces": {
                a: (p.kind, p.center, set(p.coasts), p.dual, p.impassable)
                for a, p in v.provinces.items()
            },
            "army": dict(v.army_moves),
            "fleet": dict(v.fleet_moves),
            "powers": [(p.name, p.letter, set(p.homes)) for p in v.powers],
            "units": {(u.power, u.type, u.location) for u in v.units},
            "ownership": dict(v.ownership),
            "center order": v.center_order,
            "start": v.start,
        }

    assert shape(theirs) == shape(ours)
    assert theirs.names["nor"] == "nwy"  # the njudge's abbreviation still reads


MAP = """Sea One,  {kind} sea
Land,      A lan
-1
sea-xc: lan
lan-mv: lan
lan-xc: sea
-1
-1
"""


def test_what_our_format_cannot_hold_is_refused_by_name() -> None:
    with pytest.raises(NotConvertible, match="high seas"):
        convert(MAP.format(kind="h"), "S1901M\n-1\n-1\n", name="t", title="T", victory=1,
                powers=[("Alpha", "Alphan", "A")])  # fmt: skip
    half_strength = MAP.replace("lan-xc: sea", "lan-xc: sea/hx").format(kind="w")
    with pytest.raises(NotConvertible, match="sea/hx"):
        convert(half_strength, "S1901M\n-1\n-1\n", name="t", title="T", victory=1,
                powers=[("Alpha", "Alphan", "A")])  # fmt: skip


def test_a_seed_with_an_ownership_record_gives_the_ownership() -> None:
    text = convert(
        "Here, x her\nThere, x the\nSea, w sea\n-1\nher-mv: the\nthe-mv: her\n"
        "her-xc: sea the\nthe-xc: sea her\nsea-xc: her the\n-1\n-1\n",
        "F1900B\n-1\nAB.\n-1\n",
        name="tiny", title="Tiny", victory=2,
        powers=[("Alpha", "Alphan", "A"), ("Beta", "Betan", "B")],
    )  # fmt: skip
    tiny = variants.load_text(text)
    assert tiny.start == "F1900B" and tiny.units == ()
    assert dict(tiny.ownership) == {"her": "Alpha", "the": "Beta"}
