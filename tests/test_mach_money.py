"""Machiavelli's money lines and banking (rules.machiavelli "Borrowing and loans", "Order
syntax", "Example of orders"; SET LOANS, SET NO MONEY, SET NO DICE), each rule from the
rulebook's text and its examples, through the adjudicator's public API."""

from __future__ import annotations

from typing import Any

import pytest

import parser as syntax
import variants
from parser.orders import OrderParser
from parser.values_money import Ally, Borrow, Expense, GiveChit, NoExpense, Pay
from tests.machkit import Played, play

MACH = OrderParser.for_names(variants.load("machiavelli").names, "machiavelli")


def money(
    phase: str,
    units: dict[str, list[str]],
    orders: dict[str, list[str]],
    *,
    options: dict[str, Any] | None = None,
    **state: Any,
) -> Played:
    """A phase of a game with money; `state` is the `machiavelli` object's money."""
    return play(phase, units, orders, options={"money": True, **(options or {})}, machiavelli=state)


def events(played: Played, kind: str, power: str | None = None) -> list[dict[str, Any]]:
    return [e for e in played.events(kind) if power is None or e.get("power") == power]


# -- the money lines read ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Borrow 25 ducats for 2 years", Borrow(25, 2)),
        ("borrow 25 ducats for two", Borrow(25, 2)),
        ("borrow 10d for 1 year", Borrow(10, 1)),
        ("Pay 14 ducats to bank", Pay(14, "bank")),
        ("Pay  6 ducats to Milan", Pay(6, "milan")),
        ("loan 6 d to milan", Pay(6, "milan")),
        ("give Turkey to Naples", GiveChit("turkey", "naples")),
        ("give turkey assassination chit to naples", GiveChit("turkey", "naples")),
        ("Expense 2: none", NoExpense(2)),
        ("Expense 3: 24 ducats Assassinate Papacy", Expense(3, "assassinate", 24, power="papacy")),
        ("Ally Naples", Ally(("naples",))),
        ("ally naples, turkey and milan", Ally(("naples", "turkey", "milan"))),
        ("unally naples", Ally(("naples",), allow=False)),
        ("don't allow turkey", Ally(("turkey",), allow=False)),
    ],
)  # fmt: skip
def test_each_money_line_reads_to_its_value_and_back(text, value):
    assert MACH.parse(text, "movement") == value
    assert MACH.parse(syntax.order_text(value), "movement") == value


@pytest.mark.parametrize(
    ("text", "kind", "ducats", "target"),
    [
        ("Expense 1: 12 ducats Disband Army Bologna", "disband", 12, "A bol"),
        ("Expense 2: 3 ducats Counter-bribe Army Arezzo", "counter-bribe", 3, "A are"),
        ("Expense 1: 9 ducats disband g trent", "disband", 9, "G trt"),
        ("Expense 1: 9 ducats buy g savoy", "buy", 9, "G sav"),
        ("Expense 1: 9 ducats garrison to autonomous bolog", "garrison to autonomous", 9, "bol"),
        ("Expense 1: 18 ducats buy f marse", "buy", 18, "F mar"),
        ("Expense 2: 3 ducats famine relief milan", "famine relief", 3, "mil"),
        ("Expense 1: 12 ducats pacify rebellion rome", "pacify rebellion", 12, "rme"),
        ("Expense 1: 9 ducats cause rebellion saluz", "cause rebellion", 9, "slu"),
        ("Expense 1: buy fer", "buy", None, "fer"),  # the shorthand: the price left out
        ("Expense 1: +3 ducats disband bol", "disband", 6, "bol"),  # the njudge's oddities
        ("Expense 1: 6+3 ducats disband bol", "disband", 9, "bol"),
    ],
)  # fmt: skip
def test_the_rulebooks_expense_examples_read(text, kind, ducats, target):
    value = MACH.parse(text, "movement")
    assert (value.kind, value.ducats) == (kind, ducats)
    assert str(value.unit or value.place) == target
    assert MACH.parse(syntax.order_text(value), "movement") == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pay 6 ducats milan", "Missing 'to' keyword."),
        ("borrow 5 ducats for 3 years", "Invalid duration for loan -> for 3 years"),
        ("expense 1: 12 ducats frob bol", "Invalid expenditure type -> frob bol"),
    ],
)
def test_money_lines_that_do_not_read_get_the_njudges_words(text, message):
    with pytest.raises(syntax.OrderSyntaxError) as caught:
        MACH.parse(text, "movement")
    assert caught.value.message == message


def test_unit_orders_still_read_beside_the_money_lines():
    assert MACH.parse("A pad B", "movement") == syntax.Besiege(
        syntax.UnitSpec("A", syntax.Location("pad"))
    )
    assert isinstance(MACH.parse("F nap - gon", "movement"), syntax.Move)


# -- banking --------------------------------------------------------------------------------


def test_a_loan_for_two_years_costs_half_again_rounded_up_and_falls_due_two_years_on():
    """Example 1: "You take a loan of 15 ducats in the Summer of 1492 for two years. By the
    Summer of 1494 you must pay 23 (15+8) ducats (interest is always rounded up)"."""
    played = money(
        "U1492M", {"Florence": ["A flo"]}, {"Florence": ["borrow 15 ducats for 2 years"]},
        treasury={"Florence": 0},
    )  # fmt: skip
    loan = events(played, "loan")[0]
    assert (loan["ducats"], loan["interest"], loan["owed"], loan["due"]) == (15, 8, 23, "U1494M")
    assert played["machiavelli"]["loans"] == {"Florence": [[15, 8, "U1494M"]]}
    assert played["machiavelli"]["treasury"]["Florence"] == 15
    assert played.result("borrow 15 ducats for 2 years") == ("succeeds", None)


def test_a_loan_for_one_year_costs_a_fifth_rounded_up():
    played = money(
        "S1454M", {"Milan": ["A mil"]}, {"Milan": ["borrow 11 ducats for 1 year"]},
        treasury={"Milan": 0},
    )  # fmt: skip
    assert played["machiavelli"]["loans"] == {"Milan": [[11, 3, "S1455M"]]}


def test_the_bank_is_paid_interest_first_and_a_friends_gift_saves_the_borrower():
    """Example 2: "If you have 20d and a 38 (25+13) ducats loan due, you cannot borrow 18d
    ... You can pay the 20d toward the loan, changing it to 18+0d, then borrow 7d yourself,
    and finally get a loan of 11d from other players to avoid getting assassinated"."""
    state = {"treasury": {"Florence": 20, "Milan": 11}, "loans": {"Florence": [[25, 13, "S1454M"]]}}
    refused = money(
        "S1454M", {"Florence": ["A flo"]}, {"Florence": ["borrow 18 ducats for 1 year"]}, **state
    )
    assert refused.message("borrow 18 ducats for 1 year") == (
        "Maximum outstanding principle is 25 ducats."
    )
    played = money(
        "S1454M",
        {"Florence": ["A flo"], "Milan": ["A mil"]},
        {
            "Florence": ["pay 20 ducats to bank", "borrow 7 ducats for 1 year"],
            "Milan": ["pay 11 ducats to Florence"],
        },
        **state,
    )
    repaid = events(played, "repayment", "Florence")[0]
    assert (repaid["owed"], repaid["paid"], repaid["defaulted"]) == (18, 18, False)
    assert played["machiavelli"]["treasury"] == {"Florence": 0, "Milan": 0}
    assert played["machiavelli"]["loans"] == {"Florence": [[7, 2, "S1455M"]]}
    assert not events(played, "assassination")


def test_paying_part_of_a_loan_makes_room_to_borrow():
    """ "With 26d and a 38 (25+13) ducats loan, you can pay it off to 12+0d, allowing you to
    borrow up to 13d to pay off the remaining 12d due"."""
    played = money(
        "S1460M",
        {"Venice": ["A ven"]},
        {"Venice": ["pay 26 ducats to bank", "borrow 13 ducats for 2 years"]},
        treasury={"Venice": 26},
        loans={"Venice": [[25, 13, "S1460M"]]},
    )
    assert events(played, "loan")[0]["outcome"] == "done"
    assert events(played, "repayment")[0] == {
        "event": "repayment", "power": "Venice", "owed": 12, "paid": 12, "defaulted": False,
    }  # fmt: skip
    assert played["machiavelli"]["treasury"]["Venice"] == 1
    assert played["machiavelli"]["loans"] == {"Venice": [[13, 7, "S1462M"]]}


def test_a_payment_to_the_bank_goes_to_the_earliest_loan_due_interest_first():
    played = money(
        "S1455M",
        {"Venice": ["A ven"]},
        {"Venice": ["pay 5 ducats to bank"]},
        treasury={"Venice": 10},
        loans={"Venice": [[10, 5, "S1457M"], [4, 1, "U1456M"]]},
    )
    assert played["machiavelli"]["loans"] == {"Venice": [[10, 5, "S1457M"]]}
    assert played["machiavelli"]["treasury"]["Venice"] == 5


def test_a_borrower_who_cannot_pay_is_assassinated_by_the_bankers_and_never_borrows_again():
    """ "If you are unable to pay off a loan, you'll be assassinated by the bankers ... and
    nevermore be allowed to borrow from the bank"."""
    played = money(
        "S1455M",
        {"Venice": ["A pad"]},
        {"Venice": ["A pad - vic"]},
        treasury={"Venice": 5},
        loans={"Venice": [[10, 2, "S1455M"]]},
    )
    assert events(played, "repayment")[0] == {
        "event": "repayment", "power": "Venice", "owed": 12, "paid": 5, "defaulted": True,
    }  # fmt: skip
    assert events(played, "assassination") == [
        {"event": "assassination", "power": "Venice", "by": ["bank"]}
    ]
    assert played.result("A pad - vic") == ("fails", "assassinated")
    assert played["machiavelli"]["defaulted"] == ["Venice"]
    assert "loans" not in played["machiavelli"]
    again = money(
        "U1455M",
        {"Venice": ["A pad"]},
        {"Venice": ["borrow 5 ducats for 1 year"]},
        treasury={"Venice": 0},
        defaulted=["Venice"],
    )
    assert events(again, "loan")[0]["outcome"] == "prior default"
    assert again["machiavelli"]["treasury"]["Venice"] == 0


def test_a_power_in_debt_to_the_bank_cannot_pay_another_power():
    """ "A player who is in debt to the bank cannot loan money to another player before
    paying off the debt to the bank"."""
    played = money(
        "S1455M",
        {"Venice": ["A ven"], "Milan": ["A mil"]},
        {"Venice": ["pay 6 ducats to Milan"]},
        treasury={"Venice": 20, "Milan": 0},
        loans={"Venice": [[5, 1, "S1456M"]]},
    )
    assert events(played, "payment")[0]["outcome"] == "outstanding loan"
    assert played.result("pay 6 ducats to Milan") == ("fails", "outstanding loan")
    assert played["machiavelli"]["treasury"] == {"Venice": 20, "Milan": 0}


def test_payments_arrive_after_all_are_paid_and_a_short_treasury_pays_what_it_has():
    played = money(
        "S1455M",
        {"Venice": ["A ven"], "Milan": ["A mil"], "Florence": ["A flo"]},
        {"Venice": ["pay 5 ducats to Milan"], "Milan": ["pay 5 ducats to Florence"]},
        treasury={"Venice": 3, "Milan": 0, "Florence": 0},
    )
    venice, milan = events(played, "payment", "Venice")[0], events(played, "payment", "Milan")[0]
    assert (venice["paid"], venice["outcome"]) == (3, "nsf")
    assert (milan["paid"], milan["outcome"]) == (0, "nsf")
    assert played["machiavelli"]["treasury"] == {"Venice": 0, "Milan": 3, "Florence": 0}


def test_a_later_line_replaces_an_earlier_and_none_or_zero_cancels():
    played = money(
        "S1455M",
        {"Venice": ["A ven"], "Milan": ["A mil"]},
        {
            "Venice": [
                "pay 6 ducats to Milan",
                "pay 0 ducats to Milan",
                "expense 1: 12 ducats disband A mil",
                "expense 1: none",
            ]
        },
        treasury={"Venice": 20, "Milan": 0},
        options={"adjacent": False},
    )
    assert played.result("pay 6 ducats to Milan") == ("illegal", "replaced")
    assert played.result("expense 1: 12 ducats disband A mil") == ("illegal", "replaced")
    assert played.result("expense 1: none") == ("succeeds", None)
    assert played["machiavelli"]["treasury"]["Venice"] == 20
    assert played.units("Milan") == ["A mil"]


def test_chits_are_handed_over_at_once_and_only_if_held():
    """Chits "can be traded among the players (by issuing the 'expense' "give Turkey to
    Naples")": "Turkish assassination chit given to Naples"."""
    played = money(
        "S1455M",
        {"Venice": ["A ven"]},
        {"Venice": ["give Turkey to Naples", "give Milan to Naples"]},
        treasury={"Venice": 0},
        chits={"Venice": ["Turkey", "Papacy"], "Naples": ["Venice"]},
    )
    assert events(played, "chit") == [
        {"event": "chit", "power": "Venice", "victim": "Turkey", "to": "Naples"}
    ]
    assert played.message("give Milan to Naples") == (
        "You do not have an assassination chit for Milan."
    )
    assert played["machiavelli"]["chits"] == {"Venice": ["Papacy"], "Naples": ["Venice", "Turkey"]}


def test_ally_gives_the_straits_leave_and_unally_takes_it_back():
    played = money(
        "S1455M",
        {"Florence": ["F pio"]},
        {"Florence": ["ally Naples", "ally Turkey", "unally Milan"]},
        treasury={"Florence": 0},
        allies={"Florence": ["Milan"]},
    )
    assert played["machiavelli"]["allies"] == {"Florence": ["Naples", "Turkey"]}
    assert events(played, "ally")[-1] == {
        "event": "ally", "power": "Florence", "allies": ["Naples", "Turkey"]
    }  # fmt: skip


@pytest.mark.parametrize("off", [{"loans": False}, {"dice": False}])
def test_without_loans_or_dice_the_bank_lends_nothing(off):
    """SET NOLOANS; "Setting nodice automatically disables famine, plague, loans and
    assassinations"."""
    played = money(
        "S1455M", {"Venice": ["A ven"]}, {"Venice": ["borrow 5 ducats for 1 year"]},
        treasury={"Venice": 0}, options=off,
    )  # fmt: skip
    assert played.message("borrow 5 ducats for 1 year") == "This game does not allow bank loans."


def test_without_loans_powers_still_pay_each_other():
    played = money(
        "S1455M",
        {"Venice": ["A ven"], "Milan": ["A mil"]},
        {"Venice": ["pay 4 ducats to Milan"]},
        treasury={"Venice": 4, "Milan": 0},
        options={"loans": False},
    )
    assert played["machiavelli"]["treasury"] == {"Venice": 0, "Milan": 4}


def test_without_money_no_money_line_is_taken():
    played = play("S1455M", {"Venice": ["A ven"]}, {"Venice": ["pay 4 ducats to Milan", "A ven H"]})
    assert played.message("pay 4 ducats to Milan") == "This game does not allow money."
    assert played.result("A ven H") == ("succeeds", None)


def test_an_expense_of_no_ducats_is_no_expense():
    played = money(
        "S1455M",
        {"Venice": ["A ven"], "Milan": ["A mil"]},
        {"Venice": ["expense 1: 0 ducats disband A mil"]},
        treasury={"Venice": 20},
        options={"adjacent": False},
    )
    assert played.result("expense 1: 0 ducats disband A mil") == ("succeeds", None)
    assert played["machiavelli"]["treasury"]["Venice"] == 20
    assert played.units("Milan") == ["A mil"] and not played.events("expense")
