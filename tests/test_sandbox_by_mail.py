"""PREDICT as a player's sandbox (issue 35, item 7) over SMTP: orders for any power's units,
adjudicated by the real adjudicator from the player's own standing orders and answered to
him alone; nothing is kept (the phase's results show only the orders really given). In a
blind game the sandbox's board is the player's copy: a unit he does not see is not there.
A master's bare PREDICT still adjudicates everyone's orders; with orders it is a sandbox."""

from __future__ import annotations

from tests.gametable import HOLDS, address, master, start_moderated
from tests.test_blind_games import results, start_blind


def sandbox(table, power: str, body: str) -> str:
    return table.orders(power, body)


def test_a_player_tries_orders_for_other_powers_and_nothing_is_kept(table):
    start_moderated(table)
    table.orders("France", "A par-bur\nA mar H\nF bre H")
    tried = sandbox(
        table,
        "France",
        "PREDICT\nA mun-bur\nA mar S A par-bur\nENDPREDICT\nLIST war",
    )
    assert "Sandbox prediction for S1901M: nothing here is kept" in tried
    assert "  Germany: A mun-bur" in tried and "  France: A mar S A par-bur" in tried
    # The real adjudicator: France's supported move beats the German one.
    assert "France: Army Paris -> Burgundy." in tried
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in tried
    assert "Germany: Army Munich -> Burgundy. (*bounce*)" in tried
    # Other powers' real orders are not used: Italy's unit holds in the sandbox.
    table.orders("Italy", "A ven-pie; A rom H; F nap H")
    again = sandbox(table, "France", "PREDICT\nENDPREDICT")
    assert "Italy: Army Venice -> Piedmont." not in again
    assert "Italy: Army Venice, No Order Processed." in again
    # A unit that is nobody's on the board, and a line that is no order, are refused.
    refused = sandbox(table, "France", "PREDICT\nA ruh-bur\nmarch on\nENDPREDICT")
    assert "PREDICT: no unit on the board as you see it can be given 'A ruh-bur'." in refused
    assert "PREDICT: cannot read 'march on'" in refused
    # Nothing was kept: France's own orders stand as given, Germany was told nothing.
    listed = sandbox(table, "France", "LIST war")
    assert "A mar S A par-bur" not in listed
    assert not table.inbox(address("Germany"), "Sandbox")
    for power, orders in HOLDS.items():
        if power not in ("France", "Italy"):
            table.orders(power, orders)
    real = table.wait_for(address("Germany"), "S1901M Results")[0].get_content()
    assert "Germany: Army Munich HOLD." in real
    assert "France: Army Marseilles HOLD." in real
    assert "France: Army Paris -> Burgundy." in real


def test_sandbox_orders_are_not_orders_and_a_master_may_use_one(table):
    start_moderated(table)
    # The lines after PREDICT are the sandbox's up to the next command, never orders.
    reply = sandbox(table, "England", "PREDICT\nF lon-nth\nSET WAIT")
    assert "  England: F lon-nth" in reply
    assert table.show()["players"] and "F lon-nth" not in sandbox(table, "England", "LIST war")
    # An observer has no sandbox; a master's with orders starts from everyone's orders.
    table.send("watcher@example.org", "OBSERVE war xxxx\n")
    seen = table.send("watcher@example.org", "OBSERVE war xxxx\nPREDICT\n").get_content()
    assert "PREDICT: only a player or a master of game 'war' may do that." in seen
    table.orders("Austria", "A vie-tyr")
    mastered = master(table, "PREDICT\nA ven-tyr\nENDPREDICT")
    assert "Adjudicated with every power's orders given so far" in mastered
    assert "Austria: Army Vienna -> Tyrolia. (*bounce*)" in mastered
    assert "Italy: Army Venice -> Tyrolia. (*bounce*)" in mastered
    bare = master(table, "PREDICT")
    assert "Prediction for S1901M, from the orders given so far:" in bare
    assert "Austria: Army Vienna -> Tyrolia." in bare and "Venice -> Tyrolia" not in bare
    assert not table.inbox(address("Austria"), "Sandbox")


def test_a_blind_players_sandbox_is_his_own_copy_of_the_board(table):
    start_blind(table)
    # Germany's army would bounce France out of Burgundy; France cannot see it.
    table.orders("Germany", "A mun-bur")
    tried = sandbox(table, "France", "PREDICT\nA par-bur\nA mun-bur\nENDPREDICT")
    assert "PREDICT: no unit on the board as you see it can be given 'A mun-bur'." in tried
    assert "France: Army Paris -> Burgundy." in tried
    assert "bounce" not in tried and "Germany:" not in tried and "Munich" not in tried
    # The master sees the whole board, the German order among the orders so far.
    whole = master(table, "PREDICT\nA par-bur\nENDPREDICT")
    assert "Germany: Army Munich -> Burgundy. (*bounce*)" in whole
    master(table, "PROCESS")
    french = results(table, address("France"), "S1901M")
    assert "France: Army Paris, No Order Processed." in french  # the sandbox kept nothing


def test_the_mail_reader_gathers_the_sandbox_orders_up_to_endpredict():
    from datetime import datetime

    import parser as p
    from judge.engine.play.orders import _vocabulary

    vocabulary = _vocabulary("standard", "M")
    body = "SIGN ON Fwar pw\nPREDICT\nA par-bur; A mar S A par-bur\n\nENDPREDICT\nA bre H\n"
    read = p.parse_mail(body, datetime(2026, 1, 1), vocabulary)
    predict = next(c for c in read.commands if isinstance(c, p.Predict))
    assert [e.text for line in predict.orders for e in line.orders] == [
        "A par-bur",
        "A mar S A par-bur",
    ]
    # After ENDPREDICT (or a command line), order lines are orders again.
    after = [c for c in read.commands if isinstance(c, p.OrderLine)]
    assert [c.text for c in after] == ["A bre H"]
    ended = p.parse_mail("SIGN ON Fwar pw\nPREDICT\nA par-bur\nLIST\n", datetime(2026, 1, 1),
                         vocabulary)  # fmt: skip
    assert not [c for c in ended.commands if isinstance(c, p.OrderLine)]
    assert any(isinstance(c, p.ListGames) for c in ended.commands)
