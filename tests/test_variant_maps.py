"""The shapes of the maps whose rule is their board, each checked against the variant's own
text (../shared/njudge-maps/info): wraparound's torus, layered's two boards, and where the
shift variants start. Moves are adjudicated through the phase document as the judge hands
it over, so what is checked is what a player's order does."""

from __future__ import annotations

from typing import Any

import variants
from adjudicator import adjudicate


def phase(variant: str, when: str, units: dict, orders: dict) -> dict[str, Any]:
    return adjudicate({"variant": variant, "phase": when, "units": units, "orders": orders})


def result_of(out: dict[str, Any], text: str) -> str:
    [found] = [line for line in out["orders"] if line["text"] == text]
    return found["result"]


def test_wraparound_joins_the_edges_of_the_board():
    """info.wraparound: "the east-coasts of Russia and Turkey now border upon the Atlantic,
    You can move from the Norwegian to Ionian Seas, and you can move an Army from St
    Petersburg to Syria"; "St Petersburg now has 3 distinctive coasts"; Omsk "borders upon
    Stp, Mos, Sev, Mao and Nao"; "Barents Sea DOES border on Syria"."""
    board = variants.load("wraparound")
    assert board.provinces["stp"].coasts == ("nc", "sc", "ec")
    assert "nao" in board.fleet_moves["oms"] and "mao" in board.fleet_moves["oms"]
    assert {"stp", "mos", "sev"} <= board.army_moves["oms"]
    assert "syr/wc" in board.fleet_moves["bar"]
    assert "eas" not in {p.partition("/")[0] for loc in board.provinces["stp"].locations
                         for p in board.fleet_moves.get(loc, ())}  # fmt: skip
    out = phase(
        "wraparound",
        "S1901M",
        {"Russia": ["A stp"], "England": ["F nwg"]},
        {"Russia": ["A stp - syr"], "England": ["F nwg - ion"]},
    )
    assert result_of(out, "A stp - syr") == "succeeds"
    assert result_of(out, "F nwg - ion") == "succeeds"
    assert out["units"] == {"Russia": ["A syr"], "England": ["F ion"]}


def test_wraparound_makes_ireland_north_africa_and_iceland_playable():
    """info.wraparound: "Iceland is now moveable to ... Ireland is now moveable to";
    "Ireland and North Africa are also now Supply Centres"; "North Africa/Tunis is now an
    island" (no army walks there from the mainland)."""
    board = variants.load("wraparound")
    assert board.provinces["ire"].center and board.provinces["naf"].center
    assert board.army_moves["naf"] == frozenset({"tun"})
    out = phase(
        "wraparound", "S1901M", {"England": ["F nao", "F iri"]},
        {"England": ["F nao - ice", "F iri - ire"]},
    )  # fmt: skip
    assert out["units"] == {"England": ["F ice", "F ire"]}


def test_layered_boards_touch_only_the_same_territory_above_or_below():
    """info.layered: "each territory has only one adjacent territory on the other board and
    the territory only differs by the number found at the end of it"; "you can support a
    unit from one board to the other"; "Each player plays the same power on each board"."""
    board = variants.load("layered")
    for abbr in board.provinces:
        if board.provinces[abbr].impassable:
            continue
        layer, twin = abbr[-1], abbr[:-1] + ("2" if abbr[-1] == "1" else "1")
        reach = board.army_moves.get(abbr, frozenset()) | {
            d.partition("/")[0]
            for loc in board.provinces[abbr].locations
            for d in board.fleet_moves.get(loc, ())
        }
        across = {d for d in reach if d[-1] != layer}
        assert across == {twin}, (abbr, across)
    assert board.power("Germany").homes == ("ber1", "ber2", "kie1", "kie2", "mun1", "mun2")
    out = phase(
        "layered",
        "S1901M",
        {"Germany": ["A mun1", "A ber2"], "France": ["A bur2"]},
        {"Germany": ["A mun1 - mun2", "A ber2 S A mun1 - mun2"], "France": ["A bur2 - mun2"]},
    )
    assert result_of(out, "A mun1 - mun2") == "succeeds"
    assert result_of(out, "A bur2 - mun2") == "fails"
    assert sorted(out["units"]["Germany"]) == ["A ber2", "A mun2"]


# info.shift: "A -> B means A's units start in country B", for Shift-Right; Shift-Left
# "shifts everyone in the opposite direction (Germany and Turkey still just trade)".
SHIFT_RIGHT = {
    "Germany": "Turkey", "Turkey": "Germany", "England": "Italy", "Italy": "Russia",
    "Russia": "France", "France": "Austria", "Austria": "England",
}  # fmt: skip


def test_shift_right_and_left_seat_the_powers_in_anothers_homes():
    """info.shift: everyone begins "with their units occupying the home centers of another
    power, with the units that power would normally have"; "Austria's home centers are
    still Austria's home centers--but he doesn't own any of them when the game starts"."""
    standard = variants.load("standard")
    left = {b: a for a, b in SHIFT_RIGHT.items()}
    for name, seats in (("shift_right", SHIFT_RIGHT), ("shift_left", left)):
        board = variants.load(name)
        for power in board.powers:
            assert set(power.homes) == set(standard.power(power.name).homes), (name, power.name)
            mine = {f"{u.type} {u.location}" for u in board.units if u.power == power.name}
            theirs = {
                f"{u.type} {u.location}" for u in standard.units if u.power == seats[power.name]
            }
            assert mine == theirs, (name, power.name)
            owned = {c for c, owner in board.ownership.items() if owner == power.name}
            assert not owned & set(power.homes), (name, power.name)
