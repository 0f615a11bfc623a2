"""The money parts of Machiavelli's reports (judge/reports/play/machiavelli/money.py), from
real adjudications: a campaign's opening (the straits' leave and a bribe for everyone; a
loan, an expense and a payment short of funds for the payer, its receiver and the master)
and an adjustment phase with a special build, a build the treasury cannot pay and a unit
left without an order; each reader's own part; a robot's upkeep within its treasury."""

from __future__ import annotations

import random

import robots
import variants
from adjudicator import adjudicate
from adjudicator.document import read_document
from judge.engine.game.machiavelli import start_position
from judge.reports.play.machiavelli import (
    MASTER,
    adjustment_results,
    movement_results,
    power_orders,
)
from judge.reports.play.machiavelli import private_report as own


def test_upkeep_special_builds_and_removals_each_reader_his_own() -> None:
    variant = variants.load("machiavelli")
    board = start_position(variant, {})
    board["units"]["Venice"] = ["G ven", "F dal", "A ver"]
    state = {**board["machiavelli"], "treasury": {"Venice": 14, "Papacy": 9}, "seed": 3}
    orders = ["build elite mercenary A pad", "maintain G ven", "F dal M", "B A trv"]
    doc = {
        "variant": "machiavelli", "phase": "F1454B", "units": board["units"],
        "centers": board["centers"], "machiavelli": state, "orders": {"Venice": orders},
        "options": {},
    }  # fmt: skip
    out = adjudicate(doc)
    public = adjustment_results(variant, "g", 5, doc, out)
    assert "Venice:                   Builds an elite mercenary army in Padua." in public
    assert "Venice:                   Army Verona *** No order received, removed." in public
    assert "ducats" not in public and "Treasury" not in public
    listed = power_orders(variant, "F1454B", "Venice", out)
    assert "Venice:                   Army Verona *** No order received." in listed
    venice = own(variant, doc, out, "Venice")
    assert "Venice:                   Builds an army in Treviso  (3 ducats *** NSF)" in venice
    assert "Venice:     Treasury 2 ducats." in venice and "Papacy" not in venice
    master = own(variant, doc, out, MASTER)
    assert "Papacy:     Treasury 9 ducats." in master  # its units unordered: removed, unpaid
    assert own(variant, doc, out, None) == ""


def test_the_opening_of_a_campaign_public_and_private() -> None:
    variant = variants.load("machiavelli")
    board = start_position(variant, {})
    state = {**board["machiavelli"], "treasury": {"Venice": 20, "Milan": 5}, "seed": 3}
    venice = ["ally Naples", "borrow 5 ducats for 1 year", "expense 1: disband G man", "A ver H"]
    doc = {
        "variant": "machiavelli", "phase": "S1454M", "units": board["units"],
        "centers": board["centers"], "machiavelli": state,
        "orders": {"Venice": venice, "Milan": ["pay 9 ducats to Venice"]}, "options": {},
    }  # fmt: skip
    out = adjudicate(doc)
    public = movement_results(variant, "g", 2, doc, out)
    assert "Venice allowing Naples to use straits." in public
    assert "Autonomous: Garrison Mantua.  (*disbanded*)" in public
    assert "Borrows" not in public and "E1:" not in public
    mine = own(variant, doc, out, "Venice")
    assert "Venice: Borrows 5 ducats for 1 year, 6d due in Spring of 1455." in mine
    assert "Venice: E1: 6d, Disband Autonomous Garrison Mantua." in mine
    assert "Milan: Pays 9 ducats to Venice.\n  ** NSF = 5 ducats" in mine  # its receiver
    assert "Milan:" not in own(variant, doc, out, "Naples")


def test_a_robot_keeps_what_its_treasury_pays_for_and_removes_the_rest() -> None:
    """No robot's upkeep is left unpaid: an unpaid one is an error in a reply (standing)."""
    variant = variants.load("machiavelli")
    board = start_position(variant, {})
    state = {**board["machiavelli"], "treasury": {"Venice": 10}, "seed": 3}
    doc = {
        "variant": "machiavelli", "phase": "F1454B", "units": board["units"],
        "centers": board["centers"], "machiavelli": state, "orders": {}, "options": {},
    }  # fmt: skip
    position, _, options = read_document(doc)
    orders = robots.play("hold", position, "Venice", random.Random(1), options=options)
    assert [o.split()[0] for o in orders] == ["maintain", "maintain", "maintain", "remove"]
    out = adjudicate({**doc, "orders": {"Venice": orders}})
    venice = own(variant, doc, out, "Venice")
    assert "NSF" not in venice and "Venice:     Treasury 1 ducat." in venice
