"""A blind game's pictures draw for each reader exactly what his text copy names (issue 30;
docs/pictures.md, judge/reports/blind.py): his picture and his copy of the results take
their documents from the same cut (`seen_phase` for a played phase: the results and MAP of
a past phase; `seen_position` for the board as it stands: MAP now).

A sweep over every variant made blind (each of the njudge's maps with the Blind option;
each Machiavelli map with and without money, the ways blind Machiavelli is played), every
kind of reader (the master, the players of four powers, an observer, and a player and an
observer under SET BCENTERS) and both scenes (a phase's, and the board it leaves), on a
few phases played by random robots: nothing in a reader's scene that his copy does not
name, and of his own powers everything the master's shows. The scene is what the SVG
draws (checked here on a Machiavelli board); the PNG is drawn from the same SVG. Played by
mail, with every channel and a stranger too: tests/test_blind_pictures_by_mail.py."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import pytest
from PIL import Image, ImageChops

import robots
import variants
from adjudicator import adjudicate
from adjudicator.document import read_document
from judge.engine.game.machiavelli import kept_state, start_position
from judge.reports.blind import blind_report, sight
from judge.reports.pictures import (
    phase_picture,
    phase_title,
    picture,
    seen_phase_scene,
    seen_position_scene,
)
from judge.reports.pictures.scene import Scene
from judge.reports.pictures.static import TITLE, board_layer
from judge.reports.play.ownership import Sight
from tests.blindfacts import Fact, has_tables, known_unnamed, scene_facts, svg_facts, unnamed
from variants import AUTONOMOUS, Variant

MACH = [n for n in variants.available() if variants.load(n).is_machiavelli]
WAYS = [(n, False) for n in variants.available() if n not in MACH]
WAYS += [(n, money) for n in MACH for money in (False, True)]


def _start(variant: Variant, money: bool) -> dict:
    doc = {"variant": variant.name, "phase": variant.start, "orders": {}}
    if variant.is_machiavelli:
        board = start_position(variant, {})
        state = {**board["machiavelli"], "seed": 11}
        return {**doc, **board, "machiavelli": state, "options": {"money": money, "blind": True}}
    units: dict[str, list[str]] = {}
    centers: dict[str, list[str]] = {}
    for unit in variant.units:
        units.setdefault(unit.power, []).append(f"{unit.type} {unit.location}")
    for centre, power in variant.ownership.items():
        centers.setdefault(power, []).append(centre)
    return {**doc, "units": units, "centers": centers, "options": {"blind": True}}


@cache
def played(name: str, money: bool) -> tuple[tuple[dict, dict, dict], ...]:
    """A few phases from the start, every power ordered by a random robot: each phase's
    input, its output and the board it leaves (as processing.py keeps it)."""
    variant = variants.load(name)
    doc, out_list = _start(variant, money), []
    for _ in range(5 if variant.is_machiavelli else 3):
        position, _, options = read_document(doc)
        orders = {}
        for power in variant.powers:
            rng = robots.rng_for(3, doc["phase"], power.name)
            orders[power.name] = robots.play("random", position, power.name, rng, options=options)
        doc = {**doc, "orders": orders}
        out = adjudicate(doc)
        board = {"units": out["units"], "centers": out["centers"],
                 "dislodged": out.get("dislodged") or []}  # fmt: skip
        following = {**doc, "phase": out["next_phase"], "orders": {}, **board}
        if "machiavelli" in out:
            board["machiavelli"] = kept_state(out)
            following["machiavelli"] = out["machiavelli"]
        out_list.append((doc, out, board))
        doc = following
    return tuple(out_list)


def readers(variant: Variant) -> Iterator[tuple[str, Sight | None]]:
    """The master, the players of four powers spread over the variant's (every power of a
    map of four or fewer), an observer, and a player and an observer under BCENTERS."""
    yield "master", None
    for power in variant.powers[:: max(1, len(variant.powers) // 4)]:
        yield power.name, sight("player", power.name)
    yield "observer", sight("observer", None)
    first = variant.powers[0].name
    yield f"{first} under BCENTERS", sight("player", first, True)
    yield "observer under BCENTERS", sight("observer", None, True)


@pytest.mark.parametrize(("name", "money"), WAYS, ids=[f"{n}{'+money' * m}" for n, m in WAYS])
def test_each_readers_scenes_hold_what_his_copy_names(name: str, money: bool) -> None:
    variant = variants.load(name)
    everyone = {p.name for p in variant.powers} | {AUTONOMOUS}
    for seq, (doc, out, board) in enumerate(played(name, money), 1):
        full: dict[str, set[Fact]] = {}
        for who, seen in readers(variant):
            text = blind_report(variant, "g", seq, doc, out, seen)
            scenes = {
                "phase": seen_phase_scene(variant, "t", doc, out, seen),
                "board": seen_position_scene(variant, "t", board, seen),
            }
            for channel, scene in scenes.items():
                facts = scene_facts(scene)
                own = everyone if seen is None else set(seen)
                every = seen is None or seen.all_centers
                known = known_unnamed(facts, own, every, tables=has_tables(text),
                                      moving=doc["phase"].endswith("M"))  # fmt: skip
                missing = unnamed(variant, facts - known, text)
                assert not missing, (doc["phase"], who, channel, sorted(missing), text)
                if seen is None:
                    full[channel] = facts
                    continue
                # Of his own powers, everything the master's shows; of the others, no more
                # than the owners of their cities under BCENTERS.
                mine = {f for f in facts if f[1] in seen}
                assert mine == {f for f in full[channel] if f[1] in seen}, (doc["phase"], who)
                others = {f[0] for f in facts if f[1] and f[1] not in seen}
                assert others <= ({"owner"} if every else set()), (doc["phase"], who, channel)
                assert scene.counts == full_counts(out if channel == "phase" else board, doc)


def full_counts(later: dict, doc: dict) -> dict[str, int]:
    centers = later.get("centers") or doc.get("centers") or {}
    return {power: len(cs) for power, cs in centers.items()}


# -- what is drawn is the scene ------------------------------------------------------------


def _campaign() -> tuple[Variant, dict, dict]:
    """The end of the first campaign of a Machiavelli game with money: every power's
    control, Venice besieging Ferrara's autonomous garrison."""
    variant = variants.load("machiavelli")
    doc, _, _ = played("machiavelli", True)[3]
    assert doc["phase"] == "F1454M"
    doc = {**doc, "orders": {**doc["orders"], "Venice": ["A pad-fer"]}}
    return variant, doc, adjudicate(doc)


def test_the_svg_draws_the_scene_and_the_png_the_svg() -> None:
    variant, doc, out = _campaign()
    title = phase_title("USTS", "g", "F1454M")
    scenes: dict[str, Scene] = {}
    for who, seen in (("master", None), ("Venice", sight("player", "Venice"))):
        scene = seen_phase_scene(variant, title, doc, out, seen)
        svg = phase_picture(variant, "USTS", "g", doc, out, seen).svg  # what MAP and results send
        assert svg == picture(variant, scene, "g").svg
        # Every fact of the scene is drawn, but a tint of an autonomous province.
        facts = scene_facts(scene)
        grey = {f for f in facts if f[0] == "control" and f[1] == AUTONOMOUS}
        assert facts - grey == svg_facts(svg), who
        scenes[who] = scene
    assert {f[1] for f in scene_facts(scenes["master"]) if f[0] == "control"} > {"Venice"}
    # The PNG is drawn from the same SVG: Venice's differs from the master's, and taking
    # one province's control out of a scene changes its PNG within that province only.
    master = scenes["master"]
    assert png_of(variant, master) != png_of(variant, scenes["Venice"])
    assert master.control["rma"] == "Papacy"
    rome = replace(master, control={k: p for k, p in master.control.items() if k != "rma"})
    changed = ImageChops.difference(png_of(variant, master), png_of(variant, rome)).getbbox()
    rings = board_layer(variant).geometry.places["rma"].rings
    xs, ys = [x for r in rings for x, _ in r], [y + TITLE for r in rings for _, y in r]
    assert changed is not None
    left, top, right, bottom = changed
    assert min(xs) - 2 <= left and right <= max(xs) + 2, (changed, min(xs), max(xs))
    assert min(ys) - 2 <= top and bottom <= max(ys) + 2, (changed, min(ys), max(ys))


def png_of(variant: Variant, scene: Scene) -> Image.Image:
    return Image.open(io.BytesIO(picture(variant, scene, "g").png)).convert("RGB")


def test_no_picture_draws_money() -> None:
    """A treasury is told to its power and the master alone (in the text): no picture,
    however seen, depends on any power's ducats, loans or chits."""
    variant, doc, out = _campaign()
    state = out["machiavelli"]
    assert state["treasury"]
    rich = {**state, "treasury": {p: 999 for p in state["treasury"]},
            "loans": {"Venice": [[50, 10, "S1455M"]]}, "chits": {"Venice": ["Milan"]}}  # fmt: skip
    for seen in (None, sight("player", "Venice"), sight("observer", None)):
        svg = phase_picture(variant, "USTS", "g", doc, out, seen).svg
        richer = phase_picture(variant, "USTS", "g", doc, {**out, "machiavelli": rich}, seen)
        assert svg == richer.svg
        assert "ducat" not in svg.lower() and "treasury" not in svg.lower()


def test_a_unit_bought_in_the_campaign_is_drawn_as_its_buyers() -> None:
    """Venice buys the Papacy's army in Bologna and moves it: every picture of the phase
    draws it as Venice's, as the copies of the results list it; the Papacy's draws it not."""
    variant = variants.load("machiavelli")
    doc = {"variant": "machiavelli", "phase": "S1455M", "options": {"money": True},
           "units": {"Venice": ["A fer"], "Papacy": ["A bol"]},
           "orders": {"Venice": ["Expense 1: 18 ducats buy A bol", "A bol - pst", "A fer H"],
                      "Papacy": ["A bol - flo"]},
           "machiavelli": {"seed": 5, "treasury": {"Venice": 18}}}  # fmt: skip
    out = adjudicate(doc)
    for who, seen in (("master", None), ("Venice", sight("player", "Venice"))):
        facts = scene_facts(seen_phase_scene(variant, "t", doc, out, seen))
        assert {("unit", "Venice", "bol"), ("order", "Venice", "bol")} <= facts, who
        assert not {f for f in facts if f[1] == "Papacy" and f[0] in ("unit", "order")}, who
        moved = {f for f in facts if f[0] in ("unit", "order")}
        assert not unnamed(variant, moved, blind_report(variant, "g", 1, doc, out, seen)), who
    papal = scene_facts(seen_phase_scene(variant, "t", doc, out, sight("player", "Papacy")))
    assert not {f for f in papal if f[0] in ("unit", "order")}
